"""The move writer's own event loop on a thread of its own (issue 30): a batch's transaction
runs beside the serving loop instead of in its queue.

Measured under load (bench/move_stages.py): a group-commit transaction of about 45 moves took
120 ms of wall time on the serving loop, of which PostgreSQL's part is about a millisecond; the
rest was its four or five round trips each waiting for a turn of a loop busy with hundreds of
sockets. On its own loop each reply is taken up at once (asyncpg parses in C and releases the
GIL while it waits), so the batch is short, the next batch forms sooner, and every move of it
waits less. The serving loop still forms the batches and settles each move's future after its
commit: nothing is published before its own commit, as before.

Opt-in (``MOVE_WRITER_THREAD``, PostgreSQL only; docs/operations.md says why it is off by
default). The thread's loop has its own engine (asyncpg connections belong to the loop that opened
them), made from the serving engine's URL; it holds a connection or two.
"""

from __future__ import annotations

import asyncio
import sys
import threading
from collections.abc import Awaitable, Callable
from typing import TypeVar

from sqlalchemy.ext.asyncio import AsyncEngine

from app.db import make_engine

T = TypeVar("T")

SWITCH_INTERVAL = 0.0005
"""Seconds a thread waits for the GIL before the holder is asked to drop it."""


class WriterThread:
    """A daemon thread running an event loop with its own engine on the given URL."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.loop = asyncio.new_event_loop()
        self.engine: AsyncEngine = make_engine(url)
        self._thread = threading.Thread(target=self._serve, name="move-writer", daemon=True)

    def start(self) -> None:
        # a thread waiting for the GIL asks the holder to let go after this long (5 ms by
        # default); the writer wants it for a moment after each reply from the database
        sys.setswitchinterval(SWITCH_INTERVAL)
        self._thread.start()

    def _serve(self) -> None:
        asyncio.set_event_loop(self.loop)
        self.loop.run_forever()

    async def run(self, work: Callable[[AsyncEngine], Awaitable[T]]) -> T:
        """``work(engine)`` on the writer's loop; its result or its exception, here."""
        async def job() -> T:
            return await work(self.engine)
        return await asyncio.wrap_future(asyncio.run_coroutine_threadsafe(job(), self.loop))

    async def stop(self) -> None:
        """Close the engine's connections, end the loop and the thread."""
        if not self._thread.is_alive():
            return
        await asyncio.wrap_future(
            asyncio.run_coroutine_threadsafe(self.engine.dispose(), self.loop))
        self.loop.call_soon_threadsafe(self.loop.stop)
        await asyncio.get_running_loop().run_in_executor(None, self._thread.join)
        self.loop.close()
