"""Determinised Monte Carlo search over an engine: the core of every hard bot (issue 17).

The search plays the engine's own rules, so it can never believe in an illegal move. Each
iteration draws one *determinisation*, a full state the seat cannot tell apart from the one it
was given (`Engine.resample_hidden`: deck order, opponents' hidden choices), picks a candidate
move at the root by UCB1, applies it, plays on for a few plies with a cheap rollout policy and
scores the position reached with the game's evaluation. Sampling a fresh world per iteration
averages over what the seat does not know instead of betting on one guess ("determinised
UCT" with a depth-one tree; Cowling, Powley and Whitehouse, *Information Set Monte Carlo Tree
Search*, 2012, compare it with the full information-set tree and find it close on card games).

Every game supplies a `Spec`: which root moves are worth considering, the rollout policy, the
horizon and the evaluation. The search is deterministic for a given `Rng`: it stops after a
number of iterations; the stop callback is only a safety cap of the deployment.

Standard library only.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from app.games.base import Engine, GameError, Move, Rng, Seat, SeededRng, State

Candidates = Callable[[State, Seat], list[Move]]
Policy = Callable[[State, Seat, Rng], Move]
Evaluate = Callable[[State, Seat], float]


@dataclass(frozen=True)
class Spec:
    """What a game tells the search."""

    candidates: Candidates
    """The root moves worth searching, best guesses first (all legal moves, or a shortlist)."""
    policy: Policy
    """The move any seat plays in a rollout (usually a cheap or randomised baseline bot)."""
    evaluate: Evaluate
    """The worth for ``seat`` of the position a rollout reached, finished or not, in 0..1."""
    horizon: int = 1_000
    """Rollout plies before the position is evaluated; a large number plays to the end."""
    exploration: float = 0.5
    """UCB1's exploration constant, on the 0..1 scale of `evaluate`."""


@dataclass
class Arm:
    """One candidate root move and what the iterations found for it."""

    move: Move
    visits: int = 0
    total: float = 0.0

    @property
    def mean(self) -> float:
        return self.total / self.visits if self.visits else 0.0


def search(engine: Engine, state: State, seat: Seat, rng: Rng, spec: Spec, iterations: int,
           out_of_time: Callable[[], bool]) -> Move:
    """The candidate with the most visits after ``iterations`` determinised rollouts."""
    arms = [Arm(m) for m in spec.candidates(state, seat)]
    if not arms:
        raise GameError(f"seat {seat} has no move to search")
    if len(arms) == 1:
        return arms[0].move
    for done in range(iterations):
        if done >= len(arms) and out_of_time():  # every candidate is tried once at least
            break
        arm = _select(arms, done, spec.exploration)
        world_rng = SeededRng(rng.randbelow(2**62))
        world = engine.resample_hidden(state, seat, world_rng)
        arm.visits += 1
        arm.total += _play_out(engine, world, seat, arm.move, world_rng, spec)
    return max(arms, key=lambda a: (a.visits, a.mean)).move


def _select(arms: Sequence[Arm], done: int, exploration: float) -> Arm:
    """Untried candidates first, in the order given; then UCB1."""
    if done < len(arms):
        return arms[done]
    log_n = math.log(done)
    return max(arms, key=lambda a: a.mean + exploration * math.sqrt(log_n / a.visits))


def _play_out(engine: Engine, world: State, seat: Seat, move: Move, rng: Rng,
              spec: Spec) -> float:
    """Apply the root move in this world, play the rollout, evaluate for ``seat``."""
    try:
        world, _ = engine.apply(world, seat, move, rng)
    except GameError:
        return 0.0  # not legal in this world: the move relied on something the seat cannot know
    for _ in range(spec.horizon):
        if engine.outcome(world) is not None:
            break
        actors = engine.to_act(world)
        if not actors:
            break
        actor = min(actors)
        world, _ = engine.apply(world, actor, spec.policy(world, actor, rng), rng)
    return spec.evaluate(world, seat)


# --------------------------------------------------------------------------- evaluations


def rank_value(ranks: Sequence[int], seat: Seat) -> float:
    """1 for a sole first place, 0 for last, in between by place (ties share the place)."""
    players = len(ranks)
    if players < 2:
        return 1.0 if ranks[seat] == 1 else 0.0
    ahead = ranks[seat] - 1
    sharing = sum(1 for r in ranks if r == ranks[seat])
    value = 1.0 - ahead / (players - 1)
    return value - (0.5 / (players - 1) if sharing > 1 else 0.0)


def margin_value(scores: Sequence[float], seat: Seat, scale: float) -> float:
    """A logistic of the seat's lead over the best other score: 0.5 level, ``scale`` points
    of lead is about 0.73."""
    others = [s for i, s in enumerate(scores) if i != seat]
    lead = scores[seat] - (max(others) if others else 0.0)
    return 1.0 / (1.0 + math.exp(-lead / scale))


def outcome_or(engine: Engine, state: State, seat: Seat,
               unfinished: Callable[[State, Seat], float]) -> float:
    """`rank_value` of a finished game's outcome, else the game's estimate."""
    result = engine.outcome(state)
    if result is not None:
        return rank_value(result.ranks, seat)
    return unfinished(state, seat)
