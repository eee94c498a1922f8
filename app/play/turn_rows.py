"""Keeping a turn-based game's ``turn_dues`` rows in step with its moves (issue 27, point 1):
at the start every seat a person plays gets a row with the starting reserve; after each move
the seats that have moved are charged (app/play/turn_clock.py's reserve rule) and go idle, the
seats that became to act start a turn with fresh due times; a finished game loses its rows.

Times are seconds since the epoch (``time.time()``, or an injected ``now``), shared by every
instance, unlike the live clock's monotonic one.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from sqlalchemy import Text, cast, or_, select
from sqlalchemy.ext.asyncio import AsyncSession

from app.play.models import Game, TurnDue
from app.play.turn_clock import TurnClock, counted, due_at, remind_at
from app.play.turn_pauses import pauses_of, seat_owner

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
    game = await session.get(Game, game_id)
    host_id = game.host_id if game is not None else None
    owners = {seat: seat_owner(seats, host_id, seat) for seat in people_seats(seats)}
    pauses = await pauses_of(session, owners.values(), now)
    for seat in people_seats(seats):
        row = TurnDue(game_id=game_id, seat=seat, reserve=rule.start_reserve,
                      on_timeout=clock.get("on_timeout", "bot"), reminded=False,
                      claimed_until=0.0, started_at=None, due_at=IDLE, remind_at=IDLE)
        if seat in acting:
            _begin(row, rule, now, pauses.get(owners[seat] or "", []))
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
    game = await session.get(Game, game_id)
    owners = ({row.seat: seat_owner(game.seats, game.host_id, row.seat) for row in rows}
              if game is not None else {})
    # a turn that began before a vacation: its counted time skips the vacation too
    since = min([now] + [r.started_at for r in rows if r.started_at is not None])
    pauses = await pauses_of(session, owners.values(), since) if not finished else {}
    for row in rows:
        mine = pauses.get(owners.get(row.seat) or "", [])
        if finished:
            await session.delete(row)
        elif row.seat not in acting and row.started_at is not None:
            used = counted(row.started_at, now, mine)
            row.reserve = rule.reserve_after(row.reserve, used)
            row.started_at, row.due_at, row.remind_at = None, IDLE, IDLE
        elif row.seat in acting and row.started_at is None:
            _begin(row, rule, now, mine)


async def reschedule(session: AsyncSession, user_id: str, now: float) -> int:
    """Rewrite the due times of the user's turns under way after their pauses changed (a
    vacation taken or cancelled, weekends off switched); how many seats moved."""
    rows = (await session.execute(select(TurnDue, Game).join(Game, Game.id == TurnDue.game_id)
                                  .where(TurnDue.started_at.is_not(None),
                                         Game.status == "live",
                                         # the user's games, as "My games" finds them
                                         or_(Game.host_id == user_id,
                                             cast(Game.seats, Text).contains(f'"{user_id}"'))))
            ).all()
    mine = [(row, game) for row, game in rows
            if seat_owner(game.seats, game.host_id, row.seat) == user_id]
    if not mine:
        return 0
    since = min(row.started_at for row, _ in mine if row.started_at is not None)
    pauses = (await pauses_of(session, [user_id], since))[user_id]
    for row, game in mine:
        rule = turn_clock_of(game.clock)
        if rule is None or row.started_at is None:
            continue
        row.due_at = due_at(row.started_at, rule.budget(row.reserve), pauses)
        row.remind_at = remind_at(row.started_at, row.due_at)
        row.reminded, row.claimed_until = row.remind_at <= now and row.reminded, 0.0
    return len(mine)


async def seconds_left(session: AsyncSession, game_id: str, now: float) -> dict[int, float]:
    """Seconds each seat to act has left (for "Bob has 2 days 4 hours to play")."""
    rows = (await session.scalars(select(TurnDue).where(
        TurnDue.game_id == game_id, TurnDue.started_at.is_not(None)))).all()
    return {r.seat: max(0.0, r.due_at - now) for r in rows}
