"""Turn-based game rows for scheduler tests and the bench: the ``games`` rows the
``turn_dues`` rows point at, written straight into a migrated database."""

from __future__ import annotations

from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from app.play.models import Game


async def add_games(sessions: async_sessionmaker[AsyncSession], ids: list[str]) -> None:
    async with sessions() as session:
        session.add_all(Game(id=gid, kind="grand-bazaar", options={}, clock={"mode": "turn"},
                             seats=[{"seat": 0, "name": "Ann"}, {"seat": 1, "name": "Bob"}],
                             seed="s", setup_chance=[], initial_state={}) for gid in ids)
        await session.commit()
