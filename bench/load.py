"""WebSocket load generator: G concurrent games, 2-4 seats each, S spectators per game.

Starts the server as a subprocess (or targets --url), plays scripted legal moves over the
sockets, and prints: moves/s, the latency from sending a move to the last viewer's patch
(p50/p99), bytes per patch against bytes per snapshot, server CPU seconds per 1,000 moves and
memory per idle connection. Results go to bench/results/ with the machine they ran on.

    python bench/load.py --games 100 --spectators 1 --seconds 20 \
        --database postgresql+asyncpg://postgres@127.0.0.1:5432/test

Figures are printed, never asserted.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import platform
import statistics
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import websockets

ROOT = Path(__file__).resolve().parent.parent
RESULTS = ROOT / "bench" / "results"
TICK = os.sysconf("SC_CLK_TCK")


def cpu_seconds(pid: int) -> float:
    """User + system CPU seconds of a process (and its reaped children)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return sum(int(x) for x in fields[11:15]) / TICK


def rss_bytes(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) * 1024
    return 0


def machine() -> dict[str, Any]:
    model = ""
    cpuinfo = Path("/proc/cpuinfo")
    if cpuinfo.exists():
        for line in cpuinfo.read_text().splitlines():
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    return {"cpus": os.cpu_count(), "cpu": model, "python": platform.python_version(),
            "platform": platform.platform()}


@dataclass
class Stats:
    sent: dict[tuple[str, int], float] = field(default_factory=dict)
    pending: dict[tuple[str, int], int] = field(default_factory=dict)
    latencies: list[float] = field(default_factory=list)
    patch_bytes: list[int] = field(default_factory=list)
    snapshot_bytes: list[int] = field(default_factory=list)
    moves: int = 0
    errors: int = 0


class Seat:
    """A player's socket; moves when its seat is to act."""

    def __init__(self, game: Game, seat: int, token: str) -> None:
        self.game, self.seat, self.token = game, seat, token
        self.legal: list[Any] = []
        self.seq = 0
        self.to_act: list[int] = []


@dataclass
class Game:
    id: str
    viewers: int
    seats: list[Seat] = field(default_factory=list)
    finished: bool = False


async def viewer_loop(url: str, game: Game, token: str | None, stats: Stats,
                      seat: Seat | None, ready: asyncio.Event) -> None:
    """One socket until its game ends: seats move whenever they may, everyone times patches."""
    query = f"?token={token}" if token else ""
    ws_url = url.replace("http", "ws", 1) + f"/ws/games/{game.id}{query}"
    async with websockets.connect(ws_url, max_size=2**22) as ws:
        await ws.send('{"type":"hello"}')
        while True:
            raw = await ws.recv()
            now = time.perf_counter()
            frame = json.loads(raw)
            kind = frame["type"]
            if kind == "snapshot":
                stats.snapshot_bytes.append(len(raw))
                ready.set()
                if seat is not None:
                    seat.seq, seat.legal = frame["seq"], frame["legal"]
                    await maybe_move(ws, seat, stats)
            elif kind == "patch":
                stats.patch_bytes.append(len(raw))
                key = (game.id, frame["seq"])
                if key in stats.pending:
                    stats.pending[key] -= 1
                    if stats.pending[key] == 0:
                        stats.latencies.append(now - stats.sent.pop(key))
                        del stats.pending[key]
                if seat is not None:
                    seat.seq = frame["seq"]
                    seat.legal = frame.get("legal", [])
                    await maybe_move(ws, seat, stats)
                if frame["status"] == "finished":
                    game.finished = True
                    return
            elif kind == "error":
                stats.errors += 1


async def maybe_move(ws: Any, seat: Seat, stats: Stats) -> None:
    if not seat.legal or seat.game.finished:
        return
    move = seat.legal[(seat.seq * 7 + seat.seat) % len(seat.legal)]
    key = (seat.game.id, seat.seq + 1)
    stats.sent[key] = time.perf_counter()
    stats.pending[key] = seat.game.viewers
    stats.moves += 1
    await ws.send(json.dumps({"type": "move", "seq": seat.seq, "move": move}))


async def new_game(http: httpx.AsyncClient, kind: str, players: int,
                   spectators: int) -> tuple[Game, list[str]]:
    tokens = [(await http.post("/api/session", json={"name": f"P{i}"})).json()["token"]
              for i in range(players)]
    auth = [{"authorization": f"Bearer {t}"} for t in tokens]
    lobby = (await http.post("/api/lobbies", json={"kind": kind, "players": players},
                             headers=auth[0])).json()
    for i in range(1, players):
        await http.post(f"/api/lobbies/{lobby['id']}/join", headers=auth[i])
    started = await http.post(f"/api/lobbies/{lobby['id']}/start", headers=auth[0])
    return Game(started.json()["game_id"], players + spectators), tokens


async def slot(url: str, args: argparse.Namespace, http: httpx.AsyncClient, stats: Stats,
               stop: asyncio.Event, counts: dict[str, int], first: asyncio.Event) -> None:
    """Keeps one game going: when it ends, the next one starts, until the run stops."""
    while not stop.is_set():
        game, tokens = await new_game(http, args.kind, args.players, args.spectators)
        readies = [asyncio.Event() for _ in range(len(tokens) + args.spectators)]
        tasks = [asyncio.create_task(viewer_loop(url, game, t, stats, Seat(game, i, t), readies[i]))
                 for i, t in enumerate(tokens)]
        tasks += [asyncio.create_task(viewer_loop(url, game, None, stats, None,
                                                  readies[len(tokens) + k]))
                  for k in range(args.spectators)]
        counts["connections"] += len(tasks)
        await asyncio.gather(*(r.wait() for r in readies))
        first.set()
        stop_wait = asyncio.create_task(stop.wait())
        await asyncio.wait([*tasks, stop_wait], return_when=asyncio.FIRST_COMPLETED)
        if stop.is_set():
            for t in tasks:
                t.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)
            return
        await asyncio.gather(*tasks, return_exceptions=True)
        stop_wait.cancel()
        counts["finished"] += 1
        counts["connections"] -= len(tasks)


