""""My games" (docs/api.md): the games where it is the caller's turn first, then their other
live games, then their finished games with results and dates, a page at a time."""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Sequence
from typing import Any

from app.games.base import get_engine
from app.play.models import Game
from app.play.record_seats import seats_now

FINISHED_PAGE = 20
"""Finished games per page; live games are all on the first page (a person has few)."""
LIVE_LIMIT = 200


def own_seats(game: Game, user_id: str) -> list[int]:
    """The seats this user plays: their own, and the seats on their device if they host."""
    return [s["seat"] for s in seats_now(game.seats, game.lobby_id)
            if (s["holder"] == "user" and s["user_id"] == user_id)
            or (s["holder"] == "host" and game.host_id == user_id)]


def your_turn(game: Game, user_id: str, to_act: Sequence[int]) -> bool:
    """Whether one of the user's seats must act (a resigned seat is the bot's, not theirs)."""
    resigned = set(game.resigned or [])
    return any(seat in to_act and seat not in resigned for seat in own_seats(game, user_id))


def result(game: Game, user_id: str) -> dict[str, Any] | None:
    """The user's place in a finished game, and who won, for the list to say in words."""
    outcome = game.outcome or {}
    ranks = outcome.get("ranks") or []
    mine = [seat for seat in own_seats(game, user_id) if seat < len(ranks)]
    names = [s["name"] for s in game.seats]
    # a game ended without a ranking (a cancelled auction) has no place to give
    resigned = set(outcome.get("resigned") or [])
    return {"rank": min(ranks[seat] for seat in mine) if mine else None, "of": len(names),
            # a seat the user resigned, which the bot played to its place: never a win
            "resigned": bool(mine) and all(seat in resigned for seat in mine),
            # the winners by name, a resigned seat's never (docs/decisions.md, "Resigning")
            "winners": [names[w] for w in outcome.get("winners") or []
                        if w < len(names) and w not in resigned],
            "reason": str(outcome.get("reason") or "finished")}


def entry(game: Game, user_id: str, to_act: Sequence[int]) -> dict[str, Any]:
    """A game as "My games" lists it."""
    return {
        "id": game.id, "kind": game.kind, "title": get_engine(game.kind).title,
        "status": game.status, "seq": game.seq, "private": game.private,
        "players": [s["name"] for s in game.seats],
        "updated_at": game.updated_at.isoformat() if game.updated_at else None,
        "your_turn": game.status == "live" and your_turn(game, user_id, to_act),
        "result": result(game, user_id) if game.status == "finished" else None,
    }


async def listing(live: Sequence[Game], finished: Sequence[Game], user_id: str,
                  to_act_of: Callable[[str], Awaitable[list[int]]]) -> list[dict[str, Any]]:
    """Your-turn games first (longest waiting first), then other live games, then finished.

    ``to_act_of`` asks the live game for a row written before the seats to act were kept.
    """
    rows = []
    for game in live:
        seats = game.to_act if game.to_act is not None else await to_act_of(game.id)
        rows.append(entry(game, user_id, seats))
    waiting = sorted((r for r in rows if r["your_turn"]), key=lambda r: r["updated_at"] or "")
    others = [r for r in rows if not r["your_turn"]]
    return waiting + others + [entry(game, user_id, []) for game in finished]
