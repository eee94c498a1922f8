"""Two real uvicorn instances sharing PostgreSQL and Redis (docs/design.md, "Many instances").

Players connected to different instances play a game to the end over their sockets; a spectator
on a third connection sees every patch, in order, ending equal to the HTTP view.
"""

from __future__ import annotations

import json
import os
import time
from collections.abc import Iterator

import httpx
import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

from tests.conftest import (
    Player,
    free_port,
    postgres_url,
    require_redis,
    reset_postgres,
    start_game,
)
from tests.support.instances import spawn, stop, uvicorn_command, wait_ready
from tests.support.sockets import Viewer

REDIS_URL = os.environ.get("TEST_REDIS_URL", "redis://127.0.0.1:6379/15")



@pytest.fixture(scope="module")
def instances(tmp_path_factory: pytest.TempPathFactory) -> Iterator[list[str]]:
    url = postgres_url()
    assert url is not None
    require_redis(REDIS_URL)
    reset_postgres(url)
    tmp = tmp_path_factory.mktemp("instances")
    env = {**os.environ, "DATABASE_URL": url, "REDIS_URL": REDIS_URL, "BOT_DELAY": "0",
           "RATE_MOVES": "100000", "RATE_LOBBIES": "10000"}
    ports = [free_port(), free_port()]
    procs = []
    try:
        # the first instance migrates; the second starts once the schema is there
        for i, port in enumerate(ports):
            log = tmp / f"instance{i}.log"
            proc = spawn(uvicorn_command(port, "--ws-max-size", "65536"), env, log)
            procs.append(proc)
            wait_ready(f"http://127.0.0.1:{port}", proc, log)
        yield [f"http://127.0.0.1:{p}" for p in ports]
    finally:
        for proc in procs:
            stop(proc, seconds=15)


def test_players_on_different_instances_play_to_the_end(instances: list[str]) -> None:
    a_url, b_url = instances
    ann, bob, eve = Player(a_url, "Ann"), Player(b_url, "Bob"), Player(b_url, "Eve")
    game_id = start_game(ann, [bob])
    sockets = {0: Viewer(a_url, game_id, ann.token), 1: Viewer(b_url, game_id, bob.token)}
    spectator = Viewer(a_url, game_id, None)
    for v in (*sockets.values(), spectator):
        v.send({"type": "hello"})
        v.recv_type("snapshot")
    people = {0: ann, 1: bob}
    moves = 0
    deadline = time.monotonic() + 240
    while time.monotonic() < deadline:
        view = sockets[0].view
        assert view is not None
        if view["finished"]:
            break
        seat = view["to_act"][0]
        legal = people[seat].ok(people[seat].get(f"/api/games/{game_id}/legal-moves"))["moves"]
        mine = sockets[seat]
        mine.send({"type": "move", "seq": mine.seq, "move": legal[moves % len(legal)],
                   "client_move_id": f"m{moves}"})
        moved = mine.recv_type("moved")
        moves += 1
        for v in sockets.values():
            v.until_seq(moved["seq"])
    final = eve.game(game_id)
    assert final["status"] == "finished"
    spectator.until_seq(final["seq"])
    patches = [f for f in spectator.frames if f["type"] == "patch"]
    assert [p["seq"] for p in patches] == list(range(1, final["seq"] + 1))
    assert spectator.view == final["view"]
    assert json.dumps(spectator.view, sort_keys=True) == json.dumps(
        Player(b_url, "Zed").game(game_id)["view"], sort_keys=True)
    for v in (*sockets.values(), spectator):
        v.close()



def presence_frames(sock: Viewer, seconds: float) -> list[dict[str, object]]:
    """The presence frames the socket receives in the next ``seconds``."""
    got = []
    deadline = time.monotonic() + seconds
    while (left := deadline - time.monotonic()) > 0:
        try:
            frame = sock.recv(timeout=left)
        except TimeoutError:
            break
        if frame["type"] == "presence":
            got.append(frame)
    return got


def test_presence_counts_the_sockets_of_every_instance(instances: list[str]) -> None:
    """Issue 16: a player connected to another instance is not shown as away."""
    a_url, b_url = instances
    ann, bob = Player(a_url, "Ann"), Player(b_url, "Bob")
    game_id = start_game(ann, [bob])
    mine = Viewer(a_url, game_id, ann.token)
    mine.send({"type": "hello"})
    mine.recv_type("snapshot")
    presence_frames(mine, 0.5)  # Ann's own arrival
    bobs = Viewer(b_url, game_id, bob.token)  # Bob is on the other instance
    bobs.send({"type": "hello"})
    bobs.recv_type("snapshot")
    heard = presence_frames(mine, 2.0)
    assert heard and heard[-1]["connected"] == [0, 1], heard
    # both instances answer the same over HTTP
    assert ann.game(game_id)["connected"] == [0, 1]
    assert bob.game(game_id)["connected"] == [0, 1]
    # a spectator on the other instance is counted where Ann is
    watcher = Viewer(b_url, game_id, None)
    watcher.send({"type": "hello"})
    watcher.recv_type("snapshot")
    heard = presence_frames(mine, 2.5)
    assert heard and heard[-1]["spectators"] == 1, heard
    # Bob leaves the other instance: Ann's instance says so
    bobs.close()
    heard = presence_frames(mine, 2.0)
    assert heard and heard[-1]["connected"] == [0], heard
    assert ann.game(game_id)["connected"] == [0]
    watcher.close()
    mine.close()


