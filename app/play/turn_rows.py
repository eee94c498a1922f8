"""Keeping a turn-based game's ``turn_dues`` rows in step with its moves (issue 27, point 1):
at the start every seat a person plays gets a row with the starting reserve; after each move
the seats that have moved are charged (app/play/turn_clock.py's reserve rule) and go idle, the
seats that became to act start a turn with fresh due times; a finished game loses its rows.

Times are seconds since the epoch (``time.time()``, or an injected ``now``), shared by every
instance, unlike the live clock's monotonic one.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Iterable
from typing import Any

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from app.play.models import TurnDue
from app.play.turn_clock import TurnClock, counted, due_at, remind_at

log = logging.getLogger("bazaar.turns")

IDLE = 1e15
"""The due times of a seat that is not to act: never due."""


def turn_clock_of(clock: dict[str, Any] | None) -> TurnClock | None:
    """The table's turn-based clock, or None for a live or no clock."""
    if not clock or clock.get("mode") != "turn" or not clock.get("days"):
        return None
    return TurnClock(int(clock["days"]))


def people_seats(seats: list[dict[str, Any]]) -> list[int]:
    """Seats a person plays (bots' seats have no clock)."""
    return [i for i, s in enumerate(seats) if s.get("holder") in ("user", "host")]


async def start(session: AsyncSession, game_id: str, clock: dict[str, Any],
                seats: list[dict[str, Any]], to_act: Iterable[int], now: float) -> None:
    """The rows of a new turn-based game, in its start's transaction."""
    rule = turn_clock_of(clock)
    if rule is None:
        return
    acting = set(to_act)
    for seat in people_seats(seats):
        row = TurnDue(game_id=game_id, seat=seat, reserve=rule.start_reserve,
                      on_timeout=clock.get("on_timeout", "bot"), reminded=False,
                      claimed_until=0.0, started_at=None, due_at=IDLE, remind_at=IDLE)
        if seat in acting:
            _begin(row, rule, now)
        session.add(row)


def _begin(row: TurnDue, rule: TurnClock, now: float,
           pauses: list[tuple[float, float]] | None = None) -> None:
    row.started_at = now
    row.due_at = due_at(now, rule.budget(row.reserve), pauses or [])
    row.remind_at = remind_at(now, row.due_at)
    row.reminded, row.claimed_until = False, 0.0


async def after_move(session: AsyncSession, game_id: str, clock: dict[str, Any],
                     to_act: Iterable[int], finished: bool, now: float) -> None:
    """Charge the seats that moved, start the turns of those now to act (caller commits)."""
    rule = turn_clock_of(clock)
    if rule is None:
        return
    rows = (await session.scalars(select(TurnDue).where(TurnDue.game_id == game_id))).all()
    acting = set() if finished else set(to_act)
    for row in rows:
        if finished:
            await session.delete(row)
        elif row.seat not in acting and row.started_at is not None:
            used = counted(row.started_at, now, [])
            row.reserve = rule.reserve_after(row.reserve, used)
            row.started_at, row.due_at, row.remind_at = None, IDLE, IDLE
        elif row.seat in acting and row.started_at is None:
            _begin(row, rule, now)


async def seconds_left(session: AsyncSession, game_id: str, now: float) -> dict[int, float]:
    """Seconds each seat to act has left (for "Bob has 2 days 4 hours to play")."""
    rows = (await session.scalars(select(TurnDue).where(
        TurnDue.game_id == game_id, TurnDue.started_at.is_not(None)))).all()
    return {r.seat: max(0.0, r.due_at - now) for r in rows}


async def keep(sessions: async_sessionmaker[AsyncSession], game_id: str,
               clock: dict[str, Any] | None, to_act: Iterable[int], finished: bool) -> None:
    """``after_move`` in a transaction of its own, after the move's commit (the move writer
    batches many games' moves; part 1 keeps clear of it). A failure is logged, never the
    move's: a stale row only finds its seat no longer to act and does nothing."""
    if turn_clock_of(clock) is None:
        return
    try:
        async with sessions() as session:
            await after_move(session, game_id, clock or {}, to_act, finished, time.time())
            await session.commit()
    except Exception:
        log.exception("turn-based due times not updated", extra={"game": game_id})
