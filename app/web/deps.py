"""Dependency aliases: the unit of work, the caller, and the services."""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import AsyncIterator
from typing import Annotated, Any

from fastapi import Depends, Request
from sqlalchemy.ext.asyncio import AsyncSession

from app.db import session_scope
from app.errors import unauthorized
from app.identity.service import Identity, identify
from app.play.service import PlayService

COOKIE = "bazaar_token"


async def _session(request: Request) -> AsyncIterator[AsyncSession]:
    async for session in session_scope(request.app.state.sessions):
        yield session


# "function" scope: commit before the response is sent, so a client never reads stale data
SessionDep = Annotated[AsyncSession, Depends(_session, scope="function")]


def token_of(headers: Any, cookies: Any, query: Any = None) -> str | None:
    """The caller's token: Bearer header, then cookie, then ``token`` query parameter."""
    auth = headers.get("authorization", "")
    if auth.lower().startswith("bearer "):
        return str(auth[7:].strip())
    if cookies.get(COOKIE):
        return str(cookies[COOKIE])
    if query is not None and query.get("token"):
        return str(query["token"])
    return None


CACHE_SECONDS = 5.0
"""How long this process trusts a looked-up token before asking the database again: a session
revoked on another instance is refused there within this time (on this one, at once)."""


async def identity_of(request: Request, token: str | None) -> Identity | None:
    """Look a token up, with a small per-process cache of a few seconds."""
    if token is None:
        return None
    cache: dict[str, tuple[Identity, float]] = request.app.state.identities
    hit = cache.get(token)
    if hit is not None and hit[1] > time.monotonic():
        return hit[0]
    async with request.app.state.sessions() as session:
        found = await identify(session, token)
    revocations = getattr(request.app.state, "revocations", None)
    if found is not None and revocations is not None and revocations.is_revoked(
            found.session_id):
        found = None  # revoked on another instance; this database read was a moment behind
    if found is not None:
        remember(request.app, token, found)
    else:
        cache.pop(token, None)
    return found


def remember(app: Any, token: str, who: Identity) -> None:
    """Trust ``token`` as ``who`` for `CACHE_SECONDS`: one it looked up, or the token of a
    session just committed (a new guest's first requests then read nothing back; issue 16)."""
    cache: dict[str, tuple[Identity, float]] = app.state.identities
    if len(cache) > 50_000:
        cache.clear()
    cache[token] = (who, time.monotonic() + CACHE_SECONDS)


def forget_sessions(app: Any, session_ids: list[str] | set[str], user_id: str | None = None,
                    reason: str = "SIGNED_OUT") -> None:
    """Drop cached identities of these sessions (revoked), or of ``user_id`` (renamed), and
    close this instance's sockets of those sessions. Revocations go through
    ``app.state.revocations`` (app/web/revocations.py), which calls this on every
    instance."""
    ids = set(session_ids)
    cache: dict[str, tuple[Identity, float]] = app.state.identities
    for token, (who, _) in list(cache.items()):
        if who.session_id in ids or who.user_id == user_id:
            cache.pop(token, None)
    # this instance's open sockets of those sessions are closed (4401) as their token now is
    sockets: dict[str, set[Any]] = app.state.session_sockets
    for session_id in ids:
        for ws in sockets.pop(session_id, set()):
            task = asyncio.get_running_loop().create_task(_close(ws, reason))
            _CLOSING.add(task)
            task.add_done_callback(_CLOSING.discard)


_CLOSING: set[asyncio.Task[None]] = set()
"""Closing sockets (a reference each, so that none is collected before it is done)."""


async def _close(ws: Any, reason: str) -> None:
    with contextlib.suppress(Exception):  # it may be closing already
        await ws.close(code=4401, reason=reason)


async def _optional_user(request: Request) -> Identity | None:
    token = token_of(request.headers, request.cookies)
    found = await identity_of(request, token)
    if token is not None and found is None:
        raise unauthorized()
    return found


async def _current_user(user: Annotated[Identity | None, Depends(_optional_user)]) -> Identity:
    if user is None:
        raise unauthorized()
    return user


def _play(request: Request) -> PlayService:
    service: PlayService = request.app.state.play
    return service


OptionalUser = Annotated[Identity | None, Depends(_optional_user)]
CurrentUser = Annotated[Identity, Depends(_current_user)]
PlayDep = Annotated[PlayService, Depends(_play)]
