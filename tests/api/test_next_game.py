"""'Next game' (issue 27, point 1): the longest-waiting other live game where it is the
caller's turn; none when it is nobody else's turn for them."""

from __future__ import annotations

from typing import Any


def _game(ann: Any, bob: Any) -> str:
    lobby = ann.ok(ann.post("/api/lobbies", json={
        "kind": "grand-bazaar", "players": 2, "options": {"first_player": 0},
        "clock": {"mode": "turn", "days": 1}}))
    bob.ok(bob.post(f"/api/lobbies/{lobby['id']}/join"))
    return str(ann.ok(ann.post(f"/api/lobbies/{lobby['id']}/start"))["game_id"])


def test_next_game_jumps_to_the_longest_waiting_other_game_where_it_is_your_turn(
        players: Any) -> None:
    ann, bob = players("Ann"), players("Bob")
    first, second = _game(ann, bob), _game(ann, bob)
    assert 0 in ann.game(first)["view"]["to_act"] and 0 in ann.game(second)["view"]["to_act"]
    assert ann.ok(ann.get("/api/me/next-game", params={"after": second}))["game_id"] == first
    assert ann.ok(ann.get("/api/me/next-game", params={"after": first}))["game_id"] == second
    # Bob is to act in neither
    assert bob.ok(bob.get("/api/me/next-game", params={"after": first}))["game_id"] is None
