"""The task that watches this instance's turn clocks and moves for a seat whose time ran out
(docs/design.md, "Seats, clocks, resigning"; the clocks themselves are app/play/clock.py, which the
game service updates on every move, so this watcher lives apart from both)."""

from __future__ import annotations

import asyncio
import contextlib
import logging

from app.play import clock
from app.play.service import PlayService

log = logging.getLogger("bazaar.clock")


class ClockKeeper:
    """Watches the clocks of this instance's live games and moves for absent seats."""

    def __init__(self, play: PlayService, interval: float = 0.2) -> None:
        self.play = play
        self.interval = interval
        self._task: asyncio.Task[None] | None = None

    def start(self) -> None:
        self._task = asyncio.create_task(self._run())

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task

    async def _run(self) -> None:
        while True:
            await asyncio.sleep(self.interval)
            try:
                await self.tick()
            except Exception:
                log.exception("clock tick failed")

    async def tick(self) -> None:
        for live in self.play.cached_games():
            for seat in clock.expired(live):
                await self.play.time_out(live, seat)
