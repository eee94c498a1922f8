"""Continue from here (issue 14, part 4) over HTTP and the WebSocket, on SQLite and PostgreSQL.

For every game kind: a game of bots is played to its end, continued from a middle step k, and
the new game starts there: its public view at the start is the replay's at k (the unseen part
is reshuffled, so the seats' and the full views may differ only in what nobody had seen), its
log starts with the origin, both games link to each other, and its record exports and imports
verified from the source's position. Then every refusal, each with its reason in words.
"""

from __future__ import annotations

import json
import time
from typing import Any

import httpx
import pytest

from app.games.base import ReplayRng, get_engine
from tests.conftest import Player, start_game
from tests.support.games import local_record
from tests.support.hidden import (
    CASES,
    FORBIDDEN_KEYS,
    contains_run,
    hidden_runs,
    keys_in,
)
from tests.support.sockets import Viewer


def _json(value: Any) -> Any:
    return json.loads(json.dumps(value))


def wait_finished(player: Player, game_id: str) -> dict[str, Any]:
    """The game once the bots have played it to its end (polled, no timing asserted)."""
    for _ in range(3000):
        game = player.game(game_id)
        if game["status"] == "finished":
            return game
        time.sleep(0.02)
    raise AssertionError("the bots did not finish the game")


def bot_game(host: Player, kind: str, players: int, options: dict[str, Any]) -> str:
    """A finished game of bots only, hosted by ``host``."""
    lobby = host.ok(host.post("/api/lobbies", json={"kind": kind, "players": players,
                                                     "options": options}))
    for seat in range(players):
        host.ok(host.post(f"/api/lobbies/{lobby['id']}/bots", json={"seat": seat}))
    game_id = str(host.ok(host.post(f"/api/lobbies/{lobby['id']}/start"))["game_id"])
    wait_finished(host, game_id)
    return game_id


def states_of(kind: str, record: dict[str, Any]) -> list[Any]:
    """The state after every step of a complete record, replayed here."""
    engine = get_engine(kind)
    states = [engine.load_state(record["initial_state"])]
    for entry in record["moves"]:
        states.append(engine.apply(states[-1], entry["seat"], entry["move"],
                                   ReplayRng(entry["chance"]))[0])
    return states


@pytest.mark.parametrize(("kind", "players", "options"), CASES, ids=[c[0] for c in CASES])
def test_a_finished_game_continues_from_a_middle_step(server: Any, kind: str, players: int,
                                                      options: dict[str, Any]) -> None:
    engine = get_engine(kind)
    host = Player(server.url, "Ann")
    source = bot_game(host, kind, players, options)
    record = host.ok(host.get(f"/api/games/{source}/export"))
    states = states_of(kind, record)
    k = len(record["moves"]) // 2
    assert engine.outcome(states[k]) is None and k > 0

    made = host.post(f"/api/games/{source}/continue", json={"step": k})
    assert made.status_code == 201, made.text
    lobby = made.json()
    assert lobby["id"] == lobby["lobby_id"] and lobby["kind"] == kind
    assert lobby["continuing"] == {"game": source, "step": k}
    assert lobby["you"]["is_host"] and len(lobby["seats"]) == players
    # the seats are offered as in a rematch: the host's bots stay bots
    assert [s["holder"] for s in lobby["seats"]] == ["bot"] * players
    # the host keeps every seat on the device, so that nothing moves before we look
    host.ok(host.patch(f"/api/lobbies/{lobby['id']}", {
        "seats": [{"seat": s, "holder": "host"} for s in range(players)]}))
    game_id = host.ok(host.post(f"/api/lobbies/{lobby['id']}/start"))["game_id"]

    # the new game at its start, as everyone sees it
    seen: list[Any] = []
    spectator = httpx.Client(base_url=server.url, timeout=30)
    watched = spectator.get(f"/api/games/{game_id}").json()
    seen.append(watched)
    assert watched["status"] == "live" and watched["seq"] == 0
    assert watched["continued_from"] == {"game": source, "step": k} and watched["continued"]
    # the position at k, played under the new seats' names ("Ann (1)": the host's device)
    names = [s["name"] for s in watched["seats"]]
    position = engine.rename_seats(states[k], names)
    assert watched["view"] == _json(engine.view(position, None)), "public view at the start"
    seat_views = {s: host.game(game_id, seat=s) for s in range(players)}
    seen.extend(seat_views.values())
    log = host.ok(host.get(f"/api/games/{game_id}/log"))
    seen.append(log)
    first = log["entries"][0]
    assert first["seq"] == 0 and first["actor"] == "continued"
    assert first["origin"] == {"game": source, "step": k}
    assert f"Continued from move {k} of an earlier game" in first["events"][0]["text"]
    assert all(e["seq"] > 0 for e in log["entries"][1:])
    partial = host.ok(host.get(f"/api/games/{game_id}/export"))
    seen.append(partial)
    assert not partial["complete"] and "continued_from" not in partial
    replay0 = spectator.get(f"/api/games/{game_id}/replay", params={"at": 0}).json()
    seen.append(replay0)
    assert replay0["view"] == watched["view"]
    assert replay0["events"][0]["type"] == "Continued"
    # the WebSocket: a seat's snapshot is its view at the start
    sock = Viewer(server.url, game_id, host.token, seat=0)
    sock.send({"type": "hello"})
    snapshot = sock.recv_type("snapshot")
    seen.append(snapshot)
    assert snapshot["seq"] == 0 and snapshot["view"] == seat_views[0]["view"]
    # both games link to each other
    listed = host.game(source)["continuations"]
    assert [(c["game"], c["step"]) for c in listed] == [(game_id, k)]
    assert watched["continuations"] == []

    # the bots play every seat to the end (each seat resigned to its bot)
    for s in range(players):
        host.ok(host.post(f"/api/games/{game_id}/resign", json={"seat": s}))
    for _ in range(3000):
        if sock.view and sock.view["finished"]:
            break
        sock.recv()
    wait_finished(host, game_id)

    # the complete record: the start follows from the source's position at k, redrawn
    done = host.ok(host.get(f"/api/games/{game_id}/export"))
    assert sock.view == _json(engine.view(states_of(kind, done)[-1], 0)), "socket at the end"
    assert done["continued_from"] == {"game": source, "step": k,
                                      "state": _json(engine.dump_state(states[k]))}
    start = engine.resample_hidden(position, None, ReplayRng(done["setup_chance"]))
    assert done["initial_state"] == _json(engine.dump_state(start))
    for s, data in seat_views.items():
        assert data["view"] == _json(engine.view(start, s)), ("seat view at the start", s)
    # nothing before the end showed the new game's secret order or its setup record
    for body in seen:
        assert not keys_in(body) & FORBIDDEN_KEYS
        for run in hidden_runs(kind, done["initial_state"]):
            assert not contains_run(body, run), (kind, run)
    # and the record imports, verified from the source's position
    again = host.ok(host.post("/api/games/import", json={"record": done}))["game_id"]
    copy = host.game(again)
    # nobody is a player of an imported game, the importer included (issue 25, point 31): it
    # shows what a spectator sees of the finished game
    public = spectator.get(f"/api/games/{game_id}").json()["view"]
    assert copy["status"] == "finished" and copy["view"] == public
    assert copy["continued_from"] == {"game": source, "step": k}
    # the text record too (issue 31): its ContinuedFrom tag carries the source's position
    text = host.get(f"/api/games/{game_id}/export", params={"format": "text"}).text
    assert "\n[ContinuedFrom {" in text
    from_text = host.game(host.ok(host.post("/api/games/import", json={"text": text}))["game_id"])
    assert from_text["view"] == public
    assert from_text["continued_from"] == {"game": source, "step": k}
    forged = _json(done)
    forged["continued_from"]["state"] = _json(engine.dump_state(states[k - 1]))
    refused = host.post("/api/games/import", json={"record": forged})
    assert refused.status_code == 422, refused.text
    sock.close()
    spectator.close()
    host.http.close()


