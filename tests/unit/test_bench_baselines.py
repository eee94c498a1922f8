"""The bench's baseline players (issue 28; bench/baselines/): legal, own view only, apart from
the bots.

- Each kind's baseline plays a two-player game to the end against the normal bot, every move
  one the engine lists as legal.
- It decides from what its seat may see: two states that differ only in what is hidden from
  the seat (the tile order, the price-card order) give the same move for the same generator.
- No baseline imports a bot module (bot.py, hard_bot.py): they were written apart, so the hard
  bots could not be tuned on them.
"""

from __future__ import annotations

import ast
from pathlib import Path
from typing import Any

import pytest

from app.games.base import Engine, SeededRng, get_engine
from app.games.bots import NORMAL, decide
from bench.baselines import BASELINES
from bench.bot_strength import _auction_start

BASELINE_DIR = Path(__file__).resolve().parents[2] / "bench" / "baselines"
MAX_STEPS = 5_000


def _start(engine: Engine, seed: str) -> tuple[Any, SeededRng]:
    if engine.kind == "carcassonne-auction":
        state, chance, _tiles = _auction_start(engine, 7)
        return state, chance
    chance = SeededRng(seed)
    state, _ = engine.start(["Ann", "Bob"], engine.validate_options({}, 2), chance)
    return state, chance


@pytest.mark.parametrize("kind", sorted(BASELINES))
def test_baseline_plays_a_whole_game_with_legal_moves(kind: str) -> None:
    engine = get_engine(kind)
    state, chance = _start(engine, f"baseline:{kind}")
    step = 0
    while engine.outcome(state) is None:
        assert step < MAX_STEPS
        seat = min(engine.to_act(state))
        if seat == 0:
            move = BASELINES[kind](engine, state, seat, SeededRng(f"b{step}"))
            if move["type"] not in ("AuctionOpen", "AuctionRaise"):  # bids 0-999: not listed here
                assert move in engine.legal_moves(state, seat), move
        else:
            move = decide(engine, state, seat, NORMAL, f"n{step}")
        state, _ = engine.apply(state, seat, move, chance)
        step += 1
    assert engine.outcome(state) is not None


def _positions(kind: str, every: int) -> list[Any]:
    engine = get_engine(kind)
    state, chance = _start(engine, f"hidden:{kind}")
    out, step = [], 0
    while engine.outcome(state) is None:
        seat = min(engine.to_act(state))
        if step % every == 0:
            out.append(state)
        state, _ = engine.apply(state, seat, decide(engine, state, seat, NORMAL, f"{step}"),
                                chance)
        step += 1
    return out


@pytest.mark.parametrize("kind", ["carcassonne", "grand-bazaar"])
def test_baseline_move_depends_only_on_what_its_seat_sees(kind: str) -> None:
    engine = get_engine(kind)
    for state in _positions(kind, 9)[1:6]:
        seat = min(engine.to_act(state))
        other = engine.resample_hidden(state, None, SeededRng("another order"))
        assert engine.dump_state(other) != engine.dump_state(state)  # the hidden part differs
        assert engine.view(other, seat) == engine.view(state, seat)
        play = BASELINES[kind]
        assert play(engine, other, seat, SeededRng("same")) == \
            play(engine, state, seat, SeededRng("same"))


def test_no_baseline_imports_a_bot_module() -> None:
    for path in BASELINE_DIR.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            names: list[str] = []
            if isinstance(node, ast.ImportFrom):
                names = [node.module or ""] + [f"{node.module}.{a.name}" for a in node.names]
            elif isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            bots = [n for n in names if n.split(".")[-1] in ("bot", "hard_bot", "bots")]
            assert not bots, f"{path.name} imports {bots}"
