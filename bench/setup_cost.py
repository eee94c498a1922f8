"""What a game's set-up costs the server (issue 30, point 2): CPU per set-up as the load clients
do it (bench/peers/ours/load.js): two guest sessions, a lobby created by the first, joined by
the second, started by the first (a two-player Grand Bazaar game).

    python bench/setup_cost.py [--n 200] [--concurrency 10] [--runs 1] [--root CHECKOUT]
    python bench/setup_cost.py --profile /tmp/setup.prof   # the server under cProfile

Starts the server as the other benches do (``python -m app`` on PostgreSQL, a fresh database,
the rate limits out of the way), waits for it to settle, then measures two ways:

- ``games``: N whole set-ups, ``--concurrency`` of them at once, each one's five requests in
  order (the load client's way): the server's CPU per set-up, from /proc/<pid>/stat;
- ``phases``: the same N set-ups one request kind at a time (2N sessions, then N lobbies
  created, N joins, N starts, each phase ``--concurrency`` at once): the server's CPU per
  request of each kind; then 2N ``GET /healthz``, the floor of any request (the ASGI server,
  the middleware, the routing; no database, no identity).

Wall time p50/p99 of each request kind is the client's (httpx, in this process). The server's
idle CPU (its background loops) is measured over a few seconds first and reported, never
subtracted. CPU time is the figure to trust on a shared machine. Appends one row per run to
``--out`` (bench/results/setup_cost.json). Figures are printed, never asserted.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import signal
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parent))

import serve  # noqa: E402
from serve import cpu_seconds, profile_between_signals  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
KINDS = ("session", "create", "join", "start")
IDLE_S = 3.0


def start_server(args: argparse.Namespace) -> subprocess.Popen[bytes]:
    cmd = [sys.executable, "-m", "app"]
    if args.profile:
        cmd = [sys.executable, str(ROOT / "bench/setup_cost.py"), "--serve-profiled",
               str(args.profile)]
    return serve.start(cmd, cwd=args.root, env=serve.server_env(args.db, args.port),
                       port=args.port, log=Path(f"/tmp/setup_cost_server_{args.port}.log"))


def serve_profiled(out: str) -> None:
    """``python -m app`` with cProfile on the serving thread's CPU clock (a busy machine's
    wall clock would blame whatever runs when the process is descheduled), between SIGUSR1
    (after the warm-up) and SIGUSR2, which writes the stats."""
    sys.path.insert(0, os.getcwd())
    from app.__main__ import main as serve

    profile_between_signals(out)
    serve()


class Client:
    """The load client's five requests, each timed (wall, seconds) by kind."""

    def __init__(self, http: httpx.AsyncClient) -> None:
        self.http = http
        self.walls: dict[str, list[float]] = {k: [] for k in KINDS}

    async def call(self, kind: str, path: str, token: str | None, body: dict[str, Any]
                   ) -> dict[str, Any]:
        headers = {"authorization": f"Bearer {token}"} if token else {}
        t0 = time.perf_counter()
        r = await self.http.post(path, json=body, headers=headers)
        self.walls[kind].append(time.perf_counter() - t0)
        if r.status_code >= 300:
            raise RuntimeError(f"POST {path}: {r.status_code} {r.text[:300]}")
        answer: dict[str, Any] = r.json()
        return answer

    async def session(self, name: str) -> str:
        return str((await self.call("session", "/api/session", None, {"name": name}))["token"])

    async def create(self, token: str) -> str:
        lobby = await self.call("create", "/api/lobbies", token,
                                {"kind": "grand-bazaar", "players": 2,
                                 "options": {"first_player": 0}})
        return str(lobby["id"])

    async def join(self, token: str, lobby_id: str) -> None:
        await self.call("join", f"/api/lobbies/{lobby_id}/join", token, {})

    async def start(self, token: str, lobby_id: str) -> str:
        return str((await self.call("start", f"/api/lobbies/{lobby_id}/start", token,
                                    {}))["game_id"])

    async def whole(self, i: int) -> None:
        host, guest = await self.session(f"h{i}"), await self.session(f"g{i}")
        lobby = await self.create(host)
        await self.join(guest, lobby)
        await self.start(host, lobby)


async def at_most(concurrency: int, jobs: list[Any]) -> list[Any]:
    """Run the coroutines, ``concurrency`` at a time; their results in order."""
    gate = asyncio.Semaphore(concurrency)

    async def one(job: Any) -> Any:
        async with gate:
            return await job

    return list(await asyncio.gather(*(one(j) for j in jobs)))


def quantiles(walls: list[float]) -> dict[str, float]:
    if not walls:
        return {}
    ordered = sorted(walls)
    pick = lambda q: ordered[min(len(ordered) - 1, int(q * len(ordered)))]  # noqa: E731
    return {"p50_ms": round(pick(0.5) * 1000, 1), "p99_ms": round(pick(0.99) * 1000, 1),
            "mean_ms": round(statistics.fmean(ordered) * 1000, 1)}


