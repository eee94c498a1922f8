"""The hard-bot pool's queue serves owners in turn (issue 24, point 4): one player's forty
waiting searches never delay another player's one by more than one search per other owner."""

from __future__ import annotations

import asyncio

from app.play.bot_pool import BotPool
from tests.support.threads import in_thread


def test_a_lone_players_search_runs_next_though_another_has_forty_waiting() -> None:
    pool = BotPool(workers=1, think_seconds=1.0, scale=1.0)
    started: list[str] = []

    async def scenario() -> None:
        gate = asyncio.Event()

        async def search(owner: str) -> str:
            started.append(owner)
            # the first search holds its slot until the gate opens; the others yield once
            await (gate.wait() if len(started) == 1 else asyncio.sleep(0))
            return owner

        attack = [asyncio.create_task(pool.queue.run("attacker", lambda: search("attacker")))
                  for _ in range(40)]
        await asyncio.sleep(0)  # the first of the forty holds the only slot
        lone = asyncio.create_task(pool.queue.run("lone", lambda: search("lone")))
        await asyncio.sleep(0)
        assert pool.queue.waiting() == 40  # 39 of the attacker's and the lone one
        gate.set()
        assert await lone == "lone"
        await asyncio.gather(*attack)

    # a loop of its own in a thread: a worker that ran browser tests holds Playwright's loop
    in_thread(asyncio.run, scenario())
    assert started[:3] == ["attacker", "lone", "attacker"]
    assert started.count("attacker") == 40


def test_owners_take_turns_and_a_cancelled_wait_gives_its_turn_away() -> None:
    pool = BotPool(workers=2, think_seconds=1.0, scale=1.0)
    order: list[str] = []

    async def scenario() -> None:
        release = asyncio.Event()

        async def search(name: str) -> None:
            order.append(name)
            await release.wait()

        first = [asyncio.create_task(pool.queue.run("a", lambda: search("a0"))),
                 asyncio.create_task(pool.queue.run("a", lambda: search("a1")))]
        await asyncio.sleep(0)
        later = [asyncio.create_task(pool.queue.run(o, lambda o=o, i=i: search(f"{o}{i}")))
                 for i in (2, 3) for o in ("a", "b", "c")]
        await asyncio.sleep(0)
        later[1].cancel()  # b2 gives up its wait
        await asyncio.sleep(0)
        release.set()
        await asyncio.gather(*first, *later, return_exceptions=True)
        assert pool.queue.busy == 0 and pool.queue.waiting() == 0
        assert not pool.queue._served and not pool.queue._running  # nothing kept

    # a loop of its own in a thread: a worker that ran browser tests holds Playwright's loop
    in_thread(asyncio.run, scenario())
    assert order[:2] == ["a0", "a1"]
    # then those not yet served (b, whose first wait was cancelled, then c), then in turn
    assert order[2:] == ["b3", "c2", "a2", "c3", "a3"]
