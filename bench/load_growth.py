"""How a durable move's cost grows with load (issue 30, point 4): Bazaar on PostgreSQL under
bench/peers/ours/load.js (the side-by-side run's client: two-player Grand Bazaar games of 54
moves, all at once, each seat moving as soon as its turn arrives), at several numbers of games.

    python bench/load_growth.py --games 25 100 400 --runs 2 --label after [--stages]

For each size and run: a fresh database, a fresh server (``python -m app``, or
bench/move_stages.py with ``--stages``), the client, then moves/s and the one-hop turn latency
p50/p99 (the client's figures), the server's CPU seconds per 1,000 moves (from /proc, game
set-up included), and its peak RSS (VmHWM) and that over the number of games. Sizes are
interleaved run by run. Appends to bench/results/load_growth.json and prints a table.

Needs Node with the client's ``ws`` module: ``WS_MODULE`` or a ``npm ci`` copy of
bench/peers/bgio at ``--node-modules`` (run.sh makes one in a temporary directory).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TICK = os.sysconf("SC_CLK_TCK")


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICK


def peak_rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024
    return 0.0


def wait_up(url: str, seconds: float = 60) -> None:
    end = time.time() + seconds
    while time.time() < end:
        try:
            urllib.request.urlopen(url, timeout=1).read()
            return
        except OSError:
            time.sleep(0.2)
    raise SystemExit(f"server at {url} did not start")


def fresh_db(name: str) -> None:
    for sql in (f"DROP DATABASE IF EXISTS {name}", f"CREATE DATABASE {name}"):
        subprocess.run(["psql", "-h", "127.0.0.1", "-U", "postgres", "-qc", sql], check=True,
                       capture_output=True)


def one_run(games: int, args: argparse.Namespace) -> dict[str, object]:
    fresh_db(args.db)
    env = {**os.environ, "DATABASE_URL": f"postgresql+asyncpg://postgres@127.0.0.1:5432/{args.db}",
           "PORT": str(args.port), "LOG_LEVEL": "warning", "RATE_MOVES": "1000000",
           "RATE_LOBBIES": "1000000", "RATE_CHAT": "1000000"}
    cmd = ([sys.executable, "bench/move_stages.py", "serve"] if args.stages
           else [sys.executable, "-m", "app"])
    log = open(f"/tmp/load_growth_server_{args.port}.log", "w")
    server = subprocess.Popen(cmd, cwd=args.root, env=env, stdout=log, stderr=subprocess.STDOUT)
    try:
        wait_up(f"http://127.0.0.1:{args.port}/healthz")
        before = cpu_seconds(server.pid)
        client_env = {**os.environ, "WS_MODULE": args.ws_module}
        out = subprocess.run(["node", str(ROOT / "bench/peers/ours/load.js"), str(args.port),
                              str(games)], env=client_env, capture_output=True, text=True,
                             timeout=900)
        used = cpu_seconds(server.pid) - before
        rss = peak_rss_mb(server.pid)
    finally:
        server.terminate()
        server.wait(timeout=60)
        log.close()
    if not out.stdout.strip():
        raise SystemExit(f"the client failed at {games} games: {out.stderr[-800:]}")
    figures = json.loads(out.stdout.strip().splitlines()[-1])
    row: dict[str, object] = {
        "label": args.label, "games": games, "moves": figures["moves"],
        "moves_per_s": figures["moves_per_s"], "p50_ms": figures["p50_ms"],
        "p99_ms": figures["p99_ms"], "errors": figures["errors"],
        "cpu_s_per_1k_moves": round(used / figures["moves"] * 1000, 3),
        "peak_rss_mb": round(rss, 1), "rss_mb_per_game": round(rss / games, 3),
        "load_avg_before": os.getloadavg()[0], "stages": args.stages,
        "at": time.strftime("%Y-%m-%dT%H:%M:%S"),
    }
    if args.stages:
        row["breakdown"] = json.loads((args.root / "bench/results/move_stages.json").read_text())
    return row


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, nargs="+", default=[25, 100, 400])
    parser.add_argument("--runs", type=int, default=2)
    parser.add_argument("--label", default="")
    parser.add_argument("--stages", action="store_true")
    parser.add_argument("--port", type=int, default=8133)
    parser.add_argument("--db", default="growth_bazaar")
    parser.add_argument("--root", type=Path, default=ROOT,
                        help="the source tree to serve (another checkout, for A/B runs)")
    parser.add_argument("--ws-module", default=os.environ.get(
        "WS_MODULE", "/tmp/speedwork/bgio/node_modules/ws"))
    args = parser.parse_args()
    results = ROOT / "bench/results/load_growth.json"
    rows = json.loads(results.read_text()) if results.exists() else []
    print("label  games  moves/s  p50 ms  p99 ms  cpu s/1k  peak RSS MB  MB/game  load")
    for _ in range(args.runs):
        for games in args.games:
            row = one_run(games, args)
            rows.append(row)
            results.write_text(json.dumps(rows, indent=1) + "\n")
            print(f"{row['label']:6} {games:5} {row['moves_per_s']:8} {row['p50_ms']:7} "
                  f"{row['p99_ms']:7} {row['cpu_s_per_1k_moves']:9} {row['peak_rss_mb']:11} "
                  f"{row['rss_mb_per_game']:8} {row['load_avg_before']:.1f}", flush=True)
            if args.stages:
                print(json.dumps(row["breakdown"]), flush=True)


if __name__ == "__main__":
    main()
