"""Human-paced games while hard bots think (issue 17): is anyone's turn slower?

Starts the server as a subprocess (or targets --url) and runs two phases of --seconds each:

1. **quiet**: G two-player games of people over the WebSocket (default 20); each seat moves
   1-2 s after its turn arrives (seeded delays), a legal move from its frame;
2. **bots**: the same, while B games of hard bots only (default 20) play on the same server, so
   that hard moves are always queued at the bot pool (app/play/bot_pool.py).

The **turn cycle** of a move is the time from sending it until every seat of its game has the
patch (the next player's turn has arrived); the think time of the people is not in it. Prints
p50/p95/p99 of both phases, the moves made, the hard moves committed during the second phase
and the server's CPU (the main process, and its bot workers), and writes them to
bench/results/bot_load.txt.

    python bench/bot_load.py                       # after the engines' hard bots are merged
    python bench/bot_load.py --worker-init tests.bot_doubles:busy   # before: a CPU-burning
                                                                    # double that thinks 1 s

Figures are printed, never asserted.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import subprocess
import sys
import tempfile
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
    """User + system CPU seconds of a process (its reaped children included)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return sum(int(x) for x in fields[11:15]) / TICK


def children_cpu(pid: int) -> float:
    """CPU seconds of the live children of a process (the bot workers)."""
    total = 0.0
    for task in Path(f"/proc/{pid}/task").iterdir():
        kids = (task / "children").read_text().split() if (task / "children").exists() else []
        for kid in kids:
            try:
                total += cpu_seconds(int(kid))
            except (FileNotFoundError, ProcessLookupError):
                pass
    return total


@dataclass
class Cycles:
    """Turn cycles of one phase: a move sent until every seat of the game has its patch."""

    sent: dict[tuple[str, int], float] = field(default_factory=dict)
    pending: dict[tuple[str, int], int] = field(default_factory=dict)
    seconds: list[float] = field(default_factory=list)
    moves: int = 0
    errors: int = 0
    open: bool = True

    def pct(self, p: float) -> float | None:
        done = sorted(self.seconds)
        if not done:
            return None
        return round(done[min(len(done) - 1, int(p * len(done)))] * 1000, 1)


async def session(http: httpx.AsyncClient, name: str) -> dict[str, str]:
    token = (await http.post("/api/session", json={"name": name})).json()["token"]
    return {"authorization": f"Bearer {token}"}


async def human_game(http: httpx.AsyncClient, kind: str) -> tuple[str, list[str]]:
    auth = [await session(http, f"P{i}") for i in range(2)]
    lobby = (await http.post("/api/lobbies", json={"kind": kind, "players": 2},
                             headers=auth[0])).json()
    await http.post(f"/api/lobbies/{lobby['id']}/join", headers=auth[1])
    started = (await http.post(f"/api/lobbies/{lobby['id']}/start", headers=auth[0])).json()
    return started["game_id"], [a["authorization"].split()[1] for a in auth]


async def seat_loop(url: str, game_id: str, token: str, seat: int, rng: random.Random,
                    phase: list[Cycles], stop: asyncio.Event) -> None:
    """One person: moves 1-2 s after its turn arrives; times every patch of the game."""
    ws_url = url.replace("http", "ws", 1) + f"/ws/games/{game_id}?token={token}"
    async with websockets.connect(ws_url, max_size=2**22) as ws:
        await ws.send('{"type":"hello"}')
        seq, legal = 0, []
        thinking: asyncio.Task[None] | None = None

        async def move_later(at_seq: int, moves: list[Any]) -> None:
            await asyncio.sleep(rng.uniform(1.0, 2.0))
            cycles = phase[-1]
            if stop.is_set() or not moves:
                return
            key = (game_id, at_seq + 1)
            cycles.sent[key], cycles.pending[key] = time.perf_counter(), 2
            cycles.moves += 1
            move = moves[rng.randrange(len(moves))]
            await ws.send(json.dumps({"type": "move", "seq": at_seq, "move": move}))

        while not stop.is_set():
            try:
                raw = await asyncio.wait_for(ws.recv(), timeout=1.0)
            except TimeoutError:
                continue
            now = time.perf_counter()
            frame = json.loads(raw)
            if frame["type"] == "patch":
                for cycles in phase:
                    key = (game_id, frame["seq"])
                    if key in cycles.pending:
                        cycles.pending[key] -= 1
                        if cycles.pending[key] == 0:
                            if cycles.open:
                                cycles.seconds.append(now - cycles.sent[key])
                            del cycles.pending[key], cycles.sent[key]
                if frame.get("status") == "finished":
                    return
            elif frame["type"] == "error":
                phase[-1].errors += 1
            if frame["type"] in ("snapshot", "patch"):
                seq, legal = frame["seq"], frame.get("legal", [])
                if legal and (thinking is None or thinking.done()):
                    thinking = asyncio.create_task(move_later(seq, legal))
        if thinking is not None:
            thinking.cancel()


