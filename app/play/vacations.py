"""An account's vacations and weekends off (issue 27, point 1; the rule is
app/play/vacation_rule.py): taken, listed, cancelled. Each change reschedules the account's
turn-based turns under way (turn_rows.reschedule), in the same transaction. Services never
commit: the request's unit of work does."""

from __future__ import annotations

from datetime import date
from typing import Any

from sqlalchemy import delete, select
from sqlalchemy.ext.asyncio import AsyncSession

from app.play import turn_rows
from app.play.turn_clock import Interval
from app.play.vacation_models import TurnPrefs, Vacation
from app.play.vacation_rule import (
    ALLOWANCE_DAYS,
    VacationRefused,
    cancelled,
    check_new,
    day_of,
    days_by_year,
    last_day,
    until_words,
)


async def _rows(session: AsyncSession, user_id: str) -> list[Vacation]:
    return list((await session.scalars(select(Vacation).where(Vacation.user_id == user_id)
                                       .order_by(Vacation.start_at))).all())


def _spans(rows: list[Vacation]) -> list[Interval]:
    return [(r.start_at, r.end_at) for r in rows]


async def summary(session: AsyncSession, user_id: str, now: float) -> dict[str, Any]:
    """What the account page shows: the allowance left this year and next, the vacations not
    over, weekends off."""
    rows = await _rows(session, user_id)
    spent = days_by_year(_spans(rows))
    year = day_of(now).year
    prefs = await session.get(TurnPrefs, user_id)
    return {
        "allowance_days": ALLOWANCE_DAYS,
        "left": {str(y): ALLOWANCE_DAYS - spent.get(y, 0) for y in (year, year + 1)},
        "weekends_off": bool(prefs and prefs.weekends_off),
        "vacations": [{
            "id": r.id, "start": day_of(r.start_at).isoformat(),
            "until": last_day(r.end_at).isoformat(),
            "days": sum(days_by_year([(r.start_at, r.end_at)]).values()),
            "under_way": r.start_at <= now, "words": until_words(r.end_at),
        } for r in rows if r.end_at > now],
    }


async def take(session: AsyncSession, user_id: str, start: date, days: int,
               now: float) -> Vacation:
    """A new vacation (``VacationRefused`` if the rule says no); the turns under way move."""
    rows = await _rows(session, user_id)
    lo, hi = check_new(start, days, day_of(now), _spans(rows))
    row = Vacation(user_id=user_id, start_at=lo, end_at=hi)
    session.add(row)
    await session.flush()
    await turn_rows.reschedule(session, user_id, now)
    return row


async def cancel(session: AsyncSession, user_id: str, vacation_id: int, now: float) -> bool:
    """Cancel one of the account's vacations; False if it has none by that id (or it is over)."""
    row = await session.get(Vacation, vacation_id)
    if row is None or row.user_id != user_id or row.end_at <= now:
        return False
    left = cancelled((row.start_at, row.end_at), now)
    if left is None:
        await session.delete(row)
    else:
        row.end_at = left[1]
    await session.flush()
    await turn_rows.reschedule(session, user_id, now)
    return True


async def set_weekends(session: AsyncSession, user_id: str, off: bool, now: float) -> None:
    prefs = await session.get(TurnPrefs, user_id)
    if prefs is None:
        session.add(TurnPrefs(user_id=user_id, weekends_off=off))
    else:
        prefs.weekends_off = off
    await session.flush()
    await turn_rows.reschedule(session, user_id, now)


__all__ = ["VacationRefused", "cancel", "set_weekends", "summary", "take"]


async def forget(session: AsyncSession, user_id: str) -> None:
    """A deleted account's vacations and weekends-off choice go with it (the caller commits
    with the rest of the deletion)."""
    await session.execute(delete(Vacation).where(Vacation.user_id == user_id))
    await session.execute(delete(TurnPrefs).where(TurnPrefs.user_id == user_id))
