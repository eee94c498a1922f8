"""How many move rows one PostgreSQL takes (issue 30, point 5): the move writer's own
statement (app/play/batch_statement.py: the move rows, a snapshot every 25th move, the games'
progress) sent flat out by W writers at once, each committing batches of B moves of distinct
games back to back, as W busy instances' group commits would.

    python bench/db_ceiling.py --writers 1 4 8 --batch 1 16 64 --seconds 10

Each writer is one asyncpg connection in this process (no SQLAlchemy, so that the client's
CPU stays small beside the database's). Per variant: moves/s, rows/s (inserted + updated, from
pg_stat_database after the writers have closed), commits/s, and the CPU the database's backends
used (from /proc) over the wall time, in cores. Writes bench/results/db_ceiling.json.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import subprocess
import sys
import time
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import asyncpg

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from load_growth import cpu_seconds, psql  # noqa: E402

from app.migrate import upgrade_async  # noqa: E402
from app.play import batch_statement  # noqa: E402
from app.play.move_record import MoveRecord  # noqa: E402

# a Grand Bazaar state's size, roughly (the snapshot every 25 moves)
STATE = {"board": [[i, i * 2, "x" * 8] for i in range(80)], "players": [{"coins": 3}] * 2}


def record(game: str, seq: int) -> MoveRecord:
    return MoveRecord(game, seq, seq % 2, {"type": "take", "n": seq % 5}, [seq % 7],
                      [{"type": "took", "seat": seq % 2, "n": seq % 5}], "player", None, "live",
                      None, STATE if seq % 25 == 0 else None, [1 - seq % 2], None, None)


async def writer(url: str, games: list[str], batch: int, until: float) -> tuple[int, int]:
    conn = await asyncpg.connect(url)
    seqs = dict.fromkeys(games, 0)
    moves = commits = 0
    start = 0
    try:
        while time.perf_counter() < until:
            chosen = [games[(start + i) % len(games)] for i in range(batch)]
            start += batch
            records = []
            for g in chosen:
                seqs[g] += 1
                records.append(record(g, seqs[g]))
            async with conn.transaction():
                await conn.execute(batch_statement.STATEMENT,
                                   *batch_statement.arguments(records, datetime.now(UTC)))
            moves += batch
            commits += 1
    finally:
        await conn.close()
    return moves, commits


def counters(db: str) -> tuple[int, int, int]:
    out = psql(db, "SELECT xact_commit, tup_inserted + tup_updated + tup_deleted, "
                   f"tup_inserted FROM pg_stat_database WHERE datname = '{db}'")
    a, b, c = out.split("|")
    return int(a), int(b), int(c)


def backends_cpu(db: str) -> dict[int, float]:
    pids = psql(db, f"SELECT pid FROM pg_stat_activity WHERE datname = '{db}' "
                    "AND pid <> pg_backend_pid()").split()
    return {int(p): cpu_seconds(int(p)) for p in pids}


async def variant(url: str, db: str, writers: int, batch: int, seconds: float) -> dict[str, Any]:
    games = [f"c{w:02d}-{i:04d}" for w in range(writers) for i in range(max(batch, 64))]
    state = json.dumps(STATE)  # the games row carries its initial state, as a real one does
    ids = ",".join(f"'{g}'" for g in games)
    psql(db, "TRUNCATE moves, snapshots, games CASCADE; INSERT INTO games (id, kind, private, "
             "options, seats, clock, seed, setup_chance, initial_state, status, seq, resigned) "
             f"SELECT g, 'grand-bazaar', false, '{{}}', '[]', '{{}}', 's', '[]', '{state}', "
             f"'live', 0, '[]' FROM unnest(ARRAY[{ids}]) AS g")
    time.sleep(1)
    before = counters(db)
    pg_url = url.replace("postgresql+asyncpg", "postgresql")
    start = time.perf_counter()
    until = start + seconds
    cpu: dict[int, float] = {}

    async def sample() -> None:
        while time.perf_counter() < until:
            cpu.update(backends_cpu(db))  # the last reading of each backend before it closes
            await asyncio.sleep(0.5)

    own = cpu_seconds(os.getpid())
    done = await asyncio.gather(*(writer(pg_url, games[w::writers], batch, until)
                                  for w in range(writers)), sample())
    wall = time.perf_counter() - start
    own = cpu_seconds(os.getpid()) - own
    time.sleep(1.5)  # closed backends have published their counters
    after = counters(db)
    moves = sum(m for m, _ in done[:-1])
    rows = after[1] - before[1]
    return {"writers": writers, "batch": batch, "seconds": round(wall, 1),
            "moves_per_s": round(moves / wall), "rows_per_s": round(rows / wall),
            "commits_per_s": round((after[0] - before[0]) / wall),
            "rows_per_move": round(rows / max(moves, 1), 2),
            "pg_cores": round(sum(cpu.values()) / wall, 2), "client_cores": round(own / wall, 2),
            "load_avg": round(os.getloadavg()[0], 1)}


async def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--writers", type=int, nargs="+", default=[1, 4, 8])
    parser.add_argument("--batch", type=int, nargs="+", default=[1, 16, 64])
    parser.add_argument("--seconds", type=float, default=10)
    parser.add_argument("--db", default="db_ceiling")
    args = parser.parse_args()
    url = f"postgresql+asyncpg://postgres@127.0.0.1:5432/{args.db}"
    for sql in (f"DROP DATABASE IF EXISTS {args.db} WITH (FORCE)", f"CREATE DATABASE {args.db}"):
        subprocess.run(["psql", "-h", "127.0.0.1", "-U", "postgres", "-qc", sql], check=True)
    await upgrade_async(url)
    rows = []
    print("writers  batch  moves/s  rows/s  commits/s  rows/move  pg cores  client cores  load")
    for batch in args.batch:
        for writers in args.writers:
            row = await variant(url, args.db, writers, batch, args.seconds)
            rows.append(row)
            print(f"{writers:7} {batch:6} {row['moves_per_s']:8} {row['rows_per_s']:7} "
                  f"{row['commits_per_s']:10} {row['rows_per_move']:10} {row['pg_cores']:9} "
                  f"{row['client_cores']:13} {row['load_avg']:5}", flush=True)
    out = ROOT / "bench/results/db_ceiling.json"
    out.write_text(json.dumps(rows, indent=1) + "\n")


if __name__ == "__main__":
    asyncio.run(main())
