"""When an outside notification may leave (issue 27, part 2, "quiet hours"; "a daily digest"):
quiet hours in the account's own time zone hold it until they end, also across midnight; the
digest leaves at 8 the next morning, local time."""

from __future__ import annotations

from datetime import datetime
from zoneinfo import ZoneInfo

from app.notify.events import Choices, merged

PARIS = ZoneInfo("Europe/Paris")


def at(day: int, hour: int, minute: int = 0) -> float:
    return datetime(2026, 3, day, hour, minute, tzinfo=PARIS).timestamp()


def quiet(start: int, end: int) -> Choices:
    return Choices(events=merged(None), quiet_start=start, quiet_end=end,
                   time_zone="Europe/Paris")


def test_outside_quiet_hours_a_notification_leaves_at_once() -> None:
    assert quiet(22 * 60, 7 * 60).quiet_until(at(10, 12)) == at(10, 12)


def test_quiet_hours_over_midnight_hold_it_until_morning() -> None:
    nights = quiet(22 * 60, 7 * 60)
    assert nights.quiet_until(at(10, 23, 30)) == at(11, 7)
    assert nights.quiet_until(at(11, 3)) == at(11, 7)


def test_quiet_hours_within_a_day_hold_it_until_they_end() -> None:
    assert quiet(13 * 60, 14 * 60 + 30).quiet_until(at(10, 13, 10)) == at(10, 14, 30)


def test_no_quiet_hours_when_start_and_end_are_equal() -> None:
    assert quiet(60, 60).quiet_until(at(10, 1, 30)) == at(10, 1, 30)


def test_the_digest_leaves_at_eight_local_time() -> None:
    choice = quiet(0, 0)
    assert choice.next_digest(at(10, 6)) == at(10, 8)
    assert choice.next_digest(at(10, 9)) == at(11, 8)


def test_unknown_events_and_channels_in_stored_choices_are_ignored() -> None:
    events = merged({"your-turn": {"email": False, "fax": True}, "gossip": {"push": True}})
    assert events["your-turn"] == {"email": False, "push": True} and "gossip" not in events
