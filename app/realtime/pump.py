"""A socket's subscription to a hub channel, pumped into a handler while the socket lives.

Both socket endpoints (``/ws/games/{id}``, ``/ws/me``) subscribe a bounded queue to their
channel, hand each message to the socket in a task of its own (so a slow send never blocks the
reader), and on close cancel the task and unsubscribe, whatever ended the socket.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator, Awaitable, Callable
from typing import Any

from app.realtime.hub import Hub

Message = dict[str, Any]


@contextlib.asynccontextmanager
async def pumping(hub: Hub, channel: str, handle: Callable[[Message], Awaitable[None]],
                  size: int) -> AsyncIterator[None]:
    """Deliver the channel's messages to ``handle`` until the block ends."""
    queue: asyncio.Queue[Message] = asyncio.Queue(maxsize=size)
    hub.subscribe(channel, queue)

    async def pump() -> None:
        while True:
            await handle(await queue.get())

    task = asyncio.create_task(pump())
    try:
        yield
    finally:
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await task
        hub.unsubscribe(channel, queue)
