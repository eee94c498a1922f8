"""Errors that carry their own HTTP status and a stable code (docs/api.md, "errors")."""

from __future__ import annotations

from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException as StarletteHTTPException

from app.games.base import GameError


class ApiError(Exception):
    """An error answered as ``{"detail": {"code", "reason", ...}}`` with its status."""

    def __init__(self, status: int, code: str, reason: str, **extra: Any) -> None:
        super().__init__(reason)
        self.status = status
        self.code = code
        self.reason = reason
        self.extra = extra
        self.headers: dict[str, str] = {}

    def body(self) -> dict[str, Any]:
        return {"code": self.code, "reason": self.reason, **self.extra}


def unauthorized(reason: str = "unknown or missing token") -> ApiError:
    return ApiError(401, "UNAUTHORIZED", reason)


def forbidden(code: str, reason: str) -> ApiError:
    return ApiError(403, code, reason)


def not_found(what: str) -> ApiError:
    return ApiError(404, "NOT_FOUND", f"no such {what}")


def conflict(code: str, reason: str, **extra: Any) -> ApiError:
    return ApiError(409, code, reason, **extra)


def from_game_error(err: GameError) -> ApiError:
    """An engine error as an API error: InvalidMove 422, IllegalMove 409, NotYourTurn 403."""
    return ApiError(err.status, err.code, err.reason)


def install(app: FastAPI) -> None:
    """Answer every error as JSON in one shape; never leak a traceback."""

    @app.exception_handler(ApiError)
    async def _api(_: Request, exc: ApiError) -> JSONResponse:
        return JSONResponse({"detail": exc.body()}, status_code=exc.status,
                            headers=exc.headers or None)

    @app.exception_handler(GameError)
    async def _game(_: Request, exc: GameError) -> JSONResponse:
        return JSONResponse({"detail": from_game_error(exc).body()}, status_code=exc.status)

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
