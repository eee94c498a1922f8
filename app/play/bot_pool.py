"""Hard bots think in a process pool, off the event loop (issue 17; docs/decisions.md, "Bot
levels").

The main process redraws the state from the seat's point of view (`bots.seat_state`), so the
real hidden information never leaves it; a worker gets only ``(kind, dump_state(seen), seat,
seed, scale, cap)``, loads the state and runs the engine's search (`bots.think`) with a budget
of iterations (``scale`` times the engine's own count) and a CPU-time cap (``cap`` seconds of
``time.process_time()`` of the worker). The move is a function of the game, the step and the
seat: the seed is the one the service uses for every bot move.

An expert move (bots.EXPERT, turn-based tables only) comes here too: the main process redraws
the state once per world (`bots.expert_worlds`) and a worker runs `bots.think_expert` on them,
under the deployment's own, longer cap (``expert_cap``).

Normal moves never come here: they are cheap, and the service makes them inline.

Workers die with the server (issue 24, point 6: after ``kill -9`` of a server its workers
went on searching): each worker asks the kernel for SIGKILL when its parent dies
(``PR_SET_PDEATHSIG`` through ``prctl``, Linux), and where that is not available a thread
of its own watches the parent's pid and ends the worker once the parent is gone.
"""

from __future__ import annotations

import asyncio
import ctypes
import ctypes.util
import importlib
import json
import logging
import multiprocessing
import os
import signal
import sys
import threading
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any, TypeVar

from app.games import bots
from app.games.base import Engine, Move, get_engine
from app.play.fair_queue import FairQueue

log = logging.getLogger("bazaar.bots")

T = TypeVar("T")


def think(kind: str, dumped: Any, seat: int, seed: str, scale: float, cap: float) -> Move:
    """In a worker: the hard move for a state already redrawn for ``seat``, as JSON."""
    engine = get_engine(kind)
    seen = engine.load_state(dumped)
    started = time.process_time()

    def out_of_time() -> bool:
        return time.process_time() - started >= cap

    move = bots.think(engine, seen, seat, seed, bots.Budget(scale=scale, out_of_time=out_of_time))
    round_trip: Move = json.loads(json.dumps(move))  # moves are JSON, as the log keeps them
    return round_trip


def think_expert(kind: str, dumped: list[Any], seat: int, seed: str, scale: float,
                 cap: float) -> Move:
    """In a worker: the expert move on worlds already redrawn for ``seat``, as JSON."""
    engine = get_engine(kind)
    worlds = [engine.load_state(d) for d in dumped]
    started = time.process_time()

    def out_of_time() -> bool:
        return time.process_time() - started >= cap

    move = bots.think_expert(engine, worlds, seat, seed,
                             bots.Budget(scale=scale, out_of_time=out_of_time))
    round_trip: Move = json.loads(json.dumps(move))
    return round_trip


PR_SET_PDEATHSIG = 1
"""prctl(2) option: the signal this process gets when its parent dies."""
PARENT_WATCH_SECONDS = 1.0


def _die_with(parent: int) -> None:
    """End this worker when the process that started it (the server) dies, however it died."""
    if not _death_signal() or os.getppid() != parent:
        # no prctl here (or the parent died before it was set): watch the parent's pid
        threading.Thread(target=_watch, args=(parent,), name="parent-watch",
                         daemon=True).start()


def _death_signal() -> bool:
    """Ask the kernel for SIGKILL when the parent dies; False where that is not available."""
    if not sys.platform.startswith("linux"):
        return False
    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6", use_errno=True)
        return int(libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)) == 0
    except (OSError, AttributeError):
        return False


def _watch(parent: int) -> None:
    """The fallback: a worker whose parent is gone is re-parented, so its ppid changes."""
    while os.getppid() == parent:
        time.sleep(PARENT_WATCH_SECONDS)
    os._exit(1)


def _initializer(nice: int, path: str, parent: int = 0) -> None:
    """Start a worker: tie its life to the server's; lower its priority, so that the event
    loop's process wins the CPU over thinking bots (the cap is CPU time: a niced search makes
    the same move, later); then run ``module:function`` if one is given (tests and benches: a
    test double)."""
    if parent:
        _die_with(parent)
    if nice:
        os.nice(nice)
    if path:
        module, _, name = path.partition(":")
        hook: Callable[[], None] = getattr(importlib.import_module(module), name)
        hook()


class BotPool:
    """The deployment's pool of hard-bot workers (created at the first hard move)."""

    def __init__(self, workers: int, think_seconds: float, scale: float,
                 worker_init: str = "", nice: int = 10, expert_seconds: float = 10.0) -> None:
        self.workers = max(1, workers)
        self.nice = nice
        self.think_seconds = think_seconds
        self.expert_seconds = expert_seconds
        self.scale = scale
        self.worker_init = worker_init
        self._executor: ProcessPoolExecutor | None = None
        # one search per worker at a time, the owners taking turns (issue 24, point 4)
        self.queue = FairQueue(self.workers)

    def _pool(self) -> ProcessPoolExecutor:
        if self._executor is None:
            # spawn, not fork: the server has threads (the event loop, the database driver)
            # that a forked child would inherit in whatever state they were
            self._executor = ProcessPoolExecutor(
                max_workers=self.workers, mp_context=multiprocessing.get_context("spawn"),
                initializer=_initializer,
                initargs=(self.nice, self.worker_init, os.getpid()))
        return self._executor

    async def hard_move(self, engine: Engine, state: Any, seat: int, seed: str,
                        owner: str = "", level: str = bots.HARD) -> Move:
        """The move of the searching bot of ``level`` (hard or expert) for ``seat``, thought
        out in a worker when ``owner`` (the game's host) has its turn at one; the caller
        awaits it without blocking the event loop. Raises what the search raised."""
        if level == bots.EXPERT:
            worlds = bots.expert_worlds(engine, state, seat, seed)
            return await self.run(owner, think_expert, engine.kind,
                                  [engine.dump_state(w) for w in worlds], seat, seed,
                                  self.scale, self.expert_seconds)
        seen = bots.seat_state(engine, state, seat, seed)
        return await self.run(owner, think, engine.kind, engine.dump_state(seen), seat, seed,
                              self.scale, self.think_seconds)

    async def run(self, owner: str, fn: Callable[..., T], *args: Any) -> T:
        """``fn(*args)`` in a worker, when ``owner`` has its turn at one (hard moves, and the
        analyses of finished games, app/analysis/); raises what ``fn`` raised."""
        loop = asyncio.get_running_loop()

        async def job() -> T:
            return await loop.run_in_executor(self._pool(), fn, *args)

        try:
            return await self.queue.run(owner, job)
        except BrokenProcessPool:
            # a worker died (killed, out of memory): the next job gets a fresh pool
            self._drop()
            raise

    def _drop(self) -> None:
        if self._executor is not None:
            self._executor.shutdown(wait=False, cancel_futures=True)
            self._executor = None

    def shutdown(self) -> None:
        """Stop the workers (the app's lifespan, at shutdown); a search under way is dropped."""
        if self._executor is not None:
            self._executor.shutdown(wait=True, cancel_futures=True)
            self._executor = None
