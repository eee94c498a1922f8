"""The game WebSocket with a real client (the `websockets` library) against a real server."""

from __future__ import annotations

from typing import Any

import pytest

from tests.support.sockets import Viewer, move_once


def open_viewers(t: dict[str, Any]) -> tuple[Viewer, Viewer, Viewer]:
    url, gid = t["server"].url, t["game_id"]
    views = (Viewer(url, gid, t["ann"].token), Viewer(url, gid, t["bob"].token),
             Viewer(url, gid, None))
    for v in views:
        v.send({"type": "hello"})
        assert v.recv_type("snapshot")["seq"] == 0
    return views


def test_each_viewer_gets_its_own_view_and_patches_rebuild_the_http_view(table: Any) -> None:
    ann, bob, eve, gid = table["ann"], table["bob"], table["eve"], table["game_id"]
    va, vb, vs = open_viewers(table)
    assert va.view == ann.game(gid)["view"]
    assert vb.view == bob.game(gid)["view"]
    assert vs.view == eve.game(gid)["view"]
    snapshot = va.frames[-1]
    assert snapshot["legal"] == ann.game(gid)["legal"] and vs.frames[-1]["legal"] == []
    seq = 0
    for _ in range(6):
        seq = move_once(table, pick=-1)
    for viewer, who in ((va, ann), (vb, bob), (vs, eve)):
        viewer.until_seq(seq)
        assert viewer.view == who.game(gid)["view"]
        patches = [f for f in viewer.frames if f["type"] == "patch"]
        assert [p["seq"] for p in patches] == list(range(1, seq + 1))
        assert all(e.get("text") for p in patches for e in p["events"])
    for v in (va, vb, vs):
        v.close()


def test_resume_with_since_gets_exactly_the_missing_patches(table: Any) -> None:
    gid = table["game_id"]
    vs = Viewer(table["server"].url, gid, None)
    vs.send({"type": "hello"})
    vs.recv_type("snapshot")
    view0 = vs.view
    vs.close()
    for _ in range(4):
        move_once(table)
    again = Viewer(table["server"].url, gid, None)
    again.view, again.seq = view0, 0
    again.send({"type": "hello", "since": 0})
    again.until_seq(4)
    state_frames = [f for f in again.frames if f["type"] in ("patch", "snapshot")]
    assert [(f["type"], f["seq"]) for f in state_frames] == [("patch", s) for s in (1, 2, 3, 4)]
    assert again.view == table["eve"].game(gid)["view"]
    # a since from the future cannot be filled: a snapshot comes instead
    again.send({"type": "hello", "since": 99})
    assert again.recv_type("snapshot")["seq"] == 4
    again.close()


def test_moves_over_the_socket_and_their_errors(table: Any) -> None:
    ann, gid = table["ann"], table["game_id"]
    va, vb, vs = open_viewers(table)
    legal = va.frames[-1]["legal"]
    vb.send({"type": "move", "seq": 0, "move": legal[0], "client_move_id": "b1"})
    err = vb.recv_type("error")
    assert err["code"] == "NOT_YOUR_TURN" and err["client_move_id"] == "b1"
    vs.send({"type": "move", "seq": 0, "move": legal[0], "client_move_id": "s1"})
    assert vs.recv_type("error")["code"] == "UNAUTHORIZED"
    va.send({"type": "move", "seq": 0, "move": legal[0], "client_move_id": "a1"})
    assert va.recv_type("moved") == {"type": "moved", "seq": 1, "client_move_id": "a1"}
    va.until_seq(1)
    va.send({"type": "move", "seq": 0, "move": legal[0], "client_move_id": "a2"})
    stale = va.recv_type("error")
    assert stale["code"] in ("STALE_SEQ", "NOT_YOUR_TURN")
    # the same client_move_id again returns the first result
    va.send({"type": "move", "seq": 0, "move": legal[0], "client_move_id": "a1"})
    assert va.recv_type("moved")["seq"] == 1
    assert ann.game(gid)["seq"] == 1
    for v in (va, vb, vs):
        v.close()


def test_bad_frames_get_error_frames_and_change_nothing(table: Any) -> None:
    ann, gid = table["ann"], table["game_id"]
    va = Viewer(table["server"].url, gid, ann.token)
    for frame, code in (
        ("{not json", "BAD_FRAME"),
        ({"type": "launch"}, "BAD_FRAME"),
        ({"type": "move", "seq": "x", "move": {}}, "BAD_FRAME"),
        ({"type": "hello", "extra": 1}, "BAD_FRAME"),
        ({"type": "chat", "text": "x" * 20_000}, "FRAME_TOO_LARGE"),
        ({"type": "move", "seq": 0, "move": {"type": "Teleport"}}, "BAD_INPUT"),
    ):
        va.send(frame)
        assert va.recv_type("error")["code"] == code
    va.send({"type": "ping"})
    assert va.recv_type("pong") == {"type": "pong"}
    assert ann.game(gid)["seq"] == 0
    va.close()


def test_chat_reaches_every_viewer_as_text(table: Any) -> None:
    va, vb, vs = open_viewers(table)
    va.send({"type": "chat", "text": "<img src=x onerror=alert(1)>"})
    for v in (va, vb, vs):
        line = v.recv_type("chat")
        assert line["name"] == "Ann" and line["text"] == "<img src=x onerror=alert(1)>"
    for v in (va, vb, vs):
        v.close()


def test_a_forged_seat_gets_its_own_view_and_an_unknown_game_is_refused(table: Any) -> None:
    from websockets.exceptions import InvalidStatus

    url, gid, bob = table["server"].url, table["game_id"], table["bob"]
    # naming a seat one does not hold: one's own seat's view (docs/api.md), never seat 0's
    v = Viewer(url, gid, bob.token, seat=0)
    v.send({"type": "hello"})
    snap = v.recv_type("snapshot")
    assert snap["view"] == table["bob"].game(gid, seat=1)["view"] and snap["legal"] == []
    v.send({"type": "move", "seq": 0, "move": table["ann"].game(gid)["legal"][0],
             "client_move_id": "forged"})
    assert v.recv_type("error")["code"] in ("NOT_YOUR_TURN", "NOT_YOUR_SEAT")
    v.close()
    for unknown in ("no-such-game", "a%00b"):
        with pytest.raises((InvalidStatus, Exception)):
            v = Viewer(url, unknown, None)
            v.send({"type": "hello"})
            v.recv()
