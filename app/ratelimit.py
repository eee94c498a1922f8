"""Per-key rate limits (moves, chat, lobby creation): a sliding 10-second window in memory."""

from __future__ import annotations

import time
from collections import defaultdict, deque

from fastapi import Request

from app.errors import ApiError

WINDOW = 10.0
ADDRESS_FACTOR = 5
"""An address may carry several people (a household behind one router): its limit is wider."""


class RateLimiter:
    """Allows ``n`` events per key per window."""

    def __init__(self) -> None:
        self._hits: dict[str, deque[float]] = defaultdict(deque)

    def allow(self, key: str, n: int) -> bool:
        now = time.monotonic()
        hits = self._hits[key]
        while hits and hits[0] <= now - WINDOW:
            hits.popleft()
        if len(hits) >= n:
            return False
        hits.append(now)
        if len(self._hits) > 100_000:
            self._hits.clear()
        return True


def client_address(request: Request) -> str:
    return request.client.host if request.client else "unknown"


def allow(limiter: RateLimiter, what: str, n: int, key: str | None, address: str) -> bool:
    """Within ``n`` per window for the caller (``key``: a user or a connection) and within
    ``n * ADDRESS_FACTOR`` for its address; without a key, ``n`` for the address alone."""
    if key is None:
        return limiter.allow(f"{what}@{address}", n)
    return limiter.allow(f"{what}:{key}", n) and \
        limiter.allow(f"{what}@{address}", n * ADDRESS_FACTOR)


def limit(request: Request, what: str, n: int, key: str | None = None) -> None:
    """Raise 429 when the caller or its address exceeded its share of the window."""
    if not allow(request.app.state.limiter, what, n, key, client_address(request)):
        raise ApiError(429, "RATE_LIMITED", f"too many {what} requests; slow down")
