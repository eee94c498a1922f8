"""The score breakdown of the engine contract (issue 14, part 1), over every registered engine.

For every contract config, over a whole bot game: at every step each seat's lines sum to its
score (the public score of the view while the game runs, a medal tally counting the lines'
medals in a tournament), nothing hidden moves it, and at the end the scores are the outcome's
and the outcome carries the breakdown. A snapshot saved before the breakdown existed (its new
keys stripped) still loads and still obeys the sum rule (Hypothesis picks the step).
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from app.games.base import Engine, SeededRng
from app.games.breakdown import Breakdown
from app.games.messages import english
from tests.contract.configs import ENGINES, config_id, configs

NEW_KEYS = ("ledger", "ended")
"""State keys that the breakdown added; old snapshots lack them."""


def bot_game(engine: Engine, players: int, options: dict[str, Any], seed: int) -> list[Any]:
    """Every state of one bot game, the setup first."""
    opts = engine.validate_options(options, players)
    state = engine.setup([f"P{i}" for i in range(players)], opts, SeededRng(seed))
    chooser = SeededRng(seed + 1)
    states = [state]
    while engine.outcome(state) is None:
        seat = sorted(engine.to_act(state))[0]
        state, _ = engine.apply(state, seat, engine.bot_move(state, seat, chooser), chooser)
        states.append(state)
        assert len(states) < 20_000, f"{engine.kind}: the bot game does not end"
    return states


def public_score(engine: Engine, state: Any, seat: int) -> Any:
    """The seat's score as the view shows it while the game runs (medals in a tournament)."""
    player = engine.view(state, None)["players"][seat]
    return player["medals"] if "medals" in player else player["score"]


def check_sum_rule(engine: Engine, breakdowns: list[Breakdown], players: int) -> None:
    assert [b.seat for b in breakdowns] == list(range(players))
    for b in breakdowns:
        assert b.lines, f"{engine.kind}: seat {b.seat} has no line"
        assert b.consistent(), f"{engine.kind}: the lines of seat {b.seat} do not make {b.score}"
        for line in b.lines:
            assert line.source and line.label, (engine.kind, line)
            assert isinstance(line.points, int | float), (engine.kind, line)
            assert "{" not in line.label and all("{" not in item for item in line.items)
            # every line is said in the viewer's language (issue 29): its label and items are
            # messages too, and their English is the words beside them
            assert line.message is not None, f"{engine.kind}: {line.label!r} has no message"
            assert english(line.message) == line.label, (engine.kind, line)
            assert line.item_messages is not None or not line.items, (engine.kind, line)
            assert [english(m) for m in line.item_messages or ()] == list(line.items)


@pytest.mark.parametrize(("engine", "players", "options"), configs(), ids=config_id)
def test_breakdown_sums_to_the_score_at_every_step(engine: Engine, players: int,
                                                   options: dict[str, Any]) -> None:
    states = bot_game(engine, players, options, 41)
    for step, state in enumerate(states):
        breakdowns = engine.score_breakdown(state)
        json.dumps([b.to_json() for b in breakdowns])
        check_sum_rule(engine, breakdowns, players)
        assert not any(line.source == "earlier" for b in breakdowns for line in b.lines), (
            f"{engine.kind}: a new game left points unitemised at step {step}")
        if engine.outcome(state) is None:
            assert [b.score for b in breakdowns] == [
                public_score(engine, state, seat) for seat in range(players)], (
                f"{engine.kind}: breakdown scores differ from the view's at step {step}")
        # public figures only: redrawing every hidden part changes nothing
        other = engine.resample_hidden(state, None, SeededRng(step))
        assert [b.to_json() for b in engine.score_breakdown(other)] == [
            b.to_json() for b in breakdowns]
    outcome = engine.outcome(states[-1])
    assert outcome is not None
    final = engine.score_breakdown(states[-1])
    assert [b.score for b in final] == list(outcome.scores)
    assert outcome.to_json()["breakdown"] == [b.to_json() for b in final]


@pytest.mark.parametrize(("engine", "players", "options"),
                         [(e, *e.contract_configs()[0]) for e in ENGINES], ids=config_id)
def test_old_snapshots_load_and_keep_the_sum_rule(engine: Engine, players: int,
                                                  options: dict[str, Any]) -> None:
    """A state stored by the version before the breakdown (no ledger) loads; its points are
    one "not itemised" line, so the lines still sum to the score."""
    states = bot_game(engine, players, options, 43)

    @settings(max_examples=25, deadline=None, database=None,
              suppress_health_check=[HealthCheck.too_slow])
    @given(st.integers(min_value=0, max_value=len(states) - 1))
    def check(step: int) -> None:
        dumped = engine.dump_state(states[step])
        old = {k: v for k, v in dumped.items() if k not in NEW_KEYS}
        loaded = engine.load_state(json.loads(json.dumps(old)))
        breakdowns = engine.score_breakdown(loaded)
        check_sum_rule(engine, breakdowns, players)
        assert [b.score for b in breakdowns] == [
            b.score for b in engine.score_breakdown(states[step])]
        again = engine.load_state(json.loads(json.dumps(engine.dump_state(loaded))))
        assert engine.dump_state(again) == engine.dump_state(loaded)

    check()


@pytest.mark.parametrize(("engine", "players", "options"),
                         [(e, *e.contract_configs()[0]) for e in ENGINES], ids=config_id)
def test_the_finished_view_carries_the_breakdown(engine: Engine, players: int,
                                                 options: dict[str, Any]) -> None:
    """The end panel reads view.outcome: every view of a finished game (and the full view of
    its replay) carries the same breakdown as the outcome."""
    state = bot_game(engine, players, options, 47)[-1]
    outcome = engine.outcome(state)
    assert outcome is not None
    expected = outcome.to_json()["breakdown"]
    for viewer in [None, *range(players)]:
        assert engine.view(state, viewer)["outcome"]["breakdown"] == expected
    assert engine.full_view(state)["outcome"]["breakdown"] == expected
