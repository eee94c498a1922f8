"""The hard bot of Bazaar (issue 17; rules/bazaar.md BAZ-12 to BAZ-19, BAZ-23 to BAZ-32, BAZ-35).

A determinised Monte Carlo search at the root (UCB1 over the legal moves, as app/games/search.py
does), on a fast simulator of its own:

* **worlds**: each iteration redraws the face-down and unused ware cards (BAZ-35,
  `resample_hidden`) and rolls its own dice (BAZ-4);
* **root**: the move is applied by the engine itself, so it is always legal;
* **rollouts**: `Sim` replays the turn structure of BAZ-12 (action, wild colour, purchase,
  hand limit) on plain lists, every seat playing a replica of the normal bot (bot.py): the
  same hand values, the same purchase rule (no game-ending purchase unless it leaves the buyer
  ahead, BAZ-30), cached per hand, so a turn costs microseconds;
* **horizon and evaluation**: a rollout runs ``HORIZON`` turns or to the end. A finished game
  is worth its rank value (BAZ-32, the tie-break option included). Otherwise each seat is
  worth its score plus an estimate of its hand: the points of the purchase it is nearest to
  (BAZ-24: fewer tokens left score more), discounted per missing token, minus the Penalty
  Bazaar exposure of a big hand (BAZ-26); the seat's lead over the best other seat goes
  through a logistic (`search.margin_value`).

Deterministic for a given `Rng`; standard library only.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from functools import lru_cache
from typing import Protocol

from app.games.base import Event, GameError, Move, Rng, SeededRng

from .bot import BUY_BONUS, PILE, TRADE_STEP, _Judge
from .data import CHARTS, DIE_FACES, EQUATIONS, HAND_LIMIT, STARRED, WARES, WILD, card_equations
from .scoring import ranks
from .state import ACTION, OVER, PURCHASE, RETURN, WILD_CHOICE, BazaarState

ITERATIONS = 120
"""Rollouts per move at full budget, measured in bench/hard_bots.py."""
HORIZON = 10
"""Turns a rollout plays before the position is evaluated."""
EXPLORATION = 0.35
"""UCB1's exploration constant on the 0..1 scale of the evaluation."""
MARGIN_SCALE = 4.0
"""Points of lead that are worth about 0.73 in the evaluation."""
MISSING_DISCOUNT = 0.6
"""A planned purchase is worth this share less per token still missing."""
RETURN_SHORTLIST = 6
"""Hand-limit returns searched, the best by the normal bot's hand value."""

Hand = tuple[int, int, int, int, int]
Top = tuple[int, int]
"""A stall's top card and its star level (BAZ-23)."""
Side = tuple[int, int, int, int, int]
COLOUR_FACES = tuple(-1 if f == WILD else i for i, f in enumerate(DIE_FACES))


@lru_cache(maxsize=64)
def _trades(cards: tuple[int, ...]) -> tuple[tuple[Side, Side], ...]:
    """(giving, receiving) of every equation in force, both directions (BAZ-17)."""
    out = []
    for eq in card_equations(cards):
        left, right = EQUATIONS[eq]
        out.append((left, right))
        out.append((right, left))
    return tuple(out)


def _level(ware: int, sold_out: int) -> int:
    return min(2, (1 if ware in STARRED else 0) + (1 if sold_out else 0))


def _affords(hand: Hand | list[int], ware: int) -> bool:
    cost = WARES[ware]
    return (hand[0] >= cost[0] and hand[1] >= cost[1] and hand[2] >= cost[2]
            and hand[3] >= cost[3] and hand[4] >= cost[4])