def test_refusals_say_why(server: Any) -> None:
    ann, bob = Player(server.url, "Ann"), Player(server.url, "Bob")
    running = start_game(ann, [bob])
    reply = ann.post(f"/api/games/{running}/continue", json={"step": 0})
    assert reply.status_code == 409, reply.text
    assert reply.json()["detail"]["code"] == "GAME_RUNNING"
    assert "only a finished game can be continued" in reply.json()["detail"]["reason"]

    finished = bot_game(ann, "grand-bazaar", 2, {})
    last = ann.game(finished)["seq"]
    over = ann.post(f"/api/games/{finished}/continue", json={"step": last})
    assert over.status_code == 409 and over.json()["detail"]["code"] == "NOTHING_TO_PLAY"
    assert "nothing left to play" in over.json()["detail"]["reason"]
    beyond = ann.post(f"/api/games/{finished}/continue", json={"step": last + 1})
    assert beyond.status_code == 422 and beyond.json()["detail"]["code"] == "BAD_STEP"
    assert ann.post(f"/api/games/{finished}/continue", json={"step": -1}).status_code == 422
    assert ann.post("/api/games/nosuchgame/continue", json={"step": 1}).status_code == 404
    anonymous = httpx.post(f"{server.url}/api/games/{finished}/continue", json={"step": 1})
    assert anonymous.status_code == 401

    cut = ann.ok(ann.post("/api/games/import", json={"record": local_record(moves=6)}))
    imported = ann.post(f"/api/games/{cut['game_id']}/continue", json={"step": 3})
    assert imported.status_code == 409 and imported.json()["detail"]["code"] == "GAME_IMPORTED"

    # someone who did not play takes the first seat; nobody else is seated without asking
    lobby = bob.ok(bob.post(f"/api/games/{finished}/continue", json={"step": 2}))
    assert [s["holder"] for s in lobby["seats"]] == ["user", "open"]
    assert lobby["seats"][0]["user_id"] == bob.user_id and lobby["you"]["is_host"]
    assert not lobby["ready"]
    # the position fixes the players and options
    changed = bob.patch(f"/api/lobbies/{lobby['id']}", {"players": 3})
    assert changed.status_code == 409 and changed.json()["detail"]["code"] == "CONTINUED_POSITION"
    bob.ok(bob.post(f"/api/lobbies/{lobby['id']}/bots", json={"seat": 1}))
    started = bob.ok(bob.post(f"/api/lobbies/{lobby['id']}/start"))["game_id"]
    assert bob.game(started)["continued_from"] == {"game": finished, "step": 2}

    # a record of a continued game whose source is not on this server imports, for review,
    # but cannot be continued: nothing here vouches for its first position
    bob.ok(bob.post(f"/api/games/{started}/resign"))
    wait_finished(bob, started)
    record = bob.ok(bob.get(f"/api/games/{started}/export"))
    record["continued_from"]["game"] = "elsewhere"
    stranger = bob.ok(bob.post("/api/games/import", json={"record": record}))["game_id"]
    assert bob.game(stranger)["continued_from"] == {"game": None, "step": 2}
    unknown = bob.post(f"/api/games/{stranger}/continue", json={"step": 1})
    assert unknown.status_code == 409 and unknown.json()["detail"]["code"] == "ORIGIN_UNKNOWN"
    for p in (ann, bob):
        p.http.close()
