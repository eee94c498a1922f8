"""How many turn-based games one account may have open (issue 27, point 1; BGA's rule: a new
account starts with a small cap that rises as it finishes games, so nobody opens 200 tables and
abandons them). The exact figures are in docs/decisions.md, "Turn-based clock and reserve"."""

from __future__ import annotations

BASE_CAP = 6
MAX_CAP = 60
FINISHED_PER_SLOT = 2
"""One more open table for every two turn-based games finished (not abandoned by timeout)."""


def open_cap(finished: int) -> int:
    return min(MAX_CAP, BASE_CAP + max(0, finished) // FINISHED_PER_SLOT)


def may_open(open_now: int, finished: int) -> bool:
    return open_now < open_cap(finished)
