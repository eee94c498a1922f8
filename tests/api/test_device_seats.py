"""Seats on the host's device (hot-seat) can be named by the host (issue 13, point 12), on both
databases: the game plays under those names, and nothing else can be named that way."""

from __future__ import annotations

from typing import Any


def test_the_host_names_the_seats_on_their_device_and_the_game_plays_under_them(
        players: Any) -> None:
    ann = players("Ann")
    lobby = ann.ok(ann.post("/api/lobbies", json={"kind": "grand-bazaar", "players": 3}))
    path = f"/api/lobbies/{lobby['id']}"
    lobby = ann.ok(ann.patch(path, {"seats": [{"seat": 1, "holder": "host", "name": " Grandma "},
                                              {"seat": 2, "holder": "host"}]}))
    assert [s["name"] for s in lobby["seats"]] == ["Ann", "Grandma", "Ann (3)"]
    game_id = ann.ok(ann.post(f"{path}/start"))["game_id"]
    assert [s["name"] for s in ann.game(game_id)["seats"]] == ["Ann", "Grandma", "Ann (3)"]


def test_only_a_seat_on_the_hosts_device_takes_a_name(players: Any) -> None:
    ann = players("Ann")
    lobby = ann.ok(ann.post("/api/lobbies", json={"kind": "grand-bazaar", "players": 2}))
    path = f"/api/lobbies/{lobby['id']}"
    for change in ({"seat": 1, "holder": "bot", "name": "Robo"},
                   {"seat": 1, "holder": "open", "name": "Bob"},
                   {"seat": 1, "holder": "host", "name": "Ev\u202eil"},
                   {"seat": 1, "holder": "host", "name": "x" * 41},
                   {"seat": 1, "holder": "host", "name": "   "}):
        refused = ann.patch(path, {"seats": [change]})
        assert refused.status_code == 422, (change, refused.text)
    assert ann.ok(ann.get(path))["seats"][1]["holder"] == "open"  # nothing changed