async def idle_memory(url: str, pid: int, n: int = 200) -> float:
    """Server memory per idle spectator socket: RSS before and after opening ``n`` of them."""
    async with httpx.AsyncClient(base_url=url, timeout=60) as http:
        game, _ = await new_game(http, "grand-bazaar", 2, 0)
    before = rss_bytes(pid)
    sockets = []
    for _ in range(n):
        ws = await websockets.connect(url.replace("http", "ws", 1) + f"/ws/games/{game.id}")
        await ws.send('{"type":"hello"}')
        sockets.append(ws)
    for ws in sockets:
        while json.loads(await ws.recv())["type"] != "snapshot":
            pass
    await asyncio.sleep(1)
    after = rss_bytes(pid)
    for ws in sockets:
        await ws.close()
    return (after - before) / n


async def run(args: argparse.Namespace, url: str, pid: int | None) -> dict[str, Any]:
    per_conn = await idle_memory(url, pid) if pid else None
    stats = Stats()
    stop = asyncio.Event()
    counts = {"connections": 0, "finished": 0}
    async with httpx.AsyncClient(base_url=url, timeout=60,
                                 limits=httpx.Limits(max_connections=50)) as http:
        firsts = [asyncio.Event() for _ in range(args.games)]
        slots = [asyncio.create_task(slot(url, args, http, stats, stop, counts, firsts[i]))
                 for i in range(args.games)]
        await asyncio.gather(*(f.wait() for f in firsts))  # every game connected
        stats.moves, stats.latencies = 0, []
        cpu0 = cpu_seconds(pid) if pid else 0.0
        t0 = time.perf_counter()
        await asyncio.sleep(args.seconds)
        elapsed = time.perf_counter() - t0
        moves = stats.moves
        cpu1 = cpu_seconds(pid) if pid else 0.0
        latencies = sorted(stats.latencies)
        stop.set()
        await asyncio.gather(*slots, return_exceptions=True)

    def pct(p: float) -> float:
        return round(latencies[min(len(latencies) - 1, int(p * len(latencies)))] * 1000, 2) \
            if latencies else float("nan")

    return {
        "kind": args.kind, "games": args.games, "players": args.players,
        "spectators_per_game": args.spectators, "seconds": round(elapsed, 2),
        "database": args.database.split("://")[0] if not args.url else "external",
        "moves": moves, "moves_per_second": round(moves / elapsed, 1),
        "latency_ms_p50": pct(0.50), "latency_ms_p99": pct(0.99),
        "patch_bytes_mean": round(statistics.mean(stats.patch_bytes), 1)
        if stats.patch_bytes else None,
        "snapshot_bytes_mean": round(statistics.mean(stats.snapshot_bytes), 1)
        if stats.snapshot_bytes else None,
        "server_cpu_s_per_1000_moves": round((cpu1 - cpu0) / moves * 1000, 3)
        if pid and moves else None,
        "memory_bytes_per_idle_connection": round(per_conn) if per_conn else None,
        "games_finished_during_run": counts["finished"], "errors": stats.errors,
        "machine": machine(),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--url", help="target a running server instead of starting one")
    parser.add_argument("--database", default=os.environ.get(
        "BENCH_DATABASE_URL", "postgresql+asyncpg://postgres@127.0.0.1:5432/test"))
    parser.add_argument("--kind", default="grand-bazaar")
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--spectators", type=int, default=1)
    parser.add_argument("--seconds", type=float, default=20)
    parser.add_argument("--port", type=int, default=8765)
    args = parser.parse_args()
    proc = None
    url = args.url
    if url is None:
        if args.database.startswith("postgresql"):
            import asyncpg

            async def reset() -> None:
                conn = await asyncpg.connect(args.database.replace("+asyncpg", ""))
                await conn.execute("DROP SCHEMA public CASCADE; CREATE SCHEMA public;")
                await conn.close()

            asyncio.run(reset())
        env = {**os.environ, "DATABASE_URL": args.database, "RATE_MOVES": "1000000",
               "RATE_LOBBIES": "1000000", "LOG_LEVEL": "warning"}
        proc = subprocess.Popen(
            [sys.executable, "-m", "uvicorn", "app.main:app", "--port", str(args.port),
             "--log-level", "warning", "--no-access-log",
             "--ws-per-message-deflate", "false"], cwd=ROOT, env=env)
        url = f"http://127.0.0.1:{args.port}"
        for _ in range(200):
            try:
                if httpx.get(f"{url}/readyz", timeout=1).status_code == 200:
                    break
            except httpx.HTTPError:
                time.sleep(0.1)
    try:
        result = asyncio.run(run(args, url, proc.pid if proc else None))
    finally:
        if proc is not None:
            proc.terminate()
            proc.wait(timeout=20)
    RESULTS.mkdir(parents=True, exist_ok=True)
    stamp = time.strftime("%Y%m%d-%H%M%S")
    (RESULTS / f"load-{args.kind}-{stamp}.json").write_text(json.dumps(result, indent=2) + "\n")
    for key, value in result.items():
        if key != "machine":
            print(f"{key:32} {value}")
    print(f"{'machine':32} {result['machine']}")


if __name__ == "__main__":
    main()