def test_a_player_back_on_another_instance_is_no_longer_played_for(
        instances: list[str]) -> None:
    """Issue 16: the away seats (clock ran out) are the same on every instance."""
    from tests.support.games import clocked_game, wait_for

    a_url, b_url = instances
    ann, bob = Player(a_url, "Ann"), Player(b_url, "Bob")
    game_id = clocked_game(ann, bob, seconds=3)
    bob.game(game_id)  # both instances hold the game
    # Ann does nothing: her clock runs out and every instance knows she is away
    wait_for(lambda: 0 in ann.game(game_id)["away"] and 0 in bob.game(game_id)["away"])
    # Ann comes back on the instance where she was not timed out... or was: either way, the
    # other one must stop playing for her
    viewer = Viewer(b_url, game_id, ann.token)
    viewer.send({"type": "hello"})
    viewer.recv_type("snapshot")
    wait_for(lambda: 0 not in bob.game(game_id)["away"], timeout=5)
    wait_for(lambda: 0 not in ann.game(game_id)["away"], timeout=5)
    viewer.close()


def closed_with(sock: ClientConnection, seconds: float) -> tuple[int, str]:
    """The close code and reason of a socket that the server closes within ``seconds``."""
    deadline = time.monotonic() + seconds
    try:
        while (left := deadline - time.monotonic()) > 0:
            sock.recv(timeout=left)
    except ConnectionClosed as closed:
        assert closed.rcvd is not None, "closed without a close frame"
        return closed.rcvd.code, closed.rcvd.reason
    except TimeoutError:
        pass
    raise AssertionError(f"the socket was still open after {seconds} s")


def test_revoking_a_session_closes_its_sockets_on_the_other_instance(
        instances: list[str]) -> None:
    """Issue 24.1: a sign-out, sign-out everywhere else or password change on instance A
    closes the revoked session's game socket and /ws/me on instance B within seconds (4401),
    and B refuses the token over HTTP at once (not after its identity cache runs out)."""
    a_url, b_url = instances
    ann, bob = Player(a_url, "Ann"), Player(b_url, "Bob")
    password = "first password here"
    claimed = ann.ok(ann.post("/api/account/claim",
                              json={"username": "ann_revoked", "password": password}))
    ann.http.headers["authorization"] = f"Bearer {claimed['token']}"
    game_id = start_game(ann, [bob], options={"first_player": 0})
    for n, action in enumerate(("password", "signout-others", "signout")):
        second = ann.ok(httpx.post(f"{b_url}/api/account/signin", json={
            "username": "ann_revoked", "password": password}))["token"]
        game_sock = Viewer(b_url, game_id, second)
        game_sock.send({"type": "hello"})
        game_sock.recv_type("snapshot")
        with connect(f"{b_url.replace('http', 'ws')}/ws/me?token={second}",
                     open_timeout=10) as me_sock:
            me_sock.send(json.dumps({"type": "ping"}))
            assert json.loads(me_sock.recv(timeout=10))["type"] == "pong"
            assert httpx.get(f"{b_url}/api/session",
                             headers={"authorization": f"Bearer {second}"}).status_code == 200
            if action == "password":
                new = f"password number {n}"
                reply = ann.ok(ann.post("/api/account/password", json={
                    "current_password": password, "new_password": new}))
                password = new
                ann.http.headers["authorization"] = f"Bearer {reply['token']}"
            elif action == "signout-others":
                assert ann.ok(ann.post("/api/account/signout-others"))["signed_out"] == 1
            else:
                assert httpx.post(f"{a_url}/api/account/signout", json={}, headers={
                    "authorization": f"Bearer {second}"}).json() == {"signed_out": 1}
            assert closed_with(game_sock.ws, 3.0) == (4401, "SIGNED_OUT"), action
            assert closed_with(me_sock, 3.0) == (4401, "SIGNED_OUT"), action
            assert httpx.get(f"{b_url}/api/session", headers={
                "authorization": f"Bearer {second}"}).status_code == 401, action
        game_sock.close()
