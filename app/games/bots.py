"""Bot levels (issue 17; docs/design.md "Engine contract": ``bot_move`` and ``hard_move``).

Every game has three levels. **normal** is the baseline bot, `Engine.bot_move`: one cheap,
greedy decision. **hard** is `Engine.hard_move`: a search over the engine (app/games/search.py)
that may think for a budget of iterations. **expert** (issue 28, point 2) is for turn-based
tables, where a move may take seconds: it runs hard's search in ``EXPERT_WORLDS`` worlds,
each a separate redraw of what the seat cannot see (worlds that came out the same searched
once), with ``EXPERT_SCALE`` times hard's iterations in all, and plays the move most of those
searches chose (docs/decisions.md,
"The expert bot"). It needs no engine code of its own.

A hard bot sees only what its seat may see. `decide` redraws every hidden part of the state
with `Engine.resample_hidden` *before* the search gets it, so the search holds one of the
states the seat cannot tell apart from the real one, never the real one. Engines make the
redraw canonical (the hidden parts are put in a fixed order before they are shuffled), so two
states that differ only in what the seat cannot see give the same search input, and the same
move for the same seed; the contract suite checks both.

An expert bot's worlds are redrawn the same way (`expert_worlds`, each from its own
generator derived from the seed), so it never sees more than the seat either.

The platform runs `decide` in a process pool (app/play/bot_pool.py), off the event loop, and
passes a budget: a number of iterations, which makes the move a function of the seed, and a
stop callback, the CPU-time cap of the deployment, which only cuts a search short on a machine
slower than the one the iteration counts were measured on.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from app.games.base import Engine, Move, Rng, Seat, SeededRng, State

NORMAL = "normal"
HARD = "hard"
EXPERT = "expert"
LEVELS: tuple[str, ...] = (NORMAL, HARD, EXPERT)
"""Every level, weakest first; the lobby offers them in this order."""
SEARCHING: frozenset[str] = frozenset({HARD, EXPERT})
"""The levels that search: thought out in the bot pool, counted by the hard-bot caps."""
TURN_BASED_ONLY: frozenset[str] = frozenset({EXPERT})
"""The levels that think for seconds a move: only a turn-based table has them."""

LEVEL_WORDS = {NORMAL: "normal", HARD: "hard", EXPERT: "expert"}

EXPERT_WORLDS = 5
"""Redraws of the hidden information the expert bot searches, each with hard's search; odd,
so that two moves rarely tie on votes."""
EXPERT_SCALE = 10.0
"""The expert bot's iterations in all, as a multiple of the hard bot's (`Engine.hard_iterations`):
each world gets ``EXPERT_SCALE / EXPERT_WORLDS`` times hard's budget."""


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

    For the hard and expert levels the state is first redrawn from the seat's point of view
    (see the module docstring); the search gets its own generator, derived from the seed.
    """
    check_level(level)
    if level == NORMAL:
        return engine.bot_move(state, seat, SeededRng(seed))
    if level == EXPERT:
        return think_expert(engine, expert_worlds(engine, state, seat, seed), seat, seed,
                            budget or Budget())
    seen = seat_state(engine, state, seat, seed)
    return think(engine, seen, seat, seed, budget or Budget())


def seat_state(engine: Engine, state: State, seat: Seat, seed: str) -> State:
    """What the hard bot is given: the state with everything ``seat`` cannot see redrawn."""
    return engine.resample_hidden(state, seat, SeededRng(f"{seed}:seen"))


def think(engine: Engine, seen: State, seat: Seat, seed: str, budget: Budget) -> Move:
    """The hard bot's search on a state already redrawn for ``seat`` (`seat_state`)."""
    rng: Rng = SeededRng(f"{seed}:search")
    return engine.hard_move(seen, seat, rng, budget)


def expert_worlds(engine: Engine, state: State, seat: Seat, seed: str) -> list[State]:
    """What the expert bot is given: ``EXPERT_WORLDS`` redraws of everything ``seat`` cannot
    see, each from its own generator (the first is the hard bot's, `seat_state`)."""
    return [seat_state(engine, state, seat, seed if w == 0 else f"{seed}:world:{w}")
            for w in range(EXPERT_WORLDS)]


def think_expert(engine: Engine, worlds: Sequence[State], seat: Seat, seed: str,
                 budget: Budget) -> Move:
    """The expert bot's vote on worlds already redrawn for ``seat`` (`expert_worlds`): hard's
    search in each distinct world, with ``EXPERT_SCALE`` times hard's budget shared among the
    worlds; the move with the most votes wins, the earliest world's on a tie.

    Worlds that came out the same (a game with little or nothing hidden: the auction, Bombay
    Bazar's placements) are searched once, with their shares of the budget and of the votes
    together. Once the CPU-time cap is spent the worlds not searched yet are left out (the
    first is always searched)."""
    groups: dict[str, tuple[int, State, int]] = {}  # world -> (first index, world, count)
    for w, world in enumerate(worlds):
        key = json.dumps(engine.dump_state(world), sort_keys=True)
        first, _, count = groups.get(key, (w, world, 0))
        groups[key] = (first, world, count + 1)
    votes: dict[str, list[Any]] = {}  # move -> [votes, move]
    for first, world, count in groups.values():
        if first and budget.out_of_time():
            break
        share = Budget(scale=budget.scale * EXPERT_SCALE * count / len(worlds),
                       out_of_time=budget.out_of_time)
        move = engine.hard_move(world, seat, SeededRng(f"{seed}:search:{first}"), share)
        vote = votes.setdefault(json.dumps(move, sort_keys=True), [0, move])
        vote[0] += count
    # dicts keep insertion order: max keeps the first of equal counts, the earliest world's
    best: Move = max(votes.values(), key=lambda v: int(v[0]))[1]
    return best
