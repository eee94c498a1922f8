"""The vacation allowance (issue 27, point 1; docs/decisions.md, "Vacations"): 30 days per UTC
calendar year, counted by the day, a vacation over New Year spending from both years;
cancelling one under way keeps the days begun."""

from __future__ import annotations

from datetime import date

import pytest

from app.play.turn_clock import DAY
from app.play.vacation_rule import (
    VacationRefused,
    cancelled,
    check_new,
    days_by_year,
    interval,
    until_words,
)

TODAY = date(2026, 12, 6)


def test_a_vacation_over_new_year_spends_days_of_both_years() -> None:
    span = check_new(date(2026, 12, 28), 10, TODAY, [])
    assert days_by_year([span]) == {2026: 4, 2027: 6}


def test_the_allowance_of_a_year_refuses_the_thirty_first_day_in_words() -> None:
    taken = [interval(date(2027, 3, 1), 25)]
    with pytest.raises(VacationRefused) as refused:
        check_new(date(2027, 6, 1), 6, TODAY, taken)
    assert refused.value.code == "VACATION_ALLOWANCE"
    assert str(refused.value) == ("you have 5 days of vacation left in 2027, and this one needs "
                                  "6 days of 2027")
    # the days of 2026 are another year's
    check_new(date(2026, 12, 26), 6, TODAY, taken)


def test_a_vacation_cancelled_before_it_begins_gives_every_day_back() -> None:
    span = interval(date(2026, 12, 10), 5)
    assert cancelled(span, span[0] - 1) is None
    under_way = cancelled(span, span[0] + 1.5 * DAY)
    assert under_way is not None and days_by_year([under_way]) == {2026: 2}


def test_the_words_name_the_last_day_off() -> None:
    assert until_words(interval(date(2026, 12, 18), 3)[1]) == (
        "on vacation until Sunday 20 December 2026")
