"""Crash safety: kill -9 the server during busy games; after a restart every committed move is
there, live games continue, and a connected client resumes with ``since``."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import Player, move_entries, postgres_url, reset_postgres, start_game
from tests.support.instances import Instance
from tests.support.sockets import Viewer

ROOT = Path(__file__).resolve().parents[2]


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
