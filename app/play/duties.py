"""End-of-game duties made durable: the ``game_duties`` outbox (docs/design.md, "Duties after a
commit are durable"; issue 24, point 6).

A game's final move writes its outbox row in the move's own transaction (app/play/writer.py),
claimed for ``claim_seconds`` by the instance that committed it. That instance runs the duties
(the ratings, then the "game over" notices) at once and deletes the row. If it crashes first,
or a duty raises (a database error, a hub that is down), the row stays; once the claim has
lapsed, the sweep of any instance (at start-up, then every ``sweep_seconds``) claims it with a
conditional update, runs the duties again and deletes it.

Exactly once: only one instance holds an unexpired claim, the claim is taken by one atomic
``UPDATE … WHERE claimed_until < now``, and the ratings themselves are idempotent by game id
(one change row per game and account), so a run cut short between the rating's commit and the
row's deletion rates nothing twice when it is run again.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Awaitable, Callable

from sqlalchemy import delete, select, update
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from app.periodic import Periodic
from app.play.models import GameDuty

log = logging.getLogger("bazaar.duties")

SWEEP_BATCH = 100
"""Pending games claimed per sweep."""

Run = Callable[[str], Awaitable[None]]


class Duties:
    """Completes finished games' pending duties: at once after the final move's commit, and
    by a sweep for whatever a crash or a failure left pending."""

    def __init__(self, sessions: async_sessionmaker[AsyncSession], run: Run,
                 claim_seconds: float, sweep_seconds: float) -> None:
        self.sessions = sessions
        self.run = run
        self.claim_seconds = claim_seconds
        self.sweep_seconds = sweep_seconds
        # a failed sweep (the database away) is logged and tried again at the next one
        self._loop = Periodic(self.sweep, sweep_seconds, name="the duty sweep", log=log,
                              at_once=True)

    async def complete(self, game_id: str) -> bool:
        """Run the duties of a game whose claim this instance holds, then drop its row; False
        (logged, the row kept for a sweep) if a duty failed."""
        try:
            await self.run(game_id)
        except Exception:
            log.exception("an end-of-game duty failed; a sweep will retry it",
                          extra={"game": game_id})
            return False
        try:
            async with self.sessions() as session:
                await session.execute(delete(GameDuty).where(GameDuty.game_id == game_id))
                await session.commit()
        except Exception:
            # done, but still pending on record: a sweep runs the (idempotent) duties again
            log.exception("could not mark a game's duties done", extra={"game": game_id})
            return False
        return True

    async def claim(self, game_id: str) -> bool:
        """Take a lapsed claim on a game's duties; False if another instance holds it (or the
        row is gone: the duties are done)."""
        now = time.time()
        async with self.sessions() as session:
            taken = await session.execute(
                update(GameDuty)
                .where(GameDuty.game_id == game_id, GameDuty.claimed_until < now)
                .values(claimed_until=now + self.claim_seconds,
                        attempts=GameDuty.attempts + 1))
            await session.commit()
        return bool(taken.rowcount)  # type: ignore[attr-defined]

    async def sweep(self) -> int:
        """Claim and complete the pending duties whose claim has lapsed; how many were done."""
        async with self.sessions() as session:
            pending = (await session.scalars(
                select(GameDuty.game_id).where(GameDuty.claimed_until < time.time())
                .order_by(GameDuty.claimed_until).limit(SWEEP_BATCH))).all()
        done = 0
        for game_id in pending:
            if await self.claim(game_id) and await self.complete(game_id):
                done += 1
        if done:
            log.info("completed the pending duties of %d finished games", done)
        return done

    def start(self) -> None:
        """Sweep now (what a crash left pending) and then every ``sweep_seconds``."""
        self._loop.start()

    async def stop(self) -> None:
        await self._loop.stop()
