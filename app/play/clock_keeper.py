"""The task that watches this instance's turn clocks and moves for a seat whose time ran out
(docs/design.md, "Seats, clocks, resigning"; the clocks themselves are app/play/clock.py, which the
game service updates on every move, so this watcher lives apart from both)."""

from __future__ import annotations

import logging

from app.periodic import Periodic
from app.play import clock
from app.play.service import PlayService

log = logging.getLogger("bazaar.clock")


class ClockKeeper:
    """Watches the clocks of this instance's live games and moves for absent seats."""

    def __init__(self, play: PlayService, interval: float = 0.2) -> None:
        self.play = play
        self.interval = interval
        self._loop = Periodic(self.tick, interval, name="the clock tick", log=log)

    def start(self) -> None:
        self._loop.start()

    async def stop(self) -> None:
        await self._loop.stop()

    async def tick(self) -> None:
        for live in self.play.cached_games():
            for seat in clock.expired(live):
                await self.play.time_out(live, seat)