async def human_slot(url: str, http: httpx.AsyncClient, kind: str, index: int,
                     phase: list[Cycles], stop: asyncio.Event) -> None:
    """Keeps one game of people going until the run stops."""
    rng = random.Random(index)
    while not stop.is_set():
        game_id, tokens = await human_game(http, kind)
        await asyncio.gather(*(seat_loop(url, game_id, t, s, rng, phase, stop)
                               for s, t in enumerate(tokens)), return_exceptions=True)


async def bot_slot(http: httpx.AsyncClient, kind: str, players: int, stop: asyncio.Event,
                   games: list[str]) -> None:
    """Keeps one game of hard bots going (every seat hard) until the run stops."""
    auth = await session(http, "Host")
    while not stop.is_set():
        lobby = (await http.post("/api/lobbies", json={"kind": kind, "players": players},
                                 headers=auth)).json()
        for seat in range(players):
            await http.post(f"/api/lobbies/{lobby['id']}/bots",
                            json={"seat": seat, "level": "hard"}, headers=auth)
        game_id = (await http.post(f"/api/lobbies/{lobby['id']}/start",
                                   headers=auth)).json()["game_id"]
        games.append(game_id)
        while True:
            # seldom: a poll costs the server a view, which is not what this bench measures
            with contextlib.suppress(asyncio.TimeoutError):
                await asyncio.wait_for(stop.wait(), timeout=10.0)
            game = (await http.get(f"/api/games/{game_id}")).json()
            if stop.is_set() or game["status"] == "finished":
                break


async def seqs(http: httpx.AsyncClient, games: list[str]) -> dict[str, int]:
    """The seq of each game (the moves its hard bots committed so far)."""
    return {g: (await http.get(f"/api/games/{g}")).json()["seq"] for g in list(games)}


async def run(args: argparse.Namespace, url: str, pid: int | None) -> dict[str, Any]:
    stop = asyncio.Event()
    phase: list[Cycles] = [Cycles()]
    result: dict[str, Any] = {}
    async with httpx.AsyncClient(base_url=url, timeout=120,
                                 limits=httpx.Limits(max_connections=60)) as http:
        humans = [asyncio.create_task(human_slot(url, http, args.kind, i, phase, stop))
                  for i in range(args.games)]
        await asyncio.sleep(args.warmup)
        # quiet first: the server's bot drivers play the bot games on after the phase ends
        for name, bots in (("quiet", 0), ("bots", args.bot_games)):
            bot_stop = asyncio.Event()
            games: list[str] = []
            bot_tasks = [asyncio.create_task(bot_slot(http, args.bot_kind, args.bot_players,
                                                      bot_stop, games))
                         for _ in range(bots)]
            if bots:
                await asyncio.sleep(args.warmup)  # the bot games are set up and thinking
            phase[-1].open = False
            cycles = Cycles()
            phase.append(cycles)
            before = await seqs(http, games)
            cpu0 = cpu_seconds(pid) if pid else 0.0
            kids0 = children_cpu(pid) if pid else 0.0
            t0 = time.perf_counter()
            await asyncio.sleep(args.seconds)
            elapsed = time.perf_counter() - t0
            cycles.open = False
            after = await seqs(http, games)
            hard = sum(seq - before.get(g, 0) for g, seq in after.items())
            result[name] = {
                "human_games": args.games, "hard_bot_games": bots,
                "seconds": round(elapsed, 1), "human_moves": cycles.moves,
                "turn_cycles_timed": len(cycles.seconds),
                "turn_cycle_ms_p50": cycles.pct(0.50), "turn_cycle_ms_p95": cycles.pct(0.95),
                "turn_cycle_ms_p99": cycles.pct(0.99), "errors": cycles.errors,
                "hard_moves_committed": hard,
                "server_cpu_s": round(cpu_seconds(pid) - cpu0, 1) if pid else None,
                "bot_workers_cpu_s": round(children_cpu(pid) - kids0, 1) if pid else None,
            }
            bot_stop.set()
            await asyncio.gather(*bot_tasks, return_exceptions=True)
        stop.set()
        await asyncio.gather(*humans, return_exceptions=True)
    return result


