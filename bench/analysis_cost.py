"""What an analysis of a finished game costs (issue 28, point 4; app/games/analysis.py).

For each game kind: one two-player game played by normal bots; every STRIDE-th position is
analysed as the platform does it (win chances from PLAYOUTS playouts, then the hard bot's choice
for the next mover at full budget), timed in CPU seconds. Prints the mean per position and the
estimate for the whole game (positions x mean) on one worker, and writes them to
bench/results/analysis_cost.txt.

    python bench/analysis_cost.py [--playouts 16] [--stride 10] [--seed 1]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from app.games import analysis  # noqa: E402
from app.games.base import SeededRng, all_engines  # noqa: E402

RESULTS = Path(__file__).parent / "results"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--playouts", type=int, default=16)
    parser.add_argument("--stride", type=int, default=10)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    lines = [f"analysis cost per position: {args.playouts} playouts + one hard search at full "
             f"budget, every {args.stride}th position of one 2-player game by normal bots"]
    for engine in all_engines():
        if engine.table_aid:
            continue
        rng = SeededRng(args.seed)
        state, _ = engine.start(["A", "B"], engine.validate_options({}, 2), rng)
        states, movers = [state], []
        while engine.outcome(state) is None:
            seat = min(engine.to_act(state))
            state, _ = engine.apply(state, seat, engine.bot_move(state, seat, rng), rng)
            states.append(state)
            movers.append(seat)
        chances_cpu, best_cpu = [], []
        for k in range(0, len(movers), args.stride):
            started = time.process_time()
            analysis.win_chances(engine, states[k], args.playouts, f"bench:{k}")
            middle = time.process_time()
            analysis.best_move(engine, states[k], movers[k], f"bench:{k}:best")
            chances_cpu.append(middle - started)
            best_cpu.append(time.process_time() - middle)
        chances, best = statistics.mean(chances_cpu), statistics.mean(best_cpu)
        per = chances + best
        lines.append(
            f"{engine.kind:14} positions {len(states):4}  chances {chances:.3f} s"
            f"  hard choice {best:.3f} s  per position {per:.3f} s"
            f"  whole game ~{per * len(states) / 60:.1f} min of one worker")
        print(lines[-1], flush=True)
    RESULTS.mkdir(exist_ok=True)
    (RESULTS / "analysis_cost.txt").write_text("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
