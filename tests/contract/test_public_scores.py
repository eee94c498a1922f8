"""The contract of `Engine.public_scores` (issue 14, "Score over time"), over every engine.

At every step of random games: one number (or None) per seat; the same after every hidden part
is redrawn for any viewer (so no score ever tells a secret); while the game runs, the score that
the view envelope shows every viewer; at the end, the outcome's scores where those are numbers.
"""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest

from app.games.base import Engine, SeededRng
from tests.contract.configs import MAX_STEPS, config_id, configs


def numbers(values: list[Any]) -> bool:
    return all(isinstance(v, int | float) and not isinstance(v, bool) for v in values)


def check_step(engine: Engine, state: Any, players: int, seed: int) -> list[Any]:
    scores = engine.public_scores(state)
    assert isinstance(scores, list) and len(scores) == players, (engine.kind, scores)
    assert all(v is None or numbers([v]) for v in scores), (engine.kind, scores)
    assert json.loads(json.dumps(scores)) == scores
    for viewer in [None, *range(players)]:
        other = engine.resample_hidden(copy.deepcopy(state), viewer, SeededRng(seed + 31))
        assert engine.public_scores(other) == scores, (
            f"{engine.kind}: the scores change when what {viewer} cannot see is redrawn")
    if engine.outcome(state) is None:
        shown = [p.get("score") for p in engine.view(state, None)["players"]]
        assert scores == shown, (engine.kind, scores, shown)
    return scores


@pytest.mark.parametrize(("engine", "players", "options"), configs(), ids=config_id)
def test_public_scores_are_public_and_end_as_the_outcome(engine: Engine, players: int,
                                                         options: dict[str, Any]) -> None:
    for seed in range(2):
        opts = engine.validate_options(options, players)
        state = engine.setup([f"P{i}" for i in range(players)], opts, SeededRng(seed))
        chooser = SeededRng(seed * 104729 + 3)
        for _ in range(MAX_STEPS):
            check_step(engine, state, players, seed)
            if engine.outcome(state) is not None:
                break
            to_act = sorted(engine.to_act(state))
            seat = to_act[chooser.randbelow(len(to_act))]
            legal = engine.legal_moves(state, seat)
            move = legal[chooser.randbelow(len(legal))]
            state, _ = engine.apply(state, seat, move, SeededRng(chooser.randbelow(2**31)))
        outcome = engine.outcome(state)
        assert outcome is not None, f"{engine.kind}: the game did not end"
        final = engine.public_scores(state)
        if numbers(list(outcome.scores)):
            assert final == list(outcome.scores), (engine.kind, final, outcome.scores)
        else:  # a Bombay Bazar tournament ranks by medal tallies: its points stay numbers
            assert numbers(final), (engine.kind, final)
