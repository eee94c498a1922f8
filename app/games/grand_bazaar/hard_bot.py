"""The hard bot of Grand Bazaar (issue 17; rules/grand-bazaar.md GB-12 to GB-20, GB-23, GB-26).

The normal bot (bot.py) maximises its own expected money and ignores everyone else. But the
game is won on the money *ranking* (GB-20), every seat trades at the same public prices (GB-22)
and the normal bot's trade is a function of public information only. So the hard bot can do a
rollout search against the opponents' actual policy:

* **candidates**: the legal trades (GB-13), ranked by the normal bot's worth, the best
  ``SHORTLIST`` kept, plus the trade that copies a leader's hand (holding the same gems as
  the richest opponent freezes the money gap: both hands then move with the same prices);
* **worlds**: orders of the unrevealed price cards (GB-23: the set is public, the order is
  not), drawn from the sorted remaining set; the same worlds for every candidate (common
  random numbers), so candidates are compared on the same luck;
* **rollouts**: every seat, the hard seat included, plays the normal bot's trade to the end
  (a fast replica of bot.py on plain tuples, with the compulsory buy of GB-13f, the waiver of
  GB-15, the final sale of GB-19), on the card order of the world;
* **evaluation**: the rank value of the final money (1 for a sole win, ties share; GB-20),
  plus a small term for the money margin so that equal win rates prefer the larger lead.

Deterministic for a given `Rng`; standard library only.
"""

from __future__ import annotations

import math
from functools import lru_cache
from itertools import product
from typing import Any

from app.games.base import Move, Rng, shuffle
from app.games.grand_bazaar import bot
from app.games.grand_bazaar.data import CARDS, FINAL_PRICE, HAND_LIMIT, ROUNDS, Triple
from app.games.grand_bazaar.moves import Trade
from app.games.grand_bazaar.rules import legal_trades
from app.games.grand_bazaar.state import State
from app.games.grand_bazaar.view import remaining_ids
from app.games.search import rank_value

SHORTLIST = 8
"""Root candidates kept after ranking the legal trades by the normal bot's worth."""
ITERATIONS = 240
"""Rollouts per move at full budget in a 2-player game (candidates x worlds), measured in
bench/hard_bots.py; a rollout plays every seat, so more players get proportionally fewer."""
MARGIN_WEIGHT = 0.02
"""Weight of the money-margin term next to the rank value (0..1)."""
FAR = 99
"""A horizon past the last reveal: the normal bot's valuation (`bot.hold_value`)."""
HORIZONS: tuple[int, ...] = (FAR,)
"""The opponents' horizons in the rollouts, one per world in turn (see `horizon_value`). Other
players than the normal bot were tried (issue 28, bench/README.md): a mix of 1, 2, 4 and FAR
took 75.0 % of 40 games against the baseline, which looks one reveal ahead, and 1 alone, the
baseline's own rule, 62.5 %; so the opponents are modelled as the normal bot."""

Counts = tuple[int, int, int, int, int, int, int, int, int]
"""Per type in type order: the +1, 0 and -1 changes still in the deck."""
Pair = tuple[Triple, Triple]
"""A trade as (sell, buy)."""


def _counts(cards: list[int] | tuple[int, ...]) -> Counts:
    c = [0] * 9
    for card in cards:
        for i, d in enumerate(CARDS[card]):
            c[3 * i + (1 - d)] += 1
    return (c[0], c[1], c[2], c[3], c[4], c[5], c[6], c[7], c[8])


@lru_cache(maxsize=65536)
def horizon_value(up: int, flat: int, down: int, horizon: int) -> float:
    """A gem kept now by a player who looks ``horizon`` reveals ahead: the expected best sale
    price over those reveals, a gem still held then valued at that price (the final sale at
    10 when no card is left, GB-19). Horizon 1 is the expected price after the next reveal;
    ``FAR`` is the normal bot's `bot.hold_value` (every reveal to the end)."""
    left = up + flat + down
    if horizon >= FAR or left == 0:
        return bot.hold_value(up, flat, down)
    value = 0.0
    for count, after in ((up, (up - 1, flat, down)), (flat, (up, flat - 1, down)),
                         (down, (up, flat, down - 1))):
        if count:
            price = float(FINAL_PRICE - (after[0] - after[2]))  # GB-26
            later = horizon_value(*after, horizon - 1) if horizon > 1 else price
            value += count / left * max(price, later)
    return value


