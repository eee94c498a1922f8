"""``GET /api/games/{id}/scores`` (issue 14, "Score over time") on SQLite and PostgreSQL.

The score of every seat after every step: while the game runs, what the views showed at each
step (public scores only); once it has ended, the outcome's scores at the last step; the same
for every caller; for private and imported games under the replay's rules (the link suffices).
"""

from __future__ import annotations

from typing import Any

from app.games.base import ReplayRng, get_engine
from tests.conftest import start_game
from tests.support.games import local_record, play_to_end


def scores_of(view: dict[str, Any]) -> list[Any]:
    return [p["score"] for p in view["players"]]


def local_scores(record: dict[str, Any]) -> list[list[Any]]:
    """``public_scores`` at every step of a record, replayed here."""
    engine = get_engine(record["kind"])
    state = engine.load_state(record["initial_state"])
    out = [engine.public_scores(state)]
    for entry in record["moves"]:
        state, _ = engine.apply(state, entry["seat"], entry["move"], ReplayRng(entry["chance"]))
        out.append(engine.public_scores(state))
    return out


def test_a_finished_game_has_every_step_and_ends_with_the_outcome(players: Any) -> None:
    ann, bob, eve = players("Ann"), players("Bob"), players("Eve")
    game_id = start_game(ann, [bob])
    final = play_to_end({0: ann, 1: bob}, game_id, seed=4)
    data = eve.ok(eve.get(f"/api/games/{game_id}/scores"))  # a spectator
    assert data["complete"] is True and data["seats"] == ["Ann", "Bob"]
    assert [s["seq"] for s in data["steps"]] == list(range(final["seq"] + 1))
    assert data["steps"][-1]["scores"] == final["view"]["outcome"]["scores"]
    record = ann.ok(ann.get(f"/api/games/{game_id}/export"))
    assert [s["scores"] for s in data["steps"]] == local_scores(record)
    # the replay shows the same score at each step
    for k in (0, 1, final["seq"] // 2, final["seq"]):
        at = eve.ok(eve.get(f"/api/games/{game_id}/replay", params={"at": k}))
        assert scores_of(at["view"]) == data["steps"][k]["scores"], k
    # every caller gets the same series, and asking again changes nothing
    assert ann.ok(ann.get(f"/api/games/{game_id}/scores")) == data
    assert bob.ok(bob.get(f"/api/games/{game_id}/scores", params={"seat": 1})) == data


def test_a_running_game_shows_what_the_views_showed_and_grows_with_each_move(
        players: Any) -> None:
    ann, bob, eve = players("Ann"), players("Bob"), players("Eve")
    game_id = start_game(ann, [bob], kind="bazaar")
    seen = {0: scores_of(eve.game(game_id)["view"])}
    for _ in range(20):
        game = eve.game(game_id)
        seat = game["view"]["to_act"][0]
        player = (ann, bob)[seat]
        legal = player.game(game_id, seat=seat)["legal"]
        # prefer a purchase now and then, so that scores move
        move = next((m for m in legal if m["type"] == "Buy"), legal[-1])
        seq = player.ok(player.move(game_id, game["seq"], move))["seq"]
        seen[seq] = scores_of(eve.game(game_id)["view"])
        if seq in (3, 8):  # asked in between: the cached series is extended, not rebuilt wrong
            mid = eve.ok(eve.get(f"/api/games/{game_id}/scores"))
            assert [s["seq"] for s in mid["steps"]] == list(range(seq + 1))
    data = ann.ok(ann.get(f"/api/games/{game_id}/scores"))
    assert data["complete"] is False
    assert {s["seq"]: s["scores"] for s in data["steps"]} == seen


def test_private_and_imported_games_follow_the_replays_rules(players: Any) -> None:
    ann, eve = players("Ann"), players("Eve")
    private = start_game(ann, [], bots=1, private=True)
    # like the replay and the log: whoever has the link may read a private game's scores
    assert eve.get(f"/api/games/{private}/scores").status_code == 200
    assert eve.get(f"/api/games/{private}/replay").status_code == 200
    unknown = eve.get("/api/games/nosuchgame123/scores")
    assert unknown.status_code == 404, unknown.text
    # a record cut short: for review, its steps so far, not complete
    short = local_record("carcassonne", players=3, seed=2, moves=9)
    cut = ann.ok(ann.post("/api/games/import", json={"record": short}))["game_id"]
    data = eve.ok(eve.get(f"/api/games/{cut}/scores"))
    assert data["complete"] is False and len(data["steps"]) == 10
    assert [s["scores"] for s in data["steps"]] == local_scores(short)
    # a whole record: complete, ending with the outcome's scores
    whole = local_record("bombay-bazar", players=1, seed=3)
    done = ann.ok(ann.post("/api/games/import", json={"record": whole}))["game_id"]
    data = eve.ok(eve.get(f"/api/games/{done}/scores"))
    outcome = ann.game(done)["view"]["outcome"]
    assert data["complete"] is True and outcome["reason"] == "solo"
    assert data["steps"][-1]["scores"] == outcome["scores"]
    assert [s["scores"] for s in data["steps"]] == local_scores(whole)
