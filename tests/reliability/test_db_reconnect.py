"""A request never fails because a pooled PostgreSQL connection died while idle (issue 11.5):
an idle-connection reaper, a failover or a database restart kills the pool's connections."""

from __future__ import annotations

import asyncio
import threading
import time
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import (
    BACKENDS,
    Player,
    ServerThread,
    database_url,
    make_settings,
    move_entries,
    postgres_url,
    start_game,
)
from tests.support.sockets import Viewer


def kill_other_connections(url: str) -> int:
    """Terminate every other backend of this database, as an idle reaper would."""
    import asyncpg

    dsn = url.replace("postgresql+asyncpg://", "postgresql://")
    killed: list[int] = []

    async def run() -> None:
        conn = await asyncpg.connect(dsn)
        try:
            rows = await conn.fetch(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                "WHERE datname = current_database() AND pid <> pg_backend_pid()")
            killed.append(len(rows))
        finally:
            await conn.close()

    worker = threading.Thread(target=asyncio.run, args=(run(),))
    worker.start()
    worker.join()
    return killed[0]


@pytest.mark.postgres
def test_requests_after_idle_connections_are_killed_all_succeed(tmp_path: Path) -> None:
    url = postgres_url()
    assert url is not None
    with ServerThread(make_settings(database_url("postgres", tmp_path),
                                    db_idle_ping_seconds=0.2)) as srv:
        ann, bob = Player(srv.url, "Ann"), Player(srv.url, "Bob")
        game_id = start_game(ann, [bob], options={"first_player": 0})
        # warm several pooled connections at once
        threads = [threading.Thread(target=lambda: ann.game(game_id)) for _ in range(6)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        time.sleep(0.5)  # the pool's connections are now idle
        assert kill_other_connections(url) > 0
        # every kind of request succeeds on its first try: reads, a move, a socket handshake
        codes: list[Any] = [ann.get(f"/api/games/{game_id}").status_code for _ in range(4)]
        move = ann.game(game_id)["legal"][0]
        codes.append(ann.move(game_id, 0, move).status_code)
        assert codes == [200] * 5, codes
        time.sleep(0.5)
        kill_other_connections(url)
        sock = Viewer(srv.url, game_id, bob.token)
        sock.send({"type": "hello"})
        assert sock.recv_type("snapshot")["seq"] == 1
        sock.close()
        ann.http.close()
        bob.http.close()


@pytest.mark.postgres
def test_a_connection_killed_just_before_a_move_is_retried_not_answered_500(
        tmp_path: Path) -> None:
    """The pool's connections die while they are busy (issue 24, point 6: 43-52 moves a minute
    answered 500 under pg_terminate_backend): the idle ping does not see them, the move's own
    statements meet the dead connection, and the server retries the move."""
    url = postgres_url()
    assert url is not None
    with ServerThread(make_settings(database_url("postgres", tmp_path))) as srv:
        ann, bob = Player(srv.url, "Ann"), Player(srv.url, "Bob")
        people = {0: ann, 1: bob}
        game_id = start_game(ann, [bob], options={"first_player": 0})
        codes = []
        for _ in range(8):
            game = ann.game(game_id)
            seat = game["view"]["to_act"][0]
            mine = people[seat].game(game_id)
            assert kill_other_connections(url) > 0  # in use a moment ago: not idle
            reply = people[seat].move(game_id, mine["seq"], mine["legal"][0],
                                      client_move_id=f"m{mine['seq']}")
            codes.append(reply.status_code)
            assert reply.status_code != 200 or reply.json()["seq"] == mine["seq"] + 1
        assert codes == [200] * 8, codes
        entries = [(e["seq"], e["seat"]) for e in move_entries(ann, game_id)]
        assert [s for s, _ in entries] == list(range(1, 9))  # each move once
        ann.http.close()
        bob.http.close()


@pytest.mark.parametrize("backend", BACKENDS)
def test_a_move_whose_commit_reply_was_lost_is_retried_into_its_own_success(
        backend: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The connection dies during the COMMIT itself: the rows are in, the server does not know.
    The retry meets its own rows (a key clash) and answers the move as made, once."""
    from sqlalchemy.exc import DBAPIError

    from app.play import writer

    real = writer._write
    lost: list[int] = []

    async def commit_then_lose_the_reply(conn: Any, records: Any, claim: float = 60.0) -> None:
        if lost:
            await real(conn, records, claim)
            return
        lost.append(records[0].seq)
        async with conn.engine.begin() as other:  # committed for good
            await real(other, records, claim)
        raise DBAPIError("COMMIT", None, ConnectionResetError("connection lost"),
                         connection_invalidated=True)

    with ServerThread(make_settings(database_url(backend, tmp_path))) as srv:
        ann, bob = Player(srv.url, "Ann"), Player(srv.url, "Bob")
        game_id = start_game(ann, [bob], options={"first_player": 0})
        mine = ann.game(game_id)
        monkeypatch.setattr(writer, "_write", commit_then_lose_the_reply)
        reply = ann.move(game_id, mine["seq"], mine["legal"][0], client_move_id="once")
        assert lost == [mine["seq"] + 1]
        assert reply.status_code == 200, reply.text
        assert reply.json()["seq"] == mine["seq"] + 1
        entries = move_entries(ann, game_id)
        assert [e["seq"] for e in entries] == [mine["seq"] + 1]
        assert ann.game(game_id)["seq"] == mine["seq"] + 1
        ann.http.close()
        bob.http.close()
