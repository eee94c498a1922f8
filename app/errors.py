"""Errors that carry their own HTTP status and a stable code (docs/api.md, "errors").

A reason is a message (app/games/messages.py): its English text with ``{placeholders}`` is the
id, and the body carries it as data (``"message": {"id", "args"}``) beside ``reason``, which is
said in the request's language (the ``bazaar_lang`` cookie, then ``Accept-Language``).
"""

from __future__ import annotations

from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.requests import HTTPConnection

from app.games.base import GameError
from app.games.messages import N_, Message, english, say
from app.i18n import COOKIE
from app.i18n.negotiation import choose
from app.i18n.render import render


class ApiError(Exception):
    """An error answered as ``{"detail": {"code", "reason", ...}}`` with its status."""

    def __init__(self, status: int, code: str, reason: str, *,
                 args: dict[str, Any] | None = None, rule: str | None = None,
                 **extra: Any) -> None:
        """``reason`` is the message id; ``args`` fill its ``{placeholders}``."""
        self.message: Message = say(reason, **(args or {}))
        self.reason = english(self.message)
        super().__init__(self.reason)
        self.status = status
        self.code = code
        self.rule = rule
        self.extra = extra
        self.headers: dict[str, str] = {}

    def body(self, lang: str = "en") -> dict[str, Any]:
        """The error's JSON, its reason in ``lang`` (the rule id stays first, as in English)."""
        reason = render(self.message, lang)
        if self.rule:
            reason = f"{self.rule}: {reason}"
        rule = {"rule": self.rule} if self.rule else {}
        return {"code": self.code, "reason": reason, "message": self.message, **rule,
                **self.extra}


def unauthorized(reason: str = "unknown or missing token") -> ApiError:
    return ApiError(401, "UNAUTHORIZED", reason)


def forbidden(code: str, reason: str) -> ApiError:
    return ApiError(403, code, reason)


_THINGS = {"game": N_("no such game"), "lobby": N_("no such lobby"),
           "account": N_("no such account"), "tournament": N_("no such tournament"),
           "vacation": N_("no such vacation")}


def not_found(what: str) -> ApiError:
    return ApiError(404, "NOT_FOUND", _THINGS.get(what, "no such {what}"), args={"what": what})


def conflict(code: str, reason: str, **extra: Any) -> ApiError:
    return ApiError(409, code, reason, **extra)


def from_game_error(err: GameError) -> ApiError:
    """An engine error as an API error: InvalidMove 422, IllegalMove 409, NotYourTurn 403."""
    if err.message is not None:
        return ApiError(err.status, err.code, err.message["id"], args=err.message.get("args"),
                        rule=err.rule)
    return ApiError(err.status, err.code, err.reason)


def request_language(request: HTTPConnection) -> str:
    """The language of an API request or socket: its ``bazaar_lang`` cookie, then
    ``Accept-Language`` (an account's choice reaches the cookie when it signs in:
    app/web/routes/language.py)."""
    return choose(None, request.cookies.get(COOKIE), request.headers.get("accept-language"))


def install(app: FastAPI) -> None:
    """Answer every error as JSON in one shape; never leak a traceback."""

    @app.exception_handler(ApiError)
    async def _api(request: Request, exc: ApiError) -> JSONResponse:
        return JSONResponse({"detail": exc.body(request_language(request))},
                            status_code=exc.status,
                            headers=exc.headers or None)

    @app.exception_handler(GameError)
    async def _game(request: Request, exc: GameError) -> JSONResponse:
        body = from_game_error(exc).body(request_language(request))
        return JSONResponse({"detail": body}, status_code=exc.status)

    @app.exception_handler(RequestValidationError)
    async def _validation(_: Request, exc: RequestValidationError) -> JSONResponse:
        problems = []
        for err in exc.errors()[:10]:
            loc = ".".join(str(p) for p in err.get("loc", ()))
            problems.append(f"{loc}: {err.get('msg', 'invalid')}")
        reason = "; ".join(problems) or "malformed request"
        return JSONResponse({"detail": {"code": "BAD_REQUEST", "reason": reason}}, 422)

    @app.exception_handler(StarletteHTTPException)
    async def _http(_: Request, exc: StarletteHTTPException) -> JSONResponse:
        code = {404: "NOT_FOUND", 405: "METHOD_NOT_ALLOWED"}.get(exc.status_code, "HTTP_ERROR")
        return JSONResponse(
            {"detail": {"code": code, "reason": str(exc.detail)}}, status_code=exc.status_code
        )
