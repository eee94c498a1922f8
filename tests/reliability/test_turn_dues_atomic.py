"""A turn-based game's due rows are written in the move's own transaction (issue 27, point 1
leftover), on SQLite and PostgreSQL: once a move is committed its seats' due times follow it,
and when keeping them fails the move is not committed either, so no crash between a move's
commit and its due rows can leave a seat without its turn's due time."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import select

from app.db import make_engine, make_sessionmaker
from app.migrate import upgrade_async
from app.play import turn_rows
from app.play.models import MoveRow, TurnDue
from app.play.move_record import MoveRecord
from app.play.turn_rows import IDLE
from app.play.writer import MoveWriter
from tests.conftest import BACKENDS, database_url
from tests.support.turn_games import add_games

CLOCK = {"mode": "turn", "days": 1, "on_timeout": "bot"}
SEATS = [{"seat": 0, "holder": "user", "user_id": "u0", "name": "Ann"},
         {"seat": 1, "holder": "user", "user_id": "u1", "name": "Bob"}]


def _record(seq: int, seat: int, to_act: list[int]) -> MoveRecord:
    return MoveRecord("g1", seq, seat, {"type": "Pass"}, [], [], "player", None, "live", None,
                      None, to_act, None, None, CLOCK)


async def _dues(sessions: Any) -> dict[int, float]:
    async with sessions() as session:
        rows = (await session.scalars(select(TurnDue).where(TurnDue.game_id == "g1"))).all()
        return {r.seat: r.due_at for r in rows}


async def _moves(sessions: Any) -> list[int]:
    async with sessions() as session:
        return list((await session.scalars(select(MoveRow.seq))).all())


async def _scenario(url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    await upgrade_async(url)
    engine = make_engine(url)
    sessions = make_sessionmaker(engine)
    await add_games(sessions, ["g1"])
    async with sessions() as session:
        await turn_rows.start(session, "g1", CLOCK, SEATS, [0], time.time())
        await session.commit()
    writer = MoveWriter(engine)  # no loop running: each write is its own transaction
    dues = await _dues(sessions)
    assert dues[0] < IDLE and dues[1] == IDLE  # Ann is to act
    await writer.write(_record(1, 0, [1]))
    # committed together: the move, and Bob's turn with its due time, Ann idle
    dues = await _dues(sessions)
    assert await _moves(sessions) == [1]
    assert dues[0] == IDLE and dues[1] < IDLE

    async def crash(*args: Any, **kwargs: Any) -> None:
        raise RuntimeError("the instance died while keeping the due rows")

    monkeypatch.setattr(turn_rows, "after_move", crash)
    with pytest.raises(RuntimeError):
        await writer.write(_record(2, 1, [0]))
    # nothing of the second move was committed: the move and the due rows stand or fall together
    assert await _moves(sessions) == [1]
    assert await _dues(sessions) == dues
    await engine.dispose()


@pytest.mark.parametrize("backend", BACKENDS)
def test_due_rows_are_committed_with_their_move(backend: str, tmp_path: Path,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    asyncio.run(_scenario(database_url(backend, tmp_path), monkeypatch))
