"""The log's undo rows (app/play/undo_log.py; docs/decisions.md, "Undo and takeback in an
append-only log"): in random games of every engine with undos and takebacks made wherever the
rules allow them, the state after each undo row equals re-applying the log without the moves
it undid, and the rules never let an undo cross a move that revealed something."""

from __future__ import annotations

import json
from typing import Any

import pytest

from app.games.base import Engine, GameError, RecordingRng, Reveal, SeededRng
from app.play.undo_log import (
    TAKEBACK,
    TAKEN_BACK,
    UNDO,
    UNDONE,
    Replay,
    takeback_target,
    undo_move,
    undo_target,
    undo_text,
)
from tests.contract.configs import ENGINES, config_id

Row = tuple[int, Any, list[Any]]


def _line(replay: Replay, rows: list[Row]) -> list[Row]:
    """The moves of the current line: every row not undone, in order (undo rows left out)."""
    moves: list[Row] = []
    kept: dict[int, list[Row]] = {0: []}
    for step, row in zip(replay.steps[1:], rows, strict=True):
        if step.back_to is not None:
            moves = list(kept[step.back_to])
        else:
            moves = moves + [row]
        kept[step.seq] = moves
    return moves


@pytest.mark.parametrize("engine", ENGINES, ids=config_id)
def test_an_undo_row_equals_the_log_without_the_moves_it_undid(engine: Engine) -> None:
    players = max(2, engine.min_players)
    options: dict[str, Any] = dict(engine.contract_configs()[-1][1]) if engine.table_aid else {}
    if engine.table_aid:
        players = engine.contract_configs()[-1][0]
    names = [f"P{i}" for i in range(players)]
    opts = engine.validate_options(options, players)
    start = engine.setup(names, opts, SeededRng(11))
    replay, chooser = Replay(engine, start), SeededRng(5)
    rows: list[Row] = []
    undos = 0
    for _ in range(300):
        state = replay.state
        if engine.outcome(state) is not None:
            break
        seat = sorted(engine.to_act(state))[0]
        wanted = chooser.randbelow(4)
        # the seat to act may undo; any seat may ask for a takeback
        tries = [(undo_target, UNDO, seat)] + [(takeback_target, TAKEBACK, asker)
                                                for asker in range(players)]
        for rule, kind, who in tries:
            try:
                target = rule(replay.lookup, len(replay.steps) - 1, who)
            except GameError:
                continue
            if wanted == 0:
                # no move that revealed anything is undone (Reveal.HIDDEN stands)
                undone = [s for s in replay.steps[target.to + 1:] if s.back_to is None]
                assert all(s.reveal is not Reveal.HIDDEN for s in undone[-target.moves:])
                rows.append((who, undo_move(kind, target.to), []))
                replay.apply(who, undo_move(kind, target.to), [])
                undos += 1
                break
        else:
            legal = engine.legal_moves(state, seat)
            move = json.loads(json.dumps(legal[chooser.randbelow(len(legal))]))
            rng = RecordingRng(SeededRng(chooser.randbelow(2**31)))
            engine.apply(state, seat, move, rng)  # the chance outcomes this move draws
            rows.append((seat, move, rng.outcomes))
            replay.apply(seat, move, rng.outcomes)
            continue
        # after an undo: the state is the log's without the undone moves, re-applied
        again = Replay(engine, start)
        for seat_, move_, chance in _line(replay, rows):
            again.apply(seat_, move_, chance)
        assert json.dumps(engine.dump_state(again.state), sort_keys=True) == \
            json.dumps(engine.dump_state(replay.state), sort_keys=True)
    # a game where every move reveals something (Grand Bazaar turns a price card over with
    # each) has nothing to undo; the others had undos to check
    if any(step.reveal is not Reveal.HIDDEN for step in replay.steps[1:]):
        assert undos, f"{engine.kind}: no undo was ever allowed"


def test_an_undo_back_to_the_start_is_said_in_words_not_as_move_0() -> None:
    names = ["Ann", "Bob"]
    start = undo_text({"type": UNDONE, "seat": 0, "moves": 1, "to": 0}, names)
    assert start == "Ann undid their last step (back to the start of the game)."
    later = undo_text({"type": TAKEN_BACK, "seat": 1, "moves": 2, "to": 5}, names)
    assert later == ("Bob took back 2 moves with everyone's agreement "
                     "(back to the position after move 5).")
