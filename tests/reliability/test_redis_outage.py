"""While Redis is down (issue 24, point 6): a committed move is answered as committed (never 500),
the game's own duties go on (the bot answers), and a viewer on another instance catches up
once Redis is back, without waiting for another move. Redis here is a server of the test's
own, on a port of its own, stopped and started again."""

from __future__ import annotations

import subprocess
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import redis

from tests.conftest import (
    BACKENDS,
    Player,
    ServerThread,
    database_url,
    free_port,
    make_settings,
    move_entries,
)
from tests.ws.test_socket import Viewer


class RedisServer:
    """A throwaway redis-server (no persistence) that can be stopped and started again."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.url = f"redis://127.0.0.1:{port}/0"
        self.proc: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        self.proc = subprocess.Popen(
            ["redis-server", "--port", str(self.port), "--bind", "127.0.0.1", "--save", "",
             "--appendonly", "no"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + 10
        while True:
            try:
                redis.Redis.from_url(self.url, socket_connect_timeout=0.5).ping()
                return
            except redis.ConnectionError:
                assert time.monotonic() < deadline, "redis-server did not start"
                time.sleep(0.05)

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            self.proc.wait(timeout=10)


@pytest.fixture
def own_redis() -> Iterator[RedisServer]:
    server = RedisServer(free_port())
    server.start()
    try:
        yield server
    finally:
        server.stop()


def wait_for(predicate: Any, timeout: float = 20) -> Any:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = predicate()
        if value:
            return value
        time.sleep(0.05)
    raise AssertionError("condition not reached")


def my_turn(ann: Player, game_id: str) -> int:
    """Ann plays her whole turn (a turn may be several moves), each answered as committed;
    the seq after it."""
    mine = wait_for(lambda: (g := ann.game(game_id, seat=0))["legal"] and g)
    while mine["legal"] and 0 in mine["view"]["to_act"]:
        reply = ann.move(game_id, mine["seq"], mine["legal"][0])
        assert reply.status_code == 200, reply.text  # committed, so answered as committed
        assert reply.json()["seq"] == mine["seq"] + 1
        mine = ann.game(game_id, seat=0)
    return int(mine["seq"])


def bot_answered(ann: Player, game_id: str, after: int) -> int:
    """The seq once the bot has moved after ``after`` and it is Ann's turn again."""
    def answered() -> int:
        bot = [e for e in move_entries(ann, game_id) if e["seq"] > after and e["seat"] == 1]
        game = ann.game(game_id, seat=0)
        return int(game["seq"]) if bot and game["legal"] else 0
    return int(wait_for(answered))


@pytest.mark.parametrize("backend", BACKENDS)
def test_moves_and_bots_go_on_while_redis_is_down_and_viewers_catch_up_when_it_returns(
        backend: str, tmp_path: Path, own_redis: RedisServer) -> None:
    url = database_url(backend, tmp_path)
    settings = make_settings(url, redis_url=own_redis.url, rate_limit_prefix=f"t{free_port()}")
    with ServerThread(settings) as first, ServerThread(settings) as second:
        ann = Player(first.url, "Ann")
        lobby = ann.ok(ann.post("/api/lobbies", json={
            "kind": "grand-bazaar", "players": 2, "options": {"first_player": 0}}))
        ann.ok(ann.post(f"/api/lobbies/{lobby['id']}/bots", json={"seat": 1}))
        game_id = ann.ok(ann.post(f"/api/lobbies/{lobby['id']}/start"))["game_id"]
        watcher = Viewer(second.url, game_id, None)  # a spectator on the other instance
        watcher.send({"type": "hello"})
        watcher.recv_type("snapshot")
        after_bot = bot_answered(ann, game_id, my_turn(ann, game_id))
        watcher.until_seq(after_bot)  # the hub carries the moves across instances

        own_redis.stop()
        mine = my_turn(ann, game_id)
        # the bot's turn is not lost with the fan-out: it answers while Redis is still down
        during = bot_answered(ann, game_id, mine)

        own_redis.start()
        # nobody moves again: the viewer on the other instance catches up on its own
        watcher.until_seq(during)
        assert watcher.view == Player(second.url, "Spectator").game(game_id)["view"]
        watcher.close()
        ann.http.close()
