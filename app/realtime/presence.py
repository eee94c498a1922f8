"""Who is connected to a game: its seats and how many spectators (docs/api.md, ``presence``).

Each instance counts its own sockets. With one instance that is the whole truth; with several
(``REDIS_URL``, docs/design.md "Many instances") a player connected to another instance must
not look away, so every instance also writes its counts to a Redis hash per game
(``bazaar:presence:<game>``, one field per instance and viewer) and the presence frame sums the
hash over the instances that are alive. An instance keeps a key with a short expiry
(``bazaar:instance:<id>``) and renews it; the fields of an instance whose key has expired (it
crashed) are ignored and deleted, so a dead instance's players stop showing as connected within
`INSTANCE_TTL` seconds.

Changes are announced sparingly: a seat's frame only when that seat comes or goes on this
instance (not for a second tab), the spectator count at most once a second per game.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
from collections.abc import Iterable
from typing import Any

import redis.asyncio as redis

from app.periodic import Periodic
from app.realtime.viewer import Viewer

log = logging.getLogger("bazaar.presence")

SPECTATOR_NOTICE_SECONDS = 1.0
"""Spectator counts are announced at most this often per game (issue 11: with 1,500 spectators
a presence frame to every viewer on every open and close made each new socket cost ~100 ms)."""

INSTANCE_TTL = 30
"""Seconds an instance's liveness key lasts without renewal (renewed every third of it)."""

HASH = "bazaar:presence:"
ALIVE = "bazaar:instance:"
SPECTATOR = "s"


class Counts:
    """Open sockets per viewer (a seat, or None for spectators) of one game."""

    def __init__(self, by_viewer: dict[Viewer, int] | None = None) -> None:
        self.by_viewer: dict[Viewer, int] = by_viewer or {}

    @property
    def connected(self) -> list[int]:
        return sorted(v for v, n in self.by_viewer.items() if v is not None and n > 0)

    @property
    def spectators(self) -> int:
        return self.by_viewer.get(None, 0)


