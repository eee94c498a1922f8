"""``PUT /api/language``: the language picker of the header (issue 29).

The choice is set as the ``bazaar_lang`` cookie for this browser and, for a known user, kept on
the account (app/identity/language.py), which a sign-in on another device copies back into
that device's cookie (app/web/routes/accounts.py ``signed_in``). Pages then speak the
account's language first, then the cookie's, then the browser's (app/i18n/negotiation.py).
"""

from __future__ import annotations

from typing import Any, Literal

from fastapi import APIRouter, Request, Response

from app.i18n import COOKIE, LANGUAGES, NAMES
from app.identity.language import set_language
from app.schemas import Body
from app.web.deps import OptionalUser, SessionDep, forget_sessions

router = APIRouter(prefix="/api", tags=["language"])
COOKIE_AGE = 365 * 24 * 3600


class LanguageIn(Body):
    language: Literal["en", "de", "fr"] | None  # None: follow the browser again


def set_cookie(request: Request, response: Response, language: str | None) -> None:
    """This browser's language cookie (readable by scripts: it is no secret)."""
    secure = request.app.state.settings.cookie_secure
    if language is None:
        response.delete_cookie(COOKIE, samesite="lax", secure=secure)
    else:
        response.set_cookie(COOKIE, language, max_age=COOKIE_AGE, samesite="lax",
                            secure=secure)


@router.get("/languages")
async def languages() -> dict[str, Any]:
    """The shipped languages, each named in itself."""
    return {"languages": [{"code": code, "name": NAMES[code]} for code in LANGUAGES]}


@router.put("/language")
async def choose_language(body: LanguageIn, request: Request, response: Response,
                          user: OptionalUser, session: SessionDep) -> dict[str, Any]:
    """Speak ``language`` to this browser, and to the caller's account on every device."""
    if user is not None:
        await set_language(session, user.user_id, body.language)
        forget_sessions(request.app, [], user.user_id)  # cached identities learn the choice
    set_cookie(request, response, body.language)
    return {"language": body.language, "saved_to_account": user is not None}
