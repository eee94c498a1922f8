"""The lobby's turn-based option (issue 27, point 1): days per move from the allowed choices,
what happens at a timeout, and the clock said in words; a turn-based game gets no live clock
(nothing times out within seconds: its due times are the scheduler's, days away)."""

from __future__ import annotations

from typing import Any


def test_a_turn_based_lobby_says_its_days_per_move_and_timeout_rule_in_words(
        players: Any) -> None:
    ann, bob = players("Ann"), players("Bob")
    lobby = ann.ok(ann.post("/api/lobbies", json={
        "kind": "grand-bazaar", "players": 2,
        "clock": {"mode": "turn", "days": 2, "on_timeout": "drop"}}))
    assert lobby["clock"]["mode"] == "turn" and lobby["clock"]["days"] == 2
    assert lobby["clock_words"] == (
        "Turn-based: 2 days per move, plus a reserve that grows with each move made in time; "
        "a seat that runs out is dropped (in a rated game, it loses).")
    bob.ok(bob.post(f"/api/lobbies/{lobby['id']}/join"))
    game_id = ann.ok(ann.post(f"/api/lobbies/{lobby['id']}/start"))["game_id"]
    game = ann.game(game_id)
    # the live clock leaves it alone: the time left is the scheduler's, 2 days + 2 of reserve
    [seat] = game["view"]["to_act"]
    # (counted down from the start: a second may pass between the start and this read)
    [(left_seat, left)] = game["clock"]["remaining"].items()
    assert left_seat == str(seat) and 4 * 86400 - 5 <= left <= 4 * 86400
    name = game["seats"][seat]["name"]
    assert game["clock"]["words"] in ([f"{name} has 4 days to play"],
                                      [f"{name} has 3 days 23 hours to play"])


def test_a_turn_based_lobby_refuses_days_outside_the_choices(players: Any) -> None:
    ann = players("Ann")
    for bad in ({"mode": "turn", "days": 4}, {"mode": "turn"},
                {"mode": "turn", "days": 1, "on_timeout": "nap"}):
        answer = ann.post("/api/lobbies", json={"kind": "grand-bazaar", "players": 2,
                                                "clock": bad})
        assert answer.status_code == 422, bad
