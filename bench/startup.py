"""Time to the first ``/healthz`` with many live games in the database (issue 11.3).

Fills a fresh database with N live games (Grand Bazaar, a person against a bot whose turn it
is, so every game has a bot duty to resume), then starts the server as a subprocess and
prints how long it takes to answer ``/healthz``, and how long until the last bot has moved
(the background resume). Figures are printed and written to bench/results/startup.json, never
asserted.

    python bench/startup.py [--games 5000] [--database URL]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from app.db import make_engine, make_sessionmaker  # noqa: E402
from app.migrate import upgrade_async  # noqa: E402
from app.play.models import Game  # noqa: E402
from app.play.setup import create_game  # noqa: E402


async def fill(database: str, games: int) -> None:
    await upgrade_async(database)
    engine = make_engine(database)
    sessions = make_sessionmaker(engine)
    seats = [{"seat": 0, "holder": "user", "user_id": "bench-user", "name": "Ann"},
             {"seat": 1, "holder": "bot", "user_id": None, "name": "Bot"}]
    done = 0
    while done < games:
        async with sessions() as session:
            for _ in range(min(500, games - done)):
                await create_game(session, "grand-bazaar", {"first_player": 1}, seats,
                                  "bench-user", True, {}, None)
                done += 1
            await session.commit()
    await engine.dispose()


async def live_count(database: str) -> int:
    from sqlalchemy import func, select

    engine = make_engine(database)
    async with make_sessionmaker(engine)() as session:
        count = await session.scalar(select(func.count()).select_from(Game)
                                     .where(Game.seq == 0))
    await engine.dispose()
    return int(count or 0)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=5000)
    parser.add_argument("--database", default=None)
    parser.add_argument("--port", type=int, default=8765)
    args = parser.parse_args()
    tmp = tempfile.TemporaryDirectory(prefix="bazaar-startup-")
    database = args.database or f"sqlite+aiosqlite:///{tmp.name}/startup.db"
    started = time.perf_counter()
    asyncio.run(fill(database, args.games))
    print(f"filled {args.games} live games in {time.perf_counter() - started:.1f} s")

    env = {**os.environ, "DATABASE_URL": database, "BOT_DELAY": "0", "LOG_LEVEL": "warning"}
    env.pop("REDIS_URL", None)
    launched = time.perf_counter()
    proc = subprocess.Popen([sys.executable, "-m", "uvicorn", "app.main:app",
                             "--port", str(args.port), "--log-level", "warning"],
                            cwd=ROOT, env=env)
    try:
        while True:
            try:
                if httpx.get(f"http://127.0.0.1:{args.port}/healthz",
                             timeout=1).status_code == 200:
                    break
            except httpx.HTTPError:
                time.sleep(0.02)
            if time.perf_counter() - launched > 300:
                raise SystemExit("no /healthz within 300 s")
        first_health = time.perf_counter() - launched
        print(f"first /healthz after {first_health:.2f} s")
        # the background resume: every bot of every game moves once
        while (waiting := asyncio.run(live_count(database))) > 0:
            if time.perf_counter() - launched > 600:
                break
            time.sleep(0.5)
        resumed = time.perf_counter() - launched
        print(f"every bot resumed after {resumed:.1f} s ({waiting} still waiting)")
    finally:
        proc.terminate()
        proc.wait(timeout=30)
    out = {"games": args.games, "database": database.split(":", 1)[0],
           "first_healthz_s": round(first_health, 2), "all_resumed_s": round(resumed, 1),
           "still_waiting": waiting}
    results = ROOT / "bench" / "results"
    results.mkdir(exist_ok=True)
    (results / "startup.json").write_text(json.dumps(out, indent=2) + "\n")
    print(json.dumps(out))


if __name__ == "__main__":
    main()
