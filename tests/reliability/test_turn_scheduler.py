"""Turn-based due times over simulated days (issue 27, point 1), on SQLite and PostgreSQL: a
reminder some hours before, a vacation that pushes the timeout back, the timeout handled by the
scheduler alone (no page, no live game in memory), after a restart, and once across two
instances. ``now`` is injected; nothing sleeps."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from app.db import make_engine, make_sessionmaker
from app.migrate import upgrade_async
from app.play.models import TurnDue
from app.play.turn_clock import DAY, HOUR, TurnClock
from app.play.turn_rows import IDLE
from app.play.turn_scheduler import Due, TurnScheduler, clear, schedule
from tests.conftest import BACKENDS, database_url
from tests.support.turn_games import add_games

START = 1_800_000_000.0


class Days:
    """A simulated clock."""

    def __init__(self) -> None:
        self.at = START

    def __call__(self) -> float:
        return self.at


class Log:
    def __init__(self) -> None:
        self.reminders: list[Due] = []
        self.timeouts: list[Due] = []

    async def remind(self, due: Due) -> None:
        self.reminders.append(due)

    async def time_out(self, due: Due) -> None:
        self.timeouts.append(due)


async def _game_over_days(url: str) -> None:
    await upgrade_async(url)
    engine = make_engine(url)
    sessions = make_sessionmaker(engine)
    await add_games(sessions, ["g1"])
    clock, days, log = TurnClock(1), Days(), Log()
    scheduler = TurnScheduler(sessions, log.remind, log.time_out, now=days)
    # Ann (seat 0) is to act: 1 day per move plus her starting reserve of 1 day
    async with sessions() as session:
        due = await schedule(session, "g1", 0, START, clock.budget(clock.start_reserve), [],
                             on_timeout="bot")
        await session.commit()
    assert due == START + 2 * DAY
    days.at = START + DAY
    assert await scheduler.tick() == 0
    # docs/decisions.md, "Turn-based clock and reserve": the reminder is due 12 hours before the timeout
    days.at = START + 2 * DAY - 12 * HOUR
    assert await scheduler.tick() == 1
    assert [(d.game_id, d.seat, d.timed_out) for d in log.reminders] == [("g1", 0, False)]
    assert await scheduler.tick() == 0, "a reminder is sent once"
    # Ann goes on vacation for 3 days from now: her turn is rescheduled with the pause
    async with sessions() as session:
        due = await schedule(session, "g1", 0, START, clock.budget(clock.start_reserve),
                             [(days.at, days.at + 3 * DAY)], on_timeout="bot")
        await session.commit()
    assert due == START + 5 * DAY
    days.at = START + 3 * DAY
    assert await scheduler.tick() == 0, "no timeout while on vacation"
    await engine.dispose()
    # a restart: a new engine and scheduler, no page open, nothing in memory
    engine = make_engine(url)
    sessions = make_sessionmaker(engine)
    scheduler = TurnScheduler(sessions, log.remind, log.time_out, now=days)
    days.at = START + 5 * DAY - 12 * HOUR
    assert await scheduler.tick() == 1
    assert len(log.reminders) == 2, "the rescheduled turn is reminded again"
    assert log.timeouts == []
    days.at = START + 5 * DAY
    assert await scheduler.tick() == 1
    assert [(d.game_id, d.seat, d.on_timeout, d.timed_out) for d in log.timeouts] == [
        ("g1", 0, "bot", True)]
    async with sessions() as session:
        row = await session.get(TurnDue, ("g1", 0))
        assert row is not None and row.started_at is None and row.due_at == IDLE
        await clear(session, "g1")
    await engine.dispose()


@pytest.mark.parametrize("backend", BACKENDS)
def test_a_turn_based_game_is_reminded_paused_and_timed_out_over_days_with_no_page_open(
        backend: str, tmp_path: Path) -> None:
    asyncio.run(_game_over_days(database_url(backend, tmp_path)))


async def _two_instances(url: str) -> None:
    await upgrade_async(url)
    ids = [f"g{i}" for i in range(120)]
    first_engine, second_engine = make_engine(url), make_engine(url)
    first, second = make_sessionmaker(first_engine), make_sessionmaker(second_engine)
    await add_games(first, ids)
    async with first() as session:
        for gid in ids:
            await schedule(session, gid, 1, START, 2 * DAY, [], on_timeout="drop")
        await session.commit()
    days, log = Days(), Log()
    days.at = START + 3 * DAY
    a = TurnScheduler(first, log.remind, log.time_out, now=days)
    b = TurnScheduler(second, log.remind, log.time_out, now=days)
    for _ in range(6):
        await asyncio.gather(a.tick(limit=25), b.tick(limit=25))
    handled = sorted(d.game_id for d in log.timeouts)
    assert handled == sorted(ids), "every due turn handled exactly once"
    await first_engine.dispose()
    await second_engine.dispose()


@pytest.mark.parametrize("backend", BACKENDS)
def test_two_instances_handle_each_due_turn_once(backend: str, tmp_path: Path) -> None:
    asyncio.run(_two_instances(database_url(backend, tmp_path)))
