"""Stand-alone Bazaar auction baseline (rules/carcassonne.md §15, CAR-60 to CAR-66, CAR-113).

With no board to place on, a tile is worth what its printed features promise on an average
board (`tile_worth`: a city segment and a pennant a few points each, a road, a cloister, a
little for a field), written here independently of the hard bot's own table. The player
opens at 0 on the tile worth most to it, raises while the price is under half the tile's
worth, and, as auctioneer, sells to a raise unless the tile is worth far more than the points
the sale brings: the same auction rule as the Carcassonne baseline, from its own view.
"""

from __future__ import annotations

from typing import Any

from app.games.base import JSON, Engine, Move, Rng, Seat

POINTS = {"C": 3.0, "R": 1.5, "K": 5.0, "F": 0.5}  # per printed segment kind
PENNANT = 2.0


def tile_worth(shown: JSON) -> float:
    """A tile's rough worth from its printed segments (unknown labels: an average tile)."""
    from app.games.carcassonne.tiles import TILE_TYPES, segment_kinds

    tid = shown.get("type") if isinstance(shown, dict) else shown
    if tid not in TILE_TYPES:
        return 4.0
    return sum(POINTS[k] for k in segment_kinds(tid)) + PENNANT * TILE_TYPES[tid].pennant


def move(engine: Engine, state: Any, seat: Seat, rng: Rng) -> Move:
    """The auction rule above, from the seat's view."""
    info = engine.view(state, seat)["auction"]
    decision, tiles = info["decision"], info["tiles"]
    if decision["kind"] == "open":
        worths = {i: tile_worth(tiles[i]["shown"]) for i in decision["tiles"]}
        pick = max(worths, key=lambda i: (worths[i], -i))
        return {"type": "AuctionOpen", "tile": pick, "bid": 0}
    worth = tile_worth(tiles[info["current"]["tile"]]["shown"])
    if decision["kind"] == "bid":
        if decision["min_bid"] <= worth / 2:
            return {"type": "AuctionRaise", "bid": decision["min_bid"]}
        return {"type": "AuctionPass"}
    sell = worth < 3 * decision["high_bid"] + 2
    return {"type": "AuctionSettle", "choice": "sell" if sell else "buy"}
