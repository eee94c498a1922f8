"""The vacation allowance of turn-based play (issue 27, point 1; docs/decisions.md,
"Vacations"): pure arithmetic on UTC days, so the API, the scheduler and tests read one rule.

- An account has ``ALLOWANCE_DAYS`` days off per calendar year (UTC); each day counts in the
  year it falls in, so a vacation over New Year spends from both years.
- A vacation is whole UTC days, from ``start`` (today or later, up to the end of next year)
  for 1 to ``ALLOWANCE_DAYS`` days, and may not overlap another of the account's vacations.
- Cancelling a vacation not yet begun gives all its days back; cancelling one under way ends
  it at once, and the days begun stay spent.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from datetime import UTC, date, datetime, timedelta

from app.play.turn_clock import DAY, Interval

ALLOWANCE_DAYS = 30


class VacationRefused(ValueError):
    """A vacation the rule refuses; ``code`` for the API, the message in words."""

    def __init__(self, code: str, words: str) -> None:
        super().__init__(words)
        self.code = code


def midnight(day: date) -> float:
    return datetime(day.year, day.month, day.day, tzinfo=UTC).timestamp()


def day_of(at: float) -> date:
    return datetime.fromtimestamp(at, UTC).date()


def interval(start: date, days: int) -> Interval:
    return midnight(start), midnight(start + timedelta(days=days))


def days_by_year(spans: Iterable[Interval]) -> dict[int, int]:
    """Days spent per year: every UTC day a vacation touches (a cancelled one's begun days)."""
    out: dict[int, int] = {}
    for lo, hi in spans:
        count = max(0, math.ceil((hi - lo) / DAY - 1e-9))
        first = day_of(lo)
        for n in range(count):
            year = (first + timedelta(days=n)).year
            out[year] = out.get(year, 0) + 1
    return out


def check_new(start: date, days: int, today: date, taken: list[Interval]) -> Interval:
    """The new vacation's interval, or ``VacationRefused`` saying why not."""
    if not 1 <= days <= ALLOWANCE_DAYS:
        raise VacationRefused("VACATION_DAYS", f"a vacation lasts 1 to {ALLOWANCE_DAYS} days")
    if start < today:
        raise VacationRefused("VACATION_PAST", "a vacation starts today or later")
    if start.year > today.year + 1:
        raise VacationRefused("VACATION_TOO_FAR", "a vacation starts this year or next year")
    new = interval(start, days)
    if any(lo < new[1] and new[0] < hi for lo, hi in taken):
        raise VacationRefused("VACATION_OVERLAP", "you are already on vacation on some of "
                              "those days")
    spent = days_by_year(taken)
    for year, wanted in days_by_year([new]).items():
        left = ALLOWANCE_DAYS - spent.get(year, 0)
        if wanted > left:
            raise VacationRefused("VACATION_ALLOWANCE", f"you have {days_words(left)} of "
                                  f"vacation left in {year}, and this one needs "
                                  f"{days_words(wanted)} of {year}")
    return new


def cancelled(span: Interval, now: float) -> Interval | None:
    """What is left of a cancelled vacation: nothing if not begun, else up to ``now``."""
    lo, hi = span
    if now <= lo:
        return None
    return lo, min(hi, now)


def days_words(n: int) -> str:
    return f"{n} day{'s' if n != 1 else ''}"


def until_words(end_at: float) -> str:
    """'on vacation until Sunday 20 December 2026' (the last day off, not the day back)."""
    last = day_of(end_at - 1)
    return f"on vacation until {last.strftime('%A')} {last.day} {last.strftime('%B %Y')}"


def last_day(end_at: float) -> date:
    return day_of(end_at - 1)
