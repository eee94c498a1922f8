"""Whose seat a caller acts or looks as (docs/architecture.md, "A move's trip", step 2;
docs/design.md, "Seats, clocks, resigning").

A person acts for their own seats and, as host, for the seats on their device (hot seat).
Moves and resignations refuse a seat the caller does not hold; reads never refuse one (a
shared hot-seat address must open for anyone), they fall back to the caller's own view.
"""

from __future__ import annotations

from app.errors import forbidden
from app.play.live import LiveGame
from app.realtime.viewer import Viewer


def seats_of(live: LiveGame, user_id: str | None) -> list[int]:
    """The seats this user acts for: their own, and the host's device seats if host."""
    if user_id is None:
        return []
    return [
        s["seat"] for s in live.seats
        if (s["holder"] == "user" and s["user_id"] == user_id)
        or (s["holder"] == "host" and live.host_id == user_id)
    ]


def resolve_seat(live: LiveGame, user_id: str | None, requested: int | None) -> Viewer:
    """The seat a caller acts or looks as: the requested one, one to act, or the first."""
    held = seats_of(live, user_id)
    if requested is not None:
        if requested not in held:
            raise forbidden("NOT_YOUR_SEAT", "you do not hold that seat")
        return requested
    if not held:
        return None
    acting = live.engine.to_act(live.state) if not live.finished else frozenset()
    return next((s for s in held if s in acting), held[0])


def view_seat(live: LiveGame, user_id: str | None, requested: int | None) -> Viewer:
    """The seat whose view a read shows: the requested one if the caller holds it, else the
    caller's own (as ``resolve_seat`` without a request; a spectator's view for a caller
    without a seat). Reads never refuse a seat; moves and resign keep ``resolve_seat``,
    which does."""
    held = seats_of(live, user_id)
    return resolve_seat(live, user_id, requested if requested in held else None)
