"""Creating guests and recognising callers by their token."""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from app.identity.models import User
from app.ids import new_id, new_token, token_hash
from app.play.repository import now


@dataclass(frozen=True)
class Identity:
    """Who is calling."""

    user_id: str
    name: str


async def create_guest(session: AsyncSession, name: str) -> tuple[Identity, str]:
    """A new guest and its token (the token is shown once and stored only hashed)."""
    token = new_token()
    user = User(id=new_id(), name=name, token_hash=token_hash(token), created_at=now())
    session.add(user)
    await session.flush()
    return Identity(user.id, user.name), token


async def identify(session: AsyncSession, token: str | None) -> Identity | None:
    """The identity of a token, or None."""
    if not token or len(token) > 200:
        return None
    user = (await session.scalars(select(User).where(User.token_hash == token_hash(token)))).first()
    return Identity(user.id, user.name) if user else None


async def names_of(session: AsyncSession, user_ids: set[str]) -> dict[str, str]:
    if not user_ids:
        return {}
    rows = await session.execute(select(User.id, User.name).where(User.id.in_(user_ids)))
    return {uid: name for uid, name in rows.all()}
