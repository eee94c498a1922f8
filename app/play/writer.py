"""Group commit for the move log: moves of many games share one transaction.

Every move is still committed before it is published (the caller awaits its own commit), but
the moves that arrive while one transaction is being written go together into the next, so
the database sees a few large transactions instead of one per move. A batch that hits a key
clash (another instance took a seq first) is retried move by move, so only the loser fails.

A game's final move writes, in the same transaction, its pending end-of-game duties (the
``game_duties`` outbox row, app/play/duties.py) and removes its away-seat rows: a finished
game has nobody to play for. A turn-based game's due rows (app/play/turn_rows.py) follow each
move in its transaction too.

A connection found dead while a batch is written (a failover, an idle reaper, a
``pg_terminate_backend``; issue 24, point 6) is not the players' problem: the batch is written
again on a fresh connection, up to ``RETRIES`` times. That is safe before the commit (nothing
was written) and, when the connection died during the commit itself, the retry's key clash is
recognised as the first attempt's success by reading the move rows back (`_ours`).
"""

from __future__ import annotations

import asyncio
import logging
import time
from typing import cast

from sqlalchemy import Table, and_, bindparam, delete, insert, select, update
from sqlalchemy.exc import DBAPIError, IntegrityError
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine, AsyncSession

from app.metrics import Metrics
from app.periodic import Periodic
from app.play import batch_statement, turn_rows
from app.play.models import AwaySeat, Game, GameDuty, HardBotGame, MoveRow, Snapshot
from app.play.move_record import MoveRecord
from app.play.writer_thread import WriterThread
from app.utc import now

log = logging.getLogger("bazaar.writer")

MAX_BATCH = 200
RETRIES = 2
"""Attempts after the first when the connection is found dead."""

# the ORM types each as a FromClause; insert/update want a Table
_MOVES = cast(Table, MoveRow.__table__)
_SNAPSHOTS = cast(Table, Snapshot.__table__)
_DUTIES = cast(Table, GameDuty.__table__)
_GAMES = cast(Table, Game.__table__)
_NOT_AWAY = delete(AwaySeat).where(and_(AwaySeat.game_id == bindparam("gid"),
                                        AwaySeat.seat == bindparam("away_seat")))
_PROGRESS = (
    update(_GAMES)
    .where(_GAMES.c.id == bindparam("gid"))
    .values(seq=bindparam("new_seq"), status=bindparam("new_status"),
            outcome=bindparam("new_outcome"), to_act=bindparam("new_to_act"),
            updated_at=bindparam("stamp"))
)


class MoveWriter:
    """Writes move records in batches; `write` returns once its record is committed."""

    def __init__(self, db: AsyncEngine, metrics: Metrics | None = None,
                 claim_seconds: float = 60.0, own_thread: bool = False) -> None:
        self.db = db
        # PostgreSQL's batches may be written on a loop of their own (app/play/writer_thread.py,
        # MOVE_WRITER_THREAD); never SQLite's: its driver already works on a thread of its own,
        # and an in-memory database cannot be opened twice
        self.own_thread = own_thread and db.dialect.name == "postgresql"
        self.thread: WriterThread | None = None
        self._serving_loop: asyncio.AbstractEventLoop | None = None
        self.metrics = metrics
        # how long the committing instance owns a finished game's duties before a sweep may
        # take them over (it completes them at once unless it crashed or a duty failed)
        self.claim_seconds = claim_seconds
        self._pending: list[tuple[MoveRecord, asyncio.Future[None]]] = []
        # woken by each write; no timer: it sleeps while nothing is pending
        self.runner = Periodic(self._drain, None, name="the move writer", log=log)
        self.batches = 0

    def start(self) -> None:
        self._serving_loop = asyncio.get_running_loop()
        if self.own_thread and self.thread is None:
            self.thread = WriterThread(self.db.url.render_as_string(hide_password=False))
            self.thread.start()
        self.runner.start()

    async def stop(self) -> None:
        await self.runner.stop()
        if self.thread is not None:
            await self.thread.stop()
            self.thread = None

    async def write(self, record: MoveRecord) -> None:
        """Commit the record (raises IntegrityError if its seq is taken)."""
        if not self.runner.running:
            # no writer loop (a test's service, or shutdown): write on our own
            await self._transact_on(self.db, [record])
            return
        done: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._pending.append((record, done))
        self.runner.wake()
        await done

    async def _drain(self) -> None:
        while self._pending:
            batch, self._pending = self._pending[:MAX_BATCH], self._pending[MAX_BATCH:]
            await self._commit(batch)

    async def _transact(self, records: list[MoveRecord]) -> None:
        """`_transact_on` on the writer's own loop when it has one, else on this loop."""
        if self.thread is None:
            await self._transact_on(self.db, records)
        else:
            await self.thread.run(lambda db: self._transact_on(db, records))

    async def _transact_on(self, db: AsyncEngine, records: list[MoveRecord]) -> None:
        """Write the records in one transaction, again on a fresh connection if the
        connection was dead; raises IntegrityError if a seq is someone else's."""
        attempt = 0
        while True:
            try:
                async with db.begin() as conn:
                    await _write(conn, records, self.claim_seconds)
                return
            except IntegrityError:
                # after a connection lost during the commit, the clash may be our own rows
                if attempt and await _ours(db, records[0]):
                    return
                raise
            except DBAPIError as err:
                # SQLAlchemy has invalidated the pool's connections: the next attempt connects
                if not err.connection_invalidated or attempt >= RETRIES:
                    raise
                if db is not self.db:
                    self._renew_serving_pool()
                attempt += 1
                log.warning("a dead database connection met while writing %d moves; "
                            "writing them again (attempt %d)", len(records), attempt + 1)

    def _renew_serving_pool(self) -> None:
        """The writer's connection was found dead (a failover, a restart, a reaper): the serving
        engine's connections most likely are too. Before the writer had its own engine, the
        disconnect invalidated the one shared pool; now the serving pool is renewed for it
        (its idle connections closed, the ones in use closed when given back)."""
        loop = self._serving_loop
        if loop is not None and not loop.is_closed():
            asyncio.run_coroutine_threadsafe(self.db.dispose(), loop)

    async def _commit(self, batch: list[tuple[MoveRecord, asyncio.Future[None]]]) -> None:
        self.batches += 1
        started = time.perf_counter()
        try:
            await self._transact([record for record, _ in batch])
        except IntegrityError:
            if len(batch) > 1:
                for one in batch:  # find the loser: every other move commits on its own
                    await self._commit([one])
                return
            _settle(batch, IntegrityError("seq taken", None, Exception("seq taken")))
        except Exception as err:  # the database is down: every waiting move fails
            _settle(batch, err)
        else:
            if self.metrics is not None:
                self.metrics.commit_seconds.observe(time.perf_counter() - started)
                self.metrics.commit_moves.observe(len(batch))
            _settle(batch, None)


