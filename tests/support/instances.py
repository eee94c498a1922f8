"""A server instance in its own process, to kill and start again."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import httpx

from tests.conftest import free_port

ROOT = Path(__file__).resolve().parents[2]


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
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "uvicorn", "app.main:app", "--host", "127.0.0.1",
             "--port", str(self.port), "--log-level", "warning"],
            cwd=ROOT, env=env, stdout=log.open("a"), stderr=subprocess.STDOUT)
        deadline = time.monotonic() + 90  # a loaded machine starts the app slowly
        while True:
            assert self.proc.poll() is None, log.read_text()[-2000:]
            try:
                if httpx.get(f"{self.url}/readyz", timeout=1).status_code == 200:
                    return
            except httpx.HTTPError:
                pass
            assert time.monotonic() < deadline, "server did not start"
            time.sleep(0.1)

    def kill(self) -> None:
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(timeout=10)

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.terminate()
            self.proc.wait(timeout=15)
