"""``/api/session``: guest identities."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request, Response

from app.identity.service import create_guest
from app.ratelimit import limit_new_identity
from app.schemas import Body, Name
from app.web.deps import COOKIE, CurrentUser, SessionDep, remember

router = APIRouter(prefix="/api", tags=["identity"])


class SessionIn(Body):
    name: Name


@router.post("/session", status_code=201)
async def new_session(body: SessionIn, request: Request, response: Response,
                      session: SessionDep) -> dict[str, Any]:
    """Create a guest identity; the browser also gets the token as an HttpOnly cookie."""
    await limit_new_identity(request)  # per address: how many identities one address mints
    who, token = await create_guest(session, body.name)
    await session.commit()  # committed before this process trusts the token without a lookup
    remember(request.app, token, who)
    response.set_cookie(COOKIE, token, httponly=True, samesite="lax", max_age=365 * 24 * 3600,
                        secure=request.app.state.settings.cookie_secure)
    return {"token": token, "user_id": who.user_id, "name": who.name}


@router.get("/session")
async def who_am_i(user: CurrentUser) -> dict[str, Any]:
    """The caller's identity."""
    return {"user_id": user.user_id, "name": user.name}
