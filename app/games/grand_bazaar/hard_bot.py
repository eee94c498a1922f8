"""The hard bot of Grand Bazaar (issue 17; rules/grand-bazaar.md GB-12 to GB-20, GB-23, GB-26).

The normal bot (bot.py) maximises its own expected money and ignores everyone else. But the
game is won on the money *ranking* (GB-20), every seat trades at the same public prices (GB-22)
and the normal bot's trade is a function of public information only. So the hard bot can do a
rollout search against the opponents' actual policy:

* **opponents**: each rival is modelled by the one-ply rules (`INFER`: the normal bot's, or
  one looking a reveal ahead) that replay its money and hand exactly from the revealed cards
  (two players: nothing one seat does touches the other's trades, GB-29); none: the normal bot;
* **candidates**: the legal trades (GB-13), ranked by the normal bot's worth, the best
  ``SHORTLIST`` kept, plus the trade that copies a leader's hand (holding the same gems as
  the richest opponent freezes the money gap: both hands then move with the same prices), the
  hand it is about to take when it moves later in the round (`PREDICT`);
* **worlds**: orders of the unrevealed price cards (GB-23: the set is public, the order is
  not), drawn from the sorted remaining set; the same worlds for every candidate (common
  random numbers), so candidates are compared on the same luck;
* **rollouts**: every seat plays its modelled rule to the end (a fast replica of bot.py on
  plain tuples, with the compulsory buy of GB-13f, the waiver of GB-15, the final sale of
  GB-19), on the card order of the world; the hard seat the normal bot's, but a copy of the
  leader's hand while it is ahead (`SELF_MIRROR`);
* **evaluation**: the rank value of the final money (1 for a sole win, ties share; GB-20),
  plus a small term for the money margin; the candidate with the best mean margin is played
  unless another's score beats it by a standard error (`MARGIN_Z`): where the win chances
  cannot be told apart, the money decides.

Deterministic for a given `Rng`; standard library only.
"""

from __future__ import annotations

import math
from functools import lru_cache
from itertools import product
from typing import Any

from app.games.base import Move, Rng, shuffle
from app.games.grand_bazaar import bot
from app.games.grand_bazaar.data import (
    CARD_IDS,
    CARDS,
    FINAL_PRICE,
    HAND_LIMIT,
    ROUNDS,
    START_MONEY,
    START_PRICE,
    Triple,
)
from app.games.grand_bazaar.moves import Trade
from app.games.grand_bazaar.rules import legal_trades
from app.games.grand_bazaar.state import State
from app.games.grand_bazaar.view import remaining_ids
from app.games.search import rank_value

SHORTLIST = 8
"""Root candidates kept after ranking the legal trades by the normal bot's worth."""
ITERATIONS = 480
"""Rollouts per move at full budget in a 2-player game (candidates x worlds); a rollout plays
every seat, so more players get proportionally fewer. 240 until issue 28: the replica of the
normal bot on target hands (`_normal`) halved a rollout's CPU, and twice the card orders at
the old CPU took 79.5 % of games 300-399 against the baseline where 240 took 68.5 %, and
73.8 % of games 0-199 where 240 took 71.2 % (bench/README.md, bench/grand_bazaar_knobs.py)."""
MARGIN_WEIGHT = 0.02
"""Weight of the money-margin term next to the rank value (0..1)."""
FAR = 99
"""A horizon past the last reveal: the normal bot's valuation (`bot.hold_value`)."""
HORIZONS: tuple[int, ...] = (FAR,)
"""The opponents' horizons in the rollouts, one per world in turn (see `horizon_value`). Other
players than the normal bot were tried (issue 28, bench/README.md): a mix of 1, 2, 4 and FAR
took 75.0 % of 40 games against the baseline, which looks one reveal ahead, and 1 alone, the
baseline's own rule, 62.5 %; so the opponents are modelled as the normal bot."""

