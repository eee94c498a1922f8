"""Caps on live hard-bot games (issue 24, point 4): per identity and per address, with a clear
refusal that starts nothing; normal bots are not capped, and a game that ended frees its place."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import BACKENDS, Player, ServerThread, database_url, make_settings


def lobby_with_bot(host: Player, level: str) -> str:
    """Grand Bazaar: the host in seat 0 (to move first, so the bot never has to think)."""
    lobby = host.ok(host.post("/api/lobbies", json={
        "kind": "grand-bazaar", "players": 2, "options": {"first_player": 0}}))
    host.ok(host.post(f"/api/lobbies/{lobby['id']}/bots", json={"seat": 1, "level": level}))
    return str(lobby["id"])


def start(host: Player, lobby_id: str) -> Any:
    return host.post(f"/api/lobbies/{lobby_id}/start")


@pytest.mark.parametrize("backend", BACKENDS)
def test_hard_bot_games_are_capped_per_identity_and_per_address(backend: str,
                                                               tmp_path: Path) -> None:
    settings = make_settings(database_url(backend, tmp_path), max_hard_bot_games_per_identity=2,
                             max_hard_bot_games_per_address=3, bot_workers=1,
                             bot_worker_init="tests.bot_doubles:cheap")
    with ServerThread(settings) as srv:
        ann, bob = Player(srv.url, "Ann"), Player(srv.url, "Bob")
        first = ann.ok(start(ann, lobby_with_bot(ann, "hard")))["game_id"]
        ann.ok(start(ann, lobby_with_bot(ann, "hard")))
        third = lobby_with_bot(ann, "hard")
        refused = start(ann, third)
        assert refused.status_code == 429, refused.text
        detail = refused.json()["detail"]
        assert detail["code"] == "HARD_BOT_LIMIT"
        assert "2 live games with hard bots" in detail["reason"]
        assert ann.ok(ann.get(f"/api/lobbies/{third}"))["status"] == "open"  # nothing started
        # normal bots are not capped
        ann.ok(start(ann, lobby_with_bot(ann, "normal")))
        # the address (both play from 127.0.0.1) has room for one more
        bob.ok(start(bob, lobby_with_bot(bob, "hard")))
        again = start(bob, lobby_with_bot(bob, "hard"))
        assert again.status_code == 429 and "network" in again.json()["detail"]["reason"]
        # Ann resigns her first game; its bots play it to the end, which frees her place
        ann.ok(ann.post(f"/api/games/{first}/resign"))
        deadline = time.monotonic() + 120
        while ann.game(first)["status"] != "finished":
            assert time.monotonic() < deadline, "the resigned game did not end"
            time.sleep(0.1)
        ann.ok(start(ann, third))
        ann.http.close()
        bob.http.close()


@pytest.mark.parametrize("backend", BACKENDS)
def test_expert_bot_games_count_against_the_same_caps(backend: str, tmp_path: Path) -> None:
    settings = make_settings(database_url(backend, tmp_path), max_hard_bot_games_per_identity=1,
                             bot_workers=1, bot_worker_init="tests.bot_doubles:cheap")
    with ServerThread(settings) as srv:
        ann = Player(srv.url, "Ann")
        turn_based = {"mode": "turn", "days": 1}
        for level in ("expert", "hard"):
            lobby = ann.ok(ann.post("/api/lobbies", json={
                "kind": "grand-bazaar", "players": 2, "options": {"first_player": 0},
                "clock": turn_based}))
            ann.ok(ann.post(f"/api/lobbies/{lobby['id']}/bots",
                            json={"seat": 1, "level": level}))
            if level == "expert":
                ann.ok(start(ann, lobby["id"]))  # the first game: under the cap
                continue
            refused = start(ann, lobby["id"])  # the expert game holds Ann's one place
            assert refused.status_code == 429, refused.text
            assert refused.json()["detail"]["code"] == "HARD_BOT_LIMIT"
        # an expert takeover level counts too
        lobby = ann.ok(ann.post("/api/lobbies", json={
            "kind": "grand-bazaar", "players": 2, "options": {"first_player": 0},
            "clock": turn_based, "takeover_level": "expert"}))
        ann.ok(ann.post(f"/api/lobbies/{lobby['id']}/bots", json={"seat": 1}))
        assert start(ann, lobby["id"]).status_code == 429
        ann.http.close()
