"""Cross-site request checks: who may act with the browser's cookie (docs/decisions.md).

The ``bazaar_token`` cookie is sent by the browser whatever page makes the request, and
``SameSite=Lax`` does not stop a page on another port of the same host (that is the same
*site*). So a request that the cookie authenticates must come from one of the site's own
origins:

* every state-changing HTTP request (not GET/HEAD/OPTIONS/TRACE) that the cookie authenticates
  (no ``Authorization: Bearer``) needs an allowed ``Origin`` (or, when a browser sent none, an
  allowed ``Referer``; with neither it is refused) and a JSON content type or the
  ``X-Requested-With`` header. A cross-site page can send neither without a CORS preflight,
  which this server never grants. ``POST /api/session`` and the account sign-in routes
  (``COOKIE_SETTING_PATHS``: they set the cookie) are checked the
  same way when it carries an ``Origin``/``Referer``, so that no other site can swap the
  browser's identity; a client that sends neither header is not a browser page and may call it.
* the WebSocket handshake (``app/web/sockets/game.py``) is refused when its ``Origin`` is not
  allowed; a handshake without ``Origin`` is not from a browser page and is not authenticated
  by the cookie (Bearer header or ``token`` query only).

Bearer clients are never affected: a page on another site cannot add that header without a
preflight, and cannot know the token.

Allowed origins: ``ALLOWED_ORIGINS`` (comma-separated) when set, else the server's own origin:
``<scheme>://<Host header>``, the scheme being the request's (uvicorn rewrites it from
``X-Forwarded-Proto`` only for the proxies it trusts, ``FORWARDED_ALLOW_IPS``).
"""

from __future__ import annotations

import json
from typing import Any

from starlette.datastructures import Headers
from starlette.requests import cookie_parser

from app.origins import origin_allowed, parse_origins, referer_origin
from app.web.deps import COOKIE

SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS", "TRACE"})
CUSTOM_HEADER = "x-requested-with"
SESSION_PATH = "/api/session"
COOKIE_SETTING_PATHS = frozenset({SESSION_PATH, "/api/account/signin", "/api/account/recover",
                                  "/api/account/passkeys/signin"})
"""Requests that set the cookie: checked as ``POST /api/session`` (no other site may sign the
browser in to an account of its choosing)."""
SIGNED_LINK_PATHS = frozenset({"/notify/unsubscribe"})
"""Requests whose authority is a signed token in the URL, never the cookie: the one-click
unsubscribe (RFC 8058) that a mail client or the page's plain form posts (app/notify/)."""
def _is_json(content_type: str | None) -> bool:
    media = (content_type or "").split(";", 1)[0].strip().lower()
    if not media.startswith("application/"):
        return False
    subtype = media[len("application/"):]
    return subtype == "json" or subtype.endswith("+json")


def refusal(scope: dict[str, Any], allowed: frozenset[str] | None) -> str | None:
    """Why this HTTP request is refused as cross-site, or None when it may go on."""
    if scope.get("method", "GET").upper() in SAFE_METHODS:
        return None
    headers = Headers(scope=scope)
    if headers.get("authorization", "").lower().startswith("bearer "):
        return None  # token clients: the cookie is not used (app/web/deps.py, token_of)
    if scope.get("path") in SIGNED_LINK_PATHS:
        return None
    sets_cookie = scope.get("path") in COOKIE_SETTING_PATHS
    by_cookie = not sets_cookie and bool(cookie_parser(headers.get("cookie", "")).get(COOKIE))
    if not (by_cookie or sets_cookie):
        return None  # nothing authenticates it: the route answers 401 where it must
    origin = headers.get("origin")
    if origin is not None:
        source: str | None = origin
    else:
        referer = headers.get("referer")
        source = referer_origin(referer) if referer else None
        if referer and source is None:
            return "the Referer of this request is not an allowed origin"
    if source is None:
        if by_cookie:
            return ("a request authenticated by the cookie needs an Origin header; "
                    "clients that are not browser pages send Authorization: Bearer <token>")
    elif not origin_allowed(scope, source, allowed):
        return "cross-site request refused: its origin may not act on this site"
    if not _is_json(headers.get("content-type")) and not headers.get(CUSTOM_HEADER):
        return "send Content-Type: application/json (or an X-Requested-With header)"
    return None


class CrossSiteGuard:
    """ASGI middleware: refuses cross-site state-changing requests with 403 ``CROSS_SITE``."""

    def __init__(self, app: Any, allowed_origins: str | None = None) -> None:
        self.app = app
        self.allowed = parse_origins(allowed_origins)

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] == "http":
            reason = refusal(scope, self.allowed)
            if reason is not None:
                body = json.dumps({"detail": {"code": "CROSS_SITE", "reason": reason}}).encode()
                await send({"type": "http.response.start", "status": 403,
                            "headers": [(b"content-type", b"application/json"),
                                        (b"content-length", str(len(body)).encode())]})
                await send({"type": "http.response.body", "body": body})
                return
        await self.app(scope, receive, send)
