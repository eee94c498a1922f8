"""The contract's `Engine.reveals` (issue 27, point 3): what a move lets anybody learn.

Every engine, every config, random games: a move declared ``NOTHING`` or ``TURN`` consumed no
chance and shows every viewer the same whatever hidden part the viewer could not see was (the
move replayed in a position `resample_hidden` redrew from that viewer's side); a move declared
``NOTHING`` also keeps the mover alone to act; a move that drew a chance outcome is declared
``HIDDEN``. This is what lets the platform undo a ``NOTHING`` move and take back a ``TURN``
move without anyone learning something they could use.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from app.games.base import (
    Engine,
    GameError,
    RecordingRng,
    ReplayRng,
    Reveal,
    SeededRng,
)
from tests.contract.configs import MAX_STEPS, config_id, configs

RESAMPLES = 2


def _shows_the_same(engine: Engine, before: Any, seat: int, move: dict[str, Any],
                    after: Any, viewer: int | None, seed: int) -> bool:
    """Whether ``move`` shows ``viewer`` the same in positions it cannot tell from ``before``.

    A redrawn position where the move is not legal (the viewer cannot see the mover's own
    hand, which the move plays from) is skipped: what the mover chose to show is its own.
    """
    seen = engine.view(after, viewer)
    for i in range(RESAMPLES):
        other = engine.resample_hidden(before, viewer, SeededRng(seed * 31 + i))
        try:
            moved, _ = engine.apply(other, seat, move, ReplayRng([]))
        except GameError:
            if viewer == seat:
                return False  # the mover sees all it needs; its own move must stay legal
            continue
        if engine.view(moved, viewer) != seen:
            return False
    return True


@pytest.mark.parametrize(("engine", "players", "options"), configs(), ids=config_id)
def test_moves_declared_unrevealing_show_nobody_anything_hidden(
        engine: Engine, players: int, options: dict[str, Any]) -> None:
    counts = {kind: 0 for kind in Reveal}
    for seed in range(2):
        names = [f"P{i}" for i in range(players)]
        state = engine.setup(names, engine.validate_options(options, players), SeededRng(seed))
        chooser = SeededRng(seed * 7919 + 5)
        for _step in range(MAX_STEPS):
            if engine.outcome(state) is not None:
                break
            to_act = sorted(engine.to_act(state))
            seat = to_act[chooser.randbelow(len(to_act))]
            legal = engine.legal_moves(state, seat)
            move = json.loads(json.dumps(legal[chooser.randbelow(len(legal))]))
            rng = RecordingRng(SeededRng(chooser.randbelow(2**31)))
            after, _ = engine.apply(state, seat, move, rng)
            said = engine.reveals(state, seat, move, after, rng.outcomes)
            counts[said] += 1
            where = f"{engine.kind} seed {seed}: {move} by seat {seat} said {said.value}"
            if rng.outcomes:
                assert said is Reveal.HIDDEN, f"{where}, but it drew a chance outcome"
            if engine.outcome(after) is not None:
                assert said is Reveal.HIDDEN, f"{where}, but it ended the game"
            if said is Reveal.NOTHING:
                assert engine.to_act(state) == engine.to_act(after) == {seat}, (
                    f"{where}, but the turn did not stay with the mover alone")
            if said is not Reveal.HIDDEN:
                for viewer in [None, *range(players)]:
                    assert _shows_the_same(engine, state, seat, move, after, viewer, seed), (
                        f"{where}, but it showed viewer {viewer} something hidden")
            state = after
    # every game has draws that reveal and steps that do not; a claim never made is untested
    # (a Carcassonne turn ends with the next tile drawn: HIDDEN, never TURN)
    assert counts[Reveal.HIDDEN] and counts[Reveal.NOTHING] + counts[Reveal.TURN], counts
