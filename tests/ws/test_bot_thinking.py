"""The table is told when a bot thinks (issue 28, point 3): a ``thinking`` frame when a hard
bot's search starts, another when it ends, and then its move; each with the seat, the step and
who the bot plays for; a socket that connects mid-search is told after its snapshot. The workers
run the slow double (tests/bot_doubles.py), which thinks until the test releases it, so the test
sees the search under way without timing anything."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.bot_doubles import SLOW_DIR
from tests.conftest import BACKENDS, Player, ServerThread, database_url, make_settings
from tests.support.sockets import Viewer


@pytest.fixture(params=BACKENDS)
def slow_server(request: pytest.FixtureRequest, tmp_path: Path,
                monkeypatch: pytest.MonkeyPatch) -> Iterator[tuple[ServerThread, Path]]:
    folder = tmp_path / "bot"
    folder.mkdir()
    monkeypatch.setenv(SLOW_DIR, str(folder))  # read by the spawned worker
    settings = make_settings(database_url(request.param, tmp_path), bot_workers=1,
                             bot_think_seconds=120.0, bot_worker_init="tests.bot_doubles:slow")
    with ServerThread(settings) as srv:
        try:
            yield srv, folder
        finally:
            (folder / "release").write_text("")  # never leave a worker thinking


def _bot_game(host: Player, level: str) -> str:
    """Grand Bazaar: the host in seat 0 (to move first), a bot of ``level`` in seat 1."""
    lobby = host.ok(host.post("/api/lobbies", json={
        "kind": "grand-bazaar", "players": 2, "options": {"first_player": 0}}))
    host.ok(host.post(f"/api/lobbies/{lobby['id']}/bots", json={"seat": 1, "level": level}))
    return str(host.ok(host.post(f"/api/lobbies/{lobby['id']}/start"))["game_id"])


def _wait_for(path: Path) -> None:
    deadline = time.monotonic() + 60
    while not path.exists():
        assert time.monotonic() < deadline, f"{path.name} never appeared"
        time.sleep(0.02)


def _frames_until(viewer: Viewer, done: Any) -> list[dict[str, Any]]:
    seen = []
    for _ in range(200):
        frame = viewer.recv(timeout=30)
        seen.append(frame)
        if done(frame):
            return seen
    raise AssertionError(f"not seen: {[f['type'] for f in seen]}")


def test_the_table_is_told_when_a_hard_bot_starts_and_stops_thinking(
        slow_server: tuple[ServerThread, Path]) -> None:
    server, folder = slow_server
    ann = Player(server.url, "Ann")
    game_id = _bot_game(ann, "hard")
    viewer = Viewer(server.url, game_id, None)  # a spectator is told as well
    viewer.send({"type": "hello"})
    viewer.recv_type("snapshot")
    game = ann.game(game_id)
    ann.ok(ann.move(game_id, game["seq"], game["legal"][0]))

    started = viewer.recv_type("thinking", timeout=30)
    assert started == {"type": "thinking", "seat": 1, "seq": 1, "actor": "bot",
                       "thinking": True}
    _wait_for(folder / "started")  # the search is under way in the worker
    # a viewer who connects mid-search is told after its snapshot
    late = Viewer(server.url, game_id, ann.token)
    late.send({"type": "hello"})
    late.recv_type("snapshot")
    assert late.recv_type("thinking") == started
    late.close()
    (folder / "release").write_text("go")
    after = _frames_until(viewer, lambda f: f["type"] == "patch" and f["seq"] == 2)
    kinds = [f["type"] for f in after]
    ended = next(f for f in after if f["type"] == "thinking")
    assert ended == {**started, "thinking": False}
    assert kinds.index("thinking") < len(kinds) - 1, "the search ends before its move arrives"
    viewer.close()
    ann.http.close()