async def _ours(db: AsyncEngine, record: MoveRecord) -> bool:
    """Whether the move row at the record's seq is this record (a batch is one
    transaction: its first row is there only if all of them are)."""
    async with db.connect() as conn:
        row = (await conn.execute(
            select(_MOVES.c.seat, _MOVES.c.move, _MOVES.c.actor, _MOVES.c.client_move_id)
            .where(_MOVES.c.game_id == record.game_id, _MOVES.c.seq == record.seq))).first()
    return row is not None and tuple(row) == (record.seat, record.move, record.actor,
                                              record.client_move_id)


def _settle(batch: list[tuple[MoveRecord, asyncio.Future[None]]],
            error: BaseException | None) -> None:
    for _, done in batch:
        if not done.done():
            if error is None:
                done.set_result(None)
            else:
                done.set_exception(error)


async def _write(conn: AsyncConnection, records: list[MoveRecord],
                 claim_seconds: float = 60.0) -> None:
    stamp = now()
    turn_based = [r for r in records if turn_rows.turn_clock_of(r.turn_clock) is not None]
    if conn.dialect.name == "postgresql" and not turn_based and batch_statement.fits(records):
        # the common batch in one statement (app/play/batch_statement.py); a turn-based
        # game's due rows are written below, so its moves take this longer path
        await conn.exec_driver_sql(batch_statement.STATEMENT,
                                   batch_statement.arguments(records, stamp))
        return
    await conn.execute(insert(_MOVES), [{
        "game_id": r.game_id, "seq": r.seq, "seat": r.seat, "move": r.move,
        "chance": r.chance, "events": r.events, "actor": r.actor,
        "level": r.level, "client_move_id": r.client_move_id, "created_at": stamp}
        for r in records])
    snapshots = [{"game_id": r.game_id, "seq": r.seq, "state": r.snapshot}
                 for r in records if r.snapshot is not None]
    if snapshots:
        await conn.execute(insert(_SNAPSHOTS), snapshots)
    # away seats (issue 16), in the move's transaction: the timeout that finds a seat's clock
    # run out makes it away, the player's own move brings it back (a bot's later moves for an
    # away seat change nothing: a player who came back meanwhile stays back); every instance
    # reads them from here
    changed = [{"gid": r.game_id, "away_seat": r.seat} for r in records if r.away is not None]
    if changed:
        await conn.execute(_NOT_AWAY, changed)
    ended = [r.game_id for r in records if r.status == "finished"]
    away = [{"game_id": r.game_id, "seat": r.seat} for r in records
            if r.away and r.status != "finished"]
    if away:
        await conn.execute(insert(AwaySeat), away)
    if ended:
        # a finished game plays for nobody: its away rows go (issue 24), and its end-of-game
        # duties are pending from this commit on, owned for a while by this instance
        await conn.execute(delete(AwaySeat).where(AwaySeat.game_id.in_(ended)))
        # nor does it count against its host's cap on live hard-bot games any more
        await conn.execute(delete(HardBotGame).where(HardBotGame.game_id.in_(ended)))
        until = time.time() + claim_seconds
        await conn.execute(insert(_DUTIES), [{"game_id": g, "claimed_until": until,
                                              "attempts": 0} for g in ended])
    await conn.execute(_PROGRESS, [{
        "gid": r.game_id, "new_seq": r.seq, "new_status": r.status,
        "new_outcome": r.outcome, "new_to_act": r.to_act, "stamp": stamp} for r in records])
    if turn_based:
        # the due rows of turn-based games, in this same transaction (issue 27): the session
        # joins the connection's transaction and never commits it
        async with AsyncSession(bind=conn, expire_on_commit=False) as session:
            clock_now = time.time()
            for r in turn_based:
                await turn_rows.after_move(session, r.game_id, r.turn_clock or {},
                                           r.to_act or [], r.status == "finished", clock_now)
            await session.flush()
