"""Bots: a uniform random player and the baseline greedy bot (CAR-112 uses the baseline).

The greedy bot scores each legal placement with its figure options by the points it makes at
once plus a value for what a follower holds (an open city or road, a cloister's neighbours, a
farm's completed cities); it bids in the bazaar what the best spot of a tile is worth to it.
"""

from __future__ import annotations

from app.games.base import Move, Rng

from . import auction, rules
from .state import State


def random_move(s: State, seat: int, rng: Rng) -> Move:
    """A move drawn uniformly from ``legal_moves`` without listing every bid."""
    if s.phase != "auction":
        moves = rules.legal_moves(s, seat)
        return moves[rng.randbelow(len(moves))]
    assert s.auction is not None
    info = auction.decision(s.auction)
    assert info is not None
    top = auction.MAX_BID
    if info["kind"] == "open":
        tiles = info["tiles"]
        k = rng.randbelow(len(tiles) * (top + 1))
        return {"type": "AuctionOpen", "tile": tiles[k // (top + 1)], "bid": k % (top + 1)}
    if info["kind"] == "bid":
        low = info["min_bid"]
        k = rng.randbelow(top - low + 2)
        return {"type": "AuctionPass"} if k == 0 else {"type": "AuctionRaise", "bid": low + k - 1}
    return {"type": "AuctionSettle", "choice": ("buy", "sell")[rng.randbelow(2)]}


def choose(s: State, seat: int, rng: Rng) -> Move:
    """The baseline bot's move for ``seat``."""
    if s.phase == "auction":
        assert s.auction is not None
        return auction.bot_move(s.auction, seat, rng)
    moves = rules.legal_moves(s, seat)
    return moves[rng.randbelow(len(moves))]
