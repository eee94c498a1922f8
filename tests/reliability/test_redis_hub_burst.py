"""Many games moving at once on several instances (issue 30, point 4): every notice of a burst
crosses Redis. redis-py's default pool refused publishes past 100 connections at once
(``MaxConnectionsError``), the hub fell back to "delivered locally only", and a seat whose
opponent had moved on another instance never heard of it: two instances with 1,000 games at
once stalled (bench/load_growth.py, docs/scaling.md)."""

from __future__ import annotations

import asyncio
import os

import pytest

from app.realtime import redis_hub
from app.realtime.redis_hub import RedisHub
from tests.conftest import require_redis

REDIS_URL = os.environ.get("TEST_REDIS_URL", "redis://127.0.0.1:6379/15")
GAMES = 600


async def test_a_burst_of_notices_reaches_the_other_instance(
        monkeypatch: pytest.MonkeyPatch) -> None:
    require_redis(REDIS_URL)
    # A pool that refuses fails at once (MaxConnectionsError); a pool that only waits must not
    # fail this test because the whole suite starves the CPU: 544 of 600 publishes once
    # outlasted the 2 s a live publish gets, in a full run on 2 cores.
    monkeypatch.setattr(redis_hub, "TIMEOUT_SECONDS", 20.0)
    sender, receiver = RedisHub(REDIS_URL), RedisHub(REDIS_URL)
    await sender.start()
    await receiver.start()
    queues = {f"burst-{i}": asyncio.Queue[dict[str, object]]() for i in range(GAMES)}
    for game_id, queue in queues.items():
        receiver.subscribe(game_id, queue)
    try:
        await asyncio.wait_for(receiver.connected.wait(), 5)
        sent = await asyncio.gather(*(sender.fan_out(game_id, {"type": "advanced", "seq": 1})
                                      for game_id in queues))
        assert all(sent), f"{sent.count(False)} of {GAMES} notices were not published"
        got = await asyncio.wait_for(
            asyncio.gather(*(queue.get() for queue in queues.values())), 20)
        assert got == [{"type": "advanced", "seq": 1}] * GAMES
    finally:
        await sender.stop()
        await receiver.stop()


async def test_a_notice_whose_publish_failed_reaches_the_other_instance_later() -> None:
    """A publish that fails while the listeners stay connected (a Redis too busy to answer in
    time) is sent again: the latest seq of the game arrives, without another move."""
    require_redis(REDIS_URL)
    sender, receiver = RedisHub(REDIS_URL), RedisHub(REDIS_URL)
    await sender.start()
    await receiver.start()
    queue = asyncio.Queue[dict[str, object]]()
    receiver.subscribe("late-1", queue)
    publish = sender._client.publish
    failures = 2

    async def busy(channel: str, data: str) -> int:
        nonlocal failures
        if failures:
            failures -= 1
            raise TimeoutError("redis too busy")
        return await publish(channel, data)

    sender._client.publish = busy  # type: ignore[method-assign]
    try:
        await asyncio.wait_for(receiver.connected.wait(), 5)
        assert not await sender.fan_out("late-1", {"type": "advanced", "seq": 1})
        assert not await sender.fan_out("late-1", {"type": "advanced", "seq": 2})
        # the latest seq only, once the publish goes through
        assert await asyncio.wait_for(queue.get(), 10) == {"type": "advanced", "seq": 2}
    finally:
        await sender.stop()
        await receiver.stop()