@lru_cache(maxsize=32768)
def _value(hand: Hand, tops: tuple[Top, ...], cards: tuple[int, ...], scale: str,
           penalty: bool) -> float:
    """bot._Judge.value: the normal bot's worth of a hand after the action."""
    chart = CHARTS[scale]
    left = sum(hand) - 5
    best: float | None = None
    for ware, level in tops:
        if _affords(hand, ware):
            pts = float(chart[min(max(left, 0), 3)][level])
            best = pts if best is None or pts > best else best
    if best is not None:
        return BUY_BONUS + best
    h0, h1, h2, h3, h4 = hand
    after = [(h0 - g[0] + r[0], h1 - g[1] + r[1], h2 - g[2] + r[2], h3 - g[3] + r[3],
              h4 - g[4] + r[4])
             for g, r in _trades(cards)
             if h0 >= g[0] and h1 >= g[1] and h2 >= g[2] and h3 >= g[3] and h4 >= g[4]]
    distance = 99.0
    for ware, level in tops:
        c0, c1, c2, c3, c4 = WARES[ware]
        d = float(max(0, c0 - h0) + max(0, c1 - h1) + max(0, c2 - h2) + max(0, c3 - h3)
                  + max(0, c4 - h4))
        for a0, a1, a2, a3, a4 in after:
            d2 = TRADE_STEP + (max(0, c0 - a0) + max(0, c1 - a1) + max(0, c2 - a2)
                               + max(0, c3 - a3) + max(0, c4 - a4))
            if d2 < d:
                d = d2
        distance = min(distance, d - 0.3 * level)
    pile = max(0, sum(hand) - PILE) if penalty else 0
    return -distance - 0.5 * pile


@lru_cache(maxsize=32768)
def _potential(hand: Hand, tops: tuple[Top, ...], scale: str, penalty: bool) -> float:
    """Points a hand is worth towards the nearest purchase, minus its penalty exposure."""
    chart = CHARTS[scale]
    size = sum(hand)
    best = 0.0
    for ware, level in tops:
        cost = WARES[ware]
        missing = sum(max(0, c - h) for c, h in zip(cost, hand, strict=True))
        left = size + missing - 5
        pts = chart[min(left, 3)][level] * MISSING_DISCOUNT ** (missing + 0.5)
        best = max(best, pts)
    if scale != "classic":
        best /= 10.0  # on the classic scale, like the penalty below (BAZ-7)
    exposure = 0.25 * max(0, size - 5) if penalty else 0.0
    return best - exposure


