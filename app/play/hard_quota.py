"""Caps on live hard-bot games (issue 24, point 4): per identity and per address.

Hard bots cost a worker process's CPU for every move; four guest identities once started forty
games of six hard bots each and starved every other player. A game "has hard bots" when a bot
seat searches (hard, or expert: issue 28, point 2) or the takeover level does (a resigned or
timed-out seat is then played by that bot). Its start records a `HardBotGame` row with the
host and the address the start came from; the final move deletes it (app/play/writer.py). A
start that would pass a cap is refused with 429 ``HARD_BOT_LIMIT`` and nothing is started. The
count and the insert share the start's transaction; two starts racing on two instances may both
pass by one, which a cap meant to stop floods (not to count exactly) tolerates.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncSession

from app.errors import ApiError
from app.games import bots
from app.play.models import Game, HardBotGame


def has_hard_bots(game: Game) -> bool:
    """Whether searching bots play in the game: a hard or expert bot seat, or such a takeover
    level (an expert bot costs a worker more than a hard one; it counts the same)."""
    seats: list[dict[str, Any]] = list(game.seats or [])
    return game.takeover_level in bots.SEARCHING or any(
        s.get("holder") == "bot" and s.get("level") in bots.SEARCHING for s in seats)


async def claim(session: AsyncSession, game: Game, owner_id: str, address: str,
                per_identity: int, per_address: int) -> None:
    """Count the new game against its host's caps, or refuse it (429, nothing written)."""
    if not has_hard_bots(game):
        return
    mine = await session.scalar(select(func.count()).select_from(HardBotGame)
                                .where(HardBotGame.owner_id == owner_id))
    if (mine or 0) >= per_identity:
        raise ApiError(429, "HARD_BOT_LIMIT",
                       "You already have {count} live games with hard bots. Finish or "
                       "resign one of them first, or play this one against normal bots.",
                       args={"count": per_identity})
    here = await session.scalar(select(func.count()).select_from(HardBotGame)
                                .where(HardBotGame.address == address))
    if (here or 0) >= per_address:
        raise ApiError(429, "HARD_BOT_LIMIT",
                       "Your network already has {count} live games with hard bots. "
                       "Finish one of them first, or play this one against normal bots.",
                       args={"count": per_address})
    session.add(HardBotGame(game_id=game.id, owner_id=owner_id, address=address[:64]))
