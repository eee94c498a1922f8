"""A game's chat (docs/api.md, "Games"): lines kept in the database, sent to every viewer on
every instance through the hub. Any signed-in caller of a game that exists may write; the
text is checked (length, rate) by the routes before it gets here.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from app.play import repository as repo
from app.realtime.hub import Hub


async def say(sessions: async_sessionmaker[AsyncSession], hub: Hub, game_id: str,
              user_id: str, name: str, text: str) -> dict[str, Any]:
    """Keep the line, then tell every viewer; the line as they receive it."""
    async with sessions() as session:
        line = repo.add_chat(session, game_id, user_id, name, text)
        await session.commit()
    message = {"type": "chat", "id": line.id, "name": line.name, "text": line.text,
               "at": line.created_at.isoformat()}
    await hub.fan_out(game_id, message)
    return message


async def history(sessions: async_sessionmaker[AsyncSession], game_id: str,
                  after: int | None = None) -> list[dict[str, Any]]:
    """The last chat lines, oldest first; with ``after``, those with a greater id."""
    async with sessions() as session:
        lines = await repo.chat_lines(session, game_id, after=after)
    return [{"id": c.id, "name": c.name, "text": c.text, "at": c.created_at.isoformat()}
            for c in lines]
