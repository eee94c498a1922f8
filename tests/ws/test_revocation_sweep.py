"""The slow sweep of revoked sessions (issue 24.1, app/web/revocations.py): when the notice
of a revocation never arrives (another instance's publish was lost), the sockets of that session
are still closed, once the sweep finds the session revoked in the database."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from pathlib import Path

import pytest
from websockets.exceptions import ConnectionClosed

from app.ids import token_hash
from tests.conftest import Player, ServerThread, make_settings, start_game
from tests.ws.test_socket import Viewer


@pytest.fixture(scope="module")
def sweeping(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[ServerThread, Path]]:
    path = tmp_path_factory.mktemp("db") / "bazaar.db"
    settings = make_settings(f"sqlite+aiosqlite:///{path}", revocation_sweep_seconds=0.3)
    with ServerThread(settings) as srv:
        yield srv, path


def test_a_session_revoked_without_a_notice_is_closed_by_the_sweep(
        sweeping: tuple[ServerThread, Path]) -> None:
    server, path = sweeping
    ann = Player(server.url, "Ann")
    game_id = start_game(ann, [], bots=1)
    sock = Viewer(server.url, game_id, ann.token)
    sock.send({"type": "hello"})
    sock.recv_type("snapshot")
    # as another instance would, but with no notice on the hub: only the database knows
    with sqlite3.connect(path) as db:
        changed = db.execute("UPDATE user_sessions SET revoked_at = CURRENT_TIMESTAMP "
                             "WHERE token_hash = ?", (token_hash(ann.token),)).rowcount
    assert changed == 1
    with pytest.raises(ConnectionClosed) as ended:
        for _ in range(1000):
            sock.recv(timeout=5)
    assert ended.value.rcvd is not None and ended.value.rcvd.code == 4401
    assert ann.get("/api/session").status_code == 401
