"""Which finished games are rated, and the ranking they rate (docs/api.md, "Ratings").

A game is rated only when its lobby asked for it, at least two distinct accounts play it, no
seat is on a host's device (hot-seat) or held by a guest, it was neither imported nor continued
from a replay, and it ended with a ranking (normally, or with resignations). Bots are never
rated: their seats take no part. A resigned seat ranks below every seat that played on.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Placing:
    """One rated account's seat and its place in the game (1 is first; ties share a place)."""

    seat: int
    user_id: str
    rank: int


def placings(rated: bool, lobby_id: str | None, continued: bool, seats: list[Mapping[str, Any]],
             outcome: Mapping[str, Any] | None, accounts: Collection[str]
             ) -> tuple[list[Placing], str]:
    """The placings to rate, or ``[]`` and why the game is casual, in words."""
    if not rated:
        return [], "the lobby chose a casual game"
    if lobby_id is None:
        return [], "an imported game is never rated"
    if continued:
        return [], "a game continued from a replay is never rated"
    ranks = list((outcome or {}).get("ranks") or [])
    if len(ranks) != len(seats):
        return [], "the game ended without a ranking"
    if any(s["holder"] == "host" for s in seats):
        return [], "a seat was played on the host's device"
    people = [s for s in seats if s["holder"] == "user"]
    if any(s["user_id"] not in accounts for s in people):
        return [], "a seat was held by a guest"
    distinct = {s["user_id"] for s in people}
    if len(distinct) < 2 or len(people) != len(distinct):
        return [], "a rated game needs at least two accounts, one seat each"
    resigned = set((outcome or {}).get("resigned") or [])
    last = max(ranks) + 1
    # the people's places among themselves: a resignation ranks after everyone who played on
    places = [(last if s["seat"] in resigned else ranks[s["seat"]]) for s in people]
    return [Placing(s["seat"], s["user_id"], rank)
            for s, rank in zip(people, places, strict=True)], ""