class Sim:
    """A Bazaar position on plain lists, played on by the normal bot's replica."""

    __slots__ = ("n", "bank", "hands", "scores", "stalls", "current", "idle", "started",
                 "cards", "scale", "penalty", "tiebreak", "limit", "over", "rng")

    def __init__(self, state: BazaarState, rng: Rng) -> None:
        self.n = state.n
        self.bank = list(state.bank)
        self.hands = [list(h) for h in state.hands]
        self.scores = [state.score(s) for s in range(state.n)]
        self.stalls = [list(s) for s in state.stalls]
        self.current = state.current
        self.idle = state.idle
        self.started = list(state.started)
        self.cards = tuple(state.cards)
        self.scale = str(state.options["scale"])
        self.penalty = bool(state.options["penalty"])
        self.tiebreak = str(state.options["tiebreak"])
        self.limit = int(state.options["stall_rounds"]) * state.n
        self.over = state.phase == OVER
        self.rng = rng

    def sold_out(self) -> int:
        return sum(1 for s in self.stalls if not s)

    def tops(self) -> tuple[Top, ...]:
        bump = self.sold_out()
        return tuple((s[0], _level(s[0], bump)) for s in self.stalls if s)

    def value(self, hand: Hand, tops: tuple[Top, ...]) -> float:
        return _value(hand, tops, self.cards, self.scale, self.penalty)

    # -- one turn, from any phase (BAZ-12)

    def play_turn(self, phase: str) -> None:
        seat = self.current
        hand = self.hands[seat]
        tops = self.tops()
        if phase == ACTION:
            phase = self._action(seat, hand, tops)
        if phase == WILD_CHOICE:
            self._wild(hand, tops)
            phase = PURCHASE
        if phase == PURCHASE:
            if self._purchase(seat, hand):
                return
            phase = RETURN
        if sum(hand) > HAND_LIMIT:
            self._return(hand, tops)
        self.idle += 1
        if self.idle >= self.limit:
            self.over = True  # BAZ-31
            return
        self.current = (seat + 1) % self.n

    def _action(self, seat: int, hand: list[int], tops: tuple[Top, ...]) -> str:
        h: Hand = (hand[0], hand[1], hand[2], hand[3], hand[4])
        best_v = self._roll_value(h, tops) + 0.05 if self.started[seat] else 0.0
        best: tuple[Side, Side] | None = None
        if self.started[seat]:
            bank = self.bank
            for give, get in _trades(self.cards):
                if all(x >= g for x, g in zip(h, give, strict=True)) and all(
                        b >= r for b, r in zip(bank, get, strict=True)):
                    after = (h[0] - give[0] + get[0], h[1] - give[1] + get[1],
                             h[2] - give[2] + get[2], h[3] - give[3] + get[3],
                             h[4] - give[4] + get[4])
                    v = self.value(after, tops)
                    if v > best_v:
                        best_v, best = v, (give, get)
        if best is not None:
            give, get = best
            for i in range(5):
                hand[i] += get[i] - give[i]
                self.bank[i] += give[i] - get[i]
            return PURCHASE
        self.started[seat] = True
        colour = COLOUR_FACES[self.rng.randbelow(6)]
        if colour < 0:
            return WILD_CHOICE
        if self.bank[colour] > 0:
            self.bank[colour] -= 1
            hand[colour] += 1
        return PURCHASE

    def _roll_value(self, h: Hand, tops: tuple[Top, ...]) -> float:
        total = 0.0
        wild = float("-inf")
        for i in range(5):
            if self.bank[i] > 0:
                plus = _plus(h, i, 1)
                v = self.value(plus, tops)
                total += v
                wild = max(wild, v)
            else:
                total += self.value(h, tops)
        return (total + wild) / 6.0

    def _wild(self, hand: list[int], tops: tuple[Top, ...]) -> None:
        h: Hand = (hand[0], hand[1], hand[2], hand[3], hand[4])
        best = max((i for i in range(5) if self.bank[i] > 0),
                   key=lambda i: (self.value(_plus(h, i, 1), tops), -i))
        self.bank[best] -= 1
        hand[best] += 1

    def _purchase(self, seat: int, hand: list[int]) -> bool:
        """bot._purchase: the best-scoring top; the game-ending one only when it leaves us
        ahead (BAZ-30). Scores the purchase and its penalties (BAZ-24, BAZ-26)."""
        left = sum(hand) - 5
        bump = self.sold_out()
        chart = CHARTS[self.scale]
        best: tuple[float, int, int] | None = None
        for k, stall in enumerate(self.stalls):
            if not stall or not _affords(hand, stall[0]):
                continue
            pts = chart[min(left, 3)][_level(stall[0], bump)]
            rank_pts = float(pts)
            if len(stall) == 1 and bump == 1:
                if self.scores[seat] + pts <= max(
                        s for i, s in enumerate(self.scores) if i != seat):
                    continue
                rank_pts += 100.0
            if best is None or rank_pts > best[0]:
                best = (rank_pts, k, pts)
        if best is None:
            return False
        self.buy(seat, best[1])
        return True

    def buy(self, seat: int, k: int) -> None:
        """Buy stall k's top (BAZ-18), score it, penalise (BAZ-26), maybe end (BAZ-30)."""
        hand = self.hands[seat]
        bump = self.sold_out()
        ware = self.stalls[k].pop(0)
        for i, c in enumerate(WARES[ware]):
            hand[i] -= c
            self.bank[i] += c
        left = sum(hand)
        self.scores[seat] += CHARTS[self.scale][min(left, 3)][_level(ware, bump)]
        if self.penalty:
            for o in range(self.n):
                if o != seat:
                    self.scores[o] -= max(0, sum(self.hands[o]) - (left + 3))
        if self.sold_out() >= 2:
            self.over = True
            return
        self.idle = 0
        self.current = (seat + 1) % self.n

    def _return(self, hand: list[int], tops: tuple[Top, ...]) -> None:
        while sum(hand) > HAND_LIMIT:
            h: Hand = (hand[0], hand[1], hand[2], hand[3], hand[4])
            pick = max((i for i in range(5) if hand[i] > 0),
                       key=lambda i: (self.value(_plus(h, i, -1), tops), -i))
            hand[pick] -= 1
            self.bank[pick] += 1

    # -- evaluation

    def evaluate(self, seat: int) -> float:
        """Rank value once over (BAZ-32); else the logistic of the estimated lead."""
        if self.over:
            tokens = [sum(h) for h in self.hands]
            rank = ranks(self.scores, tokens, self.tiebreak)
            ahead = rank[seat] - 1
            sharing = sum(1 for r in rank if r == rank[seat])
            value = 1.0 - ahead / (self.n - 1)
            return value - (0.5 / (self.n - 1) if sharing > 1 else 0.0)
        tops = self.tops()
        unit = 1.0 if self.scale == "classic" else 10.0
        worth = [self.scores[s] / unit + _potential(
            (h[0], h[1], h[2], h[3], h[4]), tops, self.scale, self.penalty)
            for s, h in enumerate(self.hands)]
        lead = worth[seat] - max(w for s, w in enumerate(worth) if s != seat)
        return 1.0 / (1.0 + math.exp(-lead / MARGIN_SCALE))


