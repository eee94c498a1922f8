"""Carcassonne's hard bot with its knobs changed, on bot_strength.py's game loop (issue 28).

Plays `bench.bot_strength.play` (same decide path and budget) for a range of games with module
constants of the hard bot set from ``MODULE.NAME=VALUE`` arguments (MODULE one of hard_bot,
hard_auction, hard_eval, hard_farms; VALUE a Python literal, converted to the constant's type),
prints each game (first place, margin, mean CPU per hard move) and a summary line with the
Wilson 95 % interval. The deals and move seeds are this script's own (``carc-knobs``), apart
from bot_strength.py's report seeds: tune here, report with bot_strength.py.

    nice -n 19 python bench/carcassonne_knobs.py normal 0 40 hard_bot.REPLY_WEIGHT=0.5
"""

from __future__ import annotations

import ast
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from app.games.carcassonne import hard_auction, hard_bot, hard_eval, hard_farms  # noqa: E402
from bench import bot_strength  # noqa: E402
from bench.hard_bots import wilson  # noqa: E402

MODULES = {"hard_bot": hard_bot, "hard_auction": hard_auction, "hard_eval": hard_eval,
           "hard_farms": hard_farms}
DEALS = "carc-knobs:carcassonne"
MOVES = "carc-knobs-moves"


def main() -> None:
    against, first, games, *knobs = sys.argv[1:]
    for knob in knobs:
        name, value = knob.split("=", 1)
        mod, attr = name.split(".", 1)
        module = MODULES[mod]
        setattr(module, attr, type(getattr(module, attr))(ast.literal_eval(value)))
    print(knobs, against, first, games, flush=True)
    results = []
    started = time.perf_counter()
    for g in range(int(first), int(first) + int(games)):
        r = bot_strength.play("carcassonne", against, g, DEALS, f"{MOVES}:{against}")
        results.append(r)
        print(g, r.first, r.margin, f"{statistics.mean(r.cpu) * 1000:.0f}ms", r.farms,
              flush=True)
    share = sum(r.first for r in results) / len(results)
    low, high = wilson(share, len(results))
    margins = [r.margin for r in results]
    err = statistics.stdev(margins) / len(margins) ** 0.5 if len(margins) > 1 else 0.0
    cpu = sorted(t for r in results for t in r.cpu)
    print(
        f"RESULT {knobs} {against} {first}+{games}: {share:.1%} ({low:.1%}-{high:.1%}) "
        f"margin {statistics.mean(margins):+.2f} +- {err:.2f} cpu mean "
        f"{statistics.mean(cpu) * 1000:.0f} p99 {cpu[int(0.99 * len(cpu))] * 1000:.0f} ms "
        f"wall {time.perf_counter() - started:.0f}s",
        flush=True,
    )


if __name__ == "__main__":
    main()
