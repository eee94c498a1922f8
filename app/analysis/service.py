"""Analyses of finished games, in the background (issue 28, point 4; docs/decisions.md,
"Analysis of a finished game").

Anyone who opens a finished game's replay may ask for its analysis; there is one per game,
shared by everyone. Each position is one job in the bot pool's workers
(app/analysis/jobs.py), queued under one owner for every analysis, so that all analyses
together take their turn at the workers like one host's hard bots do and never starve live
games. Progress is stored after every position: a restart loses at most the position under
way, and the sweep (at start-up, then every ``analysis_sweep_seconds``) takes up an analysis
whose lease has run out, on whichever instance runs it.

An identity has at most one analysis under way (refused with 429 otherwise); a game still in
play is refused (409): its analysis would tell the table what the bots think.
"""

from __future__ import annotations

import asyncio
import logging
import time
from typing import Any

from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from app.analysis import jobs
from app.analysis import repository as repo
from app.analysis.models import DONE, FAILED, PENDING, Analysis
from app.config import Settings
from app.errors import ApiError, conflict
from app.games import analysis
from app.periodic import Periodic
from app.play import history
from app.play import repository as play_repo
from app.play.live import LiveGame
from app.play.service import PlayService
from app.play.undo_log import is_undo

log = logging.getLogger("bazaar.analysis")

POOL_OWNER = "analyses"
"""The bot pool's fair queue serves every analysis under this one owner."""


