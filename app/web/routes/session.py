"""``/api/session``: guest identities."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request, Response
from fastapi.responses import JSONResponse

from app.errors import unauthorized
from app.identity.service import create_guest
from app.ratelimit import limit_new_identity
from app.schemas import Body, Name
from app.web.deps import COOKIE, identity_of, remember, token_of

router = APIRouter(prefix="/api", tags=["identity"])


class SessionIn(Body):
    name: Name


@router.post("/session", status_code=201)
async def new_session(body: SessionIn, request: Request, response: Response) -> dict[str, Any]:
    """Create a guest identity; the browser also gets the token as an HttpOnly cookie."""
    await limit_new_identity(request)  # per address: how many identities one address mints
    # committed when it returns, before this process trusts the token without a lookup
    who, token = await create_guest(request.app.state.db, body.name)
    remember(request.app, token, who)
    response.set_cookie(COOKIE, token, httponly=True, samesite="lax", max_age=365 * 24 * 3600,
                        secure=request.app.state.settings.cookie_secure)
    return {"token": token, "user_id": who.user_id, "name": who.name}


@router.get("/session", response_model=None)
async def who_am_i(request: Request) -> dict[str, Any] | JSONResponse:
    """The caller's identity; ``account`` says whether it has a profile page.

    A cookie whose session has ended (signed out from another device, a password changed) is
    answered 401 ``SIGNED_OUT`` and cleared, so that the browser looks on as a visitor with no
    name instead of being refused everywhere (issue 25, point 14).
    """
    token = token_of(request.headers, request.cookies)
    user = await identity_of(request, token)
    if user is not None:
        return {"user_id": user.user_id, "name": user.name, "account": user.username is not None}
    if token is None or token != request.cookies.get(COOKIE):
        raise unauthorized()
    answer = JSONResponse({"detail": {"code": "SIGNED_OUT", "reason": "this device's session has "
                                      "ended: sign in again"}}, status_code=401)
    answer.delete_cookie(COOKIE, httponly=True, samesite="lax",
                         secure=request.app.state.settings.cookie_secure)
    return answer
