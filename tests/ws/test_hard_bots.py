"""Hard bots in real games (issue 17; app/play/bot_pool.py): the hard bot's move arrives over
the WebSocket, thought out in the bot pool's worker process, and the server answers other
games, and this game, while a hard bot thinks.

The workers run test doubles (tests/bot_doubles.py): the cheap one where an engine has no hard
bot of its own yet, and a slow one that thinks until the test releases it, so that nothing here
asserts a timing: only what was answered before what.
"""

from __future__ import annotations

import os
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.bot_doubles import SLOW_DIR
from tests.conftest import (
    BACKENDS,
    Player,
    ServerThread,
    database_url,
    make_settings,
    move_entries,
)
from tests.support.games import first_move, hard_bot_game
from tests.support.sockets import Viewer


def serve(backend: str, tmp: Path, **overrides: Any) -> ServerThread:
    settings = make_settings(database_url(backend, tmp), bot_workers=1,
                             bot_budget_scale=0.01, **overrides)
    return ServerThread(settings)


@pytest.fixture(scope="module", params=BACKENDS)
def cheap_server(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
                 ) -> Iterator[ServerThread]:
    with serve(request.param, tmp_path_factory.mktemp("db"),
               bot_worker_init="tests.bot_doubles:cheap_where_missing") as srv:
        yield srv


def test_the_hard_bots_move_arrives_over_the_socket_marked_with_its_level(
        cheap_server: ServerThread) -> None:
    ann = Player(cheap_server.url, "Ann")
    game_id = hard_bot_game(ann)
    viewer = Viewer(cheap_server.url, game_id, ann.token)
    viewer.send({"type": "hello"})
    viewer.recv_type("snapshot")
    assert first_move(ann, game_id) == 1
    viewer.until_seq(2)  # the bot's move, thought out in the pool
    assert viewer.view == ann.game(game_id)["view"]
    entries = move_entries(ann, game_id)
    assert [(e["seq"], e["actor"], e["level"]) for e in entries[:2]] == [
        (1, "player", None), (2, "bot", "hard")]
    viewer.close()
    ann.http.close()


def test_a_normal_bot_seat_still_moves_inline_and_is_marked_normal(
        cheap_server: ServerThread) -> None:
    ann = Player(cheap_server.url, "Ann")
    game_id = hard_bot_game(ann, level="normal")
    first_move(ann, game_id)
    for _ in range(500):
        entries = move_entries(ann, game_id)
        if len(entries) >= 2:
            break
        time.sleep(0.02)
    assert (entries[1]["actor"], entries[1]["level"]) == ("bot", "normal")
    ann.http.close()


