"""Fair turns at a few slots: round-robin between owners (issue 24, point 4).

The hard-bot pool has as many slots as worker processes. When more searches wait than there
are slots, the next slot goes to the waiting owner (the game's host) served longest ago, one
who has not been served while waiting first: one player's forty games wait behind each other,
never in front of another player's one. Within an owner, searches go first come, first served.
An owner with nothing waiting or running is forgotten, so the bookkeeping stays small.
"""

from __future__ import annotations

import asyncio
import itertools
from collections import deque
from collections.abc import Awaitable, Callable
from typing import TypeVar

T = TypeVar("T")


class FairQueue:
    """Runs jobs at most ``slots`` at a time, taking owners in turn."""

    def __init__(self, slots: int) -> None:
        self.slots = max(1, slots)
        self.busy = 0
        # each waiting owner's tickets, in the order the owners came
        self._waiting: dict[str, deque[asyncio.Future[None]]] = {}
        # when each owner waiting or running was last served (absent: never)
        self._served: dict[str, int] = {}
        self._running: dict[str, int] = {}
        self._turns = itertools.count()

    def waiting(self) -> int:
        """Jobs waiting for a slot."""
        return sum(len(q) for q in self._waiting.values())

    async def run(self, owner: str, job: Callable[[], Awaitable[T]]) -> T:
        """Wait for the owner's turn at a slot, then run ``job`` in it."""
        ticket: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._waiting.setdefault(owner, deque()).append(ticket)
        self._dispatch()
        try:
            await ticket
        except asyncio.CancelledError:
            if ticket.done() and not ticket.cancelled():
                self._release(owner)  # the slot was given just as the waiter was cancelled
            else:
                ticket.cancel()  # skipped when its turn comes
            raise
        try:
            return await job()
        finally:
            self._release(owner)

    def _release(self, owner: str) -> None:
        self.busy -= 1
        self._running[owner] -= 1
        if not self._running[owner]:
            del self._running[owner]
            if owner not in self._waiting:
                self._served.pop(owner, None)
        self._dispatch()

    def _dispatch(self) -> None:
        while self.busy < self.slots and self._waiting:
            # min() keeps the first of equals: among owners never served, the earliest
            owner = min(self._waiting, key=lambda o: self._served.get(o, -1))
            tickets = self._waiting[owner]
            ticket = tickets.popleft()
            if not tickets:
                del self._waiting[owner]
            if ticket.cancelled():
                if owner not in self._waiting and owner not in self._running:
                    self._served.pop(owner, None)
                continue
            self._served[owner] = next(self._turns)
            self._running[owner] = self._running.get(owner, 0) + 1
            self.busy += 1
            ticket.set_result(None)
