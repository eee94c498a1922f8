"""The one background-loop helper (app/periodic.py; issue 26, point 2)."""

from __future__ import annotations

import asyncio
import logging

from app.periodic import Periodic

log = logging.getLogger("test.periodic")


async def test_a_step_that_raises_is_logged_and_the_loop_goes_on() -> None:
    runs: list[int] = []
    third = asyncio.Event()

    async def step() -> None:
        runs.append(len(runs))
        if len(runs) == 3:
            third.set()
        if len(runs) == 1:
            raise RuntimeError("the database is away")

    loop = Periodic(step, 0.01, name="a flaky step", log=log, at_once=True)
    loop.start()
    await asyncio.wait_for(third.wait(), 5)
    assert loop.running
    await loop.stop()
    assert not loop.running


async def test_a_loop_without_a_period_runs_only_when_woken() -> None:
    ran = asyncio.Event()
    count = 0

    async def step() -> None:
        nonlocal count
        count += 1
        ran.set()

    loop = Periodic(step, None, name="woken only", log=log)
    loop.start()
    await asyncio.sleep(0)  # let the task reach its wait: no step has run
    assert count == 0
    loop.wake()
    await asyncio.wait_for(ran.wait(), 5)
    assert count == 1
    await loop.stop()


async def test_wake_runs_the_step_before_its_period_is_over() -> None:
    ran = asyncio.Event()

    async def step() -> None:
        ran.set()

    loop = Periodic(step, 3600, name="an hourly step", log=log)
    loop.start()
    loop.wake()
    await asyncio.wait_for(ran.wait(), 5)  # long before the hour
    await loop.stop()
