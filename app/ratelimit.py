"""Rate limits with the `limits` library (moving windows), and the cap on sockets per address.

Who is counted (docs/operations.md, "Rate limits"):

* a caller with an identity is counted by that identity alone (``user:<id>``): moves, chat and
  lobby creation over HTTP and over the socket share one allowance per person, and nobody else
  at the same address can use it up;
* a caller without one is counted by its address (``addr:<address>``): guest session creation
  (so an address can only mint so many identities per window) and frames of anonymous sockets.

There is deliberately no ceiling per address over identified callers: any such shared ceiling
can be spent by one client holding a few identities, which would lock out everybody else at the
address (a household, a school, a carrier NAT). The number of identities one address can create
per window is bounded instead.

The counters live in this process's memory, or in Redis when ``REDIS_URL`` is set, so that all
instances count against one allowance. In memory the library's synchronous storage is used: its
counters are plain lists that a hit updates without waiting for anything, whereas its asyncio
storage expires old entries after every hit with a thread hop per key (90 µs a hit with 400
keys, against 14 µs; issue 16). If Redis cannot be reached the limits fail open (logged):
a Redis outage must not stop play.

The client address is ``request.client``: uvicorn replaces it with the X-Forwarded-For client
only when the peer is in ``FORWARDED_ALLOW_IPS`` (see app/__main__.py).
"""

from __future__ import annotations

import ipaddress
import logging
import math
import time
from typing import Any

from limits import RateLimitItem, RateLimitItemPerSecond
from limits.aio.storage import RedisStorage
from limits.aio.strategies import MovingWindowRateLimiter
from limits.errors import StorageError
from limits.storage import MemoryStorage
from limits.strategies import MovingWindowRateLimiter as MemoryWindowRateLimiter
from starlette.requests import HTTPConnection

from app.errors import ApiError

log = logging.getLogger("bazaar.ratelimit")

WINDOW = 10
"""Seconds of the moves, chat and lobby windows (RATE_MOVES, RATE_CHAT, RATE_LOBBIES)."""


def _storage_uri(redis_url: str) -> str:
    """``redis://host/db`` as the `limits` async scheme (``async+redis://host/db``)."""
    if redis_url.startswith("unix://"):
        return "async+redis+" + redis_url
    return "async+" + redis_url


class RateLimiter:
    """Moving-window counters, in memory or (with ``redis_url``) in Redis."""

    def __init__(self, redis_url: str | None = None, prefix: str = "bazaar-rate") -> None:
        self._pool: Any = None
        self.strategy: MovingWindowRateLimiter | None = None
        self.memory: MemoryWindowRateLimiter | None = None
        if redis_url:
            import redis.asyncio

            # our own pool, so that shutdown can close it (limits has no close)
            self._pool = redis.asyncio.ConnectionPool.from_url(
                redis_url, socket_timeout=2, socket_connect_timeout=2)
            self.strategy = MovingWindowRateLimiter(RedisStorage(
                _storage_uri(redis_url), implementation="redispy", key_prefix=prefix,
                wrap_exceptions=True, connection_pool=self._pool))
        else:
            self.memory = MemoryWindowRateLimiter(MemoryStorage())
        self._items: dict[tuple[str, int, int], RateLimitItem] = {}
        self._warned = 0.0

    def _item(self, what: str, n: int, window: int) -> RateLimitItem:
        item = self._items.get((what, n, window))
        if item is None:
            item = self._items[(what, n, window)] = RateLimitItemPerSecond(
                max(n, 0), window, namespace=what)
        return item

    async def hit(self, what: str, n: int, key: str, window: int = WINDOW) -> int | None:
        """Count one ``what`` for ``key``: None while within ``n`` per ``window`` seconds, else
        the whole seconds until the next one is allowed (for Retry-After)."""
        item = self._item(what, n, window)
        if self.memory is not None:
            if self.memory.hit(item, key):
                return None
            reset = self.memory.get_window_stats(item, key).reset_time
            return max(1, math.ceil(reset - time.time()))
        assert self.strategy is not None
        try:
            if await self.strategy.hit(item, key):
                return None
            stats = await self.strategy.get_window_stats(item, key)
        except StorageError as err:
            if time.monotonic() - self._warned > 60:  # once a minute, not once a request
                self._warned = time.monotonic()
                log.warning("rate limit storage unavailable, allowing: %s", err.storage_error)
            return None
        return max(1, math.ceil(stats.reset_time - time.time()))

    async def close(self) -> None:
        if self._pool is not None:
            await self._pool.aclose()


