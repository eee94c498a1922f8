"""The day-based clock of turn-based tables, with a reserve that grows (issue 27, point 1;
the exact rule is in docs/decisions.md, "Turn-based clock and reserve").

Pure arithmetic on seconds since the epoch, so the scheduler (app/play/turn_scheduler.py), the
lobby and the game page all read one rule, and tests inject any ``now``:

- the lobby picks ``days`` per move from ``DAYS_CHOICES``;
- a seat starts with a reserve of ``days`` (one extra move's time);
- its turn is due after the move time plus its reserve, not counting paused time (vacation
  days, and Saturdays and Sundays in UTC for an account that takes weekends off);
- a move within the move time adds a quarter of the move time to the reserve, up to twice the
  move time; a move that needed the reserve pays the overrun out of it.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from app.games.messages import Message, say, say_n

DAY = 86400.0
HOUR = 3600.0
DAYS_CHOICES = (1, 2, 3, 5, 7, 14)
REMIND_BEFORE = 12 * HOUR
"""A reminder is due this long before the timeout (or at half the turn, if that is later)."""

Interval = tuple[float, float]


@dataclass(frozen=True)
class TurnClock:
    """The rule of one table: ``days`` per move."""

    days: int

    def __post_init__(self) -> None:
        if self.days not in DAYS_CHOICES:
            raise ValueError(f"time per move must be one of {DAYS_CHOICES} days")

    @property
    def move_seconds(self) -> float:
        return self.days * DAY

    @property
    def start_reserve(self) -> float:
        return self.move_seconds

    @property
    def max_reserve(self) -> float:
        return 2 * self.move_seconds

    @property
    def bonus(self) -> float:
        return self.move_seconds / 4

    def budget(self, reserve: float) -> float:
        """Counted seconds a seat may take for this move."""
        return self.move_seconds + max(0.0, reserve)

    def reserve_after(self, reserve: float, used: float) -> float:
        """The reserve after a move that took ``used`` counted seconds (in time or not)."""
        if used <= self.move_seconds:
            return min(self.max_reserve, reserve + self.bonus)
        return max(0.0, reserve - (used - self.move_seconds))


def weekends(start: float, end: float) -> list[Interval]:
    """The Saturdays and Sundays (UTC) that overlap [start, end)."""
    day = datetime.fromtimestamp(start, UTC).replace(hour=0, minute=0, second=0, microsecond=0)
    out: list[Interval] = []
    while day.timestamp() < end:
        if day.weekday() >= 5:
            out.append((day.timestamp(), (day + timedelta(days=1)).timestamp()))
        day += timedelta(days=1)
    return out


def merged(pauses: Iterable[Interval]) -> list[Interval]:
    out: list[Interval] = []
    for lo, hi in sorted(p for p in pauses if p[1] > p[0]):
        if out and lo <= out[-1][1]:
            out[-1] = (out[-1][0], max(out[-1][1], hi))
        else:
            out.append((lo, hi))
    return out


def counted(start: float, end: float, pauses: Sequence[Interval]) -> float:
    """Seconds in [start, end) outside the pauses."""
    total = max(0.0, end - start)
    for lo, hi in merged(pauses):
        total -= max(0.0, min(hi, end) - max(lo, start))
    return total


def due_at(start: float, budget: float, pauses: Sequence[Interval]) -> float:
    """The instant at which ``budget`` counted seconds since ``start`` have passed."""
    at, left = start, budget
    for lo, hi in merged(pauses):
        if hi <= at:
            continue
        if lo > at:
            if lo - at >= left:
                return at + left
            left -= lo - at
        at = max(at, hi)
    return at + left


def remind_at(start: float, due: float) -> float:
    """When the seat is reminded: ``REMIND_BEFORE`` the timeout, not before half the turn."""
    return max(due - REMIND_BEFORE, start + (due - start) / 2)


def in_words(seconds: float) -> str:
    """'2 days 4 hours', '5 hours', 'less than an hour'."""
    days, rest = divmod(int(max(0.0, seconds)), int(DAY))
    hours = rest // int(HOUR)
    parts = []
    if days:
        parts.append(f"{days} day{'s' if days != 1 else ''}")
    if hours:
        parts.append(f"{hours} hour{'s' if hours != 1 else ''}")
    return " ".join(parts) or "less than an hour"


def duration_parts(seconds: float) -> list[Message]:
    """``in_words`` as a list argument of a message: [2 days, 4 hours] (read "2 days and 4
    hours" in each language), or [less than an hour]."""
    days, rest = divmod(int(max(0.0, seconds)), int(DAY))
    hours = rest // int(HOUR)
    parts = ([say_n("{n} day", "{n} days", days)] if days else []) + (
        [say_n("{n} hour", "{n} hours", hours)] if hours else [])
    return parts or [say("less than an hour")]


def time_to_play(name: str, seconds: float) -> str:
    """'Bob has 2 days 4 hours to play'."""
    return f"{name} has {in_words(seconds)} to play"


def setting_in_words(days: int) -> str:
    """The lobby's option in words."""
    return (f"Turn-based: {days} day{'s' if days != 1 else ''} per move, "
            f"plus a reserve that grows with each move made in time")
