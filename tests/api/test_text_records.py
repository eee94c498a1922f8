"""Text records (issue 31): a finished game exports as PGN-like text in its game's notation,
and the import reads the text back and verifies it by replay as it verifies a JSON record."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest

from app.games.base import ReplayRng, get_engine
from tests.conftest import BACKENDS, ServerThread, database_url, make_settings, start_game
from tests.support.games import TABLE, local_record, play_to_end

KINDS = [("grand-bazaar", {}), ("bazaar", {}), ("bombay-bazar", {}),
         ("carcassonne", {}), ("carcassonne-auction", TABLE)]


@pytest.fixture(scope="module", params=BACKENDS)
def server(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
           ) -> Iterator[ServerThread]:
    """The module's server, with room for the many imports these tests make."""
    url = database_url(request.param, tmp_path_factory.mktemp("db"))
    with ServerThread(make_settings(url, rate_imports=1000)) as srv:
        yield srv


def _finished(kind: str, options: dict[str, Any], players: int = 3) -> dict[str, Any]:
    """A complete record of a finished game, some of its moves marked as a hard bot's."""
    record = local_record(kind, players=players, seed=11, options=options)
    for entry in record["moves"][1::4]:
        entry.update(actor="bot", level="hard")
    return record


def _text(player: Any, game_id: str) -> str:
    reply = player.get(f"/api/games/{game_id}/export", params={"format": "text"})
    assert reply.status_code == 200, reply.text
    assert reply.headers["content-type"].startswith("text/plain")
    return str(reply.text)


def _without_date(text: str) -> str:
    return "\n".join(line for line in text.splitlines() if not line.startswith("[Date "))


def _same_game(first: dict[str, Any], second: dict[str, Any]) -> None:
    """Two complete JSON exports record the same game: seats, options, setup, every move with
    its chance outcomes, events, actor and level, and the outcome."""
    for key in ("kind", "seats", "options", "seed", "setup_chance", "initial_state", "outcome"):
        assert first[key] == second[key], key
    engine = get_engine(first["kind"])
    assert len(first["moves"]) == len(second["moves"])
    state = engine.load_state(first["initial_state"])
    for a, b in zip(first["moves"], second["moves"], strict=True):
        # the text keeps each move as the notation reads it, which is the legal list's form
        assert engine.write_move(state, a["seat"], a["move"]) == \
            engine.write_move(state, b["seat"], b["move"])
        for key in ("seq", "seat", "chance", "events", "actor", "level"):
            assert a.get(key) == b.get(key), (a["seq"], key)
        state, _ = engine.apply(state, a["seat"], a["move"], ReplayRng(a["chance"]))


@pytest.mark.parametrize(("kind", "options"), KINDS, ids=[k for k, _ in KINDS])
def test_a_finished_game_of_every_kind_exports_as_text_and_imports_back_identically(
        players: Any, kind: str, options: dict[str, Any]) -> None:
    ann = players("Ann")
    seats = len(options.get("players", [])) or 3
    original = ann.ok(ann.post("/api/games/import",
                               json={"record": _finished(kind, options, seats)}))["game_id"]
    text = _text(ann, original)
    assert text.startswith('[Format "bazaar-text/1"]\n')
    assert f'[Kind "{kind}"]' in text and '[Seat1 "P0"]' in text and "[Result " in text
    assert "\n1. " in text and "; by bot hard" in text
    copy = ann.ok(ann.post("/api/games/import", json={"text": text}))["game_id"]
    game = ann.game(copy)
    assert game["status"] == "finished"
    assert _without_date(_text(ann, copy)) == _without_date(text)
    _same_game(ann.ok(ann.get(f"/api/games/{original}/export")),
               ann.ok(ann.get(f"/api/games/{copy}/export")))


def test_a_game_played_here_with_a_bot_exports_as_text_and_imports_back(players: Any) -> None:
    ann = players("Ann")
    game_id = start_game(ann, [], kind="grand-bazaar", options={"first_player": 0}, bots=1)
    play_to_end({0: ann}, game_id)
    text = _text(ann, game_id)
    assert "Bot" in text and "; by bot" in text
    copy = ann.ok(ann.post("/api/games/import", json={"text": text}))["game_id"]
    assert _without_date(_text(ann, copy)) == _without_date(text)
    assert ann.game(copy)["view"]["outcome"]["scores"] == \
        ann.game(game_id)["view"]["outcome"]["scores"]


