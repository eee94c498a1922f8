"""A turn-based game's timeout, end to end on a real server with no page open (issue 27,
point 1): the lobby's start writes the due times, the server's own scheduler finds the turn
due (its ``now`` moved days ahead, nothing sleeps) and does the lobby's choice: the bot plays
for the seat, or the seat is dropped."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from app.play.turn_clock import DAY
from tests.conftest import BACKENDS, Player, ServerThread, database_url, make_settings, move_entries
from tests.support.games import wait_for


def _turn_based_game(srv: ServerThread, on_timeout: str) -> tuple[Player, str]:
    ann, bob = Player(srv.url, "Ann"), Player(srv.url, "Bob")
    lobby = ann.ok(ann.post("/api/lobbies", json={
        "kind": "grand-bazaar", "players": 2,
        "clock": {"mode": "turn", "days": 1, "on_timeout": on_timeout}}))
    bob.ok(bob.post(f"/api/lobbies/{lobby['id']}/join"))
    return ann, ann.ok(ann.post(f"/api/lobbies/{lobby['id']}/start"))["game_id"]


@pytest.mark.parametrize("backend", BACKENDS)
def test_a_turn_based_seat_that_runs_out_of_days_is_played_for_or_dropped_with_no_page_open(
        backend: str, tmp_path: Path) -> None:
    settings = make_settings(database_url(backend, tmp_path), turn_tick_seconds=0.1)
    with ServerThread(settings) as srv:
        ann, played = _turn_based_game(srv, "bot")
        _, dropped = _turn_based_game(srv, "drop")
        first = ann.game(played)
        assert first["seq"] == 0
        to_act = first["view"]["to_act"]
        dropped_to_act = ann.game(dropped)["view"]["to_act"]
        # 1 day per move + 1 day of starting reserve: two days and a bit later the server's
        # scheduler handles both tables
        srv.app.state.turns.now = lambda: time.time() + 2.1 * DAY
        wait_for(lambda: ann.game(played)["seq"] >= 1)
        assert set(to_act) & set(ann.game(played)["away"]), "the seat is played for (away)"
        wait_for(lambda: ann.game(dropped)["seq"] >= 1)
        entries = move_entries(ann, dropped)
        assert entries[0]["seat"] in dropped_to_act and entries[0]["actor"] == "resigned"
