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
* the WebSocket handshake (``app/realtime/ws.py``) is refused when its ``Origin`` is not
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
from functools import lru_cache
from typing import Any
from urllib.parse import urlsplit

from starlette.datastructures import Headers
from starlette.requests import cookie_parser

from app.deps import COOKIE

SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS", "TRACE"})
CUSTOM_HEADER = "x-requested-with"
SESSION_PATH = "/api/session"
COOKIE_SETTING_PATHS = frozenset({SESSION_PATH, "/api/account/signin", "/api/account/recover",
                                  "/api/account/passkeys/signin"})
"""Requests that set the cookie: checked as ``POST /api/session`` (no other site may sign the
browser in to an account of its choosing)."""
_DEFAULT_PORTS = {"http": 80, "https": 443}
_HTTP_SCHEME = {"http": "http", "https": "https", "ws": "http", "wss": "https"}


def normalise_origin(value: str) -> str | None:
    """``scheme://host[:port]`` in lower case without a default port; None if not an origin.

    ``null`` (sandboxed frames, ``data:`` pages), other schemes, paths, user info and bad
    ports are not origins, so they never match.
    """
    try:
        split = urlsplit(value.strip())
        port = split.port
    except ValueError:
        return None
    scheme = split.scheme.lower()
    host = split.hostname
    if scheme not in _DEFAULT_PORTS or not host or "@" in split.netloc:
        return None
    if split.path not in ("", "/") or split.query or split.fragment:
        return None
    if ":" in host:  # IPv6 literal
        host = f"[{host}]"
    if port is None or port == _DEFAULT_PORTS[scheme]:
        return f"{scheme}://{host}"
    return f"{scheme}://{host}:{port}"


def referer_origin(referer: str) -> str | None:
    """The origin of a ``Referer`` URL (its scheme and host, the path dropped)."""
    try:
        split = urlsplit(referer.strip())
    except ValueError:
        return None
    if not split.scheme or not split.netloc:
        return None
    return normalise_origin(f"{split.scheme}://{split.netloc}")


@lru_cache(maxsize=16)
def parse_origins(value: str | None) -> frozenset[str] | None:
    """``ALLOWED_ORIGINS`` as normalised origins; None when unset (the server's own origin).

    Raises ValueError for an entry that is not an origin, so that a typo fails at start.
    """
    entries = [v.strip() for v in (value or "").split(",") if v.strip()]
    if not entries:
        return None
    origins = set()
    for entry in entries:
        origin = normalise_origin(entry)
        if origin is None:
            raise ValueError(f"ALLOWED_ORIGINS: {entry!r} is not an origin like https://example.org")
        origins.add(origin)
    return frozenset(origins)


def own_origin(scope: dict[str, Any]) -> str | None:
    """The origin this request was addressed to: its scheme and ``Host`` header."""
    host = Headers(scope=scope).get("host")
    scheme = _HTTP_SCHEME.get(str(scope.get("scheme", "http")).lower())
    if not host or scheme is None:
        return None
    return normalise_origin(f"{scheme}://{host}")


def origin_allowed(scope: dict[str, Any], origin: str, allowed: frozenset[str] | None) -> bool:
    """Whether ``origin`` (an Origin header, or a Referer's origin) may act on this site."""
    value = normalise_origin(origin)
    if value is None:
        return False
    if allowed is not None:
        return value in allowed
    return value == own_origin(scope)


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
        return None  # token clients: the cookie is not used (app/deps.py, token_of)
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
