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
    Player,
    ServerThread,
    database_url,
    make_settings,
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
