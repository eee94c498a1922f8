"""A bot's knobs tried on a range of games (issue 28), for bench/grand_bazaar_knobs.py and
bench/carcassonne_knobs.py: each game of `bench.bot_strength.play` printed as it ends (first
place, margin, mean CPU per hard move, and the farm points where the game has them), then a
``RESULT`` line with the Wilson 95 % interval (`bench.bot_strength.summarise`)."""

from __future__ import annotations

import statistics
import time
from collections.abc import Sequence

from bench import bot_strength


def run(kind: str, against: str, first: int, games: int, knobs: Sequence[str],
        deals: str = "", moves: str = "") -> None:
    """Play games ``first`` .. ``first + games - 1`` with the knobs already set; print them."""
    print(list(knobs), against, first, games, flush=True)
    results = []
    started = time.perf_counter()
    for g in range(first, first + games):
        r = bot_strength.play(kind, against, g, deals, moves)
        results.append(r)
        print(g, r.first, r.margin, f"{statistics.mean(r.cpu) * 1000:.0f}ms",
              *([r.farms] if r.farms else []), flush=True)
    s = bot_strength.summarise(results)
    print(
        f"RESULT {list(knobs)} {against} {first}+{games}: {s.share:.1%} ({s.low:.1%}-{s.high:.1%}) "
        f"margin {s.margin:+.2f} +- {s.err:.2f} cpu mean "
        f"{statistics.mean(s.cpu) * 1000:.0f} p99 {s.p99 * 1000:.0f} ms "
        f"wall {time.perf_counter() - started:.0f}s",
        flush=True,
    )
