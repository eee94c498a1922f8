"""The view of a stand-alone auction (rules/carcassonne.md CAR-98, CAR-101, CAR-108, CAR-113).

Nothing is hidden: every viewer gets the same view. Beside the platform envelope it carries
the options (placer, tiles, entered scores), the auction as the shared board panel reads it
(`auction.public_view`) and the report.
"""

from __future__ import annotations

import copy
from typing import Any

from app.games.base import Outcome, envelope
from app.games.carcassonne import auction
from app.games.carcassonne_auction.breakdown import score_breakdown
from app.games.carcassonne_auction.report import build_report, current_scores, net_changes


def to_act(state: dict[str, Any]) -> frozenset[int]:
    """The one seat to decide, or nobody once the auction is over or cancelled."""
    if state["cancelled"]:
        return frozenset()
    seat = auction.to_act(state["auction"])
    return frozenset() if seat is None else frozenset({seat})


def outcome(state: dict[str, Any]) -> Outcome | None:
    """Final scores and changes; an auction ranks nobody (CAR-113)."""
    if not (state["cancelled"] or auction.is_done(state["auction"])):
        return None
    changes = net_changes(state)
    return Outcome(
        scores=current_scores(state),
        ranks=[],
        winners=[],
        reason="cancelled" if state["cancelled"] else "finished",
        details={
            "changes": changes,
            "cancelled": state["cancelled"],
            "owners": auction.owners(state["auction"]),
            "play_order": auction.play_order(state["auction"]),
        },
    ).with_breakdown(score_breakdown(state))


def players(state: dict[str, Any]) -> list[dict[str, Any]]:
    """The envelope's players: names from the `players` option, whoever holds the seat."""
    scores, changes = current_scores(state), net_changes(state)
    return [
        {
            "seat": seat,
            "name": name,
            "score": scores[seat],
            "change": changes[seat],
            "tile": auction.tile_of(state["auction"], seat),
        }
        for seat, name in enumerate(state["players"])
    ]


def build_view(state: dict[str, Any]) -> dict[str, Any]:
    """The same view for every seat and spectator (CAR-101)."""
    data = envelope(to_act(state), players(state), outcome(state))
    data.update({
        "placer": state["placer"],
        "tiles": copy.deepcopy(state["tiles"]),
        "scores_entered": state["scores"] is not None,
        "entered_scores": copy.deepcopy(state["scores"]),
        "cancelled": state["cancelled"],
        "auction": auction.public_view(state["auction"]),
        "report": build_report(state),
    })
    return data