def test_a_running_game_has_no_text_record_yet(players: Any) -> None:
    ann, bob = players("Ann"), players("Bob")
    game_id = start_game(ann, [bob])
    reply = ann.get(f"/api/games/{game_id}/export", params={"format": "text"})
    assert reply.status_code == 409
    assert reply.json()["detail"]["code"] == "GAME_RUNNING"
    assert "once the game has ended" in reply.json()["detail"]["reason"]


def _good_text() -> str:
    from app.play.text_records import to_text

    record = local_record("grand-bazaar", players=2, seed=5)
    engine = get_engine("grand-bazaar")
    state = engine.load_state(record["initial_state"])
    for entry in record["moves"]:
        state, _ = engine.apply(state, entry["seat"], entry["move"], ReplayRng(entry["chance"]))
    record["outcome"] = engine.outcome(state).to_json()  # type: ignore[union-attr]
    return to_text(record)


def _edit(text: str, old: str, new: str) -> str:
    assert old in text, old
    return text.replace(old, new, 1)


BAD = [
    ("no format tag", lambda t: _edit(t, '[Format "bazaar-text/1"]\n', ""),
     "BAD_RECORD", "Format"),
    ("unknown kind", lambda t: _edit(t, '"grand-bazaar"', '"chess"'), "UNKNOWN_KIND", "kind"),
    ("unknown tag", lambda t: _edit(t, "[Seed", '[Weather "fine"]\n[Seed'), "BAD_RECORD",
     "Weather"),
    ("tag value not JSON", lambda t: _edit(t, '[Seed "s5"]', "[Seed s5]"), "BAD_RECORD",
     "not JSON"),
    ("unknown word", lambda t: _edit(t, "\n1. P1: buy R3", "\n1. P1: juggle R3"),
     "BAD_RECORD", "move 1: GB-12: “juggle R3” is not a Grand Bazaar move"),
    ("illegal move", lambda t: _edit(t, "\n1. P1: buy R3", "\n1. P1: buy R9"),
     "REPLAY_MISMATCH", "move 1 does not replay: GB-"),
    ("out of turn", lambda t: _edit(t, "\n1. P1: buy R3", "\n1. P0: buy R3"),
     "REPLAY_MISMATCH", "GB-11"),
    ("unknown seat", lambda t: _edit(t, "\n1. P1: buy R3", "\n1. Zed: buy R3"),
     "BAD_RECORD", "seat's name"),
    ("moves out of order", lambda t: _edit(t, "\n2. P0:", "\n3. P0:"), "REPLAY_MISMATCH",
     "expected move 2"),
    ("a drawn card changed", lambda t: _edit(t, 'chance [{"w": 26}]', 'chance [{"w": 25}]'),
     "REPLAY_MISMATCH", "disagrees"),
    ("a chance outcome left out", lambda t: _edit(t, ' ; chance [{"w": 26}]', ""),
     "REPLAY_MISMATCH", "fewer chance outcomes"),
    ("a result that does not follow", lambda t: _edit(t, ": P0 wins", ": P1 wins"),
     "REPLAY_MISMATCH", "does not follow from the moves"),
    ("an unknown note", lambda t: _edit(t, "\n1. P1: buy R3", "\n1. P1: buy R3 ; by magic"),
     "BAD_RECORD", "after a move"),
    ("a bad setup chance", lambda t: _edit(t, "[SetupChance [1,", "[SetupChance [99,"),
     "REPLAY_MISMATCH", "does not replay"),
]


@pytest.mark.parametrize(("what", "spoil", "code", "words"), BAD, ids=[b[0] for b in BAD])
def test_a_bad_text_record_is_refused_in_words_and_nothing_is_stored(
        players: Any, what: str, spoil: Any, code: str, words: str) -> None:
    ann = players("Ann")
    good = _good_text()
    reply = ann.post("/api/games/import", json={"text": spoil(good)})
    assert reply.status_code == 422, (what, reply.text)
    detail = reply.json()["detail"]
    assert detail["code"] == code and words in detail["reason"], (what, detail)
    assert ann.ok(ann.get("/api/me/games"))["games"] == []
    # the unspoilt text imports, so the refusal was about the spoilt part
    ann.ok(ann.post("/api/games/import", json={"text": good}))


def test_an_import_sends_json_or_text_not_both(players: Any) -> None:
    ann = players("Ann")
    record = local_record(moves=3)
    reply = ann.post("/api/games/import", json={"record": record, "text": "[Format]"})
    assert reply.status_code == 422 and reply.json()["detail"]["code"] == "BAD_RECORD"
    assert ann.post("/api/games/import", json={}).status_code == 422
    assert json.dumps(ann.ok(ann.get("/api/me/games"))["games"]) == "[]"
