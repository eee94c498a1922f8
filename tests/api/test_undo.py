"""Undo within a turn and takeback after it, through the API on SQLite and PostgreSQL
(issue 27, point 3; rules UNDO-1..3 and TAKEBACK-1..3 in docs/decisions.md)."""

from __future__ import annotations

from typing import Any

from tests.conftest import start_game
from tests.support.games import local_record
from tests.support.undo import (
    BAZAAR,
    CARCASSONNE,
    answer,
    ask_takeback,
    end_bazaar_turn,
    play,
    undo,
)


def test_a_laid_tile_is_undone_and_the_game_goes_on_from_before_it(players: Any) -> None:
    ann, bob = players("Ann"), players("Bob")
    game_id = start_game(ann, [bob], "carcassonne", CARCASSONNE)
    before = ann.game(game_id)
    after = play(ann, game_id, "PlaceTile")
    assert after["view"] != before["view"]
    done = ann.ok(undo(ann, game_id, after["seq"]))
    assert done["seq"] == after["seq"] + 1  # the log grows: an undo is a row of its own
    assert "undid their last step" in done["events"][0]["text"]
    back = ann.game(game_id)
    assert back["view"] == before["view"] and back["legal"] == before["legal"]
    # the tile may be laid again, elsewhere or the same, and the game goes on
    again = play(ann, game_id, "PlaceTile")
    assert again["seq"] == back["seq"] + 1


def test_undo_is_refused_past_a_draw_out_of_turn_and_when_stale(players: Any) -> None:
    ann, bob = players("Ann"), players("Bob")
    game_id = start_game(ann, [bob], "carcassonne", CARCASSONNE)
    seq0 = ann.game(game_id)["seq"]
    refused = undo(ann, game_id, seq0)  # nothing of Ann's to undo yet
    assert refused.status_code == 409 and refused.json()["detail"]["rule"] == "UNDO-1"
    play(ann, game_id, "PlaceTile")
    game = play(ann, game_id, "SkipFigure")  # the next tile is drawn for Bob: revealed
    refused = undo(ann, game_id, game["seq"])
    assert refused.status_code == 409, refused.text
    assert refused.json()["detail"]["code"] == "UNDO_NOT_ALLOWED"
    assert "revealed" in refused.json()["detail"]["reason"]
    bob_game = play(bob, game_id, "PlaceTile")
    out_of_turn = undo(ann, game_id, bob_game["seq"])  # Bob's step is not Ann's to undo
    assert out_of_turn.status_code == 409, out_of_turn.text
    stale = undo(bob, game_id, bob_game["seq"] - 1)
    assert stale.status_code == 409 and stale.json()["detail"]["code"] == "STALE_SEQ"
    assert bob.game(game_id)["seq"] == bob_game["seq"]  # the refusals changed nothing
    assert bob.ok(undo(bob, game_id, bob_game["seq"]))["seq"] == bob_game["seq"] + 1
    replayed = undo(bob, game_id, bob_game["seq"])  # the same request again: stale
    assert replayed.status_code == 409 and replayed.json()["detail"]["code"] == "STALE_SEQ"


def test_undo_is_refused_in_a_finished_game(players: Any) -> None:
    ann = players("Ann")
    game_id = ann.ok(ann.post("/api/games/import",
                              json={"record": local_record()}))["game_id"]
    refused = undo(ann, game_id, ann.game(game_id)["seq"])
    assert refused.status_code == 409 and refused.json()["detail"]["code"] == "GAME_FINISHED"


