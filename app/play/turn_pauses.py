"""The paused intervals of a seat's turn-based clock (issue 27, point 1): the vacations of the
person who plays it, and Saturdays and Sundays (UTC) if they take weekends off. turn_rows
hands them to turn_clock.due_at, which skips them."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from app.play.turn_clock import DAY, Interval, weekends
from app.play.vacation_models import TurnPrefs, Vacation

HORIZON = 2 * 366 * DAY
"""How far past a turn's start weekends are listed: beyond any due time (a budget of at most
42 counted days, stretched by weekends and two years' vacations)."""


def seat_owner(seats: list[dict[str, Any]], host_id: str | None, seat: int) -> str | None:
    """Whose clock a seat runs on: its account, or the host's for a seat on the host's device."""
    if seat >= len(seats):
        return None
    held = seats[seat]
    if held.get("holder") == "user":
        return held.get("user_id")
    if held.get("holder") == "host":
        return host_id
    return None


async def pauses_of(session: AsyncSession, user_ids: Iterable[str | None],
                    since: float) -> dict[str, list[Interval]]:
    """Each user's paused intervals that end after ``since`` (a user with none maps to [])."""
    ids = {u for u in user_ids if u}
    out: dict[str, list[Interval]] = {u: [] for u in ids}
    if not ids:
        return out
    for row in (await session.scalars(select(Vacation).where(
            Vacation.user_id.in_(ids), Vacation.end_at > since))).all():
        out[row.user_id].append((row.start_at, row.end_at))
    off = (await session.scalars(select(TurnPrefs.user_id).where(
        TurnPrefs.user_id.in_(ids), TurnPrefs.weekends_off.is_(True)))).all()
    if off:
        ends = weekends(since, since + HORIZON)
        for user_id in off:
            out[user_id].extend(ends)
    return out


async def on_vacation(session: AsyncSession, user_ids: Iterable[str | None],
                      now: float) -> dict[str, float]:
    """The users on vacation at ``now``, with the end of that vacation."""
    ids = {u for u in user_ids if u}
    if not ids:
        return {}
    rows = (await session.scalars(select(Vacation).where(
        Vacation.user_id.in_(ids), Vacation.start_at <= now, Vacation.end_at > now))).all()
    return {r.user_id: r.end_at for r in rows}


async def weekends_off(session: AsyncSession, user_ids: Iterable[str | None]) -> set[str]:
    """The users among ``user_ids`` who take weekends off (shown to the other players)."""
    ids = {u for u in user_ids if u}
    if not ids:
        return set()
    return set((await session.scalars(select(TurnPrefs.user_id).where(
        TurnPrefs.user_id.in_(ids), TurnPrefs.weekends_off.is_(True)))).all())
