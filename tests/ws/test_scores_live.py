"""Score over time follows a live game (issue 14): after each patch a socket receives,
``GET /api/games/{id}/scores`` ends at that step with the scores the patched view shows, and
every earlier step keeps what the socket's view showed then."""

from __future__ import annotations

from typing import Any

from tests.support.sockets import Viewer, move_once


def test_scores_follow_the_patches_of_a_spectators_socket(table: Any) -> None:
    eve, gid = table["eve"], table["game_id"]
    sock = Viewer(table["server"].url, gid, None)
    sock.send({"type": "hello"})
    sock.recv_type("snapshot")
    assert sock.view is not None
    shown = {0: [p["score"] for p in sock.view["players"]]}
    for _ in range(8):
        seq = move_once(table, pick=-1)
        sock.until_seq(seq)
        shown[seq] = [p["score"] for p in sock.view["players"]]
        data = eve.ok(eve.get(f"/api/games/{gid}/scores"))
        assert data["complete"] is False
        assert {s["seq"]: s["scores"] for s in data["steps"]} == shown
    assert len(set(map(tuple, shown.values()))) > 1, "no move changed a score: a weak test"
    sock.close()
