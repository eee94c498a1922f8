"""Dependency aliases: the unit of work, the caller, and the services."""

from __future__ import annotations

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


async def identity_of(request: Request, token: str | None) -> Identity | None:
    """Look a token up, with a small per-process cache (tokens never change owner)."""
    if token is None:
        return None
    cache: dict[str, Identity] = request.app.state.identities
    if token in cache:
        return cache[token]
    async with request.app.state.sessions() as session:
        found = await identify(session, token)
    if found is not None:
        if len(cache) > 50_000:
            cache.clear()
        cache[token] = found
    return found


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