def _plus(h: Hand, i: int, n: int) -> Hand:
    out = list(h)
    out[i] += n
    return (out[0], out[1], out[2], out[3], out[4])


def _candidates(state: BazaarState, seat: int, legal: list[Move]) -> list[Move]:
    """Every legal move, but only the best hand-limit returns by the normal bot's value."""
    if state.phase != RETURN or len(legal) <= RETURN_SHORTLIST:
        return legal
    judge = _Judge(state, seat)
    hand = state.hands[seat]

    def kept(move: Move) -> float:
        back = move["tokens"]
        after = [h - back.get(c, 0) for h, c in zip(hand, "RWBGY", strict=True)]
        return judge.value(after)

    return sorted(legal, key=kept, reverse=True)[:RETURN_SHORTLIST]


class Searchable(Protocol):
    """The three engine methods the search calls (the engine passes itself, so this module
    never imports engine.py, which imports this one)."""

    def legal_moves(self, state: BazaarState, seat: int) -> list[Move]: ...

    def apply(self, state: BazaarState, seat: int, move: Move,
              rng: Rng) -> tuple[BazaarState, list[Event]]: ...

    def resample_hidden(self, state: BazaarState, seat: int | None, rng: Rng) -> BazaarState: ...


class Arm:
    """One root candidate and what the iterations found for it."""

    __slots__ = ("move", "visits", "total")

    def __init__(self, move: Move) -> None:
        self.move = move
        self.visits = 0
        self.total = 0.0


def hard_move(engine: Searchable, state: BazaarState, seat: int, rng: Rng, iterations: int,
              out_of_time: Callable[[], bool]) -> Move:
    """The root move with the most visits after ``iterations`` determinised rollouts."""
    legal = engine.legal_moves(state, seat)
    if not legal:
        raise GameError(f"seat {seat} has no move to search")
    arms = [Arm(m) for m in _candidates(state, seat, legal)]
    if len(arms) == 1:
        return arms[0].move
    for done in range(iterations):
        if done >= len(arms) and out_of_time():
            break
        if done < len(arms):
            arm = arms[done]
        else:
            log_n = math.log(done)
            arm = max(arms, key=lambda a: a.total / a.visits
                      + EXPLORATION * math.sqrt(log_n / a.visits))
        world_rng = SeededRng(rng.randbelow(2**62))
        world = engine.resample_hidden(state, seat, world_rng)
        after, _ = engine.apply(world, seat, arm.move, world_rng)
        arm.visits += 1
        arm.total += _rollout(after, seat, world_rng)
    return max(arms, key=lambda a: (a.visits, a.total)).move


def _rollout(state: BazaarState, seat: int, rng: Rng) -> float:
    sim = Sim(state, rng)
    phase = state.phase
    for _ in range(HORIZON):
        if sim.over:
            break
        sim.play_turn(phase)
        phase = ACTION
    return sim.evaluate(seat)
