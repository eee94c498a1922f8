"""Per-key rate limits (moves, chat, lobby creation): a sliding 10-second window in memory."""

from __future__ import annotations

import time
from collections import defaultdict, deque

from fastapi import Request

from app.errors import ApiError

WINDOW = 10.0


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


def limit(request: Request, what: str, n: int, key: str | None = None) -> None:
    """Raise 429 when the caller (by ``key`` or address) exceeded ``n`` per window."""
    limiter: RateLimiter = request.app.state.limiter
    if not limiter.allow(f"{what}:{key or client_address(request)}", n):
        raise ApiError(429, "RATE_LIMITED", f"too many {what} requests; slow down")
