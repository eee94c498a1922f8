"""Bot levels over the API (issue 17): a level per bot seat in the lobby, the takeover level,
and the game keeping them (start, resume after a restart, rematch, Continue from here), on both
databases; the expert level only at a turn-based table, and its moves thought out in the bot
pool (issue 28, point 2).

The server's bot workers run the cheap test double where an engine has no hard bot of its own
yet (tests/bot_doubles.py), so these tests do not depend on the engines' searches.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import pytest

from tests.conftest import (
    BACKENDS,
    Player,
    ServerThread,
    database_url,
    make_settings,
    move_entries,
)
from tests.support.games import TABLE, first_move

TURN_BASED = {"mode": "turn", "days": 1}


@pytest.fixture(scope="module", params=BACKENDS)
def server(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
           ) -> Iterator[ServerThread]:
    url = database_url(request.param, tmp_path_factory.mktemp("db"))
    settings = make_settings(url, bot_workers=1, bot_budget_scale=0.01,
                             bot_worker_init="tests.bot_doubles:cheap_where_missing")
    with ServerThread(settings) as srv:
        yield srv


def new_lobby(host: Player, kind: str = "grand-bazaar", players: int = 2,
              **extra: Any) -> dict[str, Any]:
    return host.ok(host.post("/api/lobbies", json={
        "kind": kind, "players": players, "options": {"first_player": 0}, **extra}))


def seat_of(lobby: dict[str, Any], n: int) -> dict[str, Any]:
    return next(s for s in lobby["seats"] if s["seat"] == n)


def test_a_bot_seat_takes_a_level_and_the_lobby_shows_it(players: Any) -> None:
    ann = players("Ann")
    lobby = new_lobby(ann, players=3)
    assert lobby["levels"] == ["normal", "hard", "expert"]
    assert lobby["takeover_level"] == "normal"
    lid = lobby["id"]
    plain = ann.ok(ann.post(f"/api/lobbies/{lid}/bots", json={"seat": 1}))
    assert seat_of(plain, 1)["holder"] == "bot" and seat_of(plain, 1)["level"] == "normal"
    hard = ann.ok(ann.post(f"/api/lobbies/{lid}/bots", json={"seat": 2, "level": "hard"}))
    assert seat_of(hard, 2)["level"] == "hard" and seat_of(hard, 1)["level"] == "normal"
    # a person's seat has no level
    assert seat_of(hard, 0)["level"] is None


def test_the_host_changes_a_bot_seats_level_by_posting_again_or_patching(players: Any) -> None:
    ann = players("Ann")
    lid = new_lobby(ann)["id"]
    ann.ok(ann.post(f"/api/lobbies/{lid}/bots", json={"seat": 1}))
    again = ann.ok(ann.post(f"/api/lobbies/{lid}/bots", json={"seat": 1, "level": "hard"}))
    assert seat_of(again, 1)["level"] == "hard"
    patched = ann.ok(ann.patch(f"/api/lobbies/{lid}", json={
        "seats": [{"seat": 1, "holder": "bot", "level": "normal"}]}))
    assert seat_of(patched, 1)["level"] == "normal"
    # opening the seat drops its level; a level on a seat that is not a bot's is refused
    opened = ann.ok(ann.patch(f"/api/lobbies/{lid}", json={
        "seats": [{"seat": 1, "holder": "open"}]}))
    assert seat_of(opened, 1)["level"] is None
    refused = ann.patch(f"/api/lobbies/{lid}", json={
        "seats": [{"seat": 1, "holder": "open", "level": "hard"}]})
    assert refused.status_code == 422 and refused.json()["detail"]["code"] == "BAD_SEAT"


def test_an_unknown_level_is_refused_with_the_levels_named(players: Any) -> None:
    ann = players("Ann")
    lid = new_lobby(ann)["id"]
    for reply in (ann.post(f"/api/lobbies/{lid}/bots", json={"seat": 1, "level": "master"}),
                  ann.patch(f"/api/lobbies/{lid}", json={
                      "seats": [{"seat": 1, "holder": "bot", "level": "master"}]}),
                  ann.patch(f"/api/lobbies/{lid}", json={"takeover_level": "master"}),
                  ann.post("/api/lobbies", json={"kind": "grand-bazaar",
                                                 "takeover_level": "master"})):
        assert reply.status_code == 422, reply.text
        detail = reply.json()["detail"]
        assert detail["code"] == "BAD_LEVEL"
        assert "normal, hard, expert" in detail["reason"] and "'master'" in detail["reason"]
    assert seat_of(ann.ok(ann.get(f"/api/lobbies/{lid}")), 1)["holder"] == "open"


def test_only_the_host_sets_levels(players: Any) -> None:
    ann, bob = players("Ann"), players("Bob")
    lid = new_lobby(ann, players=3)["id"]
    ann.ok(ann.post(f"/api/lobbies/{lid}/bots", json={"seat": 2}))
    bob.ok(bob.post(f"/api/lobbies/{lid}/join"))
    for reply in (bob.post(f"/api/lobbies/{lid}/bots", json={"seat": 2, "level": "hard"}),
                  bob.patch(f"/api/lobbies/{lid}", json={"takeover_level": "hard"})):
        assert reply.status_code == 403
    lobby = ann.ok(ann.get(f"/api/lobbies/{lid}"))
    assert seat_of(lobby, 2)["level"] == "normal" and lobby["takeover_level"] == "normal"


def test_the_game_keeps_each_bot_seats_level_and_the_takeover_level(server: ServerThread,
                                                                     players: Any) -> None:
    ann = players("Ann")
    lobby = new_lobby(ann, players=3, takeover_level="hard")
    assert lobby["takeover_level"] == "hard"
    lid = lobby["id"]
    ann.ok(ann.post(f"/api/lobbies/{lid}/bots", json={"seat": 1, "level": "hard"}))
    ann.ok(ann.post(f"/api/lobbies/{lid}/bots", json={"seat": 2}))
    game_id = ann.ok(ann.post(f"/api/lobbies/{lid}/start"))["game_id"]
    game = ann.game(game_id)
    levels = {s["seat"]: s.get("level") for s in game["seats"]}
    assert levels == {0: None, 1: "hard", 2: "normal"} and game["takeover_level"] == "hard"
    # resume after a restart: the game is rebuilt from its rows
    play = server.app.state.play
    play.games._cache.pop(game_id, None)
    again = ann.game(game_id)
    assert {s["seat"]: s.get("level") for s in again["seats"]} == levels
    assert again["takeover_level"] == "hard"


def finished_auction(players: Any, takeover: str) -> tuple[Player, Player, str]:
    """Ann, Bob and a hard bot at a finished auction whose takeover level is ``takeover``."""
    ann, bob = players("Ann"), players("Bob")
    lobby = ann.ok(ann.post("/api/lobbies", json={
        "kind": "carcassonne-auction", "players": 3, "options": TABLE,
        "takeover_level": takeover}))
    bob.ok(bob.post(f"/api/lobbies/{lobby['id']}/join"))
    ann.ok(ann.post(f"/api/lobbies/{lobby['id']}/bots", json={"seat": 2, "level": "hard"}))
    game_id = ann.ok(ann.post(f"/api/lobbies/{lobby['id']}/start"))["game_id"]
    for _ in range(200):  # a bot may move first: cancel at the seq the game is at
        game = ann.game(game_id)
        if game["status"] == "finished":
            break
        if ann.move(game_id, game["seq"], {"type": "Cancel"}).status_code not in (200, 409):
            time.sleep(0.02)
    assert ann.game(game_id)["status"] == "finished"
    return ann, bob, game_id


def test_a_rematch_keeps_the_bots_levels_and_the_takeover_level(players: Any) -> None:
    ann, _bob, game_id = finished_auction(players, "hard")
    made = ann.ok(ann.post(f"/api/games/{game_id}/rematch"))
    lobby = ann.ok(ann.get(f"/api/lobbies/{made['lobby_id']}"))
    assert seat_of(lobby, 2)["holder"] == "bot" and seat_of(lobby, 2)["level"] == "hard"
    assert lobby["takeover_level"] == "hard"


def test_continue_from_here_keeps_the_bots_levels_and_the_takeover_level(players: Any) -> None:
    ann, _bob, game_id = finished_auction(players, "hard")
    lobby = ann.ok(ann.post(f"/api/games/{game_id}/continue", json={"step": 0}))
    assert seat_of(lobby, 2)["holder"] == "bot" and seat_of(lobby, 2)["level"] == "hard"
    assert lobby["takeover_level"] == "hard"


def test_a_record_carries_each_bot_moves_level_and_import_keeps_it(players: Any) -> None:
    ann, _bob, game_id = finished_auction(players, "normal")
    record = ann.ok(ann.get(f"/api/games/{game_id}/export"))
    levels = {(m["actor"], m.get("level")) for m in record["moves"]}
    assert all(level is None for actor, level in levels if actor == "player")
    assert all(level in ("normal", "hard") for actor, level in levels if actor == "bot")
    record["moves"][0]["level"] = "master"
    refused = ann.post("/api/games/import", json={"record": record})
    assert refused.status_code == 422 and "the level must be one of normal, hard, expert" in \
        refused.json()["detail"]["reason"]
    record["moves"][0]["level"] = "hard"
    imported = ann.ok(ann.post("/api/games/import", json={"record": record}))["game_id"]
    log = ann.ok(ann.get(f"/api/games/{imported}/log"))["entries"]
    assert [e["level"] for e in log if e["seq"] == 1] == ["hard"]


def refused_as_live_table(reply: Any) -> None:
    assert reply.status_code == 409, reply.text
    detail = reply.json()["detail"]
    assert detail["code"] == "EXPERT_TURN_BASED"
    assert "only at turn-based tables" in detail["reason"]


def test_a_live_table_refuses_the_expert_bot_in_words(players: Any) -> None:
    ann = players("Ann")
    lid = new_lobby(ann, clock={"mode": "move", "seconds": 60})["id"]
    for reply in (ann.post(f"/api/lobbies/{lid}/bots", json={"seat": 1, "level": "expert"}),
                  ann.patch(f"/api/lobbies/{lid}", json={
                      "seats": [{"seat": 1, "holder": "bot", "level": "expert"}]}),
                  ann.patch(f"/api/lobbies/{lid}", json={"takeover_level": "expert"}),
                  ann.post("/api/lobbies", json={"kind": "grand-bazaar",
                                                 "takeover_level": "expert"})):
        refused_as_live_table(reply)
    lobby = ann.ok(ann.get(f"/api/lobbies/{lid}"))
    assert seat_of(lobby, 1)["holder"] == "open" and lobby["takeover_level"] == "normal"
    # a turn-based table with an expert seat cannot be switched to a live clock
    turn = new_lobby(ann, clock=TURN_BASED)["id"]
    ann.ok(ann.post(f"/api/lobbies/{turn}/bots", json={"seat": 1, "level": "expert"}))
    refused_as_live_table(ann.patch(f"/api/lobbies/{turn}", json={"clock": {"mode": "off"}}))
    assert ann.ok(ann.get(f"/api/lobbies/{turn}"))["clock"]["mode"] == "turn"


def test_a_turn_based_table_takes_the_expert_bot_and_the_pool_moves_it(players: Any) -> None:
    ann = players("Ann")
    lobby = new_lobby(ann, clock=TURN_BASED, takeover_level="expert")
    lid = lobby["id"]
    assert lobby["takeover_level"] == "expert"
    seated = ann.ok(ann.post(f"/api/lobbies/{lid}/bots", json={"seat": 1, "level": "expert"}))
    assert seat_of(seated, 1)["level"] == "expert"
    game_id = ann.ok(ann.post(f"/api/lobbies/{lid}/start"))["game_id"]
    game = ann.game(game_id)
    assert {s["seat"]: s.get("level") for s in game["seats"]} == {0: None, 1: "expert"}
    assert game["takeover_level"] == "expert"
    assert first_move(ann, game_id) == 1
    for _ in range(500):  # the expert's move is thought out in the pool's worker
        entries = move_entries(ann, game_id)
        if len(entries) >= 2:
            break
        time.sleep(0.02)
    # the log says the expert chose it: a failed search would have said the normal bot
    assert [(e["seq"], e["actor"], e["level"]) for e in entries[:2]] == [
        (1, "player", None), (2, "bot", "expert")]
