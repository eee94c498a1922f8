"""The open-game cap of turn-based play (issue 27, point 1; app/play/turn_cap.py, BGA's rule):
6 open turn-based tables, one more for every two finished; creating or joining past it is
refused with TURN_GAME_CAP and words, and finishing games raises it."""

from __future__ import annotations

from typing import Any

from tests.conftest import Player
from tests.support.games import play_to_end

TURN = {"mode": "turn", "days": 1}


def _turn_lobby(player: Player) -> Any:
    return player.post("/api/lobbies", json={"kind": "grand-bazaar", "players": 2,
                                             "clock": TURN})


def test_a_seventh_open_turn_based_table_is_refused_and_a_live_one_is_not(
        players: Any) -> None:
    ann, bob = players("Ann"), players("Bob")
    for _ in range(6):
        ann.ok(_turn_lobby(ann))
    refused = _turn_lobby(ann)
    assert refused.status_code == 409
    assert refused.json()["detail"]["code"] == "TURN_GAME_CAP"
    assert refused.json()["detail"]["reason"].startswith(
        "you already play 6 turn-based games, your limit for now; finish one first")
    # live tables have no cap
    ann.ok(ann.post("/api/lobbies", json={"kind": "grand-bazaar", "players": 2}))
    # joining a turn-based table counts too: Bob has six, Ann's seventh is refused to him
    for _ in range(6):
        bob.ok(_turn_lobby(bob))
    carl = players("Carl")
    lobby = carl.ok(_turn_lobby(carl))
    joined = bob.post(f"/api/lobbies/{lobby['id']}/join")
    assert joined.status_code == 409 and joined.json()["detail"]["code"] == "TURN_GAME_CAP"
    # switching a live lobby to turn-based is a new turn-based table too
    live = ann.ok(ann.post("/api/lobbies", json={"kind": "grand-bazaar", "players": 2}))
    switched = ann.patch(f"/api/lobbies/{live['id']}", json={"clock": TURN})
    assert switched.status_code == 409 and switched.json()["detail"]["code"] == "TURN_GAME_CAP"


def test_finishing_two_turn_based_games_raises_the_cap_by_one(players: Any) -> None:
    ann, bob = players("Ann"), players("Bob")
    for n in range(2):
        lobby = ann.ok(_turn_lobby(ann))
        bob.ok(bob.post(f"/api/lobbies/{lobby['id']}/join"))
        game_id = ann.ok(ann.post(f"/api/lobbies/{lobby['id']}/start"))["game_id"]
        assert play_to_end({0: ann, 1: bob}, game_id, seed=n)["status"] == "finished"
    for _ in range(7):  # 6 + one for the two finished
        ann.ok(_turn_lobby(ann))
    refused = _turn_lobby(ann)
    assert refused.status_code == 409 and refused.json()["detail"]["code"] == "TURN_GAME_CAP"
    assert "you already play 7 turn-based games" in refused.json()["detail"]["reason"]
