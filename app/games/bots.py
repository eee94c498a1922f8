"""Bot levels (issue 17; docs/design.md "Engine contract": ``bot_move`` and ``hard_move``).

Every game has two levels. **normal** is the baseline bot, `Engine.bot_move`: one cheap,
greedy decision. **hard** is `Engine.hard_move`: a search over the engine (app/games/search.py)
that may think for a budget of iterations.

A hard bot sees only what its seat may see. `decide` redraws every hidden part of the state
with `Engine.resample_hidden` *before* the search gets it, so the search holds one of the
states the seat cannot tell apart from the real one, never the real one. Engines make the
redraw canonical (the hidden parts are put in a fixed order before they are shuffled), so two
states that differ only in what the seat cannot see give the same search input, and the same
move for the same seed; the contract suite checks both.

The platform runs `decide` in a process pool (app/play/bot_pool.py), off the event loop, and
passes a budget: a number of iterations, which makes the move a function of the seed, and a
stop callback, the CPU-time cap of the deployment, which only cuts a search short on a machine
slower than the one the iteration counts were measured on.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from app.games.base import Engine, Move, Rng, Seat, SeededRng, State

NORMAL = "normal"
HARD = "hard"
LEVELS: tuple[str, ...] = (NORMAL, HARD)
"""Every level, weakest first; the lobby offers them in this order."""

LEVEL_WORDS = {NORMAL: "normal", HARD: "hard"}


def _never() -> bool:
    return False


@dataclass(frozen=True)
class Budget:
    """How long a hard bot may think about one move."""

    scale: float = 1.0
    """Multiplies the engine's own iteration count (`Engine.hard_iterations`); tests use a
    small scale, a faster deployment may use a larger one."""
    out_of_time: Callable[[], bool] = field(default=_never)
    """True once the deployment's CPU-time cap for this move is spent; the search then
    returns its best move so far."""

    def iterations(self, full: int) -> int:
        """The engine's iteration count under this budget; at least one."""
        return max(1, round(full * self.scale))


def check_level(level: str) -> str:
    """The level, or ValueError for an unknown one."""
    if level not in LEVELS:
        raise ValueError(f"unknown bot level {level!r}; the levels are {', '.join(LEVELS)}")
    return level


def decide(engine: Engine, state: State, seat: Seat, level: str, seed: str,
           budget: Budget | None = None) -> Move:
    """The move of the bot of ``level`` playing ``seat``, for this seed.

    For the hard level the state is first redrawn from the seat's point of view (see the
    module docstring); the search gets its own generator, derived from the seed.
    """
    check_level(level)
    if level == NORMAL:
        return engine.bot_move(state, seat, SeededRng(seed))
    seen = seat_state(engine, state, seat, seed)
    return think(engine, seen, seat, seed, budget or Budget())


def seat_state(engine: Engine, state: State, seat: Seat, seed: str) -> State:
    """What the hard bot is given: the state with everything ``seat`` cannot see redrawn."""
    return engine.resample_hidden(state, seat, SeededRng(f"{seed}:seen"))


def think(engine: Engine, seen: State, seat: Seat, seed: str, budget: Budget) -> Move:
    """The hard bot's search on a state already redrawn for ``seat`` (`seat_state`)."""
    rng: Rng = SeededRng(f"{seed}:search")
    return engine.hard_move(seen, seat, rng, budget)
