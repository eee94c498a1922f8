"""A bound on closing Chromium in a test's teardown.

Once in a CI run (1,900 tests) closing a browser context hung until pytest-timeout stopped the
worker five minutes later, failing a test that had passed. Playwright's close() takes no
timeout, and its objects may only be used from the thread that made them, so the bound is a
timer that kills this worker's Chromium processes if closing takes too long: the pending
close() then returns (the browser is gone), the hang is reported on stderr, and the next test
gets a new browser (see the `browser` fixture)."""

from __future__ import annotations

import os
import signal
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

CLOSE_SECONDS = 60.0
# how many times the watchdog killed Chromium in this worker (a fixture launches it again)
kills = 0


def _parents() -> dict[int, int]:
    parents: dict[int, int] = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            # the name in (...) may hold spaces; the parent's id is the second field after it
            stat = (entry / "stat").read_text()
            parents[int(entry.name)] = int(stat.rsplit(")", 1)[1].split()[1])
        except (OSError, ValueError, IndexError):
            continue
    return parents


def _chromium_descendants() -> list[int]:
    parents = _parents()
    mine = os.getpid()

    def descends(pid: int) -> bool:
        seen = 0
        while pid in parents and seen < 64:
            pid, seen = parents[pid], seen + 1
            if pid == mine:
                return True
        return False

    found = []
    for pid in parents:
        try:
            name = Path(f"/proc/{pid}/comm").read_text().strip()
        except OSError:
            continue
        if ("chrom" in name or "headless" in name) and descends(pid):
            found.append(pid)
    return found


def kill_chromium() -> None:
    global kills
    kills += 1
    for pid in _chromium_descendants():
        try:
            os.kill(pid, signal.SIGKILL)
        except OSError:
            pass


@contextmanager
def bounded_close(what: str, seconds: float = CLOSE_SECONDS) -> Iterator[None]:
    """Run the body (closing contexts or the browser); kill Chromium if it takes longer."""
    def expire() -> None:
        print(f"\n{what} took over {seconds:.0f} s: killing this worker's Chromium",
              file=sys.stderr)
        kill_chromium()

    timer = threading.Timer(seconds, expire)
    timer.daemon = True
    timer.start()
    try:
        yield
    finally:
        timer.cancel()