class Analyses:
    """This instance's analyses: requests, the running tasks, the sweep."""

    def __init__(self, sessions: async_sessionmaker[AsyncSession], play: PlayService,
                 settings: Settings) -> None:
        self.sessions = sessions
        self.play = play
        self.settings = settings
        self._tasks: dict[str, asyncio.Task[None]] = {}
        self.sweeper = Periodic(self.sweep, settings.analysis_sweep_seconds,
                                name="analysis-sweep", log=log, at_once=True)

    def start(self) -> None:
        self.sweeper.start()

    async def stop(self) -> None:
        await self.sweeper.stop()
        for task in list(self._tasks.values()):
            task.cancel()
        await asyncio.gather(*self._tasks.values(), return_exceptions=True)

    def running(self, game_id: str) -> bool:
        """Whether this instance works on the game's analysis now."""
        task = self._tasks.get(game_id)
        return task is not None and not task.done()

    # ------------------------------------------------------------------ asking, reading

    async def _finished(self, game_id: str) -> LiveGame:
        live = await self.play.load(game_id)
        if not live.finished:
            raise conflict("GAME_NOT_FINISHED",
                           "Only a finished game can be analysed: this game is still being "
                           "played.")
        if live.engine.table_aid:
            raise conflict("NO_ANALYSIS", "{title} serves a table in person: it has no "
                           "analysis.", args={"title": live.engine.title})
        return live

    async def request(self, game_id: str, user_id: str) -> dict[str, Any]:
        """Start the game's analysis, or give the one there is (shared by everyone)."""
        live = await self._finished(game_id)
        lease = time.time() + self.settings.analysis_lease_seconds
        async with self.sessions() as session:
            row = await repo.get(session, game_id)
            if row is not None and row.status != FAILED:
                return await self.status(game_id)
            mine = await repo.pending_of(session, user_id)
            if mine is not None:
                raise ApiError(429, "ANALYSIS_UNDER_WAY",
                               "You already have an analysis under way: ask for another once "
                               "it has finished.", game_id=mine.game_id)
            if row is None:
                session.add(Analysis(game_id=game_id, requested_by=user_id, status=PENDING,
                                     playouts=self.settings.analysis_playouts, positions=[],
                                     claimed_until=lease))
            else:  # a failed one is asked for again: start over
                row.requested_by, row.status, row.positions = user_id, PENDING, []
                row.error, row.claimed_until = None, lease
            try:
                await session.commit()
            except IntegrityError:  # someone else asked at the same moment: theirs is shared
                return await self.status(game_id)
        self._start(live.id)
        return await self.status(game_id)

    async def status(self, game_id: str) -> dict[str, Any]:
        """The analysis as stored: progress while pending; chances and moves once done."""
        live = await self._finished(game_id)
        async with self.sessions() as session:
            row = await repo.get(session, game_id)
            if row is None:
                return {"status": "none", "total": live.seq + 1}
            rows = await play_repo.moves_after(session, game_id, 0)
        positions: list[dict[str, Any]] = list(row.positions)
        found: dict[str, Any] = {
            "status": row.status, "done": len(positions), "total": live.seq + 1,
            "playouts": row.playouts, "chances": [p["chances"] for p in positions]}
        if row.status == FAILED:
            found["reason"] = "The analysis failed; it may be asked for again."
        if row.status != DONE:
            return found
        chances = found["chances"]
        # an undo or takeback row is no move to judge (app/play/undo_log.py)
        played = [analysis.Played(r.seq, r.seat, r.move) for r in rows
                  if r.seq < len(chances) and not is_undo(r.move)]
        lost = analysis.losses(chances, played)
        found["moves"] = [
            {"seq": p.seq, "seat": p.seat, "lost": lost.get(p.seq),
             "best": positions[p.seq - 1]["best"],
             "same": analysis.same_move(positions[p.seq - 1]["best"], p.move)}
            for p in played]
        agreed = {m["seq"] for m in found["moves"] if m["same"]}
        found["marked"] = analysis.marked(lost, agreed=agreed)
        return found

    # ------------------------------------------------------------------ the work

    def _start(self, game_id: str) -> None:
        if not self.running(game_id):
            self._tasks[game_id] = asyncio.create_task(self._run(game_id),
                                                       name=f"analysis-{game_id}")

    async def _run(self, game_id: str) -> None:
        """Analyse the positions not analysed yet, storing each one as it comes."""
        try:
            await self._analyse(game_id)
        except asyncio.CancelledError:
            raise
        except Exception as err:  # a broken analysis must not stop the others
            log.exception("the analysis of game %s failed", game_id)
            async with self.sessions() as session:
                await repo.save(session, game_id, status=FAILED, error=repr(err)[:500])
                await session.commit()
        finally:
            self._tasks.pop(game_id, None)

    async def _analyse(self, game_id: str) -> None:
        live = await self.play.load(game_id)
        async with self.sessions() as session:
            row = await repo.get(session, game_id)
            if row is None or row.status != PENDING:
                return
            positions, playouts = list(row.positions), row.playouts
            movers = {r.seq: r.seat for r in await play_repo.moves_after(session, game_id, 0)}
        engine, settings = live.engine, self.settings
        for k in range(len(positions), live.seq + 1):
            state, _ = await history.state_at(self.play, live, k)
            mover = movers.get(k + 1)
            found = await self.play.bots.run(
                POOL_OWNER, jobs.analyse, engine.kind, engine.dump_state(state),
                mover if mover is not None and mover >= 0 else None,
                f"{live.seed}:analysis:{k}", playouts, settings.bot_budget_scale,
                settings.bot_think_seconds)
            positions.append(found)
            async with self.sessions() as session:
                await repo.save(session, game_id, positions=list(positions),
                                status=DONE if k == live.seq else PENDING,
                                claimed_until=time.time() + settings.analysis_lease_seconds)
                await session.commit()

    async def sweep(self) -> None:
        """Take up the pending analyses nobody works on (a restart, a crashed instance)."""
        at = time.time()
        async with self.sessions() as session:
            ids = await repo.unclaimed(session, at)
        for game_id in ids:
            if self.running(game_id):
                continue  # ours, only slow: its lease is renewed at its next position
            async with self.sessions() as session:
                claimed = await repo.claim(session, game_id, at,
                                           at + self.settings.analysis_lease_seconds)
                await session.commit()
            if claimed:
                log.info("taking up the analysis of game %s", game_id)
                self._start(game_id)
