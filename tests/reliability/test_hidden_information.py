"""Hidden information over the wire, for every game kind.

Records every HTTP response and every WebSocket frame sent to each seat and to a spectator
during a complete game, then checks, step by step against a local replay of the finished
game's record:

* every view a socket holds (snapshot plus patches) is exactly the engine's view for that
  viewer at that step, and every event is the engine's redaction of it; the contract suite
  proves those views never depend on hidden information (``resample_hidden``);
* the score over time (``/scores``) is, at each step, the engine's public scores, which are
  the scores of the spectator's view while the game runs;
* "Continue from here" (``POST /continue``) is refused to everyone while the game runs;
* no response or frame before the end carries the setup record, chance outcomes, a fixture
  option, or a run of the hidden draw order (deck, stall cards, tile stack).
"""

from __future__ import annotations

import json
import random
from typing import Any

import httpx
import pytest

from app.games.base import ReplayRng, get_engine
from tests.conftest import Player
from tests.support.hidden import CASES, FORBIDDEN_KEYS, contains_run, hidden_runs, keys_in
from tests.support.sockets import Viewer

FIXTURES = {"stack", "stalls", "price_order"}


def fixture_options_shown(value: Any) -> bool:
    """True if some ``options`` object shows a fixture option (a stacked deck)."""
    if isinstance(value, dict):
        opts = value.get("options")
        if isinstance(opts, dict) and FIXTURES & set(opts):
            return True
        return any(fixture_options_shown(v) for v in value.values())
    if isinstance(value, list):
        return any(fixture_options_shown(v) for v in value)
    return False


class Recorder:
    """Every message each viewer received, with the seq it was at."""

    def __init__(self) -> None:
        self.messages: list[tuple[int | None, int, Any]] = []  # (viewer, seq, body)

    def add(self, viewer: int | None, seq: int, body: Any) -> None:
        self.messages.append((viewer, seq, body))


def test_case_ids() -> None:
    assert {c[0] for c in CASES} == {e for e in (
        "grand-bazaar", "bazaar", "bombay-bazar", "carcassonne", "carcassonne-auction")}


def said(engine: Any, event: Any, names: list[str]) -> dict[str, Any]:
    """An event as a viewer receives it: with its words, and its message where the engine
    says its lines as data (issue 29)."""
    words = {**event, "text": engine.describe(event, names)}
    message = engine.describe_message(event, names)
    if message is not None:
        words["message"] = message
    return words


