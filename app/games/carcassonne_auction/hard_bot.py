"""The hard bot of the stand-alone auction (issue 17): backward induction over the bids.

Rules reasoned about (rules/carcassonne.md): the opening (CAR-61: any free tile, any bid from
0), one action per tile-less bidder clockwise (CAR-62), the settlement (CAR-63: kept and paid
to nobody, or the auctioneer buys, paying the high bidder, or sells, being paid), one tile
each (CAR-64), the next auctioneer (CAR-65) and the free last tile (CAR-66). Nothing is hidden
and nothing is random (CAR-106), so the search needs no redraw.

What winning means: the auction itself ranks nobody (CAR-113); it moves points between the
players and gives each of them one tile, which they then play on their physical board. So a
seat's *standing* is its score after the auction plus what its tile is worth, and the bot
plays for the largest lead of its standing over the best other standing. The engine never
sees the board, so a tile's worth is an estimate by its type (`tile_worth`: what such a tile
brought on real boards, `WORTH`; a free-text label is worth the catalogue's average), the
same for every player. Points are the currency: a tile worth ``d`` more than the one a seat
would get anyway is worth paying for up to about ``d / 2`` (the auctioneer's buy-or-sell
choice makes any higher bid a loss), and bluffing is impossible with open bids.

Method: the auction running now is solved exactly by backward induction (max-n: every seat,
the bot and the others, takes the action best for its own lead), memoised on (bidder to act,
high bid, high bidder); each bid level from the lowest legal one up to the budget's number of
levels is tried. After this auction settles, every seat still without a tile is credited with
the average worth of the tiles left (in a 2-player auction nothing is left to guess: the
last tile is free, CAR-66). Two players (issue 28): the bidder plays for first place rather
than margin (`_Model.duel_raise`), since against a correct auctioneer every bidder's action
loses, and the best it can do is make the auctioneer's choice close. Deterministic; standard
library only.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from app.games.base import JSON, Move
from app.games.carcassonne import auction

BID_LEVELS = 16
"""Bid levels searched above the lowest legal bid at full budget (`Engine.hard_iterations`)."""
SETTLE_NOISE = 2.0
"""How far, in points, another player's view of a buy-or-sell choice may be from ours (its
tile estimates are not ours): the spread of the logistic model of its settlement below."""


WORTH: dict[str, float] = {
    "A": 5.3,
    "B": 3.6,
    "C": 2.0,
    "D": 4.5,
    "E": 4.3,
    "F": 2.8,
    "G": 2.4,
    "H": 3.9,
    "I": 4.3,
    "J": 4.4,
    "K": 4.6,
    "L": 4.4,
    "M": 3.1,
    "N": 2.7,
    "O": 3.0,
    "P": 2.8,
    "Q": 2.7,
    "R": 2.4,
    "S": 3.5,
    "T": 3.3,
    "U": 1.1,
    "V": 1.9,
    "W": 2.9,
    "X": 2.4,
    "BZ1": 1.8,
    "BZ2": 2.4,
    "BZ3": 5.3,
    "BZ4": 0.6,
    "BZ5": 3.3,
    "BZ6": 2.7,
    "BZ7": 2.7,
    "BZ8": 4.6,
    "BZ9": 5.3,
    "BZ10": 4.6,
    "BZ11": 3.6,
}
"""What a won tile of each type is worth on a board (Appendix A.1 and A.2), in points: the
greedy bot's value of its best placement (CAR-15 to CAR-26, CAR-36 to CAR-48), averaged over
820 positions of 20 two-player normal-bot games (bench/carcassonne_tile_worth.py, seeds
``tile-worth:<g>``; issue 28). It replaced a table guessed from the printed features (one
point a city side and a pennant, two a cloister, half a road), which put a four-sided city
(C, 2.0 here: few places take it) first."""

AVERAGE_WORTH = sum(WORTH.values()) / len(WORTH)
"""The worth of a tile the engine knows only by its label."""


def tile_worth(shown: JSON) -> float:
    """A tile of the row (``{"type": id}`` or ``{"label": text}``): its estimated worth."""
    if isinstance(shown, dict) and shown.get("type") in WORTH:
        return WORTH[str(shown["type"])]
    return AVERAGE_WORTH


def hard_move(state: dict[str, Any], seat: int, levels: int) -> Move:
    """The hard bot's move for ``seat`` (which must be the seat to act)."""
    game = state["auction"]
    base = list(state["scores"] or [0] * game["n"])
    model = _Model(game, [b + c for b, c in zip(base, auction.changes(game), strict=True)],
                   levels)
    phase = game["phase"]
    if phase == "open":
        tile, bid = model.best_opening()
        return {"type": "AuctionOpen", "tile": tile, "bid": bid}
    current = game["current"]
    if phase == "bid":
        pending = tuple(current["pending"])
        if game["n"] == 2:
            raise_to = model.duel_raise(current["tile"], current["high_bid"], seat)
        else:
            raise_to = model.best_raise(current["tile"], pending, current["high_bid"],
                                        current["high_bidder"])
        if raise_to is None:
            return {"type": "AuctionPass"}
        return {"type": "AuctionRaise", "bid": raise_to}
    choice, _totals = model.settle(current["tile"], current["high_bid"], current["high_bidder"])
    return {"type": "AuctionSettle", "choice": choice}


Totals = tuple[float, ...]


