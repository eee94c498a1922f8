"""Hard bots think in a process pool, off the event loop (issue 17; docs/decisions.md, "Bot
levels").

The main process redraws the state from the seat's point of view (`bots.seat_state`), so the
real hidden information never leaves it; a worker gets only ``(kind, dump_state(seen), seat,
seed, scale, cap)``, loads the state and runs the engine's search (`bots.think`) with a budget
of iterations (``scale`` times the engine's own count) and a CPU-time cap (``cap`` seconds of
``time.process_time()`` of the worker). The move is a function of the game, the step and the
seat: the seed is the one the service uses for every bot move.

Normal moves never come here: they are cheap, and the service makes them inline.
"""

from __future__ import annotations

import asyncio
import importlib
import json
import logging
import multiprocessing
import os
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any

from app.games import bots
from app.games.base import Engine, Move, get_engine

log = logging.getLogger("bazaar.bots")


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


def _initializer(nice: int, path: str) -> None:
    """Start a worker: lower its priority, so that the event loop's process wins the CPU over
    thinking bots (the cap is CPU time: a niced search makes the same move, later); then run
    ``module:function`` if one is given (tests and benches: a test double)."""
    if nice:
        os.nice(nice)
    if path:
        module, _, name = path.partition(":")
        hook: Callable[[], None] = getattr(importlib.import_module(module), name)
        hook()


class BotPool:
    """The deployment's pool of hard-bot workers (created at the first hard move)."""

    def __init__(self, workers: int, think_seconds: float, scale: float,
                 worker_init: str = "", nice: int = 10) -> None:
        self.workers = max(1, workers)
        self.nice = nice
        self.think_seconds = think_seconds
        self.scale = scale
        self.worker_init = worker_init
        self._executor: ProcessPoolExecutor | None = None

    def _pool(self) -> ProcessPoolExecutor:
        if self._executor is None:
            # spawn, not fork: the server has threads (the event loop, the database driver)
            # that a forked child would inherit in whatever state they were
            self._executor = ProcessPoolExecutor(
                max_workers=self.workers, mp_context=multiprocessing.get_context("spawn"),
                initializer=_initializer, initargs=(self.nice, self.worker_init))
        return self._executor

    async def hard_move(self, engine: Engine, state: Any, seat: int, seed: str) -> Move:
        """The hard bot's move for ``seat``, thought out in a worker; the caller awaits it
        without blocking the event loop. Raises what the search raised."""
        seen = bots.seat_state(engine, state, seat, seed)
        job = (engine.kind, engine.dump_state(seen), seat, seed, self.scale, self.think_seconds)
        loop = asyncio.get_running_loop()
        try:
            return await loop.run_in_executor(self._pool(), think, *job)
        except BrokenProcessPool:
            # a worker died (killed, out of memory): the next move gets a fresh pool
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
