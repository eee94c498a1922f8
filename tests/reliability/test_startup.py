"""Start-up (issue 11.3): the server answers at once however many games are live; bot and clock
duties resume in the background, and every game still loads lazily on its first request."""

from __future__ import annotations

import asyncio
import threading
import time
from pathlib import Path
from typing import Any

import pytest

from app.play.games_cache import GamesCache
from tests.conftest import Player, ServerThread, make_settings, start_game


def test_the_server_answers_before_live_games_are_resumed(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    url = f"sqlite+aiosqlite:///{tmp_path / 'start.db'}"
    # 1. a game in which the bot is to act when the server stops (it waits a minute to move)
    with ServerThread(make_settings(url, bot_delay=60.0)) as first:
        ann = Player(first.url, "Ann")
        game_id = start_game(ann, [], bots=1, options={"first_player": 1})
        assert ann.game(game_id)["view"]["to_act"] == [1]
        ann.http.close()

    # 2. restart with game loading held back: start-up must not wait for it
    release = threading.Event()
    real_rebuild = GamesCache._rebuild

    async def slow_rebuild(self: GamesCache, gid: str) -> Any:
        while not release.is_set():
            await asyncio.sleep(0.02)
        return await real_rebuild(self, gid)

    monkeypatch.setattr(GamesCache, "_rebuild", slow_rebuild)
    with ServerThread(make_settings(url)) as second:  # raises if start-up does not finish
        import httpx

        assert httpx.get(f"{second.url}/healthz", timeout=5).status_code == 200
        release.set()
        # 3. the resume goes on in the background: the bot moves
        bob = Player(second.url, "Bob")
        deadline = time.monotonic() + 20
        while bob.game(game_id)["seq"] == 0:
            assert time.monotonic() < deadline, "the bot's game did not resume"
            time.sleep(0.05)
        bob.http.close()
