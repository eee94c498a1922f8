"""The Redis hub: committed notices cross instances on one channel per game (DESIGN.md,
"Many instances").

Postgres stays the single source of truth: a notice only says "game g advanced to seq n" (or
carries a chat line); each instance reads the moves it lacks from the database and turns them
into its own viewers' patches. A notice lost while an instance restarts costs nothing: its
clients reconnect and resume with ``since``.
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


class RedisHub(Hub):
    """Publishes to ``bazaar:game:<id>``; one pattern subscription delivers to local sockets."""

    def __init__(self, url: str) -> None:
        super().__init__()
        self._client = redis.from_url(url)
        self._pubsub = self._client.pubsub(ignore_subscribe_messages=True)
        self._task: asyncio.Task[None] | None = None

    async def start(self) -> None:
        await self._pubsub.psubscribe(f"{PREFIX}*")
        self._task = asyncio.create_task(self._listen())

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._task
        with contextlib.suppress(Exception):
            await self._pubsub.aclose()  # type: ignore[no-untyped-call]  # untyped in redis-py
        await self._client.aclose()

    async def publish(self, game_id: str, message: Message) -> None:
        await self._client.publish(f"{PREFIX}{game_id}", json.dumps(message))

    async def _listen(self) -> None:
        while True:
            try:
                async for item in self._pubsub.listen():
                    channel = item["channel"]
                    if isinstance(channel, bytes):
                        channel = channel.decode()
                    game_id = channel[len(PREFIX):]
                    if self.wanted(game_id):
                        self.deliver(game_id, json.loads(item["data"]))
            except asyncio.CancelledError:
                raise
            except Exception:
                # Redis went away: keep trying; sockets resynchronise with `since` meanwhile
                log.exception("redis listener failed; retrying")
                await asyncio.sleep(1)