@pytest.mark.parametrize(("kind", "players", "options"), CASES, ids=[c[0] for c in CASES])
def test_no_viewer_receives_what_it_may_not_know(server: Any, kind: str, players: int,
                                                 options: dict[str, Any]) -> None:
    engine = get_engine(kind)
    people = [Player(server.url, f"P{i}") for i in range(players)]
    host = people[0]
    lobby = host.ok(host.post("/api/lobbies", json={"kind": kind, "players": players,
                                                     "options": options}))
    assert not fixture_options_shown(lobby)
    for p in people[1:]:
        p.ok(p.post(f"/api/lobbies/{lobby['id']}/join"))
    game_id = host.ok(host.post(f"/api/lobbies/{lobby['id']}/start"))["game_id"]
    rec = Recorder()
    sockets: dict[int | None, Viewer] = {i: Viewer(server.url, game_id, p.token)
                                         for i, p in enumerate(people)}
    sockets[None] = Viewer(server.url, game_id, None)
    views: dict[int | None, list[tuple[int, Any, list[Any]]]] = {v: [] for v in sockets}
    for v, sock in sockets.items():
        sock.send({"type": "hello"})
        frame = sock.recv_type("snapshot")
        rec.add(v, frame["seq"], frame)
        views[v].append((frame["seq"], json.loads(json.dumps(sock.view)), []))
    spectator_http = httpx.Client(base_url=server.url, timeout=30)
    outsider = Player(server.url, "Outsider")  # a guest who holds no seat in this game
    rng = random.Random(7)
    seq = 0
    score_reads: list[tuple[int | None, int, Any]] = []  # GET /scores while the game ran
    for _ in range(3000):
        watch = sockets[None].view
        assert watch is not None
        if watch["finished"]:
            break
        seat = rng.choice(watch["to_act"])
        player = people[seat]
        legal = player.ok(player.get(f"/api/games/{game_id}/legal-moves"))
        rec.add(seat, seq, legal)
        move = rng.choice(legal["moves"])
        reply = player.move(game_id, seq, move, client_move_id=f"c{seq}")
        rec.add(seat, seq, reply.json())
        assert reply.status_code == 200, reply.text
        before, seq = seq, reply.json()["seq"]
        # the retry channel: the move's client id named by every other caller, for its seat
        # and for their own, over HTTP and the socket, must reveal nothing of the move
        for v, sock in sockets.items():
            if v == seat:
                continue
            caller = outsider if v is None else people[v]
            for claimed in (seat, v):
                replayed = caller.move(game_id, before, {"type": "Nonsense"},
                                       client_move_id=f"c{before}", seat=claimed)
                rec.add(v, seq, replayed.json())
                assert replayed.status_code in (403, 409, 422), (kind, v, replayed.text)
            sock.send({"type": "move", "seq": before, "move": {"type": "Nonsense"},
                       "client_move_id": f"c{before}"})
        if seq % 9 == 1:  # now and then, every HTTP read a viewer can make
            for v, p in [*enumerate(people), (None, None)]:
                client = p.http if p else spectator_http
                for path in ("", "/log", "/export", f"/replay?at={seq - 1}", "/scores"):
                    body = client.get(f"/api/games/{game_id}{path}").json()
                    rec.add(v, seq, body)
                    if path == "":
                        running = body["status"] == "live"  # this move may have ended it
                    if path == "/scores":
                        score_reads.append((v, seq, body))
            bad = player.move(game_id, seq, {"type": "Nonsense", "x": 1})
            rec.add(seat, seq, bad.json())
            # "Continue from here" while the game runs: refused, and the refusal tells nothing
            # (the move just made may have ended the game: then it may be continued)
            if running:
                for v, p in [*enumerate(people), (None, outsider)]:
                    assert p is not None
                    refused = p.post(f"/api/games/{game_id}/continue", json={"step": seq - 1})
                    assert refused.status_code == 409, (kind, v, refused.text)
                    assert refused.json()["detail"]["code"] == "GAME_RUNNING"
                    rec.add(v, seq, refused.json())
        for v, sock in sockets.items():
            while sock.seq < seq:
                frame = sock.recv()
                rec.add(v, frame.get("seq", sock.seq), frame)
                if frame["type"] == "patch":
                    views[v].append((frame["seq"], json.loads(json.dumps(sock.view)),
                                     frame["events"]))
    else:
        pytest.fail("the game did not end")
    record = host.ok(host.get(f"/api/games/{game_id}/export"))
    assert record["complete"]

    # replay the finished record locally: the state at every step
    states = [engine.load_state(record["initial_state"])]
    raw_events: list[list[Any]] = [[]]
    for entry in record["moves"]:
        state, events = engine.apply(states[-1], entry["seat"], entry["move"],
                                     ReplayRng(entry["chance"]))
        states.append(state)
        raw_events.append(events)
    last = len(states) - 1
    names = [s for s in record["seats"]]

    # 1. every view held over the socket is the engine's view for that viewer, at that step
    for viewer, held in views.items():
        for step, view, events in held:
            expected = engine.view(states[step], viewer)
            assert view == json.loads(json.dumps(expected)), (kind, viewer, step)
            if step and step < last:
                redacted = [engine.redact_event(e, viewer) for e in raw_events[step]]
                want = [said(engine, e, names) for e in redacted if e]
                assert events == json.loads(json.dumps(want)), (kind, viewer, step)

    # 2. score over time: every step's public scores, the same whoever asks; while the game
    # runs, exactly the scores of the spectator's view at that step (no hidden quantity)
    assert score_reads
    for viewer, step, body in score_reads:
        assert [s["seq"] for s in body["steps"]] == list(range(step + 1)), (kind, viewer)
        for k, entry in enumerate(body["steps"]):
            assert entry["scores"] == engine.public_scores(states[k]), (kind, viewer, k)
            if k < last:
                public = [p["score"] for p in engine.view(states[k], None)["players"]]
                assert entry["scores"] == public, (kind, viewer, k)

    # 3. nothing before the end carries the setup record, chance, fixtures or a hidden run
    checked = 0
    for viewer, step, body in rec.messages:
        if step >= last:
            continue
        assert not keys_in(body) & FORBIDDEN_KEYS, (kind, viewer, step, keys_in(body) &
                                                     FORBIDDEN_KEYS)
        assert not fixture_options_shown(body), (kind, viewer, step)
        for run in hidden_runs(kind, engine.dump_state(states[step])):
            assert not contains_run(body, run), (kind, viewer, step, run)
            checked += 1
    if kind in ("grand-bazaar", "bazaar", "carcassonne"):
        assert checked > 0
    for sock in sockets.values():
        sock.close()
    spectator_http.close()
    outsider.http.close()


