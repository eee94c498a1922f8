"""Hard-bot workers die with their server (issue 24, point 6): after ``kill -9`` of a server
process, the worker processes of its bot pool are gone too, instead of searching on for
nobody."""

from __future__ import annotations

import os
import time
from pathlib import Path

from tests.conftest import Player
from tests.support.games import first_move, hard_bot_game
from tests.support.instances import Instance


def workers_of(pid: int) -> list[int]:
    """The bot pool's worker processes of a server: its children started by spawn_main."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
            cmdline = (entry / "cmdline").read_bytes().decode(errors="replace")
        except OSError:
            continue
        ppid = int(stat.rsplit(")", 1)[1].split()[1])
        if ppid == pid and "spawn_main" in cmdline:
            found.append(int(entry.name))
    return found


def alive(pid: int) -> bool:
    """Running, as opposed to gone or a zombie waiting to be reaped."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return stat.rsplit(")", 1)[1].split()[0] != "Z"


def test_kill_9_of_the_server_takes_its_bot_workers_with_it(tmp_path: Path) -> None:
    os.environ["BOT_WORKERS"] = "2"
    os.environ["BOT_WORKER_INIT"] = "tests.bot_doubles:cheap_where_missing"
    os.environ["BOT_BUDGET_SCALE"] = "0.01"
    try:
        server = Instance(f"sqlite+aiosqlite:///{tmp_path / 'workers.db'}",
                          tmp_path / "server.log")
    finally:
        for name in ("BOT_WORKERS", "BOT_WORKER_INIT", "BOT_BUDGET_SCALE"):
            os.environ.pop(name)
    try:
        ann = Player(server.url, "Ann")
        game_id = hard_bot_game(ann)
        assert first_move(ann, game_id) == 1
        deadline = time.monotonic() + 60
        while ann.game(game_id)["seq"] < 2:  # the hard bot has moved: the pool is up
            assert time.monotonic() < deadline, "the hard bot did not move"
            time.sleep(0.05)
        workers = workers_of(server.proc.pid)
        assert workers, "no bot worker found"
        ann.http.close()
    finally:
        server.kill()
    deadline = time.monotonic() + 10
    while any(alive(pid) for pid in workers):
        assert time.monotonic() < deadline, [p for p in workers if alive(p)]
        time.sleep(0.05)
