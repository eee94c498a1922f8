"""End-of-game duties are durable (issue 24, point 6): a rated game whose duties fail between
the final move's commit and the rating (a crash, a database error) is rated after a restart,
exactly once; and the timeouts of the result count a final timeout move, and a finished game
keeps no away seats."""

from __future__ import annotations

import asyncio
import sqlite3
import threading
from pathlib import Path

import pytest

from tests.conftest import BACKENDS, Player, ServerThread, database_url, make_settings
from tests.support.accounts import claim
from tests.support.games import play_to_end, wait_for
from tests.support.server_loop import on_server

PASSWORD = "correct horse battery"


def count(url: str, table: str) -> int:
    """The rows of a table, read straight from the database."""
    query = f"SELECT count(*) FROM {table}"
    if url.startswith("sqlite"):
        with sqlite3.connect(url.split("///", 1)[1]) as conn:
            return int(conn.execute(query).fetchone()[0])
    import asyncpg

    found: list[int] = []

    async def run() -> None:
        conn = await asyncpg.connect(url.replace("postgresql+asyncpg://", "postgresql://"))
        try:
            found.append(int(await conn.fetchval(query)))
        finally:
            await conn.close()

    worker = threading.Thread(target=asyncio.run, args=(run(),))
    worker.start()
    worker.join()
    return found[0]


def pending_duties(url: str) -> int:
    return count(url, "game_duties")


def claimed(srv: ServerThread, name: str) -> Player:
    player = Player(srv.url, name)
    claim(player, f"{name.lower()}_duty", PASSWORD)
    return player


def rejoin(srv: ServerThread, player: Player) -> Player:
    """The same identity against another server on the same database."""
    again = Player.__new__(Player)
    again.http = player.http.__class__(base_url=srv.url, timeout=30,
                                       headers={"authorization": f"Bearer {player.token}"})
    again.token, again.user_id, again.name = player.token, player.user_id, player.name
    return again


@pytest.mark.parametrize("backend", BACKENDS)
def test_a_rated_game_whose_rating_failed_after_the_final_commit_is_rated_once_after_restart(
        backend: str, tmp_path: Path) -> None:
    url = database_url(backend, tmp_path)
    settings = make_settings(url, duty_claim_seconds=0.3, duty_sweep_seconds=0.2)
    with ServerThread(settings) as first:
        calls: list[str] = []

        async def crashes(game_id: str) -> None:
            calls.append(game_id)
            raise ConnectionError("the database went away between the commit and the rating")

        # the server dies (here: its duty raises) after the final move is committed
        first.app.state.play.on_finish[:] = [crashes]
        ann, bob = claimed(first, "Ann"), claimed(first, "Bob")
        lobby = ann.ok(ann.post("/api/lobbies", json={"kind": "grand-bazaar", "players": 2,
                                                      "rated": True}))
        bob.ok(bob.post(f"/api/lobbies/{lobby['id']}/join"))
        game_id = ann.ok(ann.post(f"/api/lobbies/{lobby['id']}/start"))["game_id"]
        final = play_to_end({0: ann, 1: bob}, game_id)
        assert final["status"] == "finished" and final["ratings"] == []
        assert calls and pending_duties(url) == 1  # the duty is on record, not lost
    with ServerThread(settings) as second:
        ann2 = rejoin(second, ann)
        ratings = wait_for(lambda: ann2.game(game_id)["ratings"])
        assert sorted(r["user_id"] for r in ratings) == sorted([ann.user_id, bob.user_id])
        wait_for(lambda: pending_duties(url) == 0)
        # a later sweep (and a third start) finds nothing left to do: rated once
        assert on_server(second, second.app.state.play.duties.sweep) == 0
    with ServerThread(settings) as third:
        ann3 = rejoin(third, ann)
        profile = ann3.ok(ann3.get(f"/api/players/{ann.user_id}"))
        assert [k["games"] for k in profile["ratings"]] == [1]
        assert len(ann3.game(game_id)["ratings"]) == 2
        for player in (ann, bob, ann2, ann3):
            player.http.close()


@pytest.mark.parametrize("backend", BACKENDS)
def test_a_game_ended_by_timeouts_counts_the_final_one_and_keeps_no_away_seats(
        backend: str, tmp_path: Path) -> None:
    url = database_url(backend, tmp_path)
    with ServerThread(make_settings(url)) as srv:
        ann, bob = Player(srv.url, "Ann"), Player(srv.url, "Bob")
        lobby = ann.ok(ann.post("/api/lobbies", json={
            "kind": "grand-bazaar", "players": 2, "clock": {"mode": "move", "seconds": 1}}))
        bob.ok(bob.post(f"/api/lobbies/{lobby['id']}/join"))
        game_id = ann.ok(ann.post(f"/api/lobbies/{lobby['id']}/start"))["game_id"]
        # nobody moves: both clocks run out, both seats are away and played to the end, so the
        # final move is a timeout move
        wait_for(lambda: ann.game(game_id)["status"] == "finished", timeout=120)
        record = ann.ok(ann.get(f"/api/games/{game_id}/export"))
        assert record["moves"][-1]["actor"] == "timeout"
        made: dict[str, int] = {}
        for entry in record["moves"]:
            if entry["actor"] == "timeout":
                made[str(entry["seat"])] = made.get(str(entry["seat"]), 0) + 1
        assert record["outcome"]["timeouts"] == made
        assert ann.game(game_id)["away"] == []
        assert count(url, "away_seats") == 0
        ann.http.close()
        bob.http.close()