LEAD_SCALE = 0.0
"""If above 0, a rollout is scored by a logistic of the final lead over the best rival (this
many grands of lead is about 0.73) instead of the rank value: identical rollout players end
with nearly identical hands, so a rollout's final lead understates how much the real game can
still move, and a lead of one grand is not a sure win."""
SELF_HORIZON = FAR
"""The hard seat's own horizon in the rollouts (its future trades after the candidate)."""
SELF_MIRROR = True
"""In the rollouts, the hard seat copies the richest rival's hand whenever it is ahead and the
copy is legal (as the real search tends to: a copied hand freezes the gap), else trades as the
normal bot; False: it always trades as the normal bot. Alone it took 74.0 % of games 300-399
against the baseline (main's 79.5 %); with `INFER`, `PREDICT` and `MARGIN_Z` (issue 28,
2026-12-07) 78.0 % there, 82.0 % of games 400-499 (main's 69.0 %) and 85.0 % of games 0-199
(main's 73.8 %), 81.2 % against normal (main's 83.5 %): bench/README.md."""
INFER: tuple[int, ...] = (FAR, 1)
"""The horizons an opponent's past play is checked against (`infer_horizons`), first match
kept; an opponent that none of them explains is modelled as the normal bot (``FAR``). Empty:
every opponent is the normal bot (`HORIZONS`). With several matches (rules that have played
alike so far) the worlds take them in turn. Alone, (FAR, 1) took 72.0 % of games 300-399
against the baseline; kept with the other three (see `SELF_MIRROR`)."""
PREDICT = True
"""Whether a copy of a rival's hand (the root's mirror candidate and `SELF_MIRROR` in the
rollouts) copies the hand the rival will hold after its trade still to come in this round,
by its modelled rule, instead of the hand it holds now."""
PRIOR_HORIZON = FAR
"""The horizon of the one-ply rule whose trade is the search's default (see `PRIOR_Z`)."""
PRIOR_Z = 0.0
"""How sure the search must be to leave the one-ply default: a candidate replaces it only when
its mean score over the shared worlds beats the default's by more than ``PRIOR_Z`` standard
errors of the paired differences (0: the best mean wins, as before)."""

MARGIN_Z = 1.0
"""If above 0: the candidate with the best mean final margin over the shared worlds is the
default, and the best by score replaces it only when it beats it by more than ``MARGIN_Z``
standard errors of the paired score differences: where the win chances cannot be told
apart (all near 0 or 1, or within the noise of the worlds), the money decides."""

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


def _worth(money: int, hand: Triple, prices: Triple, pair: Pair,
           values: tuple[float, float, float]) -> float:
    """bot.worth: money after the trade plus the hold value of the gems kept."""
    sell, buy = pair
    total = float(money)
    for i in range(3):
        total += (sell[i] - buy[i]) * prices[i] + (hand[i] - sell[i] + buy[i]) * values[i]
    return total


@lru_cache(maxsize=64)
def _targets(hand: Triple) -> tuple[tuple[Triple, Pair], ...]:
    """Every hand of at most HAND_LIMIT gems reachable from ``hand`` by one trade, with that
    trade, in rules.legal_trades' order (sales, then purchases, each by type): a trade never
    buys and sells one type (GB-13b), so hand and trade determine each other."""
    out = []
    for t in product(range(HAND_LIMIT + 1), repeat=3):
        if t[0] + t[1] + t[2] <= HAND_LIMIT:
            sell = (max(hand[0] - t[0], 0), max(hand[1] - t[1], 0), max(hand[2] - t[2], 0))
            buy = (max(t[0] - hand[0], 0), max(t[1] - hand[1], 0), max(t[2] - hand[2], 0))
            out.append(((t[0], t[1], t[2]), (sell, buy)))
    out.sort(key=lambda e: (e[1][0], e[1][1]))
    return tuple(out)


