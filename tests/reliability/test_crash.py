"""Crash safety: kill -9 the server during busy games; after a restart every committed move is
there, live games continue, and a connected client resumes with ``since``."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.conftest import Player, free_port, move_entries, postgres_url, reset_postgres, start_game
from tests.ws.test_socket import Viewer

ROOT = Path(__file__).resolve().parents[2]


class Instance:
    """The server as a real subprocess that can be killed."""

    def __init__(self, database_url: str, log: Path, port: int | None = None) -> None:
        self.port = port or free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        env = {**os.environ, "DATABASE_URL": database_url, "BOT_DELAY": "0.01",
               "RATE_MOVES": "100000", "RATE_LOBBIES": "10000", "SNAPSHOT_EVERY": "7"}
        env.pop("REDIS_URL", None)
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "uvicorn", "app.main:app", "--host", "127.0.0.1",
             "--port", str(self.port), "--log-level", "warning"],
            cwd=ROOT, env=env, stdout=log.open("a"), stderr=subprocess.STDOUT)
        deadline = time.monotonic() + 90  # a loaded machine starts the app slowly
        while True:
            assert self.proc.poll() is None, log.read_text()[-2000:]
            try:
                if httpx.get(f"{self.url}/readyz", timeout=1).status_code == 200:
                    return
            except httpx.HTTPError:
                pass
            assert time.monotonic() < deadline, "server did not start"
            time.sleep(0.1)

    def kill(self) -> None:
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(timeout=10)

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.terminate()
            self.proc.wait(timeout=15)


@pytest.fixture(params=["sqlite", "postgres"])
def database(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    if request.param == "sqlite":
        return f"sqlite+aiosqlite:///{tmp_path / 'crash.db'}"
    url = postgres_url()
    assert url is not None
    reset_postgres(url)
    return url


def bot_game(host: Player) -> str:
    lobby = host.ok(host.post("/api/lobbies", json={"kind": "grand-bazaar", "players": 3}))
    host.ok(host.patch(f"/api/lobbies/{lobby['id']}", json={
        "seats": [{"seat": s, "holder": "bot"} for s in range(3)]}))
    return str(host.ok(host.post(f"/api/lobbies/{lobby['id']}/start"))["game_id"])


def test_kill_9_loses_no_committed_move(database: str, tmp_path: Path) -> None:
    log = tmp_path / "server.log"
    first = Instance(database, log)
    ann, bob = Player(first.url, "Ann"), Player(first.url, "Bob")
    busy = [bot_game(ann) for _ in range(4)]
    game_id = start_game(ann, [bob])
    watcher = Viewer(first.url, game_id, None)
    watcher.send({"type": "hello"})
    watcher.recv_type("snapshot")
    acknowledged: list[dict[str, Any]] = []
    people = {0: ann, 1: bob}
    for _ in range(9):
        game = ann.game(game_id)
        seat = game["view"]["to_act"][0]
        mine = people[seat].game(game_id)
        move = mine["legal"][len(acknowledged) % len(mine["legal"])]
        reply = people[seat].ok(people[seat].move(game_id, mine["seq"], move))
        acknowledged.append({"seq": reply["seq"], "seat": seat, "move": move})
    watcher.until_seq(len(acknowledged))
    seen_before = {g: ann.game(g)["seq"] for g in busy}
    first.kill()  # in the middle of the bots' games

    second = Instance(database, log, port=first.port)
    try:
        entries = move_entries(ann, game_id)
        assert [(e["seq"], e["seat"], e["move"]) for e in entries] == [
            (a["seq"], a["seat"], a["move"]) for a in acknowledged]
        for g in busy:  # every acknowledged bot move survived, and the bots play on
            assert ann.game(g)["seq"] >= seen_before[g]
        deadline = time.monotonic() + 120
        while any(ann.game(g)["status"] != "finished" for g in busy):
            assert time.monotonic() < deadline, "bot games did not continue after restart"
            time.sleep(0.2)
        # the human game continues from where it was
        game = ann.game(game_id)
        seat = game["view"]["to_act"][0]
        mine = people[seat].game(game_id)
        people[seat].ok(people[seat].move(game_id, mine["seq"], mine["legal"][0]))
        # the connected client's socket died with the server: it resumes with since
        resumed = Viewer(second.url, game_id, None)
        resumed.view, resumed.seq = watcher.view, watcher.seq
        resumed.send({"type": "hello", "since": watcher.seq})
        resumed.until_seq(len(acknowledged) + 1)
        assert resumed.view == ann.game(game_id)["view"]
        assert [f["type"] for f in resumed.frames if f["type"] in ("patch", "snapshot")] == ["patch"]
        resumed.close()
    finally:
        second.stop()
