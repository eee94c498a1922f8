"""Import (issue 11.3): a record becomes a game for review, never a live game with empty seats;
every field is checked as strictly as the live API checks it."""

from __future__ import annotations

import copy
import time
from typing import Any

import pytest

from app.games.base import ReplayRng, get_engine
from app.play import clock
from app.play.clock_keeper import ClockKeeper
from tests.support.games import local_record
from tests.support.server_loop import on_server


def test_a_finished_record_imports_as_a_finished_game(players: Any) -> None:
    ann = players("Ann")
    record = local_record()
    game_id = ann.ok(ann.post("/api/games/import", json={"record": record}))["game_id"]
    game = ann.game(game_id)
    assert game["status"] == "finished" and game["seq"] == len(record["moves"])


def test_a_record_cut_short_is_for_review_and_nobody_moves_in_it(server: Any,
                                                                 players: Any) -> None:
    ann = players("Ann")
    record = local_record(moves=6)
    game_id = ann.ok(ann.post("/api/games/import", json={"record": record}))["game_id"]
    game = ann.game(game_id)
    assert game["status"] == "imported", game["status"]
    assert game["legal"] == []
    seat = game["view"]["to_act"][0]
    engine = get_engine("grand-bazaar")
    state = engine.load_state(record["initial_state"])
    for entry in record["moves"]:
        state, _ = engine.apply(state, entry["seat"], entry["move"], ReplayRng(entry["chance"]))
    legal = engine.legal_moves(state, seat)
    assert legal, "the seat to act has a legal move in the cut position"
    refused = ann.move(game_id, 6, legal[0], seat=seat)
    assert refused.status_code == 409, refused.text
    assert refused.json()["detail"]["code"] == "GAME_IMPORTED"
    assert ann.post(f"/api/games/{game_id}/resign", json={"seat": seat}).status_code == 409
    # no bot or clock plays it either: it is not playable, so the driver the pipeline would
    # kick does not start, no seat's time ever runs out, and the clock watcher's tick is idle
    play = server.app.state.play

    async def platform_duties() -> tuple[bool, bool, list[int]]:
        live = await play.load(game_id)
        play.kick_bots(live)
        return (live.playable, play.bot_driver.driving(game_id),
                clock.expired(live, time.monotonic() + 1e6))

    assert on_server(server, platform_duties) == (False, False, [])
    on_server(server, ClockKeeper(play).tick)
    assert ann.game(game_id)["seq"] == 6
    listed = ann.ok(ann.get("/api/games", params={"status": "live"}))["games"]
    assert game_id not in {g["id"] for g in listed}
    # the review works: the log and the replay of any step
    assert len([e for e in ann.ok(ann.get(f"/api/games/{game_id}/log"))["entries"]
                if e["seq"] > 0]) == 6
    ann.ok(ann.get(f"/api/games/{game_id}/replay", params={"at": 3}))


def _with(record: dict[str, Any], path: tuple[Any, ...], value: Any) -> dict[str, Any]:
    changed = copy.deepcopy(record)
    target = changed
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    return changed


BAD_NAMES = [
    ("name with NUL", "A\x00n"),
    ("name with a bidi override", "Ann\u202egnp.exe"),
    ("empty name", ""),
    ("huge name", "A" * 20_000),
    ("name with padding", "  Ann"),
]


@pytest.mark.parametrize(("what", "name"), BAD_NAMES, ids=[b[0] for b in BAD_NAMES])
def test_seat_names_are_checked_as_player_names(players: Any, what: str, name: str) -> None:
    ann = players("Ann")
    record = local_record(moves=2, names=[name, "Bob"])
    reply = ann.post("/api/games/import", json={"record": record})
    assert reply.status_code in (413, 422), (what, reply.status_code, reply.text)
    assert ann.ok(ann.get("/api/me/games"))["games"] == []


BAD_FIELDS = [
    ("name not a string", ("seats", 0), 7),
    ("huge actor", ("moves", 0, "actor"), "x" * 10_000),
    ("forged bot actor", ("moves", 0, "actor"), "robot"),
    ("seed with NUL", ("seed",), "ab\x00cd"),
    ("huge seed", ("seed",), "s" * 10_000),
    ("seat as a string", ("moves", 0, "seat"), "0"),
    ("seat as a boolean", ("moves", 0, "seat"), False),
    ("seat out of range", ("moves", 0, "seat"), 5),
    ("move not an object", ("moves", 0, "move"), ["x"]),
    ("not complete", ("complete",), "yes"),
]


@pytest.mark.parametrize(("what", "path", "value"), BAD_FIELDS, ids=[b[0] for b in BAD_FIELDS])
def test_every_field_of_a_record_is_checked(players: Any, what: str, path: tuple[Any, ...],
                                            value: Any) -> None:
    ann = players("Ann")
    record = _with(local_record(moves=2), path, value)
    reply = ann.post("/api/games/import", json={"record": record})
    assert reply.status_code in (413, 422), (what, reply.status_code, reply.text)
    assert reply.json()["detail"]["code"] in ("BAD_RECORD", "REPLAY_MISMATCH", "TOO_LARGE")
    assert ann.ok(ann.get("/api/me/games"))["games"] == []  # nothing was stored


def test_imports_are_rate_limited_per_identity_and_address(tmp_path: Any) -> None:
    """Issue 11.3: one identity imported 5,000 games in 40 s; now RATE_IMPORTS per minute per
    identity, and three times that per address, each refusal with Retry-After."""
    from tests.conftest import Player, ServerThread, make_settings

    url = f"sqlite+aiosqlite:///{tmp_path / 'imports.db'}"
    record = local_record(moves=2)
    with ServerThread(make_settings(url, rate_imports=2)) as srv:
        people = [Player(srv.url, f"P{i}") for i in range(4)]
        ann = people[0]
        codes = [ann.post("/api/games/import", json={"record": record}).status_code
                 for _ in range(3)]
        assert codes == [201, 201, 429], codes
        refused = ann.post("/api/games/import", json={"record": record})
        assert refused.status_code == 429 and int(refused.headers["retry-after"]) > 0
        # other identities at the same address have their own allowance, up to the address's
        others = [p.post("/api/games/import", json={"record": record}).status_code
                  for p in people[1:] for _ in range(2)]
        assert others.count(201) == 4 and others[-2:] == [429, 429], others
        for p in people:
            p.http.close()


@pytest.mark.parametrize("kind", ["grand-bazaar", "carcassonne", "bombay-bazar"])
def test_the_breakdown_is_in_the_outcome_the_export_and_the_import(players: Any,
                                                                   kind: str) -> None:
    """Issue 14, part 1: the stored outcome (GET /api/games/{id}), the export's outcome and the
    game imported from it carry the same score breakdown, whose lines make the scores."""
    ann = players("Ann")
    record = local_record(kind, players=2, seed=7)
    game_id = ann.ok(ann.post("/api/games/import", json={"record": record}))["game_id"]
    outcome = ann.game(game_id)["view"]["outcome"]
    breakdown = outcome["breakdown"]
    assert [b["score"] for b in breakdown] == outcome["scores"]
    assert all(sum(line["points"] for line in b["lines"]) == b["score"] for b in breakdown)
    exported = ann.ok(ann.get(f"/api/games/{game_id}/export"))
    assert exported["outcome"]["breakdown"] == breakdown
    again = ann.ok(ann.post("/api/games/import", json={"record": exported}))["game_id"]
    assert ann.game(again)["view"]["outcome"]["breakdown"] == breakdown
