"""Analysis of a finished game, position by position (issue 28, point 4).

Two questions about each position of a game, both answered through the engine contract only:

* **each seat's chance to win** (`win_chances`): the share of playouts from the position that
  the seat finishes first (a shared first place shares the point, so the chances sum to 1).
  Each playout first redraws what a spectator could not see at that point
  (`Engine.resample_hidden` with no seat: deck orders, hands), so the estimate never uses the
  game's real future; every seat then plays the normal bot (`Engine.bot_move`), the rollout
  policy of the hard bots' own searches (app/games/search.py). A finished position's chances
  are its outcome's.
* **the move the strongest bot would have chosen** (`best_move`): the hard level's decision
  (app/games/bots.py `decide`), which sees only what the seat to move could see. Not the
  expert's: it would make every position about ten times dearer for a gain the ladder does
  not yet show (docs/decisions.md, "The expert bot").

`losses` then says, for every move played, how much win chance its mover lost, and which moves
lost the most. Deterministic for a given seed; standard library only.
"""

from __future__ import annotations

import json
from collections.abc import Collection, Sequence
from dataclasses import dataclass

from app.games import bots
from app.games.base import Engine, GameError, Move, Seat, SeededRng, State

MAX_PLIES = 5_000
"""A playout longer than this is scored on the public scores where it stopped (no engine
needs as many moves; a safeguard against a rule that never ends a game)."""
MARKED = 3
"""How many of the moves that lost the most win chance are marked."""
MARK_THRESHOLD = 0.05
"""A move is only marked when its mover lost at least this much win chance."""


def first_shares(ranks: Sequence[int]) -> list[float]:
    """1 for a sole first place, shared equally by seats tied first, 0 for everyone else."""
    firsts = [seat for seat, rank in enumerate(ranks) if rank == 1]
    return [1.0 / len(firsts) if seat in firsts else 0.0 for seat in range(len(ranks))]


def _score_ranks(engine: Engine, state: State) -> list[int]:
    """Places by the public scores now (an unknown score counts as the lowest)."""
    scores = [float("-inf") if s is None else float(s) for s in engine.public_scores(state)]
    return [1 + sum(1 for other in scores if other > mine) for mine in scores]


def playout(engine: Engine, state: State, seed: str) -> list[float]:
    """One game from ``state`` to its end, hidden parts redrawn, every seat the normal bot:
    each seat's share of first place."""
    rng = SeededRng(seed)
    world = engine.resample_hidden(state, None, rng)
    for _ in range(MAX_PLIES):
        result = engine.outcome(world)
        if result is not None:
            return first_shares(result.ranks)
        actors = engine.to_act(world)
        if not actors:
            break
        seat = min(actors)
        world, _ = engine.apply(world, seat, engine.bot_move(world, seat, rng), rng)
    result = engine.outcome(world)
    return first_shares(result.ranks if result is not None else _score_ranks(engine, world))


def win_chances(engine: Engine, state: State, playouts: int, seed: str) -> list[float]:
    """Each seat's estimated chance to win from ``state`` (in 0..1, summing to 1)."""
    result = engine.outcome(state)
    if result is not None:
        return first_shares(result.ranks)
    seats = len(engine.public_scores(state))
    total = [0.0] * seats
    count = max(1, playouts)
    for i in range(count):
        for seat, share in enumerate(playout(engine, state, f"{seed}:playout:{i}")):
            total[seat] += share
    return [t / count for t in total]


def best_move(engine: Engine, state: State, seat: Seat, seed: str,
              budget: bots.Budget | None = None) -> Move | None:
    """The hard bot's move for ``seat`` in ``state``; None when the seat has no move there."""
    if seat not in engine.to_act(state):
        return None
    try:
        return bots.decide(engine, state, seat, bots.HARD, seed, budget)
    except (GameError, NotImplementedError):
        return None


@dataclass(frozen=True)
class Position:
    """What the analysis found at one step: the chances after it, and the move the hard bot
    would have chosen for the seat that moved next."""

    chances: list[float]
    best: Move | None


def analyse_position(engine: Engine, state: State, next_mover: Seat | None, seed: str,
                     playouts: int, budget: bots.Budget | None = None) -> Position:
    """The chances at ``state`` and the hard bot's choice for the seat that moved next."""
    chances = win_chances(engine, state, playouts, seed)
    best = None if next_mover is None else best_move(engine, state, next_mover,
                                                     f"{seed}:best", budget)
    return Position(chances, best)


def same_move(a: Move | None, b: Move | None) -> bool:
    """Whether two moves are the same JSON (key order aside)."""
    return json.dumps(a, sort_keys=True) == json.dumps(b, sort_keys=True)


@dataclass(frozen=True)
class Played:
    """A move of the log: its step, its mover, the move."""

    seq: int
    seat: Seat
    move: Move


def losses(chances: Sequence[Sequence[float]], played: Sequence[Played]) -> dict[int, float]:
    """For each move played (by step), the win chance its mover lost: the chance before it
    (``chances[seq - 1]``) less the chance after it (``chances[seq]``); negative is a gain."""
    lost: dict[int, float] = {}
    for move in played:
        before, after = chances[move.seq - 1], chances[move.seq]
        if 0 <= move.seat < len(before):
            lost[move.seq] = before[move.seat] - after[move.seat]
    return lost


def marked(lost: dict[int, float], count: int = MARKED, threshold: float = MARK_THRESHOLD,
           agreed: Collection[int] = ()) -> list[int]:
    """The steps of the moves that lost the most (at most ``count``, each at least
    ``threshold``), in the order of the game. A move in ``agreed`` (the bot would have played
    it too) is never marked: what it lost was the luck of the draw, not a mistake."""
    worst = sorted((seq for seq, loss in lost.items() if loss >= threshold and seq not in agreed),
                   key=lambda seq: (-lost[seq], seq))[:count]
    return sorted(worst)
