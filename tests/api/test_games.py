"""Games over HTTP on SQLite and PostgreSQL: the move pipeline, log, replay, export/import,
resign, rematch, chat, and that no secret reaches a viewer before the game ends."""

from __future__ import annotations

import json
import time
from typing import Any

from app.games.base import ReplayRng, get_engine
from tests.conftest import move_entries, start_game
from tests.support.games import play_to_end


def test_full_game_between_two_people(players: Any) -> None:
    ann, bob = players("Ann"), players("Bob")
    game_id = start_game(ann, [bob])
    final = play_to_end({0: ann, 1: bob}, game_id)
    outcome = final["view"]["outcome"]
    assert final["view"]["finished"] and len(outcome["scores"]) == 2
    assert final["seq"] == len(move_entries(ann, game_id))
    setup = ann.ok(ann.get(f"/api/games/{game_id}/log"))["entries"][0]
    # step 0: the setup's own events (GB-10, round 1's price card) in words
    assert setup["seq"] == 0 and setup["actor"] == "setup"
    assert setup["events"][0]["type"] == "PriceRevealed" and setup["events"][0]["text"]
    listed = ann.ok(ann.get("/api/games", params={"status": "finished"}))["games"]
    assert game_id in [g["id"] for g in listed]
    assert game_id in [g["id"] for g in ann.ok(ann.get("/api/me/games"))["games"]]


def test_a_bot_seat_moves_by_itself_so_one_person_can_play_alone(players: Any) -> None:
    ann = players("Ann")
    game_id = start_game(ann, [], bots=1)
    final = play_to_end({0: ann}, game_id)
    log = move_entries(ann, game_id)
    assert {e["actor"] for e in log} == {"player", "bot"}
    assert final["status"] == "finished"


def test_a_game_of_bots_only_plays_itself_to_the_end(players: Any) -> None:
    ann = players("Ann")
    lobby = ann.ok(ann.post("/api/lobbies", json={"kind": "grand-bazaar", "players": 2}))
    ann.ok(ann.patch(f"/api/lobbies/{lobby['id']}", json={
        "seats": [{"seat": 0, "holder": "bot"}, {"seat": 1, "holder": "bot"}]}))
    game_id = ann.ok(ann.post(f"/api/lobbies/{lobby['id']}/start"))["game_id"]
    for _ in range(500):
        if ann.game(game_id)["status"] == "finished":
            break
        time.sleep(0.05)
    assert ann.game(game_id)["status"] == "finished"


def test_hot_seat_host_holds_both_seats(players: Any) -> None:
    ann = players("Ann")
    lobby = ann.ok(ann.post("/api/lobbies", json={"kind": "grand-bazaar", "players": 2}))
    ann.ok(ann.patch(f"/api/lobbies/{lobby['id']}",
                     json={"seats": [{"seat": 1, "holder": "host"}]}))
    game_id = ann.ok(ann.post(f"/api/lobbies/{lobby['id']}/start"))["game_id"]
    game = ann.game(game_id)
    assert game["you"]["seats"] == [0, 1]
    assert game["you"]["seat"] in game["view"]["to_act"]  # follows the seat to act
    final = play_to_end({0: ann, 1: ann}, game_id)
    assert final["status"] == "finished"


def test_stale_seq_is_409_with_current_seq_and_changes_nothing(players: Any) -> None:
    ann, bob = players("Ann"), players("Bob")
    game_id = start_game(ann, [bob], options={"first_player": 0})
    first = ann.game(game_id)
    move = first["legal"][0]
    assert ann.ok(ann.move(game_id, 0, move))["seq"] == 1
    bob_game = bob.game(game_id)
    stale = bob.move(game_id, 0, bob_game["legal"][0])
    assert stale.status_code == 409
    assert stale.json()["detail"] == {
        "code": "STALE_SEQ", "reason": "the game is at seq 1, not 0", "seq": 1,
        "message": {"id": "the game is at seq {now}, not {seq}", "args": {"now": 1, "seq": 0}}}
    assert bob.game(game_id)["seq"] == 1


def test_client_move_id_retry_returns_the_first_result(players: Any) -> None:
    ann, bob = players("Ann"), players("Bob")
    game_id = start_game(ann, [bob], options={"first_player": 0})
    move = ann.game(game_id)["legal"][0]
    first = ann.ok(ann.move(game_id, 0, move, client_move_id="c-1"))
    again = ann.ok(ann.move(game_id, 0, move, client_move_id="c-1"))
    assert again == first
    assert ann.game(game_id)["seq"] == 1


