"""How a durable move's cost grows with load (issue 30, point 4): Bazaar on PostgreSQL under
bench/peers/ours/load.js (the side-by-side run's client: two-player Grand Bazaar games of 54
moves, each seat moving as soon as its turn arrives), at several numbers of games, on one
instance or on two sharing PostgreSQL and Redis behind a round-robin balancer.

    python bench/load_growth.py --games 10 100 1000 5000 --instances 1 2 --runs 1 \\
        --redis redis://127.0.0.1:6379/0 --out bench/results/load_growth_sizes.json
    python bench/load_growth.py --plot bench/results/load_growth_sizes.json   # the SVG only

For each size, number of instances and run: a fresh database, fresh servers (``python -m app``;
the second with ``REDIS_URL`` like the first and no migrations; bench/round_robin.js in front of
two: every connection in turn, or with ``--sticky`` a game's sockets to the instance its id
hashes to), then the client. With ``--ramp K`` (the default, 100) the client sets the games up
K at a time, holds every first move until all G games are ready (both sockets open), and the bench
samples everything there: so G games are really live at once, and set-up and play are measured
apart (run.sh's client without ``RAMP`` sets up and plays every game at once).

Per run: moves/s over the play, the one-hop turn p50/p99 (the client's figures); the servers'
CPU seconds per 1,000 moves, with set-up and over the play alone (from /proc); memory per live
game (the servers' RSS once every game is ready, less their idle RSS, over G; and the peak);
each instance's moves and sockets (its /metrics); PostgreSQL's write rate over the play (rows
inserted, updated and deleted, and commits, from pg_stat_database and pg_stat_user_tables, per
second and per move) and the CPU of the database's backends; Redis's commands and CPU with two
instances. A run that fails or passes ``--deadline`` seconds of play is recorded with what it
reached. Appends rows to ``--out`` and prints a table; ``--plot`` draws bench/growth_plot.py's SVG.

Needs Node with the client's ``ws`` module: ``WS_MODULE`` or a ``npm ci`` copy of
bench/peers/bgio at ``--ws-module`` (run.sh makes one in a temporary directory).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import threading
import time
import urllib.request
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

import serve  # noqa: E402
from growth_plot import markdown_table, write_svg  # noqa: E402
from serve import cpu_seconds, fresh_db, more_files, psql, status_mb  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
STATS_FLUSH_S = 11  # an idle PostgreSQL 15 backend publishes its counters within 10 s


def db_counters(db: str) -> dict[str, Any]:
    row = psql(db, "SELECT xact_commit, xact_rollback, tup_inserted, tup_updated, tup_deleted, "
                   f"pg_current_wal_lsn() - '0/0' FROM pg_stat_database WHERE datname = '{db}'")
    names = ("commits", "rollbacks", "inserted", "updated", "deleted", "wal_bytes_cluster")
    out: dict[str, Any] = {k: int(float(v)) for k, v in zip(names, row.split("|"), strict=True)}
    tables = psql(db, "SELECT relname, n_tup_ins, n_tup_upd, n_tup_del FROM pg_stat_user_tables")
    out["tables"] = {name: [int(i), int(u), int(d)] for name, i, u, d in
                     (line.split("|") for line in tables.splitlines() if line)}
    return out


def db_delta(a: dict[str, Any], b: dict[str, Any], seconds: float, moves: int) -> dict[str, Any]:
    d = {k: b[k] - a[k] for k in ("commits", "rollbacks", "inserted", "updated", "deleted",
                                  "wal_bytes_cluster")}
    rows = d["inserted"] + d["updated"] + d["deleted"]
    tables = {name: [x - y for x, y in zip(v, a["tables"].get(name, [0, 0, 0]), strict=True)]
              for name, v in b["tables"].items()}
    seconds = max(seconds, 0.1)
    return {**d, "rows": rows, "rows_per_s": round(rows / seconds), "commits_per_s":
            round(d["commits"] / seconds), "rows_per_move": round(rows / max(moves, 1), 2),
            "commits_per_move": round(d["commits"] / max(moves, 1), 3),
            "tables": {k: v for k, v in tables.items() if any(v)}}


class BackendCpu:
    """CPU seconds of the database's backends, read every half second from a thread: the
    pools open and close connections under load, and a backend that has exited can no longer
    be read (what it used after the last reading is lost)."""

    def __init__(self, db: str) -> None:
        self.db = db
        self.first, self.last = self._read(), {}
        self.stop = threading.Event()
        self.thread = threading.Thread(target=self._run, daemon=True)
        self.thread.start()

    def _read(self) -> dict[int, float]:
        pids = psql(self.db, "SELECT pid FROM pg_stat_activity WHERE datname = "
                             f"'{self.db}' AND pid <> pg_backend_pid()").split()
        return {int(p): cpu_seconds(int(p)) for p in pids}

    def _run(self) -> None:
        while not self.stop.wait(0.5):
            self.last.update({p: c for p, c in self._read().items() if c})

    def used(self) -> float:
        self.stop.set()
        self.thread.join()
        self.last.update({p: c for p, c in self._read().items() if c})
        return sum(c - self.first.get(p, 0.0) for p, c in self.last.items())


def metrics(port: int) -> dict[str, float]:
    text = urllib.request.urlopen(f"http://127.0.0.1:{port}/metrics", timeout=10).read().decode()
    out = {"moves": 0.0, "sockets": 0.0, "live_games": 0.0}
    for line in text.splitlines():
        name = line.split("{")[0].split(" ")[0]
        if name == "bazaar_moves_total":
            out["moves"] += float(line.rsplit(" ", 1)[1])
        elif name == "bazaar_open_sockets":
            out["sockets"] = float(line.rsplit(" ", 1)[1])
        elif name == "bazaar_live_games":
            out["live_games"] = float(line.rsplit(" ", 1)[1])
    return out


def redis_sample(url: str) -> dict[str, float]:
    host_port = url.split("//", 1)[1].split("/", 1)[0]
    host, port = host_port.split(":")
    info = subprocess.run(["redis-cli", "-h", host, "-p", port, "INFO"], capture_output=True,
                          text=True, check=True).stdout
    fields = dict(line.split(":", 1) for line in info.splitlines() if ":" in line)
    pid = int(fields["process_id"])
    return {"cpu_s": cpu_seconds(pid), "commands": float(fields["total_commands_processed"])}


class Cluster:
    """One or two servers on one database (and Redis with two), a balancer in front of two."""

    def __init__(self, args: argparse.Namespace, instances: int, games: int) -> None:
        self.args, self.instances, self.games = args, instances, games
        self.ports = [args.port + 1 + i for i in range(instances)]
        self.procs: list[subprocess.Popen[bytes]] = []
        self.lb: subprocess.Popen[bytes] | None = None

    def start(self) -> int:
        args = self.args
        for i, port in enumerate(self.ports):
            env = serve.server_env(args.db, port,
                                   RUN_MIGRATIONS="true" if i == 0 else "false")
            if self.instances > 1:
                env["REDIS_URL"] = args.redis
                # two default pools (30 + 30 each) could take 120 connections, more than a
                # stock PostgreSQL's max_connections of 100
                env["DB_POOL_SIZE"], env["DB_MAX_OVERFLOW"] = "20", "20"
            cmd = ([sys.executable, "bench/move_stages.py", "serve"] if args.stages
                   else [sys.executable, "-m", "app"])
            self.procs.append(serve.start(cmd, cwd=args.root, env=env, port=port, seconds=90,
                                          log=Path(f"/tmp/load_growth_server_{port}.log")))
        if self.instances == 1:
            return self.ports[0]
        # a process holds two descriptors per connection: past ~8,000 sockets, two processes
        self.lb = subprocess.Popen(["node", str(ROOT / "bench/round_robin.js"), str(args.port),
                                    *map(str, self.ports)], preexec_fn=more_files,
                                   env={**os.environ, "WORKERS": "2" if self.games > 2000 else "1",
                                        "STICKY": "1" if args.sticky else "0"})
        serve.wait_up(f"http://127.0.0.1:{args.port}/healthz")
        return args.port

    def cpu(self) -> float:
        return sum(cpu_seconds(p.pid) for p in self.procs)

    def rss(self, key: str) -> float:
        return sum(status_mb(p.pid, key) for p in self.procs)

    def stop(self) -> dict[str, Any]:
        lb: dict[str, Any] = {}
        if self.lb is not None:
            lb["cpu_s"] = round(sum(cpu_seconds(p) for p in serve.with_children(self.lb.pid)), 2)
            self.lb.terminate()
            self.lb.wait(timeout=30)
        for proc in self.procs:
            proc.terminate()
        for proc in self.procs:  # all told first: they shut down side by side
            serve.stop(proc)
        return lb


def one_run(games: int, instances: int, args: argparse.Namespace) -> dict[str, Any]:
    fresh_db(args.db)
    cluster = Cluster(args, instances, games)
    row: dict[str, Any] = {"label": args.label, "games": games, "instances": instances,
                           "ramp": args.ramp, "stages": args.stages,
                           "routing": "sticky" if args.sticky and instances > 1 else "round-robin",
                           "db_pool": "30+30" if instances == 1 else "20+20",
                           "at": time.strftime("%Y-%m-%dT%H:%M:%S"),
                           "load_avg_before": round(os.getloadavg()[0], 1)}
    try:
        port = cluster.start()
        time.sleep(STATS_FLUSH_S)
        idle_rss, cpu0 = cluster.rss("VmRSS"), cluster.cpu()
        db0 = db_counters(args.db)
        env = {**os.environ, "WS_MODULE": args.ws_module, "RAMP": str(args.ramp),
               "GO_STDIN": "1", "DEADLINE": str(args.deadline)}
        client = subprocess.Popen(["node", str(ROOT / "bench/peers/ours/load.js"), str(port),
                                   str(games)], env=env, stdin=subprocess.PIPE,
                                  stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                                  preexec_fn=more_files)
        assert client.stdin is not None and client.stdout is not None
        t_start = time.time()
        line = client.stdout.readline()
        if line.startswith("READY "):
            row["setup_wall_s"] = round(time.time() - t_start, 1)
            cpu1 = cluster.cpu()
            row["setup_cpu_ms_per_game"] = round((cpu1 - cpu0) / games * 1000, 2)
            time.sleep(STATS_FLUSH_S)
            db1 = db_counters(args.db)
            row["setup_db"] = db_delta(db0, db1, row["setup_wall_s"], games)
            row["setup_db"]["rows_per_game"] = round(row["setup_db"]["rows"] / games, 1)
            per = [metrics(p) for p in cluster.ports]
            row["ready_per_instance"] = per
            ready_rss = cluster.rss("VmRSS")
            row["idle_rss_mb"], row["ready_rss_mb"] = round(idle_rss, 1), round(ready_rss, 1)
            row["rss_mb_per_live_game"] = round((ready_rss - idle_rss) / games, 3)
            redis0 = redis_sample(args.redis) if instances > 1 else None
            pg_cpu = BackendCpu(args.db)
            cpu2 = cluster.cpu()
            t_go = time.time()
            client.stdin.write("go\n")
            client.stdin.flush()
            line = client.stdout.readline()
            t_end = time.time()
            cpu3 = cluster.cpu()
            row["pg_backend_cpu_s"] = round(pg_cpu.used(), 2)
            row["pg_cpu_sampling"] = "every 0.5 s"
            if redis0 is not None:
                redis1 = redis_sample(args.redis)
                row["redis"] = {"commands_per_s": round((redis1["commands"] - redis0["commands"])
                                                        / (t_end - t_go)),
                                "cpu_s": round(redis1["cpu_s"] - redis0["cpu_s"], 2)}
            row["per_instance"] = [metrics(p) for p in cluster.ports]
            row["play_wall_s"] = round(t_end - t_go, 1)
            row["play_cpu_s"] = round(cpu3 - cpu2, 2)
        client.wait(timeout=60)
        row["peak_rss_mb"] = round(cluster.rss("VmHWM"), 1)
        try:
            figures = json.loads(line)
        except ValueError:
            row["failed"] = (line + client.stderr.read())[-800:] if client.stderr else line
            return row
        row.update({k: figures.get(k) for k in (
            "moves", "moves_per_s", "p50_ms", "p99_ms", "errors", "ready_games", "setup_failed",
            "setup_seconds", "finished_games", "timed_out", "first_errors")})
        moves = figures["moves"] or 1
        row["cpu_s_per_1k_moves"] = round((cpu3 - cpu0) / moves * 1000, 3)
        row["play_cpu_s_per_1k_moves"] = round((cpu3 - cpu2) / moves * 1000, 3)
        row["peak_mb_per_game"] = round((row["peak_rss_mb"] - idle_rss) / games, 3)
        if "pg_backend_cpu_s" in row:
            row["pg_cores"] = round(row["pg_backend_cpu_s"] / (t_end - t_go), 2)
    except (RuntimeError, subprocess.SubprocessError, OSError) as exc:
        row["failed"] = str(exc)[-800:]
    finally:
        row["lb"] = cluster.stop()
        if args.stages:
            row["breakdown"] = json.loads(
                (args.root / "bench/results/move_stages.json").read_text())
        row["load_avg_after"] = round(os.getloadavg()[0], 1)
        if "play_wall_s" in row and "failed" not in row:
            time.sleep(1)  # the backends flushed their counters as they exited
            row["play_db"] = db_delta(db1, db_counters(args.db), row["play_wall_s"],
                                      row["moves"])
    return row


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, nargs="+", default=[10, 100, 1000, 5000])
    parser.add_argument("--instances", type=int, nargs="+", default=[1, 2])
    parser.add_argument("--runs", type=int, default=1)
    parser.add_argument("--label", default="")
    parser.add_argument("--stages", action="store_true", help="one instance only")
    parser.add_argument("--sticky", action="store_true",
                        help="with two instances: a game's sockets to the instance its id "
                             "hashes to (else every connection in turn)")
    parser.add_argument("--ramp", type=int, default=100,
                        help="games set up at once before all play together (at least 1)")
    parser.add_argument("--deadline", type=int, default=600, help="seconds of play at most")
    parser.add_argument("--port", type=int, default=8133)
    parser.add_argument("--db", default="growth_bazaar")
    parser.add_argument("--redis", default=os.environ.get("REDIS_URL", "redis://127.0.0.1:6379/0"))
    parser.add_argument("--root", type=Path, default=ROOT,
                        help="the source tree to serve (another checkout, for A/B runs)")
    parser.add_argument("--ws-module", default=os.environ.get(
        "WS_MODULE", "/tmp/speedwork/bgio/node_modules/ws"))
    parser.add_argument("--out", type=Path, default=ROOT / "bench/results/load_growth.json")
    parser.add_argument("--plot", type=Path, help="draw the SVG of this results file and stop")
    args = parser.parse_args()
    args.ramp = max(1, args.ramp)
    if args.plot:
        print(write_svg(args.plot))
        print(markdown_table(args.plot))
        return
    rows = json.loads(args.out.read_text()) if args.out.exists() else []
    print("inst games  moves/s  p50 ms  p99 ms  cpu s/1k  play s/1k  MB/game  pg rows/s  "
          "pg commits/s  pg cores  load before-after")
    for _ in range(args.runs):
        for instances in args.instances:
            for games in args.games:
                row = one_run(games, instances, args)
                rows.append(row)
                args.out.write_text(json.dumps(rows, indent=1) + "\n")
                db = row.get("play_db", {})
                print(f"{instances:4} {games:5} {row.get('moves_per_s')!s:>8} "
                      f"{row.get('p50_ms')!s:>7} {row.get('p99_ms')!s:>7} "
                      f"{row.get('cpu_s_per_1k_moves')!s:>9} "
                      f"{row.get('play_cpu_s_per_1k_moves')!s:>10} "
                      f"{row.get('rss_mb_per_live_game')!s:>8} {db.get('rows_per_s')!s:>10} "
                      f"{db.get('commits_per_s')!s:>13} {row.get('pg_cores')!s:>9} "
                      f"{row['load_avg_before']}-{row['load_avg_after']}"
                      + (f"  FAILED: {row['failed'][:200]}" if "failed" in row else ""),
                      flush=True)
                if args.stages:
                    print(json.dumps(row["breakdown"]), flush=True)
    print(write_svg(args.out))


if __name__ == "__main__":
    main()
