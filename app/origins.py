"""Origins: what ``scheme://host[:port]`` a request came from or was addressed to, and whether
it is one of the site's own (``ALLOWED_ORIGINS``). The cross-site guard (app/web/csrf.py), the
socket handshake and passkeys (whose challenges are bound to an origin) all read them here.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any
from urllib.parse import urlsplit

from starlette.datastructures import Headers

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
