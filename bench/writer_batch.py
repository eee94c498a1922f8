"""The group commit alone (issue 30): how long a batch of moves takes to commit, on a quiet
serving loop and on one kept busy, with the batch on the serving loop or on the writer's own
thread (app/play/writer_thread.py). Interleaved, so both see the same machine.

    python bench/writer_batch.py --url postgresql+asyncpg://postgres@127.0.0.1:5432/wb --batch 40

"Busy" is 200 tasks each doing 0.3 ms of Python then yielding, as sockets do under load; each
variant commits ``--batches`` batches one after another and prints the batch's wall time
p50/p99 and the statements it sent. Writes bench/results/writer_batch.json.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from sqlalchemy import event, insert  # noqa: E402

from app.db import make_engine  # noqa: E402
from app.migrate import upgrade_async  # noqa: E402
from app.play.models import Game  # noqa: E402
from app.play.move_record import MoveRecord  # noqa: E402
from app.play.writer import MoveWriter  # noqa: E402


def _busy_task(stop: asyncio.Event) -> Any:
    async def spin() -> None:
        while not stop.is_set():
            end = time.perf_counter() + 0.0003
            while time.perf_counter() < end:
                pass
            await asyncio.sleep(0)
    return spin()


async def variant(url: str, games: list[str], seqs: dict[str, int], thread: bool,
                  busy: bool, batch: int, batches: int) -> dict[str, Any]:
    engine = make_engine(url)
    writer = MoveWriter(engine, None, own_thread=thread)
    statements = [0]
    writer.start()
    target = writer.thread.engine if writer.thread is not None else engine

    @event.listens_for(target.sync_engine, "before_cursor_execute")
    def _count(*_: Any) -> None:
        statements[0] += 1

    stop = asyncio.Event()
    spinners = [asyncio.create_task(_busy_task(stop)) for _ in range(200 if busy else 0)]
    times = []
    for _ in range(batches):
        records = []
        for g in games[:batch]:
            seqs[g] += 1
            records.append(MoveRecord(g, seqs[g], seqs[g] % 2, {"type": "take", "n": 1}, [],
                                      [{"type": "took", "seat": 0}], "player", None, "live",
                                      None, None, [1], None, False))
        started = time.perf_counter()
        await asyncio.gather(*(writer.write(r) for r in records))
        times.append(time.perf_counter() - started)
    stop.set()
    await asyncio.gather(*spinners)
    await writer.stop()
    await engine.dispose()
    times.sort()
    return {"thread": thread, "busy": busy, "p50_ms": round(statistics.median(times) * 1000, 2),
            "p99_ms": round(times[int(0.99 * (len(times) - 1))] * 1000, 2),
            "statements_per_batch": round(statements[0] / batches, 1)}


async def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--url", required=True)
    parser.add_argument("--batch", type=int, default=40)
    parser.add_argument("--batches", type=int, default=100)
    parser.add_argument("--rounds", type=int, default=2)
    args = parser.parse_args()
    name = args.url.rsplit("/", 1)[1]
    for sql in (f"DROP DATABASE IF EXISTS {name}", f"CREATE DATABASE {name}"):
        subprocess.run(["psql", "-h", "127.0.0.1", "-U", "postgres", "-qc", sql], check=True)
    await upgrade_async(args.url)
    engine = make_engine(args.url)
    games = [f"g{i:05d}" for i in range(args.batch)]
    async with engine.begin() as conn:
        await conn.execute(insert(Game), [{
            "id": g, "kind": "grand-bazaar", "options": {}, "seats": [], "clock": {},
            "seed": "s", "setup_chance": [], "initial_state": {}, "resigned": []}
            for g in games])
    await engine.dispose()
    seqs = dict.fromkeys(games, 0)
    rows = []
    for _ in range(args.rounds):
        for busy in (False, True):
            for thread in (False, True):
                row = await variant(args.url, games, seqs, thread, busy, args.batch,
                                    args.batches)
                rows.append(row)
                print(json.dumps(row), flush=True)
    (ROOT / "bench/results/writer_batch.json").write_text(json.dumps(rows, indent=1) + "\n")


if __name__ == "__main__":
    asyncio.run(main())
