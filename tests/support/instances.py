"""The server as a real subprocess (uvicorn, or ``python -m app`` as production starts it):
started, waited for until it answers, killed and started again. Every test that needs a
process of its own (the browser tests, kill -9, two instances, the operator's entry point)
starts it here, so the start and the wait are written once."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections.abc import Mapping, Sequence
from pathlib import Path

import httpx

from tests.conftest import free_port

ROOT = Path(__file__).resolve().parents[2]
APP = "app.main:app"
START_SECONDS = 90
"""How long a server may take to answer: a loaded machine imports the app slowly."""


def uvicorn_command(port: int, *extra: str) -> list[str]:
    """uvicorn serving the app on ``port`` (quiet logs), with any further options."""
    return [sys.executable, "-m", "uvicorn", APP, "--host", "127.0.0.1", "--port", str(port),
            "--log-level", "warning", *extra]


def entry_point_command() -> list[str]:
    """``python -m app``: the production entry point (it reads PORT from the environment)."""
    return [sys.executable, "-m", "app"]


def spawn(command: Sequence[str], env: Mapping[str, str], log: Path,
          append: bool = False) -> subprocess.Popen[bytes]:
    """Start a server process, its output into ``log``."""
    return subprocess.Popen(list(command), cwd=ROOT, env=dict(env),
                            stdout=log.open("a" if append else "w"), stderr=subprocess.STDOUT)


def wait_ready(url: str, proc: subprocess.Popen[bytes], log: Path, path: str = "/readyz",
               seconds: float = START_SECONDS) -> None:
    """Wait until the server answers ``path`` with 200; fail with its log's tail if it exits
    or takes longer than ``seconds``."""
    deadline = time.monotonic() + seconds
    while True:
        if proc.poll() is not None:
            raise AssertionError(f"the server exited: {log.read_text()[-3000:]}")
        try:
            if httpx.get(f"{url}{path}", timeout=1).status_code == 200:
                return
        except httpx.HTTPError:
            pass
        if time.monotonic() > deadline:
            proc.kill()
            raise AssertionError(f"the server did not start: {log.read_text()[-3000:]}")
        time.sleep(0.1)


def stop(proc: subprocess.Popen[bytes], seconds: float = 10) -> None:
    """Ask the server to stop (SIGTERM); kill it if it has not within ``seconds``."""
    if proc.poll() is not None:
        return
    proc.terminate()
    try:
        proc.wait(timeout=seconds)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait(timeout=10)


class Instance:
    """The server as a real subprocess that can be killed."""

    def __init__(self, database_url: str, log: Path, port: int | None = None,
                 extra_env: dict[str, str] | None = None) -> None:
        self.port = port or free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        env = {**os.environ, "DATABASE_URL": database_url, "BOT_DELAY": "0.01",
               "RATE_MOVES": "100000", "RATE_LOBBIES": "10000", "SNAPSHOT_EVERY": "7"}
        env.pop("REDIS_URL", None)
        env.update(extra_env or {})
        self.proc = spawn(uvicorn_command(self.port), env, log, append=True)
        wait_ready(self.url, self.proc, log)

    def kill(self) -> None:
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(timeout=10)

    def stop(self) -> None:
        stop(self.proc, seconds=15)
