"""The garbage collector's settings for a serving process (issue 16, bench/README.md).

CPython's default thresholds (700, 10, 10) run a young collection every 700 new container
objects and an older one every tenth of those. A move allocates thousands of short-lived dicts
and lists (views, patches, frames, rows), so under load the collector runs several times per
move, and each older collection walks every object the process has kept since start-up: the
imported modules, SQLAlchemy's and pydantic's caches, every live game's history. Measured
under ``bench/peers/run.sh``'s load this was a quarter of the server's CPU.

At the end of start-up the objects that exist are moved out of the collector's sight
(``gc.freeze``: they live as long as the process anyway), and the young generation's threshold
is raised so that a move's garbage is reclaimed by reference counting, as nearly all of it is,
before a collection looks at it. Cycles are still collected, only less often.

The default (50,000, config.py) was chosen from the collector's own timings inside run.sh's
load window (gc.callbacks, bench/README.md): at 10,000 the young collections cost about as
much in all (each finds the survivors of fewer allocations) but every tenth of them is a
middle-generation collection of 35-50 ms, 0.39-0.45 s per 5,400 moves; at 50,000, 0.19-0.24 s.
A young collection then pauses the loop for about 20 ms instead of 4.
"""

from __future__ import annotations

import gc


def tune_for_serving(young_threshold: int) -> None:
    """Freeze what start-up made and collect the young generation every ``young_threshold``
    allocations; 0 keeps CPython's defaults (tests that build many apps in one process)."""
    if young_threshold <= 0:
        return
    gc.collect()
    gc.freeze()
    _, middle, old = gc.get_threshold()
    gc.set_threshold(young_threshold, middle, old)
