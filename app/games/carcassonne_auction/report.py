"""The report of a stand-alone auction (rules/carcassonne.md CAR-108, CAR-109, CAR-111).

Live and at the end: every auction with its bids and settlement, who gets which tile, each
player's net change and new score, the order in which the won tiles are played, and the
reminders of the rules the engine cannot check at the players' table.
"""

from __future__ import annotations

import copy
from typing import Any

from app.games.carcassonne import auction
from app.games.messages import N_

REMINDERS: tuple[dict[str, str], ...] = (
    {"rule": "CAR-58", "text": N_("Skip the bazaar when fewer tiles remain in the stack than there "
                                  "are players (as many is enough).")},
    {"rule": "CAR-56", "text": N_("A won tile never starts another bazaar, even if it shows a "
                                  "bazaar.")},
    {"rule": "CAR-70", "text": N_("Nobody draws a tile in the bazaar round: a won tile that does "
                                  "not fit is discarded, and that player places nothing (not the "
                                  "abbey either).")},
    {"rule": "CAR-93..96", "text": N_("With the builder: a won tile that extends your builder "
                                      "earns your extra tile at once, before the next player's "
                                      "bazaar turn; a bazaar tile placed meanwhile waits until "
                                      "this bazaar round is over. If the bazaar tile itself earned "
                                      "the placer's extra tile, the default order plays the whole "
                                      "bazaar first and that extra tile after it (the seed's "
                                      "revised order takes the extra tile before the tiles are "
                                      "turned face up).")},
)


def net_changes(state: dict[str, Any]) -> list[int]:
    """Each seat's net change; all zero once the host cancelled (CAR-111)."""
    if state["cancelled"]:
        return [0] * len(state["players"])
    return auction.changes(state["auction"])


def current_scores(state: dict[str, Any]) -> list[int]:
    """Entered score plus changes, or the changes alone when no scores were entered (CAR-113)."""
    base = state["scores"] or [0] * len(state["players"])
    return [b + c for b, c in zip(base, net_changes(state), strict=True)]


def _auction_rows(state: dict[str, Any]) -> list[dict[str, Any]]:
    rows: list[dict[str, Any]] = []
    for number, record in enumerate(state["auction"]["history"], start=1):
        row = copy.deepcopy(record)
        row["number"] = number
        row["status"] = "settled"
        rows.append(row)
    current = state["auction"]["current"]
    if current is not None:  # the auction still running, for the live report
        rows.append({
            "number": len(rows) + 1, "status": "running",
            "auctioneer": state["auction"]["auctioneer"], "tile": current["tile"],
            "shown": copy.deepcopy(state["tiles"][current["tile"]]),
            "opening": current["opening"], "actions": copy.deepcopy(current["actions"]),
            "settlement": None, "owner": None, "price": current["high_bid"], "changes": [],
        })
    return rows


def build_report(state: dict[str, Any]) -> dict[str, Any]:
    """The whole report as JSON (CAR-108, CAR-109); nothing in it is secret."""
    names = state["players"]
    won = auction.owners(state["auction"])
    changes = net_changes(state)
    return {
        "auctions": _auction_rows(state),
        "tiles": [
            {"tile": i, "shown": copy.deepcopy(state["tiles"][i]), "owner": owner}
            for i, owner in enumerate(won)
        ],
        "players": [
            {
                "seat": seat, "name": name, "change": changes[seat],
                "entered": state["scores"][seat] if state["scores"] is not None else None,
                "score": current_scores(state)[seat] if state["scores"] is not None else None,
                "tile": auction.tile_of(state["auction"], seat),
            }
            for seat, name in enumerate(names)
        ],
        "scores_entered": state["scores"] is not None,
        "play_order": auction.play_order(state["auction"]),
        "paid_to_nobody": 0 if state["cancelled"] else auction.paid_to_nobody(state["auction"]),
        "complete": auction.is_done(state["auction"]),
        "cancelled": state["cancelled"],
        "reminders": [dict(r) for r in REMINDERS],
    }