def test_out_of_turn_forged_seat_and_spectator_moves_are_refused(players: Any) -> None:
    ann, bob, eve = players("Ann"), players("Bob"), players("Eve")
    game_id = start_game(ann, [bob], options={"first_player": 0})
    legal = ann.game(game_id)["legal"][0]
    out_of_turn = bob.move(game_id, 0, legal)
    assert out_of_turn.status_code == 403
    assert out_of_turn.json()["detail"]["code"] == "NOT_YOUR_TURN"
    forged = bob.move(game_id, 0, legal, seat=0)
    assert forged.status_code == 403 and forged.json()["detail"]["code"] == "NOT_YOUR_SEAT"
    spectator = eve.move(game_id, 0, legal)
    assert spectator.status_code == 403
    # reading with a seat one does not hold falls back to one's own view (docs/api.md):
    # never that seat's view, never its legal moves
    fallback = eve.ok(eve.get(f"/api/games/{game_id}", params={"seat": 0}))
    assert fallback["you"]["seat"] is None and fallback["legal"] == []
    assert fallback["view"] == eve.game(game_id)["view"]
    assert eve.get(f"/api/games/{game_id}/legal-moves").status_code == 403
    assert ann.game(game_id)["seq"] == 0


def test_illegal_and_malformed_moves_cite_the_rule_and_change_nothing(players: Any) -> None:
    ann, bob = players("Ann"), players("Bob")
    game_id = start_game(ann, [bob], options={"first_player": 0})
    too_many = ann.move(game_id, 0, {"type": "Trade", "sell": {"S": 0, "R": 0, "E": 0},
                                     "buy": {"S": 5, "R": 0, "E": 0}})
    assert too_many.status_code == 409
    assert too_many.json()["detail"]["reason"].startswith("GB-")
    unknown = ann.move(game_id, 0, {"type": "Teleport"})
    assert unknown.status_code == 422
    not_json = ann.http.post(f"/api/games/{game_id}/moves", content=b"{not json",
                             headers={"content-type": "application/json"})
    assert not_json.status_code == 422
    extra = ann.post(f"/api/games/{game_id}/moves", json={"seq": 0, "move": {}, "x": 1})
    assert extra.status_code == 422
    huge = ann.http.post(f"/api/games/{game_id}/moves", content=b"x" * 70_000,
                         headers={"content-type": "application/json"})
    assert huge.status_code == 413
    assert ann.get("/api/games/unknown-id").status_code == 404
    assert ann.game(game_id)["seq"] == 0


def test_replay_log_export_and_import_verified_by_replay(players: Any) -> None:
    ann, bob = players("Ann"), players("Bob")
    game_id = start_game(ann, [bob])
    # before the end, the export holds no setup record and no chance outcomes
    partial = ann.ok(ann.get(f"/api/games/{game_id}/export"))
    assert partial["complete"] is False
    assert not {"seed", "setup_chance", "initial_state"} & set(partial)
    final = play_to_end({0: ann, 1: bob}, game_id, seed=3)
    record = ann.ok(ann.get(f"/api/games/{game_id}/export"))
    assert record["complete"] and len(record["moves"]) == final["seq"]
    engine = get_engine("grand-bazaar")
    # replay at every step equals a local replay of the record (full information once ended)
    state = engine.load_state(record["initial_state"])
    for k in range(final["seq"] + 1):
        if k:
            entry = record["moves"][k - 1]
            state, _ = engine.apply(state, entry["seat"], entry["move"],
                                    ReplayRng(entry["chance"]))
        if k % 7 == 0 or k == final["seq"]:
            at = ann.ok(ann.get(f"/api/games/{game_id}/replay", params={"at": k}))
            assert at["view"] == json.loads(json.dumps(engine.full_view(state)))
    assert ann.get(f"/api/games/{game_id}/replay", params={"at": final["seq"] + 1}
                   ).status_code == 422
    imported = ann.ok(ann.post("/api/games/import", json={"record": record}))["game_id"]
    again = ann.game(imported)
    assert again["status"] == "finished" and again["view"] == final["view"]
    # a tampered record is refused
    tampered = json.loads(json.dumps(record))
    tampered["moves"][0]["chance"] = [999]
    tampered["moves"][0]["events"] = [{"type": "Forged"}]
    refused = ann.post("/api/games/import", json={"record": tampered})
    assert refused.status_code == 422
    assert refused.json()["detail"]["code"] == "REPLAY_MISMATCH"


def _contains_run(value: Any, run: list[int]) -> bool:
    """True if some list of ints in ``value`` holds ``run`` contiguously."""
    if isinstance(value, dict):
        return any(_contains_run(v, run) for v in value.values())
    if isinstance(value, list):
        if all(isinstance(x, int) for x in value):
            n = len(run)
            return any(value[i:i + n] == run for i in range(len(value) - n + 1))
        return any(_contains_run(v, run) for v in value)
    return False


