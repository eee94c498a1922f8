"""Reads naming a seat the caller does not hold fall back to the caller's own view (docs/api.md
"Games"): a shared hot-seat address opens for anyone, and shows nobody a seat they do not hold.
Moves and resignations naming such a seat are still refused (issue 13, point 12)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.conftest import start_game
from tests.support.sockets import Viewer


@pytest.fixture
def hot_seat(server: Any, players: Any) -> dict[str, Any]:
    """Ann plays seats 0 and 1 on her device; Eve is a stranger with a name."""
    ann, eve = players("Ann"), players("Eve")
    lobby = ann.ok(ann.post("/api/lobbies", json={
        "kind": "grand-bazaar", "players": 2, "options": {"first_player": 0}, "private": False}))
    ann.ok(ann.patch(f"/api/lobbies/{lobby['id']}", json={"seats": [{"seat": 1, "holder": "host"}]}))
    game_id = ann.ok(ann.post(f"/api/lobbies/{lobby['id']}/start"))["game_id"]
    return {"server": server, "ann": ann, "eve": eve, "game_id": game_id}


def own(data: dict[str, Any]) -> tuple[Any, ...]:
    return data["you"]["seat"], data["view"], data["legal"]


def test_a_read_for_a_seat_not_held_is_the_callers_own_view(hot_seat: Any) -> None:
    ann, eve, gid = hot_seat["ann"], hot_seat["eve"], hot_seat["game_id"]
    acting = ann.game(gid)["view"]["to_act"][0]
    secret = ann.game(gid, seat=acting)
    assert secret["you"]["seat"] == acting and secret["legal"], "the seat to act has moves"
    for seat in (0, 1, 5):
        reply = eve.get(f"/api/games/{gid}", params={"seat": seat})
        assert reply.status_code == 200, reply.text
        data = reply.json()
        # a spectator's view, exactly as without the parameter: no seat, no legal moves
        assert own(data) == own(eve.game(gid))
        assert data["you"] == {"seats": [], "seat": None, "is_host": False}
        assert data["legal"] == []
    anonymous = eve.http.get(f"/api/games/{gid}", params={"seat": acting},
                             headers={"authorization": ""})
    assert anonymous.status_code == 200 and anonymous.json()["you"]["seat"] is None
    assert anonymous.json()["legal"] == []
    # legal-moves is a read too: the caller's own seat, or 403 for a caller without one
    assert eve.get(f"/api/games/{gid}/legal-moves", params={"seat": acting}).status_code == 403
    # a seat the caller holds is still honoured
    other = 1 - acting
    assert ann.game(gid, seat=other)["you"]["seat"] == other


def test_a_player_asking_for_another_players_seat_sees_their_own(server: Any, players: Any) -> None:
    ann, bob = players("Ann"), players("Bob")
    gid = start_game(ann, [bob], options={"first_player": 0})
    mine = bob.game(gid)
    assert mine["you"]["seat"] == 1
    fallback = bob.game(gid, seat=0)
    assert own(fallback) == own(mine)
    assert fallback["legal"] == []  # seat 0 is to act: its moves are not Bob's to see
    assert ann.game(gid)["legal"]
    moves = bob.ok(bob.get(f"/api/games/{gid}/legal-moves", params={"seat": 0}))
    assert moves["seat"] == 1 and moves["moves"] == []


def test_moves_and_resign_for_a_seat_not_held_are_still_refused(server: Any, players: Any) -> None:
    ann, bob, eve = players("Ann"), players("Bob"), players("Eve")
    gid = start_game(ann, [bob], options={"first_player": 0})
    legal = ann.game(gid)["legal"]
    for caller in (bob, eve):
        reply = caller.move(gid, 0, legal[0], seat=0)
        assert reply.status_code == 403, reply.text
        assert reply.json()["detail"]["code"] == "NOT_YOUR_SEAT"
        reply = caller.post(f"/api/games/{gid}/resign", json={"seat": 0})
        assert reply.status_code == 403, reply.text
        assert reply.json()["detail"]["code"] == "NOT_YOUR_SEAT"
    game = ann.game(gid)
    assert game["seq"] == 0 and not any(s["resigned"] for s in game["seats"])


def test_a_socket_for_a_seat_not_held_shows_the_callers_own_view(hot_seat: Any) -> None:
    ann, eve, gid = hot_seat["ann"], hot_seat["eve"], hot_seat["game_id"]
    acting = ann.game(gid)["view"]["to_act"][0]
    viewer = Viewer(hot_seat["server"].url, gid, eve.token, seat=acting)
    viewer.send({"type": "hello"})
    snapshot = viewer.recv_type("snapshot")
    assert snapshot["legal"] == [] and snapshot["view"] == eve.game(gid)["view"]
    # and the socket moves for nobody
    legal = ann.game(gid, seat=acting)["legal"]
    viewer.send({"type": "move", "seq": 0, "move": legal[0], "client_move_id": "e1"})
    assert viewer.recv_type("error")["code"] in ("NOT_YOUR_SEAT", "UNAUTHORIZED")
    assert ann.game(gid)["seq"] == 0
    viewer.close()
