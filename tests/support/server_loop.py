"""Run a coroutine on a test server's own event loop (tests/conftest.py ServerThread), to look
at or drive the platform's state directly (a clock tick, the bot driver) instead of sleeping
and hoping that nothing happened (issue 26, point 5)."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

T = TypeVar("T")


def on_server(server: Any, make: Callable[[], Awaitable[T]], timeout: float = 30) -> T:
    """``await make()`` on the server's loop (the loop its move writer runs on); its result."""
    loop = server.app.state.play.writer.runner.event_loop
    assert loop is not None, "the server's move writer is not running"

    async def run() -> T:
        return await make()

    return asyncio.run_coroutine_threadsafe(run(), loop).result(timeout)
