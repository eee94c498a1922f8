"""A seat whose turn clock ran out, and its player coming back (docs/design.md, "Seats,
clocks, resigning"; issue 16).

The clock watcher (app/play/clock_keeper.py) calls `Timeouts.time_out` for each seat whose
time ran out on this instance: the seat is away from then on, on every instance (an away row),
and the platform moves for it, with the game's own timeout move where it has one, else its bot.
A hard bot thinks in the pool, never under the lock: the driver moves for the seat then. The
player's own move, or their socket coming back, ends the away.
"""

from __future__ import annotations

import logging
from collections.abc import Callable

from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from app.errors import ApiError
from app.play import clock
from app.play import repository as repo
from app.play.bot_driver import Commit, inline_move
from app.play.live import LiveGame
from app.realtime.hub import Hub

log = logging.getLogger("bazaar.play")


class Timeouts:
    """Moves for the seats whose time ran out; brings their players back."""

    def __init__(self, sessions: async_sessionmaker[AsyncSession], hub: Hub, commit: Commit,
                 wake_bots: Callable[[LiveGame], None]) -> None:
        self.sessions = sessions
        self.hub = hub
        self.commit = commit
        self.wake_bots = wake_bots

    async def time_out(self, live: LiveGame, seat: int, turn_based: bool = False) -> None:
        """The seat's time ran out: move for it (the game's timeout move, else its bot).
        ``turn_based``: the turn scheduler found it due (app/play/turn_duties.py)."""
        async with live.lock:
            if seat not in (clock.turn_based_due(live, seat) if turn_based
                            else clock.expired(live)):
                return
            newly_away = seat not in live.away
            live.away.add(seat)
            move, level = inline_move(live, seat, "timeout")
            if move is not None:
                try:
                    await self.commit(live, seat, move, live.seq, None, "timeout", level,
                                      newly_away)
                except ApiError as err:
                    log.warning("timeout move refused in game %s: %s", live.id, err.code)
            elif newly_away:
                # no move yet (the hard bot thinks in the pool): the seat is away from now on,
                # on every instance
                async with self.sessions() as session:
                    await repo.mark_away(session, live.id, seat, True)
                    await session.commit()
            if move is not None or newly_away:
                await self.hub.fan_out(live.id, {"type": "away", "seats": sorted(live.away)})
        if move is None:
            # the hard bot plays the away seat: it thinks in the pool, never under the lock
            # (the clock keeps expiring until it has moved; the driver runs once)
            self.wake_bots(live)

    async def come_back(self, live: LiveGame, seat: int) -> None:
        """The player of an away seat is back: the platform stops moving for it."""
        if seat in live.away:
            live.away.discard(seat)
            async with self.sessions() as session:
                await repo.mark_away(session, live.id, seat, False)
                await session.commit()
            await self.hub.fan_out(live.id, {"type": "away", "seats": sorted(live.away)})
