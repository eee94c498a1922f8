"""Test doubles for the hard bot, run in the bot pool's workers (Settings.bot_worker_init).

While the engines lack their own `hard_move` (issue 17: the game branches bring them), the
platform's tests need a hard bot that is cheap and deterministic; these hooks patch
`Engine.hard_move` in each worker process. ``cheap_where_missing`` leaves an engine's own hard
bot alone, so that the same tests run the real search once it is there.
"""

from __future__ import annotations

import os
import time
from pathlib import Path
from typing import Any

from app.games.base import Engine, all_engines

SLOW_DIR = "BAZAAR_TEST_BOT_DIR"
"""The folder the slow double writes ``started`` to and waits in for ``release``."""


def _has_own(engine: Engine) -> bool:
    return type(engine).hard_move is not Engine.hard_move


def _cheap(self: Engine, state: Any, seat: int, rng: Any, budget: Any) -> Any:
    """The normal bot's move on the redrawn state: legal, cheap, a function of the rng."""
    budget.iterations(1)
    return self.bot_move(state, seat, rng)


def _slow(self: Engine, state: Any, seat: int, rng: Any, budget: Any) -> Any:
    """Say it started, then think until released (or out of time): a bot that takes long."""
    folder = Path(os.environ[SLOW_DIR])
    (folder / "started").write_text(str(os.getpid()))
    while not (folder / "release").exists() and not budget.out_of_time():
        time.sleep(0.01)
    return self.bot_move(state, seat, rng)


def cheap_where_missing() -> None:
    """Give every engine without its own hard bot the cheap double."""
    for engine in all_engines():
        if not _has_own(engine):
            type(engine).hard_move = _cheap  # type: ignore[method-assign]


def cheap() -> None:
    """Give every engine the cheap double (a load bench that must not measure the search)."""
    for engine in all_engines():
        type(engine).hard_move = _cheap  # type: ignore[method-assign]


def slow() -> None:
    """Give every engine the slow double."""
    for engine in all_engines():
        type(engine).hard_move = _slow  # type: ignore[method-assign]


def _busy(self: Engine, state: Any, seat: int, rng: Any, budget: Any) -> Any:
    """Burn CPU until the deployment's cap, as a search that uses all of it would."""
    spins = 0
    while not budget.out_of_time():
        spins += sum(i * i for i in range(2000)) % 7
    return self.bot_move(state, seat, rng)


def busy() -> None:
    """Give every engine the busy double (bench/bot_load.py before the engines' hard bots)."""
    for engine in all_engines():
        type(engine).hard_move = _busy  # type: ignore[method-assign]


def _idle(self: Engine, state: Any, seat: int, rng: Any, budget: Any) -> Any:
    """Take a second without using the CPU (bench/bot_load.py: the pool's own overhead)."""
    time.sleep(1.0)
    return self.bot_move(state, seat, rng)


def idle() -> None:
    """Give every engine the idle double."""
    for engine in all_engines():
        type(engine).hard_move = _idle  # type: ignore[method-assign]
