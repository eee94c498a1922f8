"""A lobby says whether Start will succeed (`ready`) and what is missing, in words (`missing`);
the auction's seats carry the table's names (issue 13, points 7 and 8)."""

from __future__ import annotations

from typing import Any

AUCTION = {"players": ["Red", "Blue"], "scores": [10, 5], "placer": 1,
           "tiles": [{"type": "U"}, {"label": "river bend"}]}


def _no_ids(words: list[str]) -> None:
    for text in words:
        assert "CAR-" not in text and "[" not in text and "{" not in text, text


def test_open_seats_are_missing_until_held(players: Any) -> None:
    ann = players("Ann")
    lobby = ann.ok(ann.post("/api/lobbies", json={"kind": "grand-bazaar", "players": 2}))
    assert lobby["ready"] is False and lobby["missing"] == ["a player for seat 2"]
    assert [s["table_name"] for s in lobby["seats"]] == [None, None]
    lobby = ann.ok(ann.post(f"/api/lobbies/{lobby['id']}/bots", json={"seat": 1}))
    assert lobby["ready"] is True and lobby["missing"] == []


def test_auction_seats_carry_the_table_names_and_the_game_plays_under_them(players: Any) -> None:
    ann, bob = players("Ann"), players("Bob")
    lobby = ann.ok(ann.post("/api/lobbies", json={
        "kind": "carcassonne-auction", "players": 2, "options": AUCTION}))
    assert [s["table_name"] for s in lobby["seats"]] == ["Red", "Blue"]
    assert lobby["missing"] == ["a player for Blue"] and not lobby["ready"]
    lobby = bob.ok(bob.post(f"/api/lobbies/{lobby['id']}/join", json={"seat": 1}))
    assert lobby["ready"] and lobby["seats"][1]["name"] == "Bob"
    game_id = ann.ok(ann.post(f"/api/lobbies/{lobby['id']}/start"))["game_id"]
    game = ann.game(game_id)
    assert [s["name"] for s in game["seats"]] == ["Red", "Blue"]
    # another auction: not ready (placer and tiles are left empty, CAR-110), said in words
    ann.ok(ann.move(game_id, game["seq"], {"type": "Cancel"}))
    lobby_id = ann.ok(ann.post(f"/api/games/{game_id}/rematch"))["lobby_id"]
    again = ann.ok(ann.get(f"/api/lobbies/{lobby_id}"))
    assert again["options"] == {"players": ["Red", "Blue"], "scores": [10, 5]}
    assert [s["name"] for s in again["seats"]] == ["Ann", "Bob"]  # the people, not the table
    assert again["ready"] is False
    # Bob's seat is kept for him until he accepts the rematch (issue 14, one rematch per table)
    assert again["missing"] == ["Bob to accept the rematch", "who placed the bazaar tile",
                                "the 2 tiles drawn"]
    _no_ids(again["missing"])
    bob.ok(bob.post(f"/api/games/{game_id}/rematch"))
    again = ann.ok(ann.get(f"/api/lobbies/{lobby_id}"))
    assert again["missing"] == ["who placed the bazaar tile", "the 2 tiles drawn"]
    refused = ann.post(f"/api/lobbies/{lobby_id}/start")
    assert refused.status_code == 422 and "CAR-105" in refused.text  # the rule id: in details
    done = ann.ok(ann.patch(f"/api/lobbies/{lobby_id}", {"options": {**AUCTION, "scores": [10, 5]}}))
    assert done["ready"] is True and done["missing"] == []


def test_a_wrong_option_is_missing_in_words_without_the_rule_id(players: Any) -> None:
    ann = players("Ann")
    lobby = ann.ok(ann.post("/api/lobbies", json={
        "kind": "carcassonne-auction", "players": 2, "options": AUCTION}))
    lobby = ann.ok(ann.post(f"/api/lobbies/{lobby['id']}/bots", json={"seat": 1}))
    assert lobby["ready"]
    # three seats for two names: Start would fail, and the lobby says so
    grown = ann.patch(f"/api/lobbies/{lobby['id']}", {"players": 3})
    assert grown.status_code == 422  # the edit itself is refused, so the lobby stays ready
    assert ann.ok(ann.get(f"/api/lobbies/{lobby['id']}"))["ready"]
