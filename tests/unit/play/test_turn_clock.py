"""The turn-based clock's rule (issue 27, point 1; docs/decisions.md, "Turn-based clock and
reserve"): move time in days, a reserve that grows with moves made in time, paused days."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from app.play.turn_cap import open_cap
from app.play.turn_clock import (
    DAY,
    HOUR,
    TurnClock,
    counted,
    due_at,
    remind_at,
    setting_in_words,
    time_to_play,
    weekends,
)

MONDAY = datetime(2026, 12, 7, tzinfo=UTC).timestamp()


def test_only_the_lobby_day_choices_are_allowed() -> None:
    assert TurnClock(3).move_seconds == 3 * DAY
    with pytest.raises(ValueError):
        TurnClock(4)


def test_a_move_in_time_grows_the_reserve_by_a_quarter_move_up_to_twice_the_move_time() -> None:
    clock = TurnClock(2)
    reserve = clock.start_reserve
    assert reserve == 2 * DAY
    reserve = clock.reserve_after(reserve, used=DAY)
    assert reserve == 2.5 * DAY
    for _ in range(10):
        reserve = clock.reserve_after(reserve, used=HOUR)
    assert reserve == clock.max_reserve == 4 * DAY


def test_a_late_move_pays_its_overrun_out_of_the_reserve() -> None:
    clock = TurnClock(1)
    assert clock.reserve_after(DAY, used=1.5 * DAY) == 0.5 * DAY
    assert clock.reserve_after(DAY, used=3 * DAY) == 0.0
    assert clock.budget(0.5 * DAY) == 1.5 * DAY


def test_vacation_days_push_the_due_time_back() -> None:
    start = MONDAY
    vacation = [(start + DAY, start + 4 * DAY)]
    assert due_at(start, 2 * DAY, []) == start + 2 * DAY
    assert due_at(start, 2 * DAY, vacation) == start + 5 * DAY
    assert counted(start, start + 5 * DAY, vacation) == 2 * DAY


def test_weekends_off_do_not_count() -> None:
    friday_noon = MONDAY + 4 * DAY + 12 * HOUR
    pauses = weekends(friday_noon, friday_noon + 30 * DAY)
    # a day from Friday noon: half of Friday, then Monday morning
    assert due_at(friday_noon, DAY, pauses) == MONDAY + 7 * DAY + 12 * HOUR


def test_the_reminder_comes_twelve_hours_before_the_timeout() -> None:
    assert remind_at(0.0, 2 * DAY) == 2 * DAY - 12 * HOUR
    assert remind_at(0.0, 10 * HOUR) == 5 * HOUR


def test_time_left_is_said_in_words() -> None:
    assert time_to_play("Bob", 2 * DAY + 4 * HOUR + 59) == "Bob has 2 days 4 hours to play"
    assert time_to_play("Bob", 1 * DAY) == "Bob has 1 day to play"
    assert time_to_play("Bob", 600) == "Bob has less than an hour to play"
    assert setting_in_words(3).startswith("Turn-based: 3 days per move")


def test_the_open_game_cap_rises_as_games_are_finished() -> None:
    assert open_cap(0) == 6
    assert open_cap(10) == 11
    assert open_cap(10_000) == 60
