"""``/api/players/{id}`` (an account's profile) and ``/api/leaderboards/{kind}``."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter

from app.errors import ApiError, not_found
from app.games.base import get_engine
from app.identity.models import User
from app.ratings import service
from app.schemas import IdParam
from app.web.deps import SessionDep

router = APIRouter(prefix="/api", tags=["ratings"])


@router.get("/players/{user_id}")
async def player_profile(user_id: IdParam, session: SessionDep) -> dict[str, Any]:
    """An account's ratings per kind with their history, and its recent rated games."""
    user = await session.get(User, user_id)
    if user is None or user.username_key is None or user.deleted_at is not None:
        raise not_found("account")
    return await service.profile(session, user)


@router.get("/leaderboards/{kind}")
async def kind_leaderboard(kind: str, session: SessionDep) -> dict[str, Any]:
    """The best ratings in one game kind."""
    try:
        engine = get_engine(kind)
    except KeyError:
        raise ApiError(404, "UNKNOWN_KIND", "there is no such game") from None
    return {"kind": kind, "title": engine.title,
            "players": await service.leaderboard(session, kind)}
