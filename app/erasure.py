"""What deleting an account does to the games it played (docs/operations.md, "Accounts").

Every game, chat line and lobby seat keeps its place but shows the neutral name "Former
player". A live game does not wait for a person who is gone: each seat the account held there
is resigned, so the seat's bot plays it to the end (as after a resignation), and the others can
finish the game.
"""

from __future__ import annotations

import contextlib
from typing import Any

from sqlalchemy import String, select, update
from sqlalchemy.ext.asyncio import AsyncSession

from app.errors import ApiError
from app.identity.accounts import FORMER_PLAYER
from app.lobbies.models import LobbySeat
from app.play.models import ChatLine, Game
from app.play.service import PlayService


async def neutral_names(session: AsyncSession, user_id: str) -> list[tuple[str, int]]:
    """Rename the user's seats and chat lines; the (live game, seat) pairs to resign."""
    live: list[tuple[str, int]] = []
    # seats are JSON: a text match finds the candidates, the loop checks them exactly
    games = (await session.scalars(select(Game).where(
        Game.seats.cast(String).contains(user_id)))).all()
    for game in games:
        seats: list[dict[str, Any]] = [dict(s) for s in game.seats]
        mine = [i for i, s in enumerate(seats) if s.get("user_id") == user_id]
        for i in mine:
            seats[i]["name"] = FORMER_PLAYER
            if game.status == "live":
                live.append((game.id, i))
        if mine:
            game.seats = seats
    await session.execute(update(ChatLine).where(ChatLine.user_id == user_id)
                          .values(name=FORMER_PLAYER))
    await session.execute(update(LobbySeat).where(LobbySeat.user_id == user_id,
                                                  LobbySeat.name.is_not(None))
                          .values(name=FORMER_PLAYER))
    return live


async def resign_live(play: PlayService, user_id: str, seats: list[tuple[str, int]]) -> None:
    """After the commit: resign those seats and rename them in the games held in memory."""
    for game_id, seat in seats:
        live = await play.load(game_id)
        for i, held in enumerate(live.seats):
            if held.get("user_id") == user_id:
                live.seats[i] = {**held, "name": FORMER_PLAYER}
        if not live.finished and seat not in live.resigned:
            with contextlib.suppress(ApiError):  # it ended meanwhile, or it is an import
                await play.resign(game_id, user_id, seat)
