"""The move writer's group commit on PostgreSQL (issue 30): batches written on the writer's own
thread, the common batch as one statement (app/play/writer_thread.py,
app/play/batch_statement.py). Each move is acknowledged once, after its commit, and is durable
when acknowledged; a key clash fails only its own move; the one statement writes exactly the
rows the general path writes.
"""

from __future__ import annotations

import asyncio
import threading
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import insert, select
from sqlalchemy.exc import IntegrityError

from app.db import make_engine
from app.migrate import upgrade_async
from app.play import batch_statement
from app.play.models import AwaySeat, Game, MoveRow, Snapshot
from app.play.move_record import MoveRecord
from app.play.writer import MoveWriter
from tests.conftest import database_url


def _record(game: str, seq: int, **extra: Any) -> MoveRecord:
    fields: dict[str, Any] = {
        "game_id": game, "seq": seq, "seat": seq % 2,
        "move": {"type": "Trade", "buy": {"S": 1}}, "chance": [3, [1, 2]],
        "events": [{"type": "Traded", "seat": seq % 2, "waived": None}], "actor": "player",
        "client_move_id": f"c{seq}", "status": "live", "outcome": None, "to_act": [1],
        "level": None, "away": False}
    fields.update(extra)
    return MoveRecord(**fields)


async def _database(tmp_path: Path, games: list[str]) -> str:
    url = database_url("postgres", tmp_path)
    await upgrade_async(url)
    engine = make_engine(url)
    async with engine.begin() as conn:
        await conn.execute(insert(Game), [{
            "id": g, "kind": "grand-bazaar", "options": {}, "seats": [], "clock": {},
            "seed": "s", "setup_chance": [], "initial_state": {}, "resigned": []}
            for g in games])
        await conn.execute(insert(AwaySeat), [{"game_id": g, "seat": 1} for g in games])
    await engine.dispose()
    return url


async def _rows(url: str) -> dict[str, Any]:
    """What a fresh connection finds: every move, snapshot, away row and game progress."""
    engine = make_engine(url)
    async with engine.connect() as conn:
        moves = [tuple(r) for r in await conn.execute(
            select(MoveRow.game_id, MoveRow.seq, MoveRow.seat, MoveRow.move, MoveRow.chance,
                   MoveRow.events, MoveRow.actor, MoveRow.level, MoveRow.client_move_id)
            .order_by(MoveRow.game_id, MoveRow.seq))]
        snaps = [tuple(r) for r in await conn.execute(
            select(Snapshot.game_id, Snapshot.seq, Snapshot.state).order_by(Snapshot.game_id))]
        away = [tuple(r) for r in await conn.execute(
            select(AwaySeat.game_id, AwaySeat.seat).order_by(AwaySeat.game_id))]
        games = [tuple(r) for r in await conn.execute(
            select(Game.id, Game.seq, Game.status, Game.outcome, Game.to_act)
            .order_by(Game.id))]
    await engine.dispose()
    return {"moves": moves, "snapshots": snaps, "away": away, "games": games}


def test_two_games_moves_share_one_commit_on_the_writers_thread_and_are_each_acknowledged_once(
        tmp_path: Path) -> None:
    async def run() -> None:
        url = await _database(tmp_path, ["ga", "gb"])
        engine = make_engine(url)
        writer = MoveWriter(engine, own_thread=True)
        writer.start()
        assert writer.thread is not None, "PostgreSQL batches go to the writer's own thread"
        threads: list[str] = []
        real = writer._transact_on

        async def on_which_thread(db: Any, records: list[MoveRecord]) -> None:
            threads.append(threading.current_thread().name)
            await real(db, records)

        writer._transact_on = on_which_thread  # type: ignore[method-assign]
        acks: list[str] = []

        async def move(record: MoveRecord) -> None:
            await writer.write(record)
            acks.append(record.game_id)
            # acknowledged only once committed: another connection sees it now
            assert any(m[:2] == (record.game_id, record.seq) for m in (await _rows(url))["moves"])

        await asyncio.gather(move(_record("ga", 1)),
                             move(_record("gb", 1, snapshot={"state": [1, 2]})))
        assert writer.batches == 1, "both moves went into one transaction"
        assert threads == ["move-writer"]
        assert sorted(acks) == ["ga", "gb"]
        await writer.stop()
        await engine.dispose()
        rows = await _rows(url)
        assert [m[:2] for m in rows["moves"]] == [("ga", 1), ("gb", 1)]
        assert rows["snapshots"] == [("gb", 1, {"state": [1, 2]})]
        # each seat that moved is back (seat 1 moved in both games: its away rows are gone)
        assert rows["away"] == []
        assert [g[:3] for g in rows["games"]] == [("ga", 1, "live"), ("gb", 1, "live")]

    asyncio.run(run())


