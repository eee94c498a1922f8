"""Creating guests, and recognising callers by the token of one of their sessions.

A user may be signed in on several devices: each has its own session (``user_sessions``) and
its own token, of which only the SHA-256 is stored. Revoking a session makes its token unknown.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from datetime import timedelta
from typing import cast

from sqlalchemy import DateTime, Table, bindparam, insert, select, text, update
from sqlalchemy.ext.asyncio import AsyncEngine, AsyncSession

from app.identity.models import User, UserSession
from app.ids import new_id, new_token, token_hash
from app.utc import now

LAST_SEEN_EVERY = timedelta(minutes=5)
"""``last_seen_at`` is written at most this often per session (not on every request)."""

# Statements of the hot paths, built once: building one per call and deriving its cache key
# was a tenth of a millisecond of each request's CPU (issue 16)
_BY_TOKEN = (select(UserSession, User).join(User, User.id == UserSession.user_id)
             .where(UserSession.token_hash == bindparam("token_hash"),
                    UserSession.revoked_at.is_(None), User.deleted_at.is_(None)))
_NAMES = select(User.id, User.name).where(User.id.in_(bindparam("ids", expanding=True)))
_MARKS = select(User.id, User.username, User.deleted_at).where(
    User.id.in_(bindparam("ids", expanding=True)))
_PEOPLE = select(User.id, User.name, User.username, User.deleted_at).where(
    User.id.in_(bindparam("ids", expanding=True)))


@dataclass(frozen=True)
class Identity:
    """Who is calling, and through which session."""

    user_id: str
    name: str
    session_id: str = ""
    username: str | None = None  # set for an account
    language: str | None = None  # the account's chosen language (app/i18n), if any


async def open_session(session: AsyncSession, user: User) -> tuple[Identity, str]:
    """A new session (and its new token) for ``user``: sign-in always rotates the token."""
    token = new_token()
    at = now()
    row = UserSession(id=new_id(), user_id=user.id, token_hash=token_hash(token),
                      created_at=at, last_seen_at=at)
    session.add(row)
    await session.flush()
    return Identity(user.id, user.name, row.id, user.username, user.language), token


# A guest and its first session in one statement and one round trip on PostgreSQL: the
# session's foreign key is checked at the end of the statement, when the user row is there.
# The ORM's unit of work, and a transaction of BEGIN, two INSERTs and COMMIT, were a third of
# the CPU of ``POST /api/session`` (issue 30, point 2).
_GUEST_PG = text(
    "WITH u AS (INSERT INTO users (id, name, created_at) VALUES (:user_id, :name, :at)) "
    "INSERT INTO user_sessions (id, user_id, token_hash, created_at, last_seen_at) "
    "VALUES (:session_id, :user_id, :token_hash, :at, :at)"
).bindparams(bindparam("at", type_=DateTime(timezone=True)))
_NEW_USER = insert(cast(Table, User.__table__))
_NEW_SESSION = insert(cast(Table, UserSession.__table__))


async def create_guest(engine: AsyncEngine, name: str) -> tuple[Identity, str]:
    """A new guest and its token (the token is shown once and stored only hashed), committed
    when this returns."""
    token, at, user_id, session_id = new_token(), now(), new_id(), new_id()
    row = {"user_id": user_id, "name": name, "at": at, "session_id": session_id,
           "token_hash": token_hash(token)}
    if engine.dialect.name == "postgresql":
        # one statement is its own transaction: no BEGIN and COMMIT round trips
        async with engine.connect() as conn:
            await (await conn.execution_options(isolation_level="AUTOCOMMIT")).execute(
                _GUEST_PG, row)
    else:
        async with engine.begin() as conn:
            await conn.execute(_NEW_USER, {"id": user_id, "name": name, "created_at": at})
            await conn.execute(_NEW_SESSION, {"id": session_id, "user_id": user_id,
                                              "token_hash": row["token_hash"], "created_at": at,
                                              "last_seen_at": at})
    return Identity(user_id, name, session_id), token


async def identify(session: AsyncSession, token: str | None) -> Identity | None:
    """The identity of a live session's token, or None."""
    if not token or len(token) > 200:
        return None
    row = (await session.execute(_BY_TOKEN, {"token_hash": token_hash(token)})).first()
    if row is None:
        return None
    sess, user = row
    at = now()
    seen = sess.last_seen_at
    if seen.tzinfo is None:  # SQLite hands back naive datetimes
        seen = seen.replace(tzinfo=at.tzinfo)
    if at - seen > LAST_SEEN_EVERY:
        await session.execute(update(UserSession).where(UserSession.id == sess.id)
                              .values(last_seen_at=at))
        await session.commit()
    return Identity(user.id, user.name, sess.id, user.username, user.language)


async def revoke_sessions(session: AsyncSession, user_id: str, *, only: str | None = None,
                          keep: str | None = None) -> list[str]:
    """Revoke the user's live sessions (just ``only``, or all but ``keep``); their ids."""
    query = select(UserSession.id).where(UserSession.user_id == user_id,
                                         UserSession.revoked_at.is_(None))
    if only is not None:
        query = query.where(UserSession.id == only)
    if keep is not None:
        query = query.where(UserSession.id != keep)
    ids = list((await session.scalars(query)).all())
    if ids:
        await session.execute(update(UserSession).where(UserSession.id.in_(ids))
                              .values(revoked_at=now()))
    return ids


async def names_of(session: AsyncSession, user_ids: set[str]) -> dict[str, str]:
    if not user_ids:
        return {}
    rows = await session.execute(_NAMES, {"ids": list(user_ids)})
    return {uid: name for uid, name in rows.all()}


async def people_of(session: AsyncSession, user_ids: set[str], viewer: Identity | None = None
                    ) -> tuple[dict[str, str], dict[str, str]]:
    """The names and the marks of these users in one query (``names_of`` and ``marks_of``
    together); the viewer's own come from their identity, a live session's, without a query
    (issue 30, point 2: a lobby's answer to its host or to a joining player)."""
    names: dict[str, str] = {}
    marks: dict[str, str] = {}
    others = set(user_ids)
    if viewer is not None and viewer.user_id in others:
        others.discard(viewer.user_id)
        names[viewer.user_id] = viewer.name
        marks[viewer.user_id] = mark(viewer.user_id, viewer.username)
    if others:
        rows = await session.execute(_PEOPLE, {"ids": list(others)})
        for uid, name, username, deleted in rows.all():
            names[uid] = name
            if deleted is None:
                marks[uid] = mark(uid, username)
    return names, marks


def mark(user_id: str, username: str | None) -> str:
    """What tells a person apart from another of the same display name (issue 24.5): an
    account's ``@username``, or "guest" and a short tag drawn from the id (never the id)."""
    if username:
        return f"@{username}"
    return f"guest #{hashlib.sha256(f'mark:{user_id}'.encode()).hexdigest()[:4]}"


async def marks_of(session: AsyncSession, user_ids: set[str]) -> dict[str, str]:
    """The mark of each of these users; a deleted account has none ("Former player" says it)."""
    if not user_ids:
        return {}
    rows = await session.execute(_MARKS, {"ids": list(user_ids)})
    return {uid: mark(uid, username) for uid, username, deleted in rows.all() if deleted is None}
