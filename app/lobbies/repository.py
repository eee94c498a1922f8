"""Every query of the lobbies package."""

from __future__ import annotations

from collections.abc import Sequence

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from app.lobbies.models import Lobby


async def get(session: AsyncSession, lobby_id: str, lock: bool = False) -> Lobby | None:
    query = select(Lobby).where(Lobby.id == lobby_id)
    if lock:
        query = query.with_for_update()
    return (await session.scalars(query)).first()


async def list_open(session: AsyncSession, limit: int = 100) -> Sequence[Lobby]:
    query = (select(Lobby).where(Lobby.status == "open", Lobby.private.is_(False))
             .order_by(Lobby.created_at.desc()).limit(limit))
    return (await session.scalars(query)).all()


async def rematch_of(session: AsyncSession, game_id: str, lock: bool = False) -> Lobby | None:
    """The lobby of the rematch of ``game_id``, if one was offered."""
    query = select(Lobby).where(Lobby.rematch_of == game_id)
    if lock:
        query = query.with_for_update()
    return (await session.scalars(query)).first()
