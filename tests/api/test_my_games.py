""""My games" (issue 15): the caller's turn first, with a badge count, then their other live
games, then finished ones with results and dates; filtered by kind; a page at a time. Both
databases."""

from __future__ import annotations

import time
from typing import Any

from tests.conftest import start_game

AUCTION = {"players": ["Red", "Blue"], "scores": [10, 5], "placer": 1,
           "tiles": [{"type": "U"}, {"label": "river bend"}]}


def finished_auction(ann: Any, bob: Any) -> str:
    game_id = start_game(ann, [bob], kind="carcassonne-auction", options=AUCTION)
    ann.ok(ann.move(game_id, ann.game(game_id)["seq"], {"type": "Cancel"}))
    return game_id


def test_the_games_where_it_is_your_turn_come_first(players: Any) -> None:
    ann, bob = players("Ann"), players("Bob")
    done = finished_auction(ann, bob)
    ann_to_move = start_game(ann, [bob], options={"first_player": 0})
    bob_to_move = start_game(ann, [bob], options={"first_player": 1})  # the newest
    mine = ann.ok(ann.get("/api/me/games"))
    assert [g["id"] for g in mine["games"]] == [ann_to_move, bob_to_move, done]
    assert [g["your_turn"] for g in mine["games"]] == [True, False, False]
    assert mine["your_turn"] == 1 and mine["has_more"] is False
    theirs = bob.ok(bob.get("/api/me/games"))
    assert [g["id"] for g in theirs["games"]] == [bob_to_move, ann_to_move, done]
    # after Ann's move it is Bob's turn in both
    game = ann.game(ann_to_move)
    ann.ok(ann.move(ann_to_move, game["seq"], game["legal"][0]))
    theirs = bob.ok(bob.get("/api/me/games"))
    assert theirs["your_turn"] == 2
    assert ann.ok(ann.get("/api/me/games"))["your_turn"] == 0


def test_finished_games_say_the_result_and_kind_filters(players: Any) -> None:
    ann, bob = players("Ann"), players("Bob")
    done = finished_auction(ann, bob)
    start_game(ann, [bob])
    ranked = start_game(ann, [], bots=1)
    ann.ok(ann.post(f"/api/games/{ranked}/resign"))  # the bot plays Ann's seat to the end
    for _ in range(600):
        if ann.game(ranked)["status"] == "finished":
            break
        time.sleep(0.05)
    outcome = ann.game(ranked)["view"]["outcome"]
    finished = [g for g in ann.ok(ann.get("/api/me/games"))["games"] if g["status"] == "finished"]
    assert [g["id"] for g in finished] == [ranked, done]
    names = ["Ann", "Bot 2"]
    assert finished[0]["result"] == {"rank": outcome["ranks"][0], "of": 2, "reason": outcome["reason"],
                                     "winners": [names[w] for w in outcome["winners"] if w != 0],
                                     "resigned": True}  # Ann resigned: never her win
    # a cancelled auction has no ranking: no place to give, and it says why
    assert finished[1]["result"] == {"rank": None, "of": 2, "winners": [], "reason": "cancelled",
                                     "resigned": False}
    assert finished[0]["updated_at"] and finished[0]["your_turn"] is False
    only = ann.ok(ann.get("/api/me/games", params={"kind": "carcassonne-auction"}))["games"]
    assert [g["id"] for g in only] == [done]
    assert bob.ok(bob.get("/api/me/games"))["games"][-1]["id"] == done
    assert ann.get("/api/me/games", params={"kind": "Robert'); DROP"}).status_code == 422
    assert ann.get("/api/me/games", params={"page": 0}).status_code == 422


def test_finished_games_come_a_page_at_a_time(players: Any) -> None:
    ann, bob = players("Ann"), players("Bob")
    done = [finished_auction(ann, bob) for _ in range(21)]
    live = start_game(ann, [bob])
    first = ann.ok(ann.get("/api/me/games"))
    assert first["games"][0]["id"] == live and first["has_more"] is True
    assert [g["id"] for g in first["games"][1:]] == done[::-1][:20]
    second = ann.ok(ann.get("/api/me/games", params={"page": 2}))
    assert [g["id"] for g in second["games"]] == [done[0]] and second["has_more"] is False
