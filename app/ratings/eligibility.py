"""Which finished games are rated, and the ranking they rate (docs/api.md, "Ratings").

A game is rated only when its lobby asked for it, it is not private, at least two distinct
accounts play it, no seat is on a host's device (hot-seat) or held by a guest, it was neither
imported nor continued from a replay, and it ended with a ranking (normally, or with
resignations). Bots are never rated: their seats take no part. A resigned seat ranks below every
seat that played on and is never a win.

Against farming without playing (issue 24.3; docs/decisions.md, "Rating farming"): a game in
which no account made a move of its own, or that every account left by resigning, is not rated;
and the same two accounts are rated together at most RATING_REPEAT_LIMIT times per kind per
`REPEAT_WINDOW` (`repeat_refusal`).
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass
from datetime import timedelta
from typing import Any

REPEAT_WINDOW = timedelta(hours=24)
"""The window of the repeat limit: rated games of one kind between the same two accounts."""


@dataclass(frozen=True)
class Placing:
    """One rated account's seat and its place in the game (1 is first; ties share a place)."""

    seat: int
    user_id: str
    rank: int


def placings(rated: bool, lobby_id: str | None, continued: bool, seats: list[Mapping[str, Any]],
             outcome: Mapping[str, Any] | None, accounts: Collection[str],
             private: bool = False, movers: Collection[int] = ()
             ) -> tuple[list[Placing], str]:
    """The placings to rate, or ``[]`` and why the game is casual, in words.

    ``movers`` are the seats that made at least one move of their own (not a bot's, a
    timeout's or a resigned seat's).
    """
    if not rated:
        return [], "the lobby chose a casual game"
    if private:
        return [], "a private game is never rated"
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
    if not any(s["seat"] in movers for s in people):
        return [], "no account made a move of its own"
    if all(s["seat"] in resigned for s in people):
        return [], "every account resigned"
    last = max(ranks) + 1
    # the people's places among themselves: a resignation ranks after everyone who played on
    places = [(last if s["seat"] in resigned else ranks[s["seat"]]) for s in people]
    return [Placing(s["seat"], s["user_id"], rank)
            for s, rank in zip(people, places, strict=True)], ""


def wins(placing: Placing, placings_: list[Placing], resigned: Collection[int]) -> bool:
    """Whether a placing counts as a win: first among the rated, and not a resignation."""
    return placing.seat not in resigned and placing.rank == min(p.rank for p in placings_)


def repeat_refusal(pair_games: Mapping[tuple[str, str], int], limit: int) -> str:
    """Why the game is casual when two of its accounts already played ``limit`` rated games of
    the kind together within `REPEAT_WINDOW` (``pair_games``: the count per pair), else ""."""
    if limit <= 0:
        return ""
    if any(n >= limit for n in pair_games.values()):
        return (f"the same two accounts already played {limit} rated games of this kind in "
                "24 hours")
    return ""
