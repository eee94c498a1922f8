"""The one-ply expected value shared by the baselines: try each legal move, average a value
of the position reached over a few draws of chance and of what the seat cannot see."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from app.games.base import Engine, Move, Rng, Seat, SeededRng

Value = Callable[[Engine, Any, Seat], float]


def expected(engine: Engine, state: Any, seat: Seat, move: Move, value: Value, rng: Rng,
             samples: int) -> float:
    """The mean value of ``move`` over ``samples`` worlds redrawn for the seat, each with its
    own chance outcomes (a die, a revealed card)."""
    total = 0.0
    for _ in range(samples):
        draw = SeededRng(rng.randbelow(2**62))
        world = engine.resample_hidden(state, seat, draw)
        after, _ = engine.apply(world, seat, move, draw)
        total += value(engine, after, seat)
    return total / samples


def best(engine: Engine, state: Any, seat: Seat, moves: list[Move], value: Value, rng: Rng,
         samples: Callable[[Move], int]) -> Move:
    """The move of highest expected value (the first of equals)."""
    top: tuple[float, Move] | None = None
    for move in moves:
        v = expected(engine, state, seat, move, value, rng, samples(move))
        if top is None or v > top[0] + 1e-9:
            top = (v, move)
    assert top is not None
    return top[1]