@lru_cache(maxsize=65536)
def _normal(counts: Counts, prices: Triple, money: int, hand: Triple, stock: Triple,
            horizon: int = FAR) -> Pair:
    """The normal bot's trade (bot.bot_trade) in this position; ``stock`` capped at 4. With a
    shorter ``horizon``, the same rule with gems valued `horizon_value` reveals ahead.

    Same legal set, order and tie rule as rules.legal_trades with `_worth`, on target
    hands: a trade's worth is money + hand x prices + the kept gems x (value - price), and it
    is legal when the target hand is affordable at the current prices, the stock covers the
    purchases and, when a buy is compulsory (GB-13f), something is bought (half a hard
    move's CPU saved; the old enumeration is the test's reference)."""
    values = _values(counts, horizon)
    gain = (values[0] - prices[0], values[1] - prices[1], values[2] - prices[2])
    wealth = money + hand[0] * prices[0] + hand[1] * prices[1] + hand[2] * prices[2]
    compulsory = _must_buy(money, hand, prices, stock)
    best: Pair = ((0, 0, 0), (0, 0, 0))
    best_worth = float("-inf")
    for t, pair in _targets(hand):
        buy = pair[1]
        if t[0] * prices[0] + t[1] * prices[1] + t[2] * prices[2] > wealth:
            continue
        if buy[0] > stock[0] or buy[1] > stock[1] or buy[2] > stock[2]:
            continue
        if compulsory and buy[0] + buy[1] + buy[2] == 0:
            continue
        w = wealth + t[0] * gain[0] + t[1] * gain[1] + t[2] * gain[2]
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
               horizons: list[int] | None = None, me: int = -1) -> list[int]:
        """Play the normal bot for every seat to the end on this card order (GB-10, GB-19),
        each seat with its horizon (default: the normal bot's); seat ``me``, when given,
        copies the richest rival's hand while ahead (`SELF_MIRROR`)."""
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
                copy = self._copy(seat, prices, key, horizons,
                                  [(first + k) % n for k in range(step + 1, n)]) \
                    if seat == me else None
                pair = copy or _normal(key, prices, self.money[seat], (h[0], h[1], h[2]),
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


    def _copy(self, seat: int, prices: Triple, key: Counts, horizons: list[int] | None,
              later: list[int]) -> Pair | None:
        """The trade giving ``seat`` the richest rival's hand, if the seat is richer and the
        trade is legal (GB-13): the gap then stays as it is while both hold the same gems.
        With `PREDICT`, a rival still to move this round (``later``) is copied as it will be
        after its modelled trade."""
        hand = self.hands[seat]
        wealth = [m + h[0] * prices[0] + h[1] * prices[1] + h[2] * prices[2]
                  for m, h in zip(self.money, self.hands, strict=True)]
        rival = max((s for s in range(self.players) if s != seat), key=lambda s: wealth[s])
        if wealth[seat] <= wealth[rival]:
            return None
        target = self.hands[rival]
        if PREDICT and rival in later:
            r = (target[0], target[1], target[2])
            target = list(after(r, _normal(key, prices, self.money[rival], r, _cap(self.stock),
                                           horizons[rival] if horizons else FAR)))
        sell = (max(hand[0] - target[0], 0), max(hand[1] - target[1], 0),
                max(hand[2] - target[2], 0))
        buy = (max(target[0] - hand[0], 0), max(target[1] - hand[1], 0),
               max(target[2] - hand[2], 0))
        cash = self.money[seat] + sum((sell[i] - buy[i]) * prices[i] for i in range(3))
        if cash < 0 or any(buy[i] > self.stock[i] for i in range(3)):
            return None
        if sum(buy) == 0 and _must_buy(self.money[seat], (hand[0], hand[1], hand[2]), prices,
                                       _cap(self.stock)):
            return None
        return (sell, buy)


def after(hand: Triple, pair: Pair) -> Triple:
    """The hand left by the trade ``pair``."""
    sell, buy = pair
    return (hand[0] - sell[0] + buy[0], hand[1] - sell[1] + buy[1], hand[2] - sell[2] + buy[2])


def _mirror(state: State, seat: int, pairs: list[Pair],
            horizons: list[int] | None = None) -> Pair | None:
    """The legal trade that leaves ``seat`` holding the hand of the richest opponent, if the
    seat is the richer (then the gap is frozen while both keep the same gems). With `PREDICT`
    and ``horizons``, an opponent still to move this round is copied as it will be after its
    modelled trade (`_normal` with its horizon)."""
    hand, prices = state.hands[seat], state.prices
    wealth = [m + h[0] * prices[0] + h[1] * prices[1] + h[2] * prices[2]
              for m, h in zip(state.money, state.hands, strict=True)]
    rivals = [s for s in range(state.players) if s != seat]
    best = max(rivals, key=lambda s: (wealth[s], -s))
    if wealth[seat] <= wealth[best]:
        return None
    target = state.hands[best]
    if PREDICT and horizons is not None and best in state.round_order()[state.moved + 1:]:
        counts = _counts(remaining_ids(state))
        target = after(target, _normal(counts, prices, state.money[best], target,
                                       _cap(list(state.stock)), horizons[best]))
    for pair in pairs:
        if after(hand, pair) == target:
            return pair
    return None


def replay(state: State, seat: int, horizon: int) -> tuple[int, Triple]:
    """The money and hand ``seat`` would hold now had it played the one-ply rule of
    ``horizon`` (`_normal`) from the start on the revealed cards. In two-player games no
    stock limit binds (GB-29) and a seat's trades do not touch another's, so a seat that
    plays such a rule is matched exactly; stocks are taken as full."""
    money, hand = START_MONEY, (0, 0, 0)
    prices = [START_PRICE] * 3
    counts = list(_counts(CARD_IDS))
    for r, card_id in enumerate(state.history, start=1):
        for i, d in enumerate(CARDS[card_id]):
            prices[i] += d
            counts[3 * i + (1 - d)] -= 1
        if r == state.round and seat not in state.round_order()[:state.moved]:
            break
        key: Counts = (counts[0], counts[1], counts[2], counts[3], counts[4], counts[5],
                       counts[6], counts[7], counts[8])
        now: Triple = (prices[0], prices[1], prices[2])
        pair = _normal(key, now, money, hand, (HAND_LIMIT, HAND_LIMIT, HAND_LIMIT), horizon)
        money += sum((pair[0][i] - pair[1][i]) * now[i] for i in range(3))
        hand = after(hand, pair)
    return money, hand


def infer_horizons(state: State, seat: int) -> list[tuple[int, ...]]:
    """Each seat's possible horizons for the rollouts: ``SELF_HORIZON`` for ``seat``; for an
    opponent those of `INFER` whose `replay` gives its money and hand now (the rollouts take
    them in turn, a world each), else ``FAR`` (the normal bot)."""
    out: list[tuple[int, ...]] = []
    for s in range(state.players):
        if s == seat:
            out.append((SELF_HORIZON,))
            continue
        found = tuple(h for h in INFER
                      if replay(state, s, h) == (state.money[s], state.hands[s]))
        out.append(found or (FAR,))
    return out


def _score(final: list[int], seat: int) -> float:
    if LEAD_SCALE > 0:
        lead = final[seat] - max(m for i, m in enumerate(final) if i != seat)
        return 1.0 / (1.0 + math.exp(-lead / LEAD_SCALE))
    ranks = [1 + sum(1 for o in final if o > m) for m in final]
    others = max(m for i, m in enumerate(final) if i != seat)
    margin = math.tanh((final[seat] - others) / 20.0)
    return rank_value(ranks, seat) + MARGIN_WEIGHT * margin


def hard_trade(state: State, seat: int, rng: Rng, iterations: int,
               out_of_time: Any = None) -> Trade:
    """The candidate with the best mean score over shared determinised worlds; the one-ply
    default unless a candidate beats it by more than ``PRIOR_Z`` standard errors."""
    trades = legal_trades(state, seat)
    if len(trades) == 1:
        return trades[0]
    values = bot.hold_values(state)
    money, hand, prices = state.money[seat], state.hands[seat], state.prices
    pairs: list[Pair] = [(t.sell, t.buy) for t in trades]
    ranked = sorted(range(len(pairs)),
                    key=lambda k: -_worth(money, hand, prices, pairs[k], values))
    shortlist = [pairs[k] for k in ranked[:SHORTLIST]]
    inferred = infer_horizons(state, seat) if INFER else None
    mirror = _mirror(state, seat, pairs, [h[0] for h in inferred] if inferred
                     else [FAR] * state.players)
    if mirror is not None and mirror not in shortlist:
        shortlist.append(mirror)
    remaining = remaining_ids(state)  # GB-23: the public set, in id order (canonical)
    start_counts = list(_counts(remaining))
    default = 0
    if PRIOR_Z > 0:
        near = _values(_counts(remaining), PRIOR_HORIZON)
        top = max(pairs, key=lambda p: _worth(money, hand, prices, p, near))
        if top not in shortlist:
            shortlist.append(top)
        default = shortlist.index(top)
    worlds = max(1, iterations * 2 // (state.players * len(shortlist)))
    base = Sim(state)
    scores: list[list[float]] = [[] for _ in shortlist]
    margins = [0] * len(shortlist)
    for w in range(worlds):
        if w and out_of_time is not None and out_of_time():
            break
        deck = list(remaining)
        shuffle(rng, deck)
        horizon = HORIZONS[w % len(HORIZONS)]
        if inferred:
            horizons = [h[w % len(h)] for h in inferred]
        else:
            horizons = [SELF_HORIZON if s == seat else horizon for s in range(state.players)]
        for k, pair in enumerate(shortlist):
            sim = base.copy()
            sim.trade(seat, pair)
            final = sim.finish(deck, list(start_counts), horizons, seat if SELF_MIRROR else -1)
            scores[k].append(_score(final, seat))
            margins[k] += final[seat] - max(m for s, m in enumerate(final) if s != seat)
    totals = [sum(s) for s in scores]
    best = max(range(len(shortlist)), key=lambda k: (totals[k], -k))
    if PRIOR_Z > 0 and best != default and not _sure(scores[best], scores[default]):
        best = default
    if MARGIN_Z > 0:
        richest = max(range(len(shortlist)), key=lambda k: (margins[k], -k))
        if best != richest and not _sure(scores[best], scores[richest], MARGIN_Z):
            best = richest
    sell, buy = shortlist[best]
    return Trade(sell=sell, buy=buy)


def _sure(better: list[float], default: list[float], z: float | None = None) -> bool:
    """Whether ``better`` beats ``default`` by more than ``z`` (default ``PRIOR_Z``) standard
    errors of the paired differences (the same worlds for both)."""
    z = PRIOR_Z if z is None else z
    diffs = [a - b for a, b in zip(better, default, strict=True)]
    n = len(diffs)
    if n < 2:
        return False
    mean = sum(diffs) / n
    var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
    if var == 0:
        return mean > 0
    return mean > z * math.sqrt(var / n)


def hard_move(state: State, seat: int, rng: Rng, iterations: int,
              out_of_time: Any = None) -> Move:
    """The hard bot's trade as a JSON move."""
    return hard_trade(state, seat, rng, iterations, out_of_time).to_json()