def test_a_takeback_accepted_by_the_other_player_brings_the_turn_back(players: Any) -> None:
    ann, bob = players("Ann"), players("Bob")
    game_id = start_game(ann, [bob], "bazaar", BAZAAR)
    assert ann.game(game_id)["takebacks"] is True  # casual: on by default
    passed = end_bazaar_turn(ann, game_id)
    rolled = ann.ok(ann.get(f"/api/games/{game_id}/replay", params={"at": passed["seq"] - 1}))
    refused = undo(ann, game_id, passed["seq"])  # the turn has passed: ask instead
    assert refused.status_code == 409 and refused.json()["detail"]["rule"] == "UNDO-3"
    asked = ann.ok(ask_takeback(ann, game_id, passed["seq"]))
    assert asked["seq"] == passed["seq"]  # asking moves nothing
    shown = bob.ok(bob.get(f"/api/games/{game_id}/takeback"))["takeback"]
    assert shown["text"] == "Ann asks to take back their last move. Waiting for Bob to answer."
    stranger = players("Cid")
    assert answer(stranger, game_id, passed["seq"], True).status_code == 403
    done = bob.ok(answer(bob, game_id, passed["seq"], True))
    assert done["seq"] == passed["seq"] + 1
    back = ann.game(game_id)
    assert back["view"] == rolled["view"] and back["view"]["to_act"] == [0]
    assert back["legal"]  # the turn is Ann's again
    assert bob.ok(bob.get(f"/api/games/{game_id}/takeback"))["takeback"] is None
    words = [e["text"] for e in ann.ok(ann.get(f"/api/games/{game_id}/log"))["entries"][-1][
        "events"]]
    assert words == ["Ann took back a move with everyone's agreement (back to the position "
                     f"after move {rolled['seq']})."]
    # Ann may undo her steps of the turn again, but never the roll, which revealed the dice
    for _ in range(5):
        refused = undo(ann, game_id, ann.game(game_id)["seq"])
        if refused.status_code != 200:
            break
    assert refused.status_code == 409 and refused.json()["detail"]["rule"] == "UNDO-2"
    assert ann.game(game_id)["view"]["to_act"] == [0]


def test_a_declined_or_stale_takeback_changes_nothing(players: Any) -> None:
    ann, bob = players("Ann"), players("Bob")
    game_id = start_game(ann, [bob], "bazaar", BAZAAR)
    passed = end_bazaar_turn(ann, game_id)
    ann.ok(ask_takeback(ann, game_id, passed["seq"]))
    again = ask_takeback(ann, game_id, passed["seq"])
    assert again.status_code == 409 and again.json()["detail"]["code"] == "TAKEBACK_PENDING"
    declined = bob.ok(answer(bob, game_id, passed["seq"], False))
    assert declined["declined"] is True and declined["seq"] == passed["seq"]
    assert ann.game(game_id)["view"] == passed["view"]
    late = answer(bob, game_id, passed["seq"], True)  # the request is gone
    assert late.status_code == 409 and late.json()["detail"]["code"] == "NO_TAKEBACK"
    # asked again, then Bob rolls instead of answering: the dice are out, the request stale
    ann.ok(ask_takeback(ann, game_id, passed["seq"]))
    rolled = play(bob, game_id, "Roll")
    stale = answer(bob, game_id, passed["seq"], True)
    assert stale.status_code == 409 and stale.json()["detail"]["code"] == "NO_TAKEBACK"
    assert bob.game(game_id)["seq"] == rolled["seq"]
    refused = ask_takeback(ann, game_id, rolled["seq"])  # something hidden came out since
    assert refused.status_code == 409 and refused.json()["detail"]["rule"] == "TAKEBACK-2"


def test_a_rated_table_allows_no_takeback_and_says_so(players: Any) -> None:
    ann, bob = players("Ann"), players("Bob")
    lobby = ann.ok(ann.post("/api/lobbies", json={
        "kind": "bazaar", "players": 2, "options": BAZAAR, "rated": True}))
    assert lobby["takebacks"] is False
    assert lobby["takebacks_words"].startswith("No takebacks")
    bob.ok(bob.post(f"/api/lobbies/{lobby['id']}/join"))
    game_id = ann.ok(ann.post(f"/api/lobbies/{lobby['id']}/start"))["game_id"]
    passed = end_bazaar_turn(ann, game_id)
    refused = ask_takeback(ann, game_id, passed["seq"])
    assert refused.status_code == 409 and refused.json()["detail"]["code"] == "TAKEBACKS_OFF"
    # the host of a rated table may allow them, and the lobby then says so
    other = ann.ok(ann.post("/api/lobbies", json={"kind": "bazaar", "players": 2,
                                                  "rated": True}))
    allowed = ann.ok(ann.patch(f"/api/lobbies/{other['id']}", json={"takebacks": True}))
    assert allowed["takebacks"] is True
    assert allowed["takebacks_words"].startswith("Takebacks allowed")


def test_against_bots_a_takeback_needs_no_answer(players: Any) -> None:
    ann = players("Ann")
    game_id = start_game(ann, [], "carcassonne", CARCASSONNE, bots=1)
    game = play(ann, game_id, "PlaceTile")
    # a bot seat accepts: the takeback of a laid tile is at once (here it is also undoable)
    done = ann.ok(ask_takeback(ann, game_id, game["seq"]))
    assert done["seq"] == game["seq"] + 1
    assert ann.game(game_id)["view"]["to_act"] == [0]