def start_server(args: argparse.Namespace, folder: str) -> subprocess.Popen[bytes]:
    env = {**os.environ, "DATABASE_URL": args.database or f"sqlite+aiosqlite:///{folder}/b.db",
           "RATE_MOVES": "1000000", "RATE_LOBBIES": "1000000", "RATE_SESSIONS": "1000000",
           "LOG_LEVEL": "warning", "BOT_DELAY": str(args.bot_delay),
           "BOT_THINK_SECONDS": str(args.think_seconds), "BOT_WORKER_INIT": args.worker_init}
    if args.workers:
        env["BOT_WORKERS"] = str(args.workers)
    return subprocess.Popen(
        [sys.executable, "-m", "uvicorn", "app.main:app", "--port", str(args.port),
         "--log-level", "warning", "--no-access-log"], cwd=ROOT, env=env)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--url", help="target a running server instead of starting one")
    parser.add_argument("--database", help="DATABASE_URL of the server (default: SQLite, temp)")
    parser.add_argument("--kind", default="grand-bazaar", help="the people's game")
    parser.add_argument("--games", type=int, default=20, help="games of people")
    parser.add_argument("--bot-kind", default="grand-bazaar", help="the hard bots' game")
    parser.add_argument("--bot-games", type=int, default=20, help="games of hard bots")
    parser.add_argument("--bot-players", type=int, default=2)
    parser.add_argument("--seconds", type=float, default=40, help="length of each phase")
    parser.add_argument("--warmup", type=float, default=8)
    parser.add_argument("--workers", type=int, default=0, help="BOT_WORKERS (0: the default)")
    parser.add_argument("--think-seconds", type=float, default=1.0)
    parser.add_argument("--bot-delay", type=float, default=0.0)
    parser.add_argument("--worker-init", default="",
                        help="BOT_WORKER_INIT, e.g. tests.bot_doubles:busy before the engines' "
                             "hard bots are merged")
    parser.add_argument("--port", type=int, default=8766)
    args = parser.parse_args()
    proc = None
    url = args.url
    with tempfile.TemporaryDirectory(prefix="bot-load-") as folder:
        if url is None:
            proc = start_server(args, folder)
            url = f"http://127.0.0.1:{args.port}"
            for _ in range(600):
                try:
                    if httpx.get(f"{url}/readyz", timeout=1).status_code == 200:
                        break
                except httpx.HTTPError:
                    pass
                time.sleep(0.2)
        try:
            result = asyncio.run(run(args, url, proc.pid if proc else None))
        finally:
            if proc is not None:
                proc.terminate()
                proc.wait(timeout=30)
    lines = [f"bench/bot_load.py {' '.join(sys.argv[1:])}".rstrip(),
             f"machine: {os.cpu_count()} CPUs, Python {sys.version.split()[0]}",
             f"hard bot: {args.worker_init or 'the engines own hard_move'}, "
             f"BOT_THINK_SECONDS={args.think_seconds}, BOT_WORKERS={args.workers or 'default'}",
             ""]
    for name, figures in result.items():
        lines.append(f"[{name}]")
        lines.extend(f"  {key:24} {value}" for key, value in figures.items())
    text = "\n".join(lines) + "\n"
    print(text, end="")
    RESULTS.mkdir(parents=True, exist_ok=True)
    (RESULTS / "bot_load.txt").write_text(text)


if __name__ == "__main__":
    main()