@lru_cache(maxsize=8192)
def _values(counts: Counts, horizon: int = FAR) -> tuple[float, float, float]:
    return (
        horizon_value(counts[0], counts[1], counts[2], horizon),
        horizon_value(counts[3], counts[4], counts[5], horizon),
        horizon_value(counts[6], counts[7], counts[8], horizon),
    )


def _must_buy(money: int, hand: Triple, prices: Triple, stock: Triple) -> bool:
    """GB-14: some type can be bought after selling at most every gem of the other types."""
    worth = hand[0] * prices[0] + hand[1] * prices[1] + hand[2] * prices[2]
    for i in range(3):
        if stock[i] >= 1 and hand[i] <= HAND_LIMIT - 1 and money + worth - hand[i] * prices[i] \
                >= prices[i]:
            return True
    return False


def _legal(money: int, hand: Triple, prices: Triple, stock: Triple) -> list[Pair]:
    """rules.legal_trades on plain values, in the same order."""
    compulsory = _must_buy(money, hand, prices, stock)
    out: list[Pair] = []
    held = hand[0] + hand[1] + hand[2]
    for sell in product(range(hand[0] + 1), range(hand[1] + 1), range(hand[2] + 1)):
        space = HAND_LIMIT - held + sell[0] + sell[1] + sell[2]
        cash = money + sell[0] * prices[0] + sell[1] * prices[1] + sell[2] * prices[2]
        caps = [0 if sell[i] else min(stock[i], space, cash // prices[i]) for i in range(3)]
        for buy in product(range(caps[0] + 1), range(caps[1] + 1), range(caps[2] + 1)):
            count = buy[0] + buy[1] + buy[2]
            if count > space or (compulsory and count == 0):
                continue
            if buy[0] * prices[0] + buy[1] * prices[1] + buy[2] * prices[2] > cash:
                continue
            out.append((sell, buy))
    return out


def _worth(money: int, hand: Triple, prices: Triple, pair: Pair,
           values: tuple[float, float, float]) -> float:
    """bot.worth: money after the trade plus the hold value of the gems kept."""
    sell, buy = pair
    total = float(money)
    for i in range(3):
        total += (sell[i] - buy[i]) * prices[i] + (hand[i] - sell[i] + buy[i]) * values[i]
    return total


@lru_cache(maxsize=65536)
def _normal(counts: Counts, prices: Triple, money: int, hand: Triple, stock: Triple,
            horizon: int = FAR) -> Pair:
    """The normal bot's trade (bot.bot_trade) in this position; ``stock`` capped at 4. With a
    shorter ``horizon``, the same rule with gems valued `horizon_value` reveals ahead."""
    values = _values(counts, horizon)
    best: Pair = ((0, 0, 0), (0, 0, 0))
    best_worth = float("-inf")
    for pair in _legal(money, hand, prices, stock):
        w = _worth(money, hand, prices, pair, values)
        if w > best_worth + 1e-9:
            best, best_worth = pair, w
    return best


def _cap(stock: list[int]) -> Triple:
    # the legal trades only see min(stock, space) and stock >= 1, so stock above 4 is 4
    return (min(stock[0], HAND_LIMIT), min(stock[1], HAND_LIMIT), min(stock[2], HAND_LIMIT))


class Sim:
    """A Grand Bazaar position on plain lists, played on by the normal bot to the end."""

    __slots__ = ("money", "hands", "stock", "prices", "order", "moved", "round", "players")

    def __init__(self, state: State) -> None:
        self.money = list(state.money)
        self.hands = [list(h) for h in state.hands]
        self.stock = list(state.stock)
        self.prices = list(state.prices)
        self.order = state.round_order()
        self.moved = state.moved
        self.round = state.round
        self.players = state.players

    def copy(self) -> Sim:
        other = Sim.__new__(Sim)
        other.money = list(self.money)
        other.hands = [list(h) for h in self.hands]
        other.stock = list(self.stock)
        other.prices = list(self.prices)
        other.order = self.order
        other.moved = self.moved
        other.round = self.round
        other.players = self.players
        return other

    def trade(self, seat: int, pair: Pair) -> None:
        """GB-12: sales then purchases at the current prices; the next seat moves."""
        sell, buy = pair
        hand = self.hands[seat]
        for i in range(3):
            delta = buy[i] - sell[i]
            hand[i] += delta
            self.stock[i] -= delta
            self.money[seat] -= delta * self.prices[i]
        self.moved += 1

    def finish(self, deck: list[int], counts: list[int],
               horizons: list[int] | None = None) -> list[int]:
        """Play the normal bot for every seat to the end on this card order (GB-10, GB-19),
        each seat with its horizon (default: the normal bot's)."""
        n = self.players
        first = self.order[0]
        r = self.round
        step = self.moved
        next_card = 0
        while True:
            key: Counts = (counts[0], counts[1], counts[2], counts[3], counts[4], counts[5],
                           counts[6], counts[7], counts[8])
            prices: Triple = (self.prices[0], self.prices[1], self.prices[2])
            while step < n:
                seat = (first + step) % n
                h = self.hands[seat]
                pair = _normal(key, prices, self.money[seat], (h[0], h[1], h[2]),
                               _cap(self.stock), horizons[seat] if horizons else FAR)
                self.moved = step
                self.trade(seat, pair)
                step += 1
            if r == ROUNDS:
                return [m + FINAL_PRICE * sum(h) for m, h in zip(self.money, self.hands,
                                                                 strict=True)]
            card = CARDS[deck[next_card]]
            next_card += 1
            for i, d in enumerate(card):
                self.prices[i] += d
                counts[3 * i + (1 - d)] -= 1
            r += 1
            first = (first + 1) % n
            step = 0


def _mirror(state: State, seat: int, pairs: list[Pair]) -> Pair | None:
    """The legal trade that leaves ``seat`` holding the hand of the richest opponent, if the
    seat is the richer (then the gap is frozen while both keep the same gems)."""
    money, hand = state.money[seat], state.hands[seat]
    rivals = [s for s in range(state.players) if s != seat]
    best = max(rivals, key=lambda s: (state.money[s] + sum(
        h * p for h, p in zip(state.hands[s], state.prices, strict=True)), -s))
    target = state.hands[best]
    for pair in pairs:
        sell, buy = pair
        after = tuple(hand[i] - sell[i] + buy[i] for i in range(3))
        if after == target:
            cash = money + sum((sell[i] - buy[i]) * state.prices[i] for i in range(3))
            if cash > state.money[best]:
                return pair
    return None


def _score(final: list[int], seat: int) -> float:
    ranks = [1 + sum(1 for o in final if o > m) for m in final]
    others = max(m for i, m in enumerate(final) if i != seat)
    margin = math.tanh((final[seat] - others) / 20.0)
    return rank_value(ranks, seat) + MARGIN_WEIGHT * margin


def hard_trade(state: State, seat: int, rng: Rng, iterations: int,
               out_of_time: Any = None) -> Trade:
    """The candidate with the best mean score over shared determinised worlds."""
    trades = legal_trades(state, seat)
    if len(trades) == 1:
        return trades[0]
    values = bot.hold_values(state)
    money, hand, prices = state.money[seat], state.hands[seat], state.prices
    pairs: list[Pair] = [(t.sell, t.buy) for t in trades]
    ranked = sorted(range(len(pairs)),
                    key=lambda k: -_worth(money, hand, prices, pairs[k], values))
    shortlist = [pairs[k] for k in ranked[:SHORTLIST]]
    mirror = _mirror(state, seat, pairs)
    if mirror is not None and mirror not in shortlist:
        shortlist.append(mirror)
    worlds = max(1, iterations * 2 // (state.players * len(shortlist)))
    remaining = remaining_ids(state)  # GB-23: the public set, in id order (canonical)
    base = Sim(state)
    start_counts = list(_counts(remaining))
    totals = [0.0] * len(shortlist)
    for w in range(worlds):
        if w and out_of_time is not None and out_of_time():
            break
        deck = list(remaining)
        shuffle(rng, deck)
        horizon = HORIZONS[w % len(HORIZONS)]
        horizons = [FAR if s == seat else horizon for s in range(state.players)]
        for k, pair in enumerate(shortlist):
            sim = base.copy()
            sim.trade(seat, pair)
            totals[k] += _score(sim.finish(deck, list(start_counts), horizons), seat)
    best = max(range(len(shortlist)), key=lambda k: (totals[k], -k))
    sell, buy = shortlist[best]
    return Trade(sell=sell, buy=buy)


def hard_move(state: State, seat: int, rng: Rng, iterations: int,
              out_of_time: Any = None) -> Move:
    """The hard bot's trade as a JSON move."""
    return hard_trade(state, seat, rng, iterations, out_of_time).to_json()
