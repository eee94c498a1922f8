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

A publish can also fail while the listener stays connected (a Redis too busy to answer within
``TIMEOUT_SECONDS``, every connection taken): the other instances would then never hear of
that move, and a seat waiting there for it would wait until the next move. So a failed notice
that only says where a game is (``advanced``, ``takeback``) is kept, the latest per game, and
published again every ``RETRY_SECONDS`` until it goes through; hearing it twice is harmless,
as a socket reads only the moves it lacks. Chat lines and other notices are not sent again
(the chat's history is read on resume).
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
RESENT = frozenset({"advanced", "takeback"})
"""The notices published again after a failure: they carry only a seq, so a late or a second
copy changes nothing."""
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
        self._unsent: dict[str, Message] = {}
        """Per game, the latest notice of ``RESENT`` that a publish failed to carry."""
        self._resending: asyncio.Task[None] | None = None
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
        for task in (self._task, self._resending):
            if task is not None:
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError, Exception):
                    await task
        with contextlib.suppress(Exception):
            await self._pubsub.aclose()  # type: ignore[no-untyped-call]  # untyped in redis-py
        await self._client.aclose()

    async def publish(self, game_id: str, message: Message) -> None:
        await asyncio.wait_for(self._client.publish(f"{PREFIX}{game_id}", json.dumps(message)),
                               TIMEOUT_SECONDS)

    def publish_failed(self, game_id: str, message: Message) -> None:
        if message.get("type") not in RESENT:
            return
        kept = self._unsent.get(game_id)
        if kept is None or int(message.get("seq", 0)) >= int(kept.get("seq", 0)):
            self._unsent[game_id] = message
        if self._resending is None or self._resending.done():
            self._resending = asyncio.create_task(self._resend())

    async def _resend(self) -> None:
        """Publish the kept notices again until every one has gone through."""
        while self._unsent:
            await asyncio.sleep(RETRY_SECONDS)
            for game_id, message in list(self._unsent.items()):
                try:
                    await self.publish(game_id, message)
                except asyncio.CancelledError:
                    raise
                except Exception:
                    break  # still failing: the rest waits for the next round
                if self._unsent.get(game_id) is message:  # nothing newer failed meanwhile
                    del self._unsent[game_id]
                log.info("a notice of game %s reached the other instances late", game_id)

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