def _secret_run(deck: list[int]) -> list[int]:
    """The shortest prefix (>= 3) of the unrevealed deck that is not an ascending run,
    so that the public sorted list of remaining cards cannot match it by chance."""
    for n in range(3, len(deck) + 1):
        if deck[:n] != sorted(deck[:n]):
            return deck[:n]
    return []


def test_deck_order_never_reaches_a_seat_or_spectator_before_the_end(players: Any) -> None:
    """GB-23 through the API: no response shows the order of the unrevealed price cards."""
    ann, bob, eve = players("Ann"), players("Bob"), players("Eve")
    game_id = start_game(ann, [bob])
    seen: list[tuple[int, Any]] = []
    final = None
    for _ in range(200):
        seen.append((eve.game(game_id)["seq"], eve.game(game_id)))
        seen.append((0, eve.ok(eve.get(f"/api/games/{game_id}/log"))))
        final = play_to_end({0: ann, 1: bob}, game_id, seed=5, seen=seen)
        break
    assert final is not None
    record = ann.ok(ann.get(f"/api/games/{game_id}/export"))
    engine = get_engine("grand-bazaar")
    state = engine.load_state(record["initial_state"])
    decks = [list(engine.dump_state(state)["deck"])]
    for entry in record["moves"]:
        state, _ = engine.apply(state, entry["seat"], entry["move"], ReplayRng(entry["chance"]))
        decks.append(list(engine.dump_state(state)["deck"]))
    checked = 0
    for seq, body in seen:
        if seq >= final["seq"]:
            continue
        run = _secret_run(decks[seq])
        if run:
            assert not _contains_run(body, run), f"deck order leaked at seq {seq}"
            checked += 1
    assert checked > 20


def test_resign_lets_the_bot_finish_and_marks_the_outcome(players: Any) -> None:
    ann, bob = players("Ann"), players("Bob")
    game_id = start_game(ann, [bob])
    assert players("Eve").post(f"/api/games/{game_id}/resign").status_code == 403
    bob.ok(bob.post(f"/api/games/{game_id}/resign"))
    final = play_to_end({0: ann}, game_id)
    assert final["seats"][1]["resigned"] is True
    log = move_entries(ann, game_id)
    assert "resigned" in {e["actor"] for e in log if e["seat"] == 1}
    assert bob.move(game_id, final["seq"], {"type": "Trade"}).status_code in (403, 409)


def test_rematch_opens_a_lobby_with_the_same_seats_and_options(players: Any) -> None:
    ann = players("Ann")
    game_id = start_game(ann, [], bots=1, options={"first_player": 1})
    assert ann.post(f"/api/games/{game_id}/rematch").status_code in (201, 409)
    play_to_end({0: ann}, game_id)
    lobby_id = ann.ok(ann.post(f"/api/games/{game_id}/rematch"))["lobby_id"]
    lobby = ann.ok(ann.get(f"/api/lobbies/{lobby_id}"))
    assert [s["holder"] for s in lobby["seats"]] == ["user", "bot"]
    assert lobby["options"]["first_player"] == 1 and lobby["you"]["is_host"]
    assert ann.ok(ann.post(f"/api/lobbies/{lobby_id}/start"))["game_id"] != game_id


def test_chat_is_stored_and_limited_in_length(players: Any) -> None:
    ann, bob = players("Ann"), players("Bob")
    game_id = start_game(ann, [bob])
    ann.ok(ann.post(f"/api/games/{game_id}/chat", json={"text": "<b>gl</b> hf"}))
    assert ann.post(f"/api/games/{game_id}/chat", json={"text": "x" * 301}).status_code == 422
    assert ann.post(f"/api/games/{game_id}/chat", json={"text": ""}).status_code == 422
    chat = bob.game(game_id)["chat"]
    assert chat[-1]["name"] == "Ann" and chat[-1]["text"] == "<b>gl</b> hf"


def test_health_readiness_metrics_and_openapi(players: Any) -> None:
    ann = players("Ann")
    assert ann.ok(ann.get("/healthz")) == {"status": "ok"}
    assert ann.ok(ann.get("/readyz"))["database"] == "up"
    metrics = ann.get("/metrics").text
    assert "bazaar_moves_total" in metrics and "bazaar_open_sockets" in metrics
    paths = ann.ok(ann.get("/openapi.json"))["paths"]
    for path in ("/api/session", "/api/lobbies", "/api/games/{game_id}/moves",
                 "/api/games/{game_id}/replay", "/api/games/import"):
        assert path in paths
