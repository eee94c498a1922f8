"""What the turn scheduler does with a due turn-based seat (issue 27, point 1): a "reminder"
notice (app/play/turn_notices.py), or at the timeout the lobby's choice, the bot plays for the
seat (the live clock's timeout path: the seat becomes away) or the seat is dropped (it resigns,
so a rated game counts it as lost). Stale rows (the seat moved, the game ended) do nothing.
Nothing here needs a page open: the game is loaded from the database on whichever instance
claimed the row."""

from __future__ import annotations

import time
from collections.abc import Callable

from app.play import turn_notices
from app.play.service import PlayService
from app.play.turn_scheduler import Due


class TurnDuties:
    def __init__(self, play: PlayService, now: Callable[[], float] = time.time) -> None:
        self.play = play
        self.now = now

    async def remind(self, due: Due) -> None:
        live = await self.play.load(due.game_id)
        if live.finished or due.seat not in live.engine.to_act(live.state):
            return
        await turn_notices.remind(self.play.hub, live, due.seat, due.due_at - self.now(),
                                  due.due_at, self.play.on_notice)

    async def time_out(self, due: Due) -> None:
        live = await self.play.load(due.game_id)
        if live.finished or due.seat not in live.engine.to_act(live.state):
            return
        if due.on_timeout == "drop":
            held = live.seats[due.seat]
            person = held.get("user_id") if held["holder"] == "user" else live.host_id
            await self.play.resign(live.id, person, due.seat)
        else:
            await self.play.time_out(live, due.seat, turn_based=True)
