"""Undo over the game socket (issue 27, point 3): the ``undo`` frame is answered ``undone``,
and every viewer's patch brings its view back to the position before the undone step; a
takeback asked over HTTP reaches the other sockets as a ``takeback`` notice."""

from __future__ import annotations

from typing import Any

from tests.conftest import start_game
from tests.support.sockets import Viewer
from tests.support.undo import BAZAAR, CARCASSONNE, ask_takeback, end_bazaar_turn


def test_an_undo_frame_patches_every_viewer_back(server: Any, players: Any) -> None:
    ann, bob, eve = players("Ann"), players("Bob"), players("Eve")
    game_id = start_game(ann, [bob], "carcassonne", CARCASSONNE)
    mine, theirs = Viewer(server.url, game_id, ann.token), Viewer(server.url, game_id, bob.token)
    watching = Viewer(server.url, game_id, eve.token)
    try:
        for viewer in (mine, theirs, watching):
            viewer.send({"type": "hello"})
            viewer.recv_type("snapshot")
        before = {id(v): v.view for v in (mine, theirs, watching)}
        tile = next(m for m in ann.game(game_id)["legal"] if m["type"] == "PlaceTile")
        mine.send({"type": "move", "seq": mine.seq, "move": tile})
        mine.recv_type("moved")
        laid = mine.seq + 1
        for viewer in (mine, theirs, watching):
            viewer.until_seq(laid)
            assert viewer.view != before[id(viewer)]
        mine.send({"type": "undo", "seq": laid})
        assert mine.recv_type("undone")["seq"] == laid + 1
        for viewer in (mine, theirs, watching):
            viewer.until_seq(laid + 1)
            assert viewer.view == before[id(viewer)]
        last = watching.frames[-1]
        assert last["type"] == "patch" and "undid their last step" in last["events"][0]["text"]
        # a second undo has nothing of this turn left: an error frame, nothing moves
        mine.send({"type": "undo", "seq": laid + 1})
        refused = mine.recv_type("error")
        assert refused["code"] == "UNDO_NOT_ALLOWED" and refused["rule"] == "UNDO-1"
        assert ann.game(game_id)["seq"] == laid + 1
    finally:
        for viewer in (mine, theirs, watching):
            viewer.close()


def test_a_takeback_request_reaches_the_other_socket(server: Any, players: Any) -> None:
    ann, bob = players("Ann"), players("Bob")
    game_id = start_game(ann, [bob], "bazaar", BAZAAR)
    passed = end_bazaar_turn(ann, game_id)
    theirs = Viewer(server.url, game_id, bob.token)
    try:
        theirs.send({"type": "hello"})
        theirs.recv_type("snapshot")
        ann.ok(ask_takeback(ann, game_id, passed["seq"]))
        assert theirs.recv_type("takeback")["seq"] == passed["seq"]
    finally:
        theirs.close()
