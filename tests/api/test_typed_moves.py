"""Moves typed in the notation (issue 31), on SQLite and PostgreSQL: the legal moves written,
a typed move read and played, and every kind of bad entry refused in words with its rule,
changing nothing (the game's seq, view and log stay as they were)."""

from __future__ import annotations

from typing import Any

from tests.conftest import Player, move_entries, start_game

GB_FIRST = {"first_player": 0}


def _before(player: Player, game_id: str) -> tuple[int, Any, int]:
    game = player.game(game_id)
    return game["seq"], game["view"], len(move_entries(player, game_id))


def _refused(reply: Any, status: int, code: str, rule: str | None) -> str:
    assert reply.status_code == status, reply.text
    detail = reply.json()["detail"]
    assert detail["code"] == code, detail
    if rule is not None:
        assert detail["reason"].startswith(f"{rule}"), detail
    return str(detail["reason"])


def test_the_legal_moves_come_written_in_the_notation_and_each_reads_back_to_its_move(
        players: Any) -> None:
    ann, bob = players("Ann"), players("Bob")
    game_id = start_game(ann, [bob], "grand-bazaar", GB_FIRST)
    game = ann.game(game_id)
    texts = ann.ok(ann.get(f"/api/games/{game_id}/legal-texts"))
    assert texts["seat"] == 0 and texts["seq"] == game["seq"]
    assert len(texts["moves"]) == len(game["legal"]) > 1
    read = [ann.ok(ann.get(f"/api/games/{game_id}/read-move", params={"text": t}))
            for t in texts["moves"]]
    assert [r["move"] for r in read] == game["legal"]
    assert [r["text"] for r in read] == texts["moves"]
    # Bob is not to act: he has no legal move to be offered
    assert bob.ok(bob.get(f"/api/games/{game_id}/legal-texts"))["moves"] == []


def test_a_typed_move_is_played_like_the_same_move_sent_as_json(players: Any) -> None:
    ann, bob = players("Ann"), players("Bob")
    game_id = start_game(ann, [bob], "bazaar", {"first_player": 0})
    seq = ann.game(game_id)["seq"]
    reply = ann.ok(ann.post(f"/api/games/{game_id}/moves", json={"seq": seq, "text": " ROLL "}))
    assert reply["seq"] == seq + 1
    entries = move_entries(ann, game_id)
    assert entries[-1]["seat"] == 0 and entries[-1]["move"]["type"] == "Roll"


def test_an_unknown_word_is_refused_with_examples_and_changes_nothing(players: Any) -> None:
    ann, bob = players("Ann"), players("Bob")
    game_id = start_game(ann, [bob], "grand-bazaar", GB_FIRST)
    before = _before(ann, game_id)
    posted = ann.post(f"/api/games/{game_id}/moves", json={"seq": before[0], "text": "dance"})
    reason = _refused(posted, 422, "BAD_INPUT", "GB-12")
    assert "“dance”" in reason and "buy S1" in reason
    read = ann.get(f"/api/games/{game_id}/read-move", params={"text": "dance"})
    assert _refused(read, 422, "BAD_INPUT", "GB-12") == reason
    assert _before(ann, game_id) == before


def test_an_illegal_move_is_refused_citing_the_rule_and_changes_nothing(players: Any) -> None:
    ann, bob = players("Ann"), players("Bob")
    game_id = start_game(ann, [bob], "bazaar", {"first_player": 0})
    before = _before(ann, game_id)
    # a purchase before the roll: well-formed, not legal now (BAZ-12: the turn starts rolling)
    posted = ann.post(f"/api/games/{game_id}/moves", json={"seq": before[0], "text": "buy 1"})
    reason = _refused(posted, 409, "ILLEGAL_MOVE", "BAZ-")
    read = ann.get(f"/api/games/{game_id}/read-move", params={"text": "buy 1"})
    assert _refused(read, 409, "ILLEGAL_MOVE", "BAZ-") == reason
    assert _before(ann, game_id) == before


def test_a_move_typed_out_of_turn_is_refused_and_changes_nothing(players: Any) -> None:
    ann, bob = players("Ann"), players("Bob")
    game_id = start_game(ann, [bob], "grand-bazaar", GB_FIRST)
    before = _before(ann, game_id)
    legal_for_ann = ann.ok(ann.get(f"/api/games/{game_id}/legal-texts"))["moves"][0]
    posted = bob.post(f"/api/games/{game_id}/moves",
                      json={"seq": before[0], "text": legal_for_ann})
    _refused(posted, 403, "NOT_YOUR_TURN", None)
    read = bob.get(f"/api/games/{game_id}/read-move", params={"text": legal_for_ann})
    _refused(read, 403, "NOT_YOUR_TURN", None)
    assert _before(ann, game_id) == before


def test_a_stale_seq_a_spectator_and_a_move_sent_both_ways_are_refused(players: Any) -> None:
    ann, bob, eve = players("Ann"), players("Bob"), players("Eve")
    game_id = start_game(ann, [bob], "grand-bazaar", GB_FIRST)
    before = _before(ann, game_id)
    text = ann.ok(ann.get(f"/api/games/{game_id}/legal-texts"))["moves"][0]
    stale = ann.post(f"/api/games/{game_id}/moves", json={"seq": before[0] + 5, "text": text})
    _refused(stale, 409, "STALE_SEQ", None)
    _refused(eve.post(f"/api/games/{game_id}/moves", json={"seq": before[0], "text": text}),
             403, "NOT_YOUR_SEAT", None)
    _refused(eve.get(f"/api/games/{game_id}/read-move", params={"text": text}),
             403, "NOT_YOUR_SEAT", None)
    both = ann.post(f"/api/games/{game_id}/moves",
                    json={"seq": before[0], "text": text, "move": {"type": "Trade"}})
    _refused(both, 422, "BAD_REQUEST", None)
    assert _before(ann, game_id) == before


def test_text_mode_says_the_seats_own_view_as_headings_and_lists(players: Any) -> None:
    ann, bob = players("Ann"), players("Bob")
    game_id = start_game(ann, [bob], "grand-bazaar", GB_FIRST)
    mine = ann.ok(ann.get(f"/api/games/{game_id}/text-view"))
    titles = [s["title"] for s in mine["sections"]]
    assert "Players" in titles and "Scores" in titles
    players_lines = next(s["items"] for s in mine["sections"] if s["title"] == "Players")
    assert players_lines[0] == "Ann (you, to play)" and players_lines[1] == "Bob"
    bobs = bob.ok(bob.get(f"/api/games/{game_id}/text-view"))
    assert next(s["items"] for s in bobs["sections"] if s["title"] == "Players") == \
        ["Ann (to play)", "Bob (you)"]
