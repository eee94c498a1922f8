"""One background loop, started and stopped the same way everywhere (issue 26, point 2).

The platform runs several loops beside the requests: the clock watcher, the move writer, the
end-of-game duty sweep, the revocation sweep, the tournament keeper, the presence heartbeat, the
turn scheduler and the notification sender.
Each used to hold its own task, its own ``start``/``stop`` and its own ``while True``; this is
that code once. A loop runs its step, then waits ``every`` seconds or until `Periodic.wake`
(whichever comes first; without ``every`` it waits for a wake only). A step that raises is
logged and the loop goes on: one failed step (the database away, the hub down) must never stop
the duty for good. Stopping cancels the task and waits for it.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable

Step = Callable[[], Awaitable[object]]


class Periodic:
    """Runs ``step`` in a background task: at once when ``at_once``, else after the first wait."""

    def __init__(self, step: Step, every: float | None, *, name: str,
                 log: logging.Logger, at_once: bool = False) -> None:
        self.step = step
        self.every = every
        self.name = name
        self.log = log
        self.at_once = at_once
        self._wake = asyncio.Event()
        self._task: asyncio.Task[None] | None = None

    @property
    def running(self) -> bool:
        """Whether the loop is started and not over."""
        return self._task is not None and not self._task.done()

    @property
    def event_loop(self) -> asyncio.AbstractEventLoop | None:
        """The event loop the task runs on (tests on another thread submit work to it)."""
        return self._task.get_loop() if self._task is not None else None

    def start(self) -> None:
        self._task = asyncio.get_running_loop().create_task(self._run(), name=self.name)

    def wake(self) -> None:
        """Run the step now rather than at the end of the wait (no effect while it runs but
        one more run right after it)."""
        self._wake.set()

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
            self._task = None

    async def _run(self) -> None:
        if not self.at_once:
            await self._wait()
        while True:
            try:
                await self.step()
            except Exception:
                self.log.exception("%s failed; trying again at the next step", self.name)
            await self._wait()

    async def _wait(self) -> None:
        if self.every is None:
            await self._wake.wait()
        else:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._wake.wait(), self.every)
        self._wake.clear()
