"""The events told outside the page, their words, and an account's choices for them (issue 27,
part 2, "Settings page: which events reach you by which channel; quiet hours").

The kinds are those of app/play/notices.py and its callers (rematch, continue-from-here,
tournaments); "reminder" is the turn-based reminder before a timeout (issue 27, part 1).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any
from zoneinfo import ZoneInfo

from app.games.messages import N_

CHANNELS = ("email", "push")

EVENTS: dict[str, str] = {
    "your-turn": N_("It is your turn"),
    "reminder": N_("A reminder before your time runs out"),
    "finished": N_("A game you play has ended"),
    "rematch": N_("A rematch is offered to you"),
    "continued": N_("You are invited to a game continued from another"),
    "table-ready": N_("Your tournament table is ready"),
}
"""Each event kind and how the settings page names it (an id of the catalogues: the page says
it in its language)."""


def defaults() -> dict[str, dict[str, bool]]:
    """Every event on for every channel: giving an address or allowing notifications in a
    browser is already the choice to be told; each can then be turned off."""
    return {kind: {channel: True for channel in CHANNELS} for kind in EVENTS}


@dataclass(frozen=True)
class Choices:
    """One account's settings, with the defaults filled in."""

    events: dict[str, dict[str, bool]]
    email_digest: bool = False
    quiet_start: int | None = None  # minutes after local midnight
    quiet_end: int | None = None
    time_zone: str = "UTC"

    def wants(self, kind: str, channel: str) -> bool:
        """Whether this event kind reaches the account on this channel."""
        return bool(self.events.get(kind, {}).get(channel, True))

    def zone(self) -> ZoneInfo:
        try:
            return ZoneInfo(self.time_zone)
        except Exception:  # a zone removed from this machine since: UTC
            return ZoneInfo("UTC")

    def quiet_until(self, at: float) -> float:
        """When a notification due at ``at`` may be sent: ``at`` itself, or the end of the
        quiet hours it falls in (it waits; it is not dropped)."""
        start, end = self.quiet_start, self.quiet_end
        if start is None or end is None or start == end:
            return at
        local = datetime.fromtimestamp(at, self.zone())
        minute = local.hour * 60 + local.minute
        inside = start <= minute < end if start < end else (minute >= start or minute < end)
        if not inside:
            return at
        midnight = local.replace(hour=0, minute=0, second=0, microsecond=0)
        ends = midnight + timedelta(minutes=end)
        if ends <= local:  # quiet hours over midnight, now before midnight: they end tomorrow
            ends += timedelta(days=1)
        return ends.timestamp()

    def next_digest(self, at: float, hour: int = 8) -> float:
        """The next daily digest after ``at``: ``hour`` o'clock in the account's time zone."""
        local = datetime.fromtimestamp(at, self.zone())
        send = local.replace(hour=hour, minute=0, second=0, microsecond=0)
        if send <= local:
            send += timedelta(days=1)
        return send.timestamp()


def merged(stored: dict[str, Any] | None) -> dict[str, dict[str, bool]]:
    """The stored per-event choices over the defaults (unknown kinds and channels dropped)."""
    events = defaults()
    for kind, channels in (stored or {}).items():
        if kind in events and isinstance(channels, dict):
            for channel, on in channels.items():
                if channel in CHANNELS:
                    events[kind][channel] = bool(on)
    return events
