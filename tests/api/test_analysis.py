"""Analysis of a finished game through the API (issue 28, point 4; app/analysis/): refused
for a game in play, one under way per identity, one per game shared by everyone, and a
pending analysis taken up again after a restart, on SQLite and PostgreSQL.

The pool's workers run the slow hard-bot double (tests/bot_doubles.py): the first position's
search waits for a file, so the test decides when the analysis may go on."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest

from app.games.base import ReplayRng, SeededRng, get_engine
from tests.bot_doubles import SLOW_DIR
from tests.conftest import BACKENDS, Player, ServerThread, database_url, make_settings, start_game
from tests.support.games import local_record
from tests.support.server_loop import on_server


def _settings(url: str) -> Any:
    return make_settings(url, bot_workers=1, bot_worker_init="tests.bot_doubles:slow",
                         bot_think_seconds=120.0, analysis_playouts=2,
                         analysis_lease_seconds=0.5, analysis_sweep_seconds=0.2)


def _import(player: Player, seed: int) -> tuple[str, dict[str, Any]]:
    record = local_record(seed=seed)
    game_id = player.ok(player.post("/api/games/import", json={"record": record}))["game_id"]
    return str(game_id), record


def _wait_for(path: Path) -> None:
    deadline = time.monotonic() + 60
    while not path.exists():
        assert time.monotonic() < deadline, f"{path.name} never appeared"
        time.sleep(0.02)


def _done(player: Player, game_id: str) -> dict[str, Any]:
    deadline = time.monotonic() + 120
    while True:
        found = player.ok(player.get(f"/api/games/{game_id}/analysis"))
        if found["status"] == "done":
            return dict(found)
        assert found["status"] == "pending", found
        assert time.monotonic() < deadline, f"the analysis stayed at {found['done']}"
        time.sleep(0.05)


@pytest.mark.parametrize("backend", BACKENDS)
def test_an_analysis_is_refused_in_play_bounded_per_player_shared_and_survives_a_restart(
        backend: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    folder = tmp_path / "bot"
    folder.mkdir()
    monkeypatch.setenv(SLOW_DIR, str(folder))
    url = database_url(backend, tmp_path)
    with ServerThread(_settings(url)) as srv:
        ann, bob = Player(srv.url, "Ann"), Player(srv.url, "Bob")
        # a game in play: refused in words, and nothing is stored
        live = start_game(ann, [bob])
        refused = ann.post(f"/api/games/{live}/analysis")
        assert refused.status_code == 409, refused.text
        assert refused.json()["detail"]["code"] == "GAME_NOT_FINISHED"
        assert "still being played" in refused.json()["detail"]["reason"]
        assert ann.get(f"/api/games/{live}/analysis").status_code == 409

        first, record = _import(ann, 5)
        second, _ = _import(ann, 6)
        assert ann.ok(ann.get(f"/api/games/{first}/analysis"))["status"] == "none"
        asked = ann.post(f"/api/games/{first}/analysis")
        assert asked.status_code == 202, asked.text
        assert asked.json()["status"] == "pending"
        _wait_for(folder / "started")  # the first position's search is under way
        # one analysis under way per identity
        again = ann.post(f"/api/games/{second}/analysis")
        assert again.status_code == 429, again.text
        assert again.json()["detail"]["code"] == "ANALYSIS_UNDER_WAY"
        assert "already have an analysis under way" in again.json()["detail"]["reason"]
        # another player asking for the same game shares the one there is
        shared = bob.post(f"/api/games/{first}/analysis")
        assert shared.status_code == 202 and shared.json()["status"] == "pending"
        assert ann.ok(ann.get(f"/api/games/{second}/analysis"))["status"] == "none"
        ann.http.close()
        bob.http.close()
        # the server stops with the analysis pending: its task first (as at shutdown), then
        # the worker's search may end, so that the pool's shutdown need not wait for it
        on_server(srv, srv.app.state.analyses.stop)
        (folder / "release").write_text("go")
        stopped = srv.app.state.analyses
        assert not stopped.running(first)
    # a new server takes the pending analysis up and finishes it
    with ServerThread(_settings(url)) as srv:
        ann, bob = Player(srv.url, "Ann"), Player(srv.url, "Bob")
        found = _done(bob, first)
        moves = record["moves"]
        assert found["total"] == found["done"] == len(moves) + 1
        for chances in found["chances"]:
            assert len(chances) == 2 and all(0.0 <= c <= 1.0 for c in chances)
            assert sum(chances) == pytest.approx(1.0)
        engine = get_engine(record["kind"])
        state = engine.load_state(record["initial_state"])
        for entry, move in zip(moves, found["moves"], strict=True):
            assert move["seat"] == entry["seat"]
            engine.apply(state, entry["seat"], move["best"], SeededRng(0))  # legal there
            state, _ = engine.apply(state, entry["seat"], entry["move"], ReplayRng(entry["chance"]))
        assert set(found["marked"]) <= {m["seq"] for m in found["moves"]}
        # the result is shared: Ann reads the same, and asking again starts nothing new
        assert ann.ok(ann.get(f"/api/games/{first}/analysis")) == found
        assert ann.ok(ann.post(f"/api/games/{first}/analysis"))["status"] == "done"
        # her analysis is over: she may ask for another
        assert ann.post(f"/api/games/{second}/analysis").status_code == 202
        ann.http.close()
        bob.http.close()