class _Model:
    """One auction of the row, solved for every seat's lead."""

    def __init__(self, game: dict[str, Any], points: Sequence[int], levels: int) -> None:
        self.n: int = game["n"]
        self.auctioneer: int = game["auctioneer"]
        self.owners: list[int | None] = list(game["owners"])
        self.worth = [tile_worth(shown) for shown in game["tiles"]]
        self.points = [float(p) for p in points]
        self.levels = max(1, levels)
        self.memo: dict[tuple[int, tuple[int, ...], int, int], Totals] = {}

    # -- values

    def lead(self, totals: Totals, seat: int) -> float:
        """The seat's standing minus the best other standing."""
        return totals[seat] - max(t for s, t in enumerate(totals) if s != seat)

    def totals(self, tile: int, owner: int, paid: dict[int, float]) -> Totals:
        """Each seat's standing once ``owner`` has ``tile`` and the payments are made."""
        owners = list(self.owners)
        owners[tile] = owner
        free = [self.worth[t] for t, o in enumerate(owners) if o is None]
        expected = sum(free) / len(free) if free else 0.0
        result = []
        for seat in range(self.n):
            mine = next((self.worth[t] for t, o in enumerate(owners) if o == seat), expected)
            result.append(self.points[seat] + paid.get(seat, 0.0) + mine)
        return tuple(result)

    # -- the auction's steps

    def settle(self, tile: int, high: int, bidder: int) -> tuple[str, Totals]:
        """CAR-63: the auctioneer's better choice when someone else bid, and its result."""
        a = self.auctioneer
        buy = self.totals(tile, a, {a: -high, bidder: high})
        sell = self.totals(tile, bidder, {bidder: -high, a: high})
        if self.lead(sell, a) > self.lead(buy, a):
            return "sell", sell
        return "buy", buy

    def after_bids(self, tile: int, pending: tuple[int, ...], high: int, bidder: int) -> Totals:
        """The result once the bidders in ``pending`` have acted, each for its own lead."""
        key = (tile, pending, high, bidder)
        known = self.memo.get(key)
        if known is not None:
            return known
        if not pending:
            if bidder == self.auctioneer:  # CAR-63: kept, the bid paid to nobody
                result = self.totals(tile, bidder, {bidder: -high})
            else:
                result = self.settle(tile, high, bidder)[1]
        else:
            result = self._best_action(tile, pending, high, bidder)[1]
        self.memo[key] = result
        return result

    def _best_action(self, tile: int, pending: tuple[int, ...], high: int,
                     bidder: int) -> tuple[int | None, Totals]:
        """CAR-62: the first pending seat's best action (None: pass) and its result."""
        seat, rest = pending[0], pending[1:]
        best_bid: int | None = None
        best = self.after_bids(tile, rest, high, bidder)
        for bid in self._bids(high + 1):
            result = self.after_bids(tile, rest, bid, seat)
            if self.lead(result, seat) > self.lead(best, seat):
                best_bid, best = bid, result
        return best_bid, best

    def _bids(self, low: int) -> range:
        """The bid levels searched from ``low`` (CAR-67: never above the input limit)."""
        return range(low, min(low + self.levels, auction.MAX_BID + 1))

    def best_raise(self, tile: int, pending: tuple[int, ...], high: int,
                   bidder: int) -> int | None:
        """The bot's raise as the first pending bidder, or None to pass."""
        return self._best_action(tile, pending, high, bidder)[0]

    def duel_raise(self, tile: int, high: int, seat: int) -> int | None:
        """Two players: the bidder's raise (None: pass) for the best chance of first place.

        A correct auctioneer always wins the duel (CAR-63: it buys when the price is under
        half the difference of the tiles, else sells, and either is a lead for it), so the
        margin search gives the bidder the smallest loss, often a pass that loses for sure.
        Only first places count, and the auctioneer values the tiles by its own estimate: a
        raise near half the difference is a near coin flip for it and so for us. The
        auctioneer is modelled as buying with the logistic chance of its buy beating its sale
        by our estimate (spread `SETTLE_NOISE`); the bidder takes the action of the best
        chance to finish first, the larger expected lead among equals."""
        a = self.auctioneer
        passed = self.totals(tile, a, {a: -high})
        best: tuple[float, float, int | None] = (self._first(passed, seat),
                                                 self.lead(passed, seat), None)
        for bid in self._bids(high + 1):
            buy = self.totals(tile, a, {a: -bid, seat: bid})
            sell = self.totals(tile, seat, {seat: -bid, a: bid})
            edge = (self.lead(buy, a) - self.lead(sell, a)) / SETTLE_NOISE
            bought = 1.0 / (1.0 + math.exp(-max(-50.0, min(50.0, edge))))
            chance = bought * self._first(buy, seat) + (1 - bought) * self._first(sell, seat)
            lead = bought * self.lead(buy, seat) + (1 - bought) * self.lead(sell, seat)
            if (chance, lead) > best[:2]:
                best = (chance, lead, bid)
        return best[2]

    def _first(self, totals: Totals, seat: int) -> float:
        """1 for a lead, 0.5 for a tie (within rounding), 0 behind: the bench's first place."""
        lead = self.lead(totals, seat)
        return 1.0 if lead > 1e-9 else 0.5 if lead > -1e-9 else 0.0

    def best_opening(self) -> tuple[int, int]:
        """CAR-61: the free tile and opening bid best for the auctioneer's lead."""
        a = self.auctioneer
        pending = tuple((a + k) % self.n for k in range(1, self.n)
                        if (a + k) % self.n not in self.owners)
        best: tuple[float, int, int] | None = None
        for tile, owner in enumerate(self.owners):
            if owner is not None:
                continue
            for bid in self._bids(0):
                value = self.lead(self.after_bids(tile, pending, bid, a), a)
                if best is None or value > best[0]:
                    best = (value, tile, bid)
        assert best is not None, "CAR-65: an auctioneer opens only while two tiles are free"
        return best[1], best[2]