class Presence:
    """This instance's sockets per game, and the counts of every instance when shared."""

    def __init__(self, redis_url: str | None = None) -> None:
        self.sockets: dict[str, dict[Viewer, int]] = {}
        self._spectators_due: set[str] = set()
        self._tasks: set[asyncio.Task[None]] = set()  # pending spectator notices
        self.instance = secrets.token_hex(6)
        self._redis: redis.Redis | None = redis.from_url(redis_url) if redis_url else None
        # keeps this instance marked alive in the shared store (with Redis)
        self._heartbeat = Periodic(self._beat, INSTANCE_TTL / 3, name="the presence heartbeat",
                                   log=log)
        self._pending_writes: set[asyncio.Task[None]] = set()
        self._write_order = asyncio.Lock()  # FIFO: the writes reach Redis in the order made

    # ------------------------------------------------------------------ this instance

    def add(self, game_id: str, viewer: Viewer) -> bool:
        """Count a socket; True when it connects a seat that had none here."""
        seats = self.sockets.setdefault(game_id, {})
        seats[viewer] = seats.get(viewer, 0) + 1
        self._share(game_id, viewer, seats[viewer])
        return viewer is not None and seats[viewer] == 1

    def remove(self, game_id: str, viewer: Viewer) -> bool:
        """Uncount a socket; True when it was a seat's last here."""
        seats = self.sockets.get(game_id, {})
        seats[viewer] = seats.get(viewer, 1) - 1
        left = seats.get(viewer, 0)
        gone = left <= 0
        if gone:
            seats.pop(viewer, None)
        if not seats:
            self.sockets.pop(game_id, None)
        self._share(game_id, viewer, max(left, 0))
        return viewer is not None and gone

    def total(self) -> int:
        """Open game sockets on this instance (a metric)."""
        return sum(sum(s.values()) for s in self.sockets.values())

    # ------------------------------------------------------------------ every instance

    async def counts(self, game_id: str) -> Counts:
        """The game's sockets on every live instance (this one's alone without Redis)."""
        local = Counts(dict(self.sockets.get(game_id, {})))
        if self._redis is None:
            return local
        try:
            fields = await self._redis.hgetall(f"{HASH}{game_id}")
            return await self._merge(game_id, fields)
        except Exception:  # Redis unreachable: say what this instance knows
            log.warning("presence: redis unavailable; counting this instance's sockets only")
            return local

    async def connected(self, game_id: str) -> list[int]:
        return (await self.counts(game_id)).connected

    async def frame(self, game_id: str) -> dict[str, Any]:
        counts = await self.counts(game_id)
        return {"type": "presence", "connected": counts.connected,
                "spectators": counts.spectators}

    async def announce(self, hub: Any, game_id: str, viewer: Viewer, seat_changed: bool) -> None:
        """Tell the game's viewers: at once when a seat came or went; when a spectator did,
        once, a second from now, with the count as it is then; a seat's extra tab, never."""
        if seat_changed:
            try:
                await self._flushed(game_id)
                await hub.fan_out(game_id, await self.frame(game_id))
            except Exception:  # Redis is down: the socket itself goes on (issue 24)
                log.warning("presence of game %s not announced", game_id)
            return
        if viewer is not None or game_id in self._spectators_due:
            return
        self._spectators_due.add(game_id)

        async def later() -> None:
            await asyncio.sleep(SPECTATOR_NOTICE_SECONDS)
            self._spectators_due.discard(game_id)
            with contextlib.suppress(Exception):
                await self._flushed(game_id)
                await hub.fan_out(game_id, await self.frame(game_id))

        task = asyncio.create_task(later())
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    # ------------------------------------------------------------------ the shared store

    async def start(self) -> None:
        """Mark this instance alive and keep it so (with Redis)."""
        if self._redis is None:
            return
        with contextlib.suppress(Exception):
            await self._redis.set(f"{ALIVE}{self.instance}", 1, ex=INSTANCE_TTL)
        self._heartbeat.start()

    async def stop(self) -> None:
        """Take this instance's counts out of the shared store."""
        await self._heartbeat.stop()
        if self._redis is None:
            return
        with contextlib.suppress(Exception):
            await asyncio.gather(*self._pending_writes, return_exceptions=True)
            for game_id, seats in list(self.sockets.items()):
                await self._redis.hdel(f"{HASH}{game_id}", *self._fields(seats))
            await self._redis.delete(f"{ALIVE}{self.instance}")
        with contextlib.suppress(Exception):
            await self._redis.aclose()

    def _share(self, game_id: str, viewer: Viewer, count: int) -> None:
        """Write this instance's count for one viewer of a game (in the background: the
        announcement that follows waits for it, `_flushed`)."""
        if self._redis is None:
            return
        task = asyncio.create_task(self._write(game_id, viewer, count))
        self._pending_writes.add(task)
        task.add_done_callback(self._pending_writes.discard)

    async def _write(self, game_id: str, viewer: Viewer, count: int) -> None:
        assert self._redis is not None
        key, field = f"{HASH}{game_id}", self._field(viewer)
        try:
            async with self._write_order:
                if count > 0:
                    await self._redis.hset(key, field, count)
                    await self._redis.expire(key, 86_400)  # a forgotten game's hash goes away
                else:
                    await self._redis.hdel(key, field)
        except Exception:
            log.warning("presence: could not share the count of game %s", game_id)

    async def _flushed(self, game_id: str) -> None:
        """Wait for this instance's pending writes (so a frame read next includes them)."""
        if self._pending_writes:
            await asyncio.gather(*list(self._pending_writes), return_exceptions=True)

    async def _beat(self) -> None:
        assert self._redis is not None
        with contextlib.suppress(Exception):  # Redis away: the next beat tries again
            await self._redis.set(f"{ALIVE}{self.instance}", 1, ex=INSTANCE_TTL)

    def _field(self, viewer: Viewer) -> str:
        return f"{self.instance}|{SPECTATOR if viewer is None else viewer}"

    def _fields(self, seats: Iterable[Viewer]) -> list[str]:
        return [self._field(v) for v in seats]

    async def _merge(self, game_id: str, fields: dict[Any, Any]) -> Counts:
        """Sum the fields of the live instances; delete the fields of dead ones."""
        assert self._redis is not None
        parsed: list[tuple[str, str, int]] = []
        for raw, value in fields.items():
            text = raw.decode() if isinstance(raw, bytes) else str(raw)
            instance, _, who = text.partition("|")
            parsed.append((instance, who, int(value)))
        instances = sorted({i for i, _, _ in parsed})
        alive = dict(zip(instances, await self._redis.mget(
            [f"{ALIVE}{i}" for i in instances]), strict=True)) if instances else {}
        counts: dict[Viewer, int] = {}
        dead: list[str] = []
        for instance, who, n in parsed:
            if alive.get(instance) is None and instance != self.instance:
                dead.append(f"{instance}|{who}")
                continue
            viewer: Viewer = None if who == SPECTATOR else int(who)
            counts[viewer] = counts.get(viewer, 0) + n
        if dead:
            await self._redis.hdel(f"{HASH}{game_id}", *dead)
        return Counts(counts)
