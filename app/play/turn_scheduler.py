"""Due turns of turn-based tables, kept in the database and handled once across instances
(issue 27, point 1; the pattern of app/play/duties.py).

Each turn-based seat to act has a ``turn_dues`` row: ``remind_at`` (a "reminder" notice, some
hours before) and ``due_at`` (the lobby's choice: the bot plays for the seat, or the seat is
dropped, which loses a rated game). Every instance runs a ``TurnScheduler``; a tick claims due
rows for ``claim_seconds``:

- PostgreSQL: ``SELECT … FOR UPDATE SKIP LOCKED`` and the claim's update in one transaction, so
  two instances take disjoint rows without waiting on each other;
- SQLite (one writer; no row locks): a conditional ``UPDATE … WHERE claimed_until < now`` per
  row, whose row count says whether this instance won it.

A handled timeout makes its row idle only if ``due_at`` is unchanged (a move in the meantime has
rescheduled the seat); a handler that raises leaves the claim to lapse and a later tick (of any
instance, after a restart too) retries it. Nothing depends on a page being open.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass

from sqlalchemy import and_, delete, or_, select, update
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker
from sqlalchemy.sql.elements import ColumnElement

from app.periodic import Periodic
from app.play.models import TurnDue
from app.play.turn_clock import Interval, due_at, remind_at
from app.play.turn_rows import IDLE

log = logging.getLogger("bazaar.turns")

BATCH = 200


@dataclass(frozen=True)
class Due:
    """One claimed row: what is due for which seat."""

    game_id: str
    seat: int
    due_at: float
    on_timeout: str
    timed_out: bool
    """True: the turn has run out; False: only its reminder is due."""


Remind = Callable[[Due], Awaitable[None]]
TimeOut = Callable[[Due], Awaitable[None]]


async def schedule(session: AsyncSession, game_id: str, seat: int, start: float,
                   budget: float, pauses: Sequence[Interval], on_timeout: str) -> float:
    """Write (or rewrite) a seat's due times in the caller's transaction; the due time."""
    due = due_at(start, budget, pauses)
    row = await session.get(TurnDue, (game_id, seat))
    if row is None:
        row = TurnDue(game_id=game_id, seat=seat)
        session.add(row)
    row.due_at, row.remind_at = due, remind_at(start, due)
    row.reminded, row.on_timeout, row.claimed_until = False, on_timeout, 0.0
    return due


async def clear(session: AsyncSession, game_id: str, seat: int | None = None) -> None:
    """Drop a seat's (or a whole game's) due times: it moved, or the game ended."""
    query = delete(TurnDue).where(TurnDue.game_id == game_id)
    if seat is not None:
        query = query.where(TurnDue.seat == seat)
    await session.execute(query)


class TurnScheduler:
    """Claims and handles due turn-based seats; ``now`` is injectable for simulated days."""

    def __init__(self, sessions: async_sessionmaker[AsyncSession], remind: Remind,
                 time_out: TimeOut, claim_seconds: float = 60.0, tick_seconds: float = 30.0,
                 now: Callable[[], float] = time.time) -> None:
        self.sessions = sessions
        self.remind = remind
        self.time_out = time_out
        self.claim_seconds = claim_seconds
        self.tick_seconds = tick_seconds
        self.now = now
        # a failed tick is logged; the claims lapse and a later tick retries them
        self._ticking = Periodic(self._tick_all_due, tick_seconds, name="the turn scheduler",
                                 log=log, at_once=True)

    def _is_due(self, now: float) -> ColumnElement[bool]:
        return and_(TurnDue.claimed_until < now,
                    or_(TurnDue.due_at <= now,
                        and_(TurnDue.remind_at <= now, TurnDue.reminded.is_(False))))

    async def claim(self, now: float, limit: int = BATCH) -> list[Due]:
        """Claim up to ``limit`` due rows for this instance."""
        until = now + self.claim_seconds
        async with self.sessions() as session:
            postgres = session.get_bind().dialect.name == "postgresql"
            query = (select(TurnDue).where(self._is_due(now))
                     .order_by(TurnDue.remind_at).limit(limit))
            if postgres:
                rows = (await session.scalars(query.with_for_update(skip_locked=True))).all()
                for row in rows:
                    row.claimed_until = until
                won = list(rows)
            else:
                won = []
                for row in (await session.scalars(query)).all():
                    taken = await session.execute(
                        update(TurnDue).where(TurnDue.game_id == row.game_id,
                                              TurnDue.seat == row.seat,
                                              # still due: another instance may have handled
                                              # it since the select, and released its claim
                                              self._is_due(now))
                        .values(claimed_until=until).execution_options(
                            synchronize_session=False))
                    if taken.rowcount:  # type: ignore[attr-defined]
                        won.append(row)
            out = [Due(r.game_id, r.seat, r.due_at, r.on_timeout, r.due_at <= now)
                   for r in won]
            await session.commit()
        return out

    async def _done(self, done: list[Due]) -> None:
        """Drop the timed-out rows and mark the reminded ones, in one transaction."""
        if not done:
            return
        async with self.sessions() as session:
            for due in done:
                mine = and_(TurnDue.game_id == due.game_id, TurnDue.seat == due.seat,
                            TurnDue.due_at == due.due_at)
                if due.timed_out:
                    # the seat is handled (played for, or dropped): idle until it is to act
                    # again, with its reserve spent (app/play/turn_rows.py begins that turn)
                    await session.execute(update(TurnDue).where(mine).values(
                        started_at=None, due_at=IDLE, remind_at=IDLE, reserve=0.0,
                        claimed_until=0.0))
                else:
                    await session.execute(update(TurnDue).where(mine)
                                          .values(reminded=True, claimed_until=0.0))
            await session.commit()

    async def tick(self, limit: int = BATCH) -> int:
        """Handle what is due now; how many rows were handled."""
        done: list[Due] = []
        for due in await self.claim(self.now(), limit):
            try:
                await (self.time_out if due.timed_out else self.remind)(due)
            except Exception:  # the claim lapses and a later tick retries it
                log.exception("a due turn failed", extra={"game": due.game_id})
                continue
            done.append(due)
        await self._done(done)
        return len(done)

    def start(self) -> None:
        self._ticking.start()

    async def stop(self) -> None:
        await self._ticking.stop()

    async def _tick_all_due(self) -> None:
        while await self.tick() == BATCH:
            pass