def test_a_key_clash_in_a_batch_fails_only_its_own_move(tmp_path: Path) -> None:
    async def run() -> None:
        url = await _database(tmp_path, ["ga", "gb"])
        engine = make_engine(url)
        writer = MoveWriter(engine)
        writer.start()
        await writer.write(_record("ga", 1))  # ga's seq 1 is taken from now on
        results = await asyncio.gather(writer.write(_record("ga", 1, client_move_id="again")),
                                       writer.write(_record("gb", 1)),
                                       return_exceptions=True)
        await writer.stop()
        await engine.dispose()
        assert isinstance(results[0], IntegrityError)
        assert results[1] is None
        rows = await _rows(url)
        assert [(m[0], m[1], m[8]) for m in rows["moves"]] == [("ga", 1, "c1"), ("gb", 1, "c1")]

    asyncio.run(run())


def test_the_one_statement_writes_the_rows_the_general_path_writes(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    async def write(url: str, records: list[MoveRecord], one_statement: bool) -> dict[str, Any]:
        monkeypatch.setattr(batch_statement, "fits", lambda rs: one_statement)
        engine = make_engine(url)
        writer = MoveWriter(engine)
        writer.start()
        await asyncio.gather(*(writer.write(r) for r in records))
        assert writer.batches == 1
        await writer.stop()
        await engine.dispose()
        return await _rows(url)

    async def run() -> None:
        records = [_record("ga", 1), _record("gb", 1, snapshot={"board": [None, {"x": 1}]},
                                                actor="bot", level="hard", client_move_id=None),
                   _record("gc", 1, away=None, to_act=None, chance=[])]
        url = await _database(tmp_path / "one", ["ga", "gb", "gc"])
        by_statement = await write(url, records, True)
        url = await _database(tmp_path / "general", ["ga", "gb", "gc"])
        by_general_path = await write(url, records, False)
        assert by_statement == by_general_path
        assert by_statement["away"] == [("gc", 1)]  # a move with no away change keeps it

    asyncio.run(run())


def test_batches_that_end_a_game_or_make_a_seat_away_keep_the_general_path() -> None:
    assert batch_statement.fits([_record("ga", 1), _record("gb", 1)])
    assert not batch_statement.fits([_record("ga", 1), _record("ga", 2)])
    assert not batch_statement.fits([_record("ga", 1, status="finished", outcome={"w": 0})])
    assert not batch_statement.fits([_record("ga", 1, actor="timeout", away=True)])


def test_the_writers_thread_meeting_a_dead_connection_renews_the_serving_pool(
        tmp_path: Path) -> None:
    """A database that dropped every connection: the writer's retry lands the move, and the
    serving engine's pool, most likely as dead, is renewed rather than met by a request."""
    async def kill_other_connections(url: str) -> None:
        import asyncpg

        conn = await asyncpg.connect(url.replace("postgresql+asyncpg://", "postgresql://"))
        try:
            await conn.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                               "WHERE datname = current_database() AND pid <> pg_backend_pid()")
        finally:
            await conn.close()

    async def run() -> None:
        url = await _database(tmp_path, ["ga"])
        engine = make_engine(url)
        writer = MoveWriter(engine, own_thread=True)
        writer.start()
        await writer.write(_record("ga", 1))
        before = engine.sync_engine.pool
        await kill_other_connections(url)
        await writer.write(_record("ga", 2))
        for _ in range(100):  # the renewal is handed to this loop; let it run
            if engine.sync_engine.pool is not before:
                break
            await asyncio.sleep(0.01)
        assert engine.sync_engine.pool is not before
        await writer.stop()
        await engine.dispose()
        assert [m[:2] for m in (await _rows(url))["moves"]] == [("ga", 1), ("ga", 2)]

    asyncio.run(run())
