"""The language a user chose (issue 29): kept on the ``users`` row, so that an account
signing in on another device is spoken to in it at once."""

from __future__ import annotations

from sqlalchemy import update
from sqlalchemy.ext.asyncio import AsyncSession

from app.identity.models import User


async def set_language(session: AsyncSession, user_id: str, language: str | None) -> None:
    """Remember ``language`` (one of app.i18n.LANGUAGES, or None to follow the browser)."""
    await session.execute(update(User).where(User.id == user_id).values(language=language))
