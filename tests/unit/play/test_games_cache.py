"""One game, one instance in memory (docs/architecture.md, "A move's trip", step 1): a game
adopted while a request was rebuilding it from the database stays the one held, so moves,
resignations and the bot driver all act on the same game under the same lock (issue 32: a
tournament table's resignations were lost this way, and its bots never moved)."""

from __future__ import annotations

import asyncio
from types import SimpleNamespace
from typing import Any

import pytest

from app.play import games_cache
from app.play.games_cache import GamesCache
from tests.support.threads import in_thread


class SlowRebuild(GamesCache):
    """A cache whose rebuild from the database waits until the test lets it finish."""

    def __init__(self) -> None:
        super().__init__(sessions=None)  # type: ignore[arg-type]
        self.reading = asyncio.Event()
        self.finish = asyncio.Event()

    async def _rebuild(self, game_id: str) -> Any:
        self.reading.set()
        await self.finish.wait()
        return SimpleNamespace(id=game_id, made_by="rebuild")


def test_a_game_adopted_during_its_rebuild_is_the_one_held(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(games_cache, "live_of",
                        lambda game, *_: SimpleNamespace(id=game.id, made_by="adopt"))

    async def scenario() -> tuple[Any, Any, Any]:
        cache = SlowRebuild()
        loading = asyncio.create_task(cache.load("g1"))  # a player's resignation arrives
        await cache.reading.wait()
        adopted = cache.adopt(SimpleNamespace(id="g1"))  # type: ignore[arg-type]
        cache.finish.set()
        loaded = await loading
        return adopted, loaded, await cache.load("g1")

    adopted, loaded, later = in_thread(asyncio.run, scenario())
    assert adopted.made_by == "adopt"
    assert loaded is adopted and later is adopted


def test_two_loads_of_one_game_rebuild_it_once() -> None:
    async def scenario() -> tuple[Any, Any]:
        cache = SlowRebuild()
        first = asyncio.create_task(cache.load("g1"))
        second = asyncio.create_task(cache.load("g1"))
        await cache.reading.wait()
        cache.finish.set()
        return await first, await second

    first, second = in_thread(asyncio.run, scenario())
    assert first is second


def test_a_busy_game_at_the_old_end_does_not_stop_the_cache_from_shrinking(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The bound holds past a game whose lock is held: the least recently used games that are
    free leave instead, and the busy one stays."""
    monkeypatch.setattr(games_cache, "CACHE_SIZE", 3)
    monkeypatch.setattr(games_cache, "live_of",
                        lambda game, *_: SimpleNamespace(id=game.id, lock=asyncio.Lock()))

    async def scenario() -> list[str]:
        cache = GamesCache(sessions=None)  # type: ignore[arg-type]
        busy = cache.adopt(SimpleNamespace(id="busy"))  # type: ignore[arg-type]
        await busy.lock.acquire()  # a move of the oldest game is under way
        for n in range(5):
            cache.adopt(SimpleNamespace(id=f"g{n}"))  # type: ignore[arg-type]
        return [live.id for live in cache.games()]

    assert in_thread(asyncio.run, scenario()) == ["busy", "g3", "g4"]
