"""Socket limits (issue 11, points 4 and 5): open sockets per address are capped (4429 beyond
the cap, a closed socket frees its slot), and frames are rate-limited per identity, shared with
HTTP, with ``retry_after`` in the error frame."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from tests.conftest import Player, ServerThread, make_settings, start_game
from tests.support.sockets import Viewer


def accepted(viewer: Viewer) -> bool:
    """True when the socket serves a snapshot, False when it was closed with 4429."""
    try:
        viewer.send({"type": "hello"})
        viewer.recv_type("snapshot", timeout=5)
    except ConnectionClosed as closed:
        assert closed.rcvd is not None and closed.rcvd.code == 4429, closed
        return False
    return True


def test_anonymous_sockets_beyond_the_cap_per_address_are_refused_and_closing_frees_a_slot(
        tmp_path: Path) -> None:
    url = f"sqlite+aiosqlite:///{tmp_path / 'cap.db'}"
    with ServerThread(make_settings(url, max_sockets_per_address=3)) as srv:
        ann, bob = Player(srv.url, "Ann"), Player(srv.url, "Bob")
        game_id = start_game(ann, [bob])
        open_ = [Viewer(srv.url, game_id, None) for _ in range(3)]
        for v in open_:
            v.send({"type": "hello"})
            v.recv_type("snapshot")
        extra = Viewer(srv.url, game_id, None)
        assert not accepted(extra)
        extra.close()
        # players at the same address do not count against it: a full address never locks
        # out its identified callers (docs/operations.md, "Rate limits")
        players = [Viewer(srv.url, game_id, token) for token in (ann.token, bob.token)]
        assert all(accepted(v) for v in players)
        # another address (a client behind the trusted proxy, here 127.0.0.1) has its own cap
        ws_url = srv.url.replace("http://", "ws://") + f"/ws/games/{game_id}"
        with connect(ws_url, additional_headers={"X-Forwarded-For": "203.0.113.5"},
                     open_timeout=10) as other:
            other.send(json.dumps({"type": "hello"}))
            frames = [json.loads(other.recv(timeout=10))["type"] for _ in range(2)]
            assert "snapshot" in frames
        # closing one socket frees its slot (released when the server sees the close)
        open_.pop().close()
        deadline = time.monotonic() + 10
        while True:
            again = Viewer(srv.url, game_id, None)
            if accepted(again):
                break
            again.close()
            assert time.monotonic() < deadline, "the closed socket's slot was never freed"
            time.sleep(0.05)
        # ... and only that one: the cap holds again
        assert not accepted(Viewer(srv.url, game_id, None))
        for v in (*open_, *players, again):
            v.close()
        ann.http.close()
        bob.http.close()


def test_sockets_beyond_the_cap_per_identity_are_refused_whatever_the_address(
        tmp_path: Path) -> None:
    url = f"sqlite+aiosqlite:///{tmp_path / 'idcap.db'}"
    with ServerThread(make_settings(url, max_sockets_per_identity=2)) as srv:
        ann, bob = Player(srv.url, "Ann"), Player(srv.url, "Bob")
        game_id = start_game(ann, [bob])
        mine = [Viewer(srv.url, game_id, ann.token) for _ in range(2)]
        assert all(accepted(v) for v in mine)
        assert not accepted(Viewer(srv.url, game_id, ann.token))
        # from another address too: the cap is the identity's, not its address's
        ws_url = srv.url.replace("http://", "ws://") + f"/ws/games/{game_id}?token={ann.token}"
        with connect(ws_url, additional_headers={"X-Forwarded-For": "203.0.113.9"},
                     open_timeout=10) as elsewhere:
            with pytest.raises(ConnectionClosed) as closed:
                elsewhere.send(json.dumps({"type": "hello"}))
                for _ in range(3):
                    elsewhere.recv(timeout=10)
            assert closed.value.rcvd is not None and closed.value.rcvd.code == 4429
        # another identity is not affected
        assert accepted(Viewer(srv.url, game_id, bob.token))
        ann.http.close()
        bob.http.close()


def test_socket_frames_are_limited_per_identity_with_retry_after(tmp_path: Path) -> None:
    junk = {"type": "Nonsense"}
    url = f"sqlite+aiosqlite:///{tmp_path / 'frames.db'}"
    with ServerThread(make_settings(url, rate_moves=3, rate_chat=2)) as srv:
        ann, bob, mal = Player(srv.url, "Ann"), Player(srv.url, "Bob"), Player(srv.url, "Mal")
        game_id = start_game(ann, [bob], options={"first_player": 0})
        first, second = Viewer(srv.url, game_id, mal.token), Viewer(srv.url, game_id, mal.token)
        codes = []
        for _ in range(4):
            first.send({"type": "move", "seq": 99, "move": junk})
            codes.append(first.recv_type("error"))
        assert [c["code"] == "RATE_LIMITED" for c in codes] == [False, False, False, True]
        assert 1 <= codes[-1]["retry_after"] <= 10
        # the same person on another socket, or over HTTP, has no fresh allowance
        second.send({"type": "move", "seq": 99, "move": junk})
        assert second.recv_type("error")["code"] == "RATE_LIMITED"
        assert mal.move(game_id, 99, junk).status_code == 429
        for _ in range(2):
            first.send({"type": "chat", "text": "spam"})
            first.recv_type("chat")
        second.send({"type": "chat", "text": "more"})
        refused = second.recv_type("error")
        assert refused["code"] == "RATE_LIMITED" and 1 <= refused["retry_after"] <= 10
        # Ann, at the same address, moves and chats as if nothing happened
        va = Viewer(srv.url, game_id, ann.token)
        va.send({"type": "hello"})
        legal = va.recv_type("snapshot")["legal"]
        va.send({"type": "move", "seq": 0, "move": legal[0], "client_move_id": "a1"})
        assert va.recv_type("moved")["seq"] == 1
        va.send({"type": "chat", "text": "hello"})
        assert va.recv_type("chat")["text"] == "hello"
        for v in (first, second, va):
            v.close()
        for p in (ann, bob, mal):
            p.http.close()
