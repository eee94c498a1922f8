"""The Redis hub: committed notices cross instances on one channel per game (docs/design.md,
"Many instances").

Postgres stays the single source of truth: a notice only says "game g advanced to seq n" (or
carries a chat line); each instance reads the moves it lacks from the database and turns them
into its own viewers' patches. A notice lost while an instance restarts costs nothing: its
clients reconnect and resume with ``since``.

Redis may go away (issue 24, point 6): publishing then raises at once (`Hub.fan_out` keeps
that from failing a committed move), and the listener keeps subscribing again; when it is back
it hands every local socket a ``resync`` notice, so that viewers read from the database the
moves other instances committed meanwhile, without waiting for another move.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging

import redis.asyncio as redis

from app.realtime.hub import Hub, Message

log = logging.getLogger("bazaar.hub.redis")

PREFIX = "bazaar:game:"
TIMEOUT_SECONDS = 2.0
"""A publish or a connection attempt that takes longer has failed (a Redis that hangs must
not hold a move's reply)."""
RETRY_SECONDS = 1.0
CONNECTIONS = 32
"""Connections to Redis at most (the listener's among them); a publish waits for a free one.
redis-py's default pool refuses a request past 100 connections at once
(``MaxConnectionsError``): two instances with 1,000 games at once lost notices to it, and a seat
waiting for its opponent's move on the other instance then waited for ever
(bench/load_growth.py, docs/scaling.md)."""


class RedisHub(Hub):
    """Publishes to ``bazaar:game:<id>``; one pattern subscription delivers to local sockets."""

    def __init__(self, url: str) -> None:
        super().__init__()
        self._client = redis.Redis.from_pool(redis.BlockingConnectionPool.from_url(
            url, max_connections=CONNECTIONS, timeout=TIMEOUT_SECONDS,
            socket_connect_timeout=TIMEOUT_SECONDS))
        self._pubsub = self._client.pubsub(ignore_subscribe_messages=True)
        self._task: asyncio.Task[None] | None = None
        self.connected = asyncio.Event()
        """Set while the listener is subscribed (tests and the resync wait for it)."""

    async def start(self) -> None:
        # a Redis that is down at start-up does not stop the instance: it serves its own
        # viewers and joins the others once Redis answers
        with contextlib.suppress(Exception):
            await self._subscribe()
        self._task = asyncio.create_task(self._listen())

    async def _subscribe(self) -> None:
        await asyncio.wait_for(self._pubsub.psubscribe(f"{PREFIX}*"), TIMEOUT_SECONDS)
        self.connected.set()

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._task
        with contextlib.suppress(Exception):
            await self._pubsub.aclose()  # type: ignore[no-untyped-call]  # untyped in redis-py
        await self._client.aclose()

    async def publish(self, game_id: str, message: Message) -> None:
        await asyncio.wait_for(self._client.publish(f"{PREFIX}{game_id}", json.dumps(message)),
                               TIMEOUT_SECONDS)

    async def _listen(self) -> None:
        while True:
            try:
                if not self.connected.is_set():
                    # back after an outage: subscribe again, then let every local socket
                    # read what it missed from the database
                    with contextlib.suppress(Exception):  # the old one is broken anyway
                        await self._pubsub.aclose()  # type: ignore[no-untyped-call]
                    self._pubsub = self._client.pubsub(ignore_subscribe_messages=True)
                    await self._subscribe()
                    log.info("redis is back: local viewers resynchronise")
                    self.deliver_all({"type": "resync"})
                async for item in self._pubsub.listen():
                    channel = item["channel"]
                    if isinstance(channel, bytes):
                        channel = channel.decode()
                    game_id = channel[len(PREFIX):]
                    if self.wanted(game_id):
                        self.deliver(game_id, json.loads(item["data"]))
            except asyncio.CancelledError:
                raise
            except Exception as err:
                # Redis went away: keep trying; sockets resynchronise when it is back
                if self.connected.is_set():
                    log.warning("redis listener lost its connection (%s); retrying",
                                type(err).__name__)
                self.connected.clear()
                await asyncio.sleep(RETRY_SECONDS)
