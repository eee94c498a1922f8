"""Start, watch and stop the server under test, for the benches that load it from outside
(bench/setup_cost.py, bench/load_growth.py, bench/asgi_servers.py).

One place for what each of them did alike: a fresh PostgreSQL database per run, the server's
environment with the rate limits out of the way (as bench/peers/run.sh sets them), waiting for
``/healthz`` (and noticing when the process died instead, or another server answered on the
port), stopping it, and reading its CPU seconds and memory from /proc, for one process or a
process and its children (a server that forks its workers, as granian does).
"""

from __future__ import annotations

import cProfile
import os
import resource
import signal
import subprocess
import time
import urllib.request
from collections.abc import Sequence
from pathlib import Path

TICK = os.sysconf("SC_CLK_TCK")
LIMITS_OFF = "1000000"  # every RATE_* setting: the load comes from one address


def cpu_seconds(pid: int) -> float:
    """User + system CPU of the process (all its threads), from /proc; 0.0 once it has exited
    (a database backend the pool closed)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / TICK


def status_mb(pid: int, key: str) -> float:
    """A /proc/<pid>/status figure in MB (``VmRSS`` now, ``VmHWM`` the peak); 0.0 if gone."""
    try:
        lines = Path(f"/proc/{pid}/status").read_text().splitlines()
    except OSError:
        return 0.0
    for line in lines:
        if line.startswith(key + ":"):
            return int(line.split()[1]) / 1024
    return 0.0


def with_children(pid: int) -> list[int]:
    """The process and its descendants (a server's forked workers)."""
    out, todo = [], [pid]
    while todo:
        p = todo.pop()
        out.append(p)
        try:
            todo += map(int, Path(f"/proc/{p}/task/{p}/children").read_text().split())
        except OSError:
            pass
    return out


def tree_cpu(pid: int) -> float:
    return sum(cpu_seconds(p) for p in with_children(pid))


def tree_mb(pid: int, key: str) -> float:
    return sum(status_mb(p, key) for p in with_children(pid))


def more_files() -> None:
    """As many open files as the hard limit allows (a socket each; used as ``preexec_fn``)."""
    hard = resource.getrlimit(resource.RLIMIT_NOFILE)[1]
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))


def psql(db: str, sql: str) -> str:
    return subprocess.run(
        ["psql", "-h", "127.0.0.1", "-U", "postgres", "-d", db, "-Atqc", sql],
        check=True,
        capture_output=True,
        text=True,
    ).stdout.strip()


def fresh_db(name: str) -> None:
    for sql in (f"DROP DATABASE IF EXISTS {name} WITH (FORCE)", f"CREATE DATABASE {name}"):
        psql("postgres", sql)


def server_env(db: str, port: int, **extra: str) -> dict[str, str]:
    """The environment the benches serve with: PostgreSQL database ``db``, quiet logs, no rate
    limits, no Redis (one instance; a caller that wants Redis passes ``REDIS_URL``)."""
    env = {
        **os.environ,
        "DATABASE_URL": f"postgresql+asyncpg://postgres@127.0.0.1:5432/{db}",
        "PORT": str(port),
        "LOG_LEVEL": "warning",
        "RATE_MOVES": LIMITS_OFF,
        "RATE_LOBBIES": LIMITS_OFF,
        "RATE_SESSIONS": LIMITS_OFF,
        "RATE_CHAT": LIMITS_OFF,
        "RUN_MIGRATIONS": "true",
    }
    env.pop("REDIS_URL", None)
    env.update(extra)
    return env


def wait_up(url: str, seconds: float = 90, proc: subprocess.Popen[bytes] | None = None) -> None:
    """Until ``url`` answers; raises if it never does, or if ``proc`` exits first."""
    end = time.time() + seconds
    while time.time() < end:
        if proc is not None and proc.poll() is not None:
            raise RuntimeError(f"the server exited ({proc.returncode}) before answering")
        try:
            urllib.request.urlopen(url, timeout=1).read()
            return
        except OSError:
            time.sleep(0.2)
    raise RuntimeError(f"server at {url} did not start")


def start(
    cmd: Sequence[str],
    *,
    cwd: Path,
    env: dict[str, str],
    port: int,
    log: Path,
    seconds: float = 240,
) -> subprocess.Popen[bytes]:
    """Start ``cmd`` (output to ``log``) and wait for its ``/healthz`` on ``port``: 240 s by
    default, migrations on a busy machine. Stops it again if it never answers."""
    with open(log, "w") as out:  # the child keeps its own descriptor
        proc = subprocess.Popen(
            list(cmd), cwd=cwd, env=env, stdout=out, stderr=subprocess.STDOUT, preexec_fn=more_files
        )
    try:
        wait_up(f"http://127.0.0.1:{port}/healthz", seconds, proc)
        if proc.poll() is not None:  # another server held the port: it answered, not ours
            raise RuntimeError(f"the server exited ({proc.returncode}): is the port taken?")
    except BaseException:
        stop(proc)
        raise
    return proc


def stop(proc: subprocess.Popen[bytes], seconds: float = 90) -> None:
    """SIGTERM, then SIGKILL if it has not exited after ``seconds``."""
    proc.terminate()
    try:
        proc.wait(timeout=seconds)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()


def profile_between_signals(out: str) -> None:
    """Profile this process's serving thread on its own CPU clock from SIGUSR1 (sent after the
    warm-up) to SIGUSR2, which writes the stats to ``out`` (setup_cost.py, asgi_servers.py)."""
    profiler = cProfile.Profile(time.thread_time)
    signal.signal(signal.SIGUSR1, lambda *_: profiler.enable())

    def stop(*_: object) -> None:
        profiler.disable()
        profiler.dump_stats(out)

    signal.signal(signal.SIGUSR2, stop)

