"""Grand Bazaar's hard bot with its knobs changed, on bot_strength.py's games (issue 28).

Plays `bench.bot_strength.play` (the judge of record: same deals, move seeds and budget) for a
range of games with module constants of app/games/grand_bazaar/hard_bot.py set from
``NAME=VALUE`` arguments (a Python literal, converted to the constant's type), prints each
game (first place, margin, mean CPU per hard move) and a summary line with the Wilson 95 %
interval. Tune on games nobody reports (300-399), report bot_strength.py's 0-199.

    nice -n 15 python bench/grand_bazaar_knobs.py baseline 300 100 PRIOR_Z=1.0
"""

from __future__ import annotations

import ast
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from app.games.grand_bazaar import ENGINE, hard_bot  # noqa: E402
from bench import bot_strength  # noqa: E402
from bench.hard_bots import wilson  # noqa: E402


def main() -> None:
    against, first, games, *knobs = sys.argv[1:]
    for knob in knobs:
        name, value = knob.split("=", 1)
        setattr(hard_bot, name, type(getattr(hard_bot, name))(ast.literal_eval(value)))
        if name == "ITERATIONS":  # the engine copies it at import (`hard_iterations`)
            type(ENGINE).hard_iterations = hard_bot.ITERATIONS
    print(knobs, against, first, games, flush=True)
    results = []
    started = time.perf_counter()
    for g in range(int(first), int(first) + int(games)):
        r = bot_strength.play("grand-bazaar", against, g)
        results.append(r)
        print(g, r.first, r.margin, f"{statistics.mean(r.cpu) * 1000:.0f}ms", flush=True)
    share = sum(r.first for r in results) / len(results)
    low, high = wilson(share, len(results))
    margins = [r.margin for r in results]
    err = statistics.stdev(margins) / len(margins) ** 0.5
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