@pytest.mark.parametrize("channel", ["http", "socket"])
def test_a_client_move_id_retry_belongs_to_its_seat(server: Any, channel: str) -> None:
    """Issue 11: another caller naming a seat's client move id learns nothing of that move,
    and a seat reusing another seat's id gets its own move applied."""
    people = [Player(server.url, f"P{i}") for i in range(3)]
    outsider = Player(server.url, "Outsider")
    host = people[0]
    lobby = host.ok(host.post("/api/lobbies", json={
        "kind": "bombay-bazar", "players": 3, "options": {"first_player": "parity"}}))
    for p in people[1:]:
        p.ok(p.post(f"/api/lobbies/{lobby['id']}/join"))
    game_id = host.ok(host.post(f"/api/lobbies/{lobby['id']}/start"))["game_id"]
    seq = 0
    for _ in range(3):  # BOM-54: each seat chooses its elephant, then all three hide
        to_act = host.game(game_id)["view"]["to_act"][0]
        chooser = people[to_act]
        seq = chooser.ok(chooser.move(game_id, seq, chooser.game(game_id)["legal"][0]))["seq"]
    hide3 = {"type": "HideTokens", "hide": 3}
    first = host.ok(host.move(game_id, seq, hide3, client_move_id="m1", seat=0))
    assert any(e.get("hide") == 3 for e in first["events"]), first  # seat 0 sees its own hide

    # an outsider replays the id for seat 0: refused, nothing revealed
    stolen = outsider.move(game_id, seq, {"type": "x"}, client_move_id="m1", seat=0)
    assert stolen.status_code == 403, stolen.text
    assert "hide" not in stolen.text.lower().replace("hidetokens", "")
    # and with no seat named: still nobody's retry
    assert outsider.move(game_id, seq, {"type": "x"}, client_move_id="m1").status_code == 403

    # seat 1 sends its own hide with the same id: applied, not answered with seat 0's result
    hide1 = {"type": "HideTokens", "hide": 1}
    if channel == "http":
        reply = people[1].ok(people[1].move(game_id, first["seq"], hide1,
                                            client_move_id="m1", seat=1))
        assert reply["seq"] == first["seq"] + 1
        assert all(e.get("seat") != 0 or "hide" not in e for e in reply["events"]), reply
    else:
        sock = Viewer(server.url, game_id, people[1].token)
        sock.send({"type": "hello"})
        sock.recv_type("snapshot")
        sock.send({"type": "move", "seq": first["seq"], "move": hide1, "client_move_id": "m1"})
        moved = sock.recv_type("moved")
        assert moved["seq"] == first["seq"] + 1, moved
        sock.close()
    view = people[1].game(game_id, seat=1)["view"]
    assert view["parity"]["my_hide"] == 1, view["parity"]
    # seat 0's own retry still gets its first result, as seat 0 saw it
    again = host.ok(host.move(game_id, seq, hide3, client_move_id="m1", seat=0))
    assert again == first
    # seat 2 learns nothing of either hide by replaying the id for itself
    probe = people[2].move(game_id, seq, {"type": "x"}, client_move_id="m1", seat=2)
    assert probe.status_code in (409, 422), probe.text
    assert "my_hide" not in probe.text and '"hide"' not in probe.text
    for p in [*people, outsider]:
        p.http.close()

