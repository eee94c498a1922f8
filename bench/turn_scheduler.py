"""Bench: due turns handled per second by the turn-based scheduler (issue 27, point 1).

10,000 turn-based games, each with one seat to act; half are due for their reminder, half for
their timeout (a simulated ``now``; the handlers only count, so the figure is the scheduler's
own cost: claiming, and marking or deleting the rows). Two schedulers on two engines share the
work, as two instances would. Prints the figures and writes bench/results/turn_scheduler.txt.

    python bench/turn_scheduler.py [sqlite|postgres-url] [games]
"""

from __future__ import annotations

import asyncio
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from app.db import make_engine, make_sessionmaker  # noqa: E402
from app.migrate import upgrade_async  # noqa: E402
from app.play.turn_clock import DAY, HOUR  # noqa: E402
from app.play.turn_scheduler import Due, TurnScheduler, schedule  # noqa: E402
from tests.support.turn_games import add_games  # noqa: E402

START = 1_800_000_000.0


async def run(url: str, games: int) -> str:
    await upgrade_async(url)
    engines = [make_engine(url), make_engine(url)]
    sessions = [make_sessionmaker(e) for e in engines]
    ids = [f"b{i}" for i in range(games)]
    for lo in range(0, games, 1000):
        await add_games(sessions[0], ids[lo:lo + 1000])
    async with sessions[0]() as session:
        for i, gid in enumerate(ids):
            # even games time out at "now"; odd ones are only due for their reminder
            start = START if i % 2 == 0 else START + 10 * HOUR
            await schedule(session, gid, 0, start, DAY, [], on_timeout="bot")
        await session.commit()
    handled: list[Due] = []

    async def count(due: Due) -> None:
        handled.append(due)

    now = START + DAY

    schedulers = [TurnScheduler(s, count, count, now=lambda: now) for s in sessions]

    async def drain(scheduler: TurnScheduler) -> None:
        while await scheduler.tick():
            pass

    began = time.perf_counter()
    await asyncio.gather(*(drain(s) for s in schedulers))
    spent = time.perf_counter() - began
    for engine in engines:
        await engine.dispose()
    backend = url.split(":", 1)[0]
    return (f"{backend}: {games} turn-based games, {len(handled)} due turns "
            f"({sum(d.timed_out for d in handled)} timeouts) handled by 2 schedulers in "
            f"{spent:.2f} s: {len(handled) / spent:.0f} due turns per second")


def main() -> None:
    target = sys.argv[1] if len(sys.argv) > 1 else "sqlite"
    games = int(sys.argv[2]) if len(sys.argv) > 2 else 10_000
    with tempfile.TemporaryDirectory() as tmp:
        url = f"sqlite+aiosqlite:///{tmp}/bench.db" if target == "sqlite" else target
        line = asyncio.run(run(url, games))
    print(line)
    out = ROOT / "bench" / "results" / "turn_scheduler.txt"
    with out.open("a") as fh:
        fh.write(line + "\n")


if __name__ == "__main__":
    main()