async def measure(args: argparse.Namespace, pid: int) -> dict[str, Any]:
    base = f"http://127.0.0.1:{args.port}"
    limits = httpx.Limits(max_connections=args.concurrency * 2)
    async with httpx.AsyncClient(base_url=base, limits=limits, timeout=60) as http:
        client = Client(http)
        await at_most(args.concurrency, [client.whole(-1 - i) for i in range(args.warmup)])
        if args.profile:
            os.kill(pid, signal.SIGUSR1)
        c0, t0 = cpu_seconds(pid), time.monotonic()
        await asyncio.sleep(IDLE_S)
        idle_ms_per_s = (cpu_seconds(pid) - c0) / (time.monotonic() - t0) * 1000
        client.walls = {k: [] for k in KINDS}
        c0, t0 = cpu_seconds(pid), time.monotonic()
        await at_most(args.concurrency, [client.whole(i) for i in range(args.n)])
        games = {"cpu_ms_per_setup": round((cpu_seconds(pid) - c0) / args.n * 1000, 2),
                 "wall_s": round(time.monotonic() - t0, 2),
                 "walls": {k: quantiles(v) for k, v in client.walls.items()}}
        phases: dict[str, Any] = {}
        client.walls = {k: [] for k in KINDS}
        c0 = cpu_seconds(pid)
        tokens = await at_most(args.concurrency, [client.session(f"p{i}")
                                                  for i in range(2 * args.n)])
        phases["session"] = round((cpu_seconds(pid) - c0) / (2 * args.n) * 1000, 2)
        hosts, guests = tokens[0::2], tokens[1::2]
        c0 = cpu_seconds(pid)
        lobbies = await at_most(args.concurrency, [client.create(t) for t in hosts])
        phases["create"] = round((cpu_seconds(pid) - c0) / args.n * 1000, 2)
        c0 = cpu_seconds(pid)
        await at_most(args.concurrency, [client.join(t, lob)
                                         for t, lob in zip(guests, lobbies, strict=True)])
        phases["join"] = round((cpu_seconds(pid) - c0) / args.n * 1000, 2)
        c0 = cpu_seconds(pid)
        await at_most(args.concurrency, [client.start(t, lob)
                                         for t, lob in zip(hosts, lobbies, strict=True)])
        phases["start"] = round((cpu_seconds(pid) - c0) / args.n * 1000, 2)
        # the floor: a request that touches no database and no identity
        c0 = cpu_seconds(pid)
        await at_most(args.concurrency, [http.get("/healthz") for _ in range(2 * args.n)])
        floor = round((cpu_seconds(pid) - c0) / (2 * args.n) * 1000, 2)
        if args.profile:
            os.kill(pid, signal.SIGUSR2)
            await asyncio.sleep(2)
        per_setup = round(2 * phases["session"] + phases["create"] + phases["join"]
                          + phases["start"], 2)
    return {"idle_cpu_ms_per_s": round(idle_ms_per_s, 2), "healthz_cpu_ms": floor,
            "games": games,
            "phases": {"cpu_ms_per_request": phases, "cpu_ms_per_setup": per_setup,
                       "walls": {k: quantiles(v) for k, v in client.walls.items()}}}


def one_run(args: argparse.Namespace) -> dict[str, Any]:
    serve.fresh_db(args.db)
    row: dict[str, Any] = {"label": args.label, "n": args.n, "concurrency": args.concurrency,
                           "database": "postgresql", "at": time.strftime("%Y-%m-%dT%H:%M:%S"),
                           "commit": subprocess.run(["git", "-C", str(args.root), "rev-parse",
                                                     "--short", "HEAD"], capture_output=True,
                                                    text=True).stdout.strip(),
                           "load_avg_before": round(os.getloadavg()[0], 1)}
    proc = start_server(args)
    try:
        time.sleep(2)  # the start-up's own work (migrations, pools) settles
        row.update(asyncio.run(measure(args, proc.pid)))
    finally:
        serve.stop(proc, 60)
        row["load_avg_after"] = round(os.getloadavg()[0], 1)
    return row


def main() -> None:
    if len(sys.argv) == 3 and sys.argv[1] == "--serve-profiled":
        serve_profiled(sys.argv[2])
        return
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--n", type=int, default=200, help="set-ups per way of measuring")
    parser.add_argument("--concurrency", type=int, default=10)
    parser.add_argument("--warmup", type=int, default=20, help="set-ups before measuring")
    parser.add_argument("--runs", type=int, default=1)
    parser.add_argument("--label", default="")
    parser.add_argument("--port", type=int, default=8151)
    parser.add_argument("--db", default="setup_cost_bench")
    parser.add_argument("--root", type=Path, default=ROOT,
                        help="the source tree to serve (another checkout, for A/B runs)")
    parser.add_argument("--profile", type=Path, help="run the server under cProfile, stats here")
    parser.add_argument("--out", type=Path, default=ROOT / "bench/results/setup_cost.json")
    args = parser.parse_args()
    if args.profile:
        args.profile = args.profile.resolve()
    rows = json.loads(args.out.read_text()) if args.out.exists() else []
    for _ in range(args.runs):
        row = one_run(args)
        if not args.profile:  # a profiled server's CPU is not the figure
            rows.append(row)
            args.out.write_text(json.dumps(rows, indent=1) + "\n")
        phases, games = row["phases"], row["games"]
        print(f"{row['label'] or row['commit']}: {games['cpu_ms_per_setup']} ms CPU per set-up "
              f"(whole, c={args.concurrency}, n={args.n}); by phase "
              f"{phases['cpu_ms_per_setup']} = "
              + ", ".join(f"{k} {v}" for k, v in phases["cpu_ms_per_request"].items())
              + f"; healthz {row['healthz_cpu_ms']}; idle {row['idle_cpu_ms_per_s']} ms/s; "
              f"load {row['load_avg_before']}-{row['load_avg_after']}", flush=True)
        print("  wall (whole): " + ", ".join(
            f"{k} {v.get('p50_ms')}/{v.get('p99_ms')}" for k, v in games["walls"].items()),
            flush=True)


if __name__ == "__main__":
    main()