@pytest.fixture(params=BACKENDS)
def slow_server(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[tuple[ServerThread,
                                                                                 Path]]:
    folder = tmp_path / "bot"
    folder.mkdir()
    os.environ[SLOW_DIR] = str(folder)  # read by the spawned worker
    try:
        with serve(request.param, tmp_path, bot_think_seconds=120.0,
                   bot_worker_init="tests.bot_doubles:slow") as srv:
            try:
                yield srv, folder
            finally:
                (folder / "release").write_text("")  # never leave a worker thinking
    finally:
        os.environ.pop(SLOW_DIR, None)


def wait_for(path: Path) -> None:
    for _ in range(3000):  # the worker process starts (spawn) before it thinks
        if path.exists():
            return
        time.sleep(0.02)
    raise AssertionError(f"{path.name} never appeared")


def test_other_games_and_this_one_are_answered_while_a_hard_bot_thinks(
        slow_server: tuple[ServerThread, Path]) -> None:
    server, folder = slow_server
    ann, bob = Player(server.url, "Ann"), Player(server.url, "Bob")
    thinking = hard_bot_game(ann)
    lobby = ann.ok(ann.post("/api/lobbies", json={
        "kind": "grand-bazaar", "players": 2, "options": {"first_player": 0}}))
    bob.ok(bob.post(f"/api/lobbies/{lobby['id']}/join"))
    other = str(ann.ok(ann.post(f"/api/lobbies/{lobby['id']}/start"))["game_id"])
    watcher = Viewer(server.url, other, bob.token)
    watcher.send({"type": "hello"})
    watcher.recv_type("snapshot")

    first_move(ann, thinking)
    wait_for(folder / "started")
    # the other game's move is answered and reaches its socket while the bot thinks
    assert first_move(ann, other) == 1
    watcher.until_seq(1)
    assert first_move(bob, other) == 2
    # this game is not locked either: a move out of turn and a chat line are answered
    assert ann.game(thinking)["legal"] == []
    early = ann.move(thinking, 1, {"type": "Pass"})
    assert early.status_code in (403, 422), early.text
    ann.ok(ann.post(f"/api/games/{thinking}/chat", json={"text": "your move"}))
    assert ann.game(thinking)["seq"] == 1 and not (folder / "release").exists()

    (folder / "release").write_text("")
    for _ in range(3000):
        if ann.game(thinking)["seq"] >= 2:
            break
        time.sleep(0.02)
    entries = move_entries(ann, thinking)
    assert (entries[1]["actor"], entries[1]["level"]) == ("bot", "hard")
    watcher.close()
    ann.http.close()
    bob.http.close()


def wait_entries(player: Player, game_id: str, count: int) -> list[dict[str, Any]]:
    for _ in range(3000):
        entries = move_entries(player, game_id)
        if len(entries) >= count:
            return entries
        time.sleep(0.02)
    raise AssertionError(f"fewer than {count} moves were made")


@pytest.mark.parametrize("takeover", ["normal", "hard"])
def test_a_resigned_seat_is_played_at_the_takeover_level(cheap_server: ServerThread,
                                                         takeover: str) -> None:
    ann, bob = Player(cheap_server.url, "Ann"), Player(cheap_server.url, "Bob")
    lobby = ann.ok(ann.post("/api/lobbies", json={
        "kind": "grand-bazaar", "players": 2, "options": {"first_player": 0},
        "takeover_level": takeover}))
    bob.ok(bob.post(f"/api/lobbies/{lobby['id']}/join"))
    game_id = str(ann.ok(ann.post(f"/api/lobbies/{lobby['id']}/start"))["game_id"])
    first_move(ann, game_id)
    bob.ok(bob.post(f"/api/games/{game_id}/resign"))
    entries = wait_entries(ann, game_id, 2)
    assert (entries[1]["seat"], entries[1]["actor"], entries[1]["level"]) == (
        1, "resigned", takeover)
    ann.http.close()
    bob.http.close()


def test_a_seat_whose_clock_ran_out_is_played_by_the_hard_bot_the_host_chose(
        cheap_server: ServerThread) -> None:
    # Carcassonne has no timeout move of its own: the takeover bot plays the seat (a game with
    # one, GB-17 or BAZ-20, makes that move instead, with no level)
    ann, bob = Player(cheap_server.url, "Ann"), Player(cheap_server.url, "Bob")
    lobby = ann.ok(ann.post("/api/lobbies", json={
        "kind": "carcassonne", "players": 2, "takeover_level": "hard",
        "clock": {"mode": "move", "seconds": 1}}))
    bob.ok(bob.post(f"/api/lobbies/{lobby['id']}/join"))
    game_id = str(ann.ok(ann.post(f"/api/lobbies/{lobby['id']}/start"))["game_id"])
    entries = wait_entries(ann, game_id, 1)
    assert (entries[0]["actor"], entries[0]["level"]) == ("timeout", "hard")
    ann.http.close()
    bob.http.close()


def test_a_bot_seat_thinking_long_under_a_clock_is_not_timed_out(tmp_path: Path) -> None:
    # the hard bot (the slow double) thinks past its seat's 1 s clock, as a hard move queued
    # behind others would: its move is still the bot's own, and the seat never becomes away
    folder = tmp_path / "slow"
    folder.mkdir()
    os.environ[SLOW_DIR] = str(folder)
    try:
        with serve("sqlite", tmp_path, bot_worker_init="tests.bot_doubles:slow",
                   bot_think_seconds=30.0) as srv:
            ann = Player(srv.url, "Ann")
            # the bot's seat begins: a person with a 1 s clock would lose a turn to it on a
            # loaded machine before the test could move for them (CI saw that)
            lobby = ann.ok(ann.post("/api/lobbies", json={
                "kind": "grand-bazaar", "players": 2, "options": {"first_player": 1},
                "clock": {"mode": "move", "seconds": 1}}))
            ann.ok(ann.post(f"/api/lobbies/{lobby['id']}/bots",
                            json={"seat": 1, "level": "hard"}))
            game_id = str(ann.ok(ann.post(f"/api/lobbies/{lobby['id']}/start"))["game_id"])
            seq = ann.game(game_id)["seq"]
            assert ann.game(game_id)["view"]["to_act"] == [1]
            deadline = time.monotonic() + 30
            while not (folder / "started").exists():
                assert time.monotonic() < deadline, "the hard bot did not start thinking"
                time.sleep(0.02)
            # the seat's clock (1 s) runs out while the bot thinks ...
            while ann.game(game_id)["clock"]["remaining"].get("1") != 0:
                assert time.monotonic() < deadline, "the bot's clock did not run out"
                time.sleep(0.05)
            # ... and the clock keeper, which looks every 0.2 s, has three looks at it
            expired = time.monotonic()
            while time.monotonic() - expired < 0.6:
                assert ann.game(game_id)["seq"] == seq, "something moved for the bot's seat"
                time.sleep(0.05)
            assert ann.game(game_id)["away"] == []
            (folder / "release").write_text("go")
            entries = wait_entries(ann, game_id, seq + 1)
            assert (entries[seq]["seat"], entries[seq]["actor"], entries[seq]["level"]) == (
                1, "bot", "hard")
            ann.http.close()
    finally:
        (folder / "release").write_text("go")  # never leave the slow double thinking
        os.environ.pop(SLOW_DIR, None)