def client_address(conn: HTTPConnection) -> str:
    """The caller's address as a rate-limit key; an IPv6 address counts as its /64 (one
    client usually holds the whole /64 and may pick any address in it)."""
    host = conn.client.host if conn.client else "unknown"
    try:
        ip = ipaddress.ip_address(host)
    except ValueError:
        return host
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        return str(ipaddress.IPv6Network((ip, 64), strict=False))
    return host


def caller_key(conn: HTTPConnection, user_id: str | None) -> str:
    """Who is counted: the identity when there is one, else the address."""
    return f"user:{user_id}" if user_id is not None else f"addr:{client_address(conn)}"


def rate_limited(what: str, retry_after: int) -> ApiError:
    err = ApiError(429, "RATE_LIMITED", "too many {what} requests; slow down",
                   args={"what": what}, retry_after=retry_after)
    err.headers["Retry-After"] = str(retry_after)
    return err


async def limit(request: HTTPConnection, what: str, n: int, user_id: str | None = None,
                window: int = WINDOW) -> None:
    """Raise 429 (with Retry-After) when the caller — ``user_id``, or without one the
    address — has had ``n`` ``what`` in the last ``window`` seconds."""
    limiter: RateLimiter = request.app.state.limiter
    wait = await limiter.hit(what, n, caller_key(request, user_id), window)
    if wait is not None:
        raise rate_limited(what, wait)


async def limit_new_identity(request: HTTPConnection) -> None:
    """Guest session creation: RATE_SESSIONS per RATE_SESSIONS_WINDOW per address."""
    settings = request.app.state.settings
    n = settings.rate_sessions if settings.rate_sessions is not None else settings.rate_lobbies
    await limit(request, "session", n, None, settings.rate_sessions_window)


async def limit_signin(request: HTTPConnection, username: str | None) -> None:
    """Sign-in, claim and recovery: RATE_SIGNIN_ADDRESS per address and RATE_SIGNIN per
    username, each per RATE_SIGNIN_WINDOW seconds, so that nobody can try passwords fast."""
    settings = request.app.state.settings
    limiter: RateLimiter = request.app.state.limiter
    window = settings.rate_signin_window
    wait = await limiter.hit("signin", settings.rate_signin_address,
                             f"addr:{client_address(request)}", window)
    if wait is None and username:
        wait = await limiter.hit("signin-name", settings.rate_signin,
                                 f"name:{username.lower()}", window)
    if wait is not None:
        raise _signin_limited(wait)


async def limit_own(request: HTTPConnection, who: Any) -> None:
    """A signed-in owner's own actions that check the current password (a new password, new
    recovery codes, deletion): RATE_SIGNIN per RATE_SIGNIN_WINDOW per identity. Other people's
    wrong sign-ins (counted per username and address) do not count here, so they cannot lock
    the owner out; a stolen session still cannot try passwords fast (issue 24.5)."""
    settings = request.app.state.settings
    limiter: RateLimiter = request.app.state.limiter
    wait = await limiter.hit("signin-own", settings.rate_signin, f"user:{who.user_id}",
                             settings.rate_signin_window)
    if wait is not None:
        raise _signin_limited(wait)


async def limit_recovery(request: HTTPConnection) -> None:
    """Recovery with a code: RATE_SIGNIN_ADDRESS per window per address, the sign-in count.

    Not per username: someone else's wrong guesses at the name must not block its owner's
    valid code. A code is 79 random bits, so the per-address bound is ample against guessing.
    """
    settings = request.app.state.settings
    limiter: RateLimiter = request.app.state.limiter
    wait = await limiter.hit("signin", settings.rate_signin_address,
                             f"addr:{client_address(request)}", settings.rate_signin_window)
    if wait is not None:
        raise _signin_limited(wait)


def _signin_limited(wait: int) -> ApiError:
    err = ApiError(429, "RATE_LIMITED", "too many sign-in attempts; try again in {wait} "
                   "seconds", args={"wait": wait}, retry_after=wait)
    err.headers["Retry-After"] = str(wait)
    return err


class SocketSlots:
    """Open sockets per key on this instance: an identity's (MAX_SOCKETS_PER_IDENTITY) or an
    anonymous address's (MAX_SOCKETS_PER_ADDRESS); app/web/sockets/admission.py picks the key."""

    def __init__(self) -> None:
        self.open: dict[str, int] = {}

    def acquire(self, key: str, cap: int) -> bool:
        count = self.open.get(key, 0)
        if count >= cap:
            return False
        self.open[key] = count + 1
        return True

    def release(self, key: str) -> None:
        count = self.open.get(key, 0) - 1
        if count > 0:
            self.open[key] = count
        else:
            self.open.pop(key, None)
