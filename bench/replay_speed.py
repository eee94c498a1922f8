"""The state at any step of a long game: ``GET /api/games/{id}/replay?at=k`` timings.

Four bots play a Carcassonne game (≈ 250 moves) on a server subprocess; the server is then
restarted (cold cache) and every step is requested in random order. Prints p50/p99/max in ms
and writes bench/results/replay_speed.json. Figures are printed, never asserted.

    python bench/replay_speed.py [--database URL] [--kind carcassonne]
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parent.parent


def serve(database: str, port: int) -> subprocess.Popen[bytes]:
    env = {**os.environ, "DATABASE_URL": database, "BOT_DELAY": "0", "RATE_LOBBIES": "1000",
           "SNAPSHOT_EVERY": os.environ.get("SNAPSHOT_EVERY", "25")}
    proc = subprocess.Popen([sys.executable, "-m", "uvicorn", "app.main:app", "--port", str(port),
                             "--log-level", "warning"], cwd=ROOT, env=env)
    for _ in range(300):
        try:
            if httpx.get(f"http://127.0.0.1:{port}/readyz", timeout=1).status_code == 200:
                return proc
        except httpx.HTTPError:
            time.sleep(0.1)
    raise SystemExit("server did not start")


def main() -> None:
    parser = argparse.ArgumentParser()
    tmp = tempfile.mkdtemp()
    parser.add_argument("--database", default=f"sqlite+aiosqlite:///{tmp}/replay.db")
    parser.add_argument("--kind", default="carcassonne")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--port", type=int, default=8781)
    args = parser.parse_args()
    url = f"http://127.0.0.1:{args.port}"
    proc = serve(args.database, args.port)
    try:
        http = httpx.Client(base_url=url, timeout=60)
        token = http.post("/api/session", json={"name": "Bench"}).json()["token"]
        http.headers["authorization"] = f"Bearer {token}"
        lobby = http.post("/api/lobbies", json={"kind": args.kind, "players": args.players}).json()
        http.patch(f"/api/lobbies/{lobby['id']}", json={
            "seats": [{"seat": s, "holder": "bot"} for s in range(args.players)]})
        game_id = http.post(f"/api/lobbies/{lobby['id']}/start").json()["game_id"]
        while http.get(f"/api/games/{game_id}").json()["status"] != "finished":
            time.sleep(0.5)
        moves = http.get(f"/api/games/{game_id}").json()["seq"]
    finally:
        proc.terminate()
        proc.wait()
    proc = serve(args.database, args.port)  # cold: nothing of the game in memory
    try:
        http = httpx.Client(base_url=url, timeout=60)
        start = time.perf_counter()
        http.get(f"/api/games/{game_id}")
        first_load = (time.perf_counter() - start) * 1000
        steps = list(range(moves + 1))
        random.Random(1).shuffle(steps)
        timings = []
        for k in steps:
            t0 = time.perf_counter()
            reply = http.get(f"/api/games/{game_id}/replay", params={"at": k})
            timings.append((time.perf_counter() - t0) * 1000)
            assert reply.status_code == 200
    finally:
        proc.terminate()
        proc.wait()
    timings.sort()
    result = {
        "kind": args.kind, "players": args.players, "moves": moves,
        "database": args.database.split(":")[0],
        "first_load_ms": round(first_load, 2),
        "replay_ms_p50": round(statistics.median(timings), 2),
        "replay_ms_p99": round(timings[int(0.99 * (len(timings) - 1))], 2),
        "replay_ms_max": round(timings[-1], 2),
    }
    out = ROOT / "bench" / "results" / "replay_speed.json"
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(result, indent=2) + "\n")
    for key, value in result.items():
        print(f"{key:16} {value}")


if __name__ == "__main__":
    main()
