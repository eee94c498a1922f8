"""Turn clocks and absent players (docs/design.md, "Seats, clocks, resigning").

A lobby's clock is off, ``move`` (seconds per move) or ``game`` (seconds per game and seat,
spent while the seat is to act). When a seat's time runs out, the platform moves for it with
the game's own timeout move where the spec defines one, else with its bot, marks the move
``timeout`` in the log, and keeps playing the seat (it is *away*) until the player comes back:
a move of their own, or a socket of theirs saying hello.

Times are this instance's monotonic clock; after a restart every running turn starts afresh,
which only ever gives a player more time, never less.
"""

from __future__ import annotations

import logging
import time
from dataclasses import dataclass, field

from app.play.live import LiveGame

log = logging.getLogger("bazaar.clock")

GRACE_SECONDS = 10.0
"""Per move, once a ``game`` clock's bank is empty."""


@dataclass
class SeatClock:
    """When the seat's current turn began, and what is left of its bank (``game`` mode)."""

    since: float | None = None
    bank: float | None = None


@dataclass
class GameClock:
    mode: str
    seconds: float
    seats: dict[int, SeatClock] = field(default_factory=dict)

    def deadline(self, seat: int) -> float | None:
        clock = self.seats.get(seat)
        if clock is None or clock.since is None:
            return None
        if self.mode == "move":
            return clock.since + self.seconds
        bank = clock.bank if clock.bank is not None else self.seconds
        return clock.since + (bank if bank > 0 else GRACE_SECONDS)


def clock_of(live: LiveGame) -> GameClock | None:
    mode = (live.clock or {}).get("mode", "off")
    seconds = float((live.clock or {}).get("seconds") or 0)
    if mode not in ("move", "game") or seconds <= 0:
        return None
    if live.timer is None:
        live.timer = GameClock(mode, seconds)
    clock: GameClock = live.timer
    return clock


def on_advance(live: LiveGame, now: float | None = None) -> None:
    """Start the turns of seats that became to act; charge the banks of seats that moved."""
    clock = clock_of(live)
    if clock is None:
        return
    now = time.monotonic() if now is None else now
    acting = set() if live.finished else set(live.engine.to_act(live.state))
    for seat in range(len(live.seats)):
        sc = clock.seats.setdefault(seat, SeatClock())
        if seat in acting and sc.since is None:
            sc.since = now
        elif seat not in acting and sc.since is not None:
            if clock.mode == "game":
                bank = sc.bank if sc.bank is not None else clock.seconds
                sc.bank = max(0.0, bank - (now - sc.since))
            sc.since = None


def platform_plays(live: LiveGame, seat: int) -> bool:
    """A bot's seat or a resigned one: the platform moves for it, and its clock never runs
    out (issue 24: a hard move waiting its turn in the bot pool is not an absent player; a
    timeout there would make the seat away and throw the bot's thinking away)."""
    return seat in live.resigned or (
        0 <= seat < len(live.seats) and live.seats[seat]["holder"] == "bot")


def expired(live: LiveGame, now: float | None = None) -> list[int]:
    """Seats of people to act whose time has run out."""
    clock = clock_of(live)
    if clock is None or live.finished:
        return []
    now = time.monotonic() if now is None else now
    out = []
    for seat in sorted(live.engine.to_act(live.state)):
        if platform_plays(live, seat):
            continue
        deadline = clock.deadline(seat)
        if deadline is not None and now >= deadline:
            out.append(seat)
    return out


def remaining(live: LiveGame) -> dict[int, float]:
    """Seconds left for each seat to act now (for the page's clock display)."""
    clock = clock_of(live)
    if clock is None:
        return {}
    now = time.monotonic()
    out = {}
    for seat in live.engine.to_act(live.state) if not live.finished else ():
        deadline = clock.deadline(seat)
        if deadline is not None:
            out[seat] = round(max(0.0, deadline - now), 1)
    return out


def turn_based_due(live: LiveGame, seat: int) -> list[int]:
    """``[seat]`` if a person's seat is still to act (the turn scheduler, not this clock, said
    its days ran out: issue 27, app/play/turn_scheduler.py), else nothing."""
    if live.finished or platform_plays(live, seat) or seat not in live.engine.to_act(live.state):
        return []
    return [seat]
