"""A resumed socket gets the chat lines it missed (issue 13, point 17): `hello` with
`chat_since`, the id of the last line the client has (docs/api.md "WebSocket")."""

from __future__ import annotations

from typing import Any

import pytest

from tests.conftest import start_game
from tests.support.sockets import Viewer, move_once


@pytest.fixture
def table(server: Any, players: Any) -> dict[str, Any]:
    ann, bob, eve = players("Ann"), players("Bob"), players("Eve")
    game_id = start_game(ann, [bob], options={"first_player": 0})
    return {"server": server, "ann": ann, "bob": bob, "eve": eve, "game_id": game_id}


def say(player: Any, game_id: str, text: str) -> dict[str, Any]:
    return player.ok(player.post(f"/api/games/{game_id}/chat", json={"text": text}))  # type: ignore[no-any-return]


def chats_until_quiet(viewer: Viewer) -> list[dict[str, Any]]:
    """Every chat frame until the socket has said nothing for a moment (a ping's pong)."""
    viewer.send({"type": "ping"})
    lines = []
    while True:
        frame = viewer.recv()
        if frame["type"] == "pong":
            return lines
        if frame["type"] == "chat":
            lines.append(frame)


def test_a_resumed_socket_gets_the_chat_lines_it_missed_in_order_once_each(table: Any) -> None:
    ann, bob, gid, url = table["ann"], table["bob"], table["game_id"], table["server"].url
    first = say(ann, gid, "hello Bob")
    history = bob.game(gid)["chat"]
    assert [c["text"] for c in history] == ["hello Bob"] and history[0]["id"] == first["id"]
    bob_socket = Viewer(url, gid, bob.token)
    bob_socket.send({"type": "hello", "chat_since": history[-1]["id"]})
    bob_socket.recv_type("snapshot")
    assert chats_until_quiet(bob_socket) == []  # nothing new: nothing sent again
    live = say(ann, gid, "still there?")
    assert bob_socket.recv_type("chat")["id"] == live["id"]
    bob_socket.close()

    # Bob's socket is down: two lines and a move go by
    missed = [say(ann, gid, "you missed this"), say(table["eve"], gid, "and this <b>")]
    seq = move_once(table)
    again = Viewer(url, gid, bob.token)
    again.view, again.seq = bob_socket.view, bob_socket.seq
    again.send({"type": "hello", "since": again.seq, "chat_since": live["id"]})
    again.until_seq(seq)
    chats_until_quiet(again)
    lines = [f for f in again.frames if f["type"] == "chat"]
    assert [(c["id"], c["name"], c["text"]) for c in lines] == [
        (m["id"], m["name"], m["text"]) for m in missed]
    # the state came first, then the chat it missed
    kinds = [f["type"] for f in again.frames if f["type"] in ("patch", "snapshot", "chat")]
    assert kinds == ["patch"] * (seq - bob_socket.seq) + ["chat", "chat"]
    again.close()


@pytest.mark.parametrize("value", ["3", 1.5, True, -1, 2**31, None, [], {"id": 1}])
def test_a_bad_chat_since_gets_an_error_frame(table: Any, value: Any) -> None:
    gid, bob = table["game_id"], table["bob"]
    socket = Viewer(table["server"].url, gid, bob.token)
    socket.send({"type": "hello", "chat_since": value})
    if value is None:  # null is "not given": a plain hello
        socket.recv_type("snapshot")
    else:
        assert socket.recv_type("error")["code"] == "BAD_FRAME"
        socket.send({"type": "ping"})
        assert socket.recv_type("pong") == {"type": "pong"}  # the socket lives on
    socket.close()
