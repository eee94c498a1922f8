"""Hard bot against normal bots (issue 17): win rate with its confidence interval.

Plays GAMES games of KIND; the hard bot's seat rotates (game g: seat g mod players), so it
moves first in a fair share of them; every other seat is the normal bot. Each hard move runs
`app.games.bots.decide` exactly as the platform does (the state redrawn for the seat first),
at the budget scale given. Prints the tally, the Wilson 95 % interval of the hard bot's share of
first places (a shared first place counts half) and the CPU time per hard move, and writes them
to bench/results/hard_bots_<kind>_<players>p.txt.

Deals 0-199 and 1000 onward (`hard-bench:<kind>:<g>`) are the games issue 17 chose the
Carcassonne hard bot's placement on: its figure there is in-sample (bench/README.md, "Why
the two deal families disagree"); `--first 5000` or bench/bot_strength.py measure it on
fresh deals.

    python bench/hard_bots.py KIND [--games 200] [--players 2] [--scale 1.0] [--workers 2]
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor, as_completed
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from app.games.base import SeededRng, get_engine  # noqa: E402
from app.games.bots import HARD, NORMAL, Budget, decide  # noqa: E402

RESULTS = Path(__file__).parent / "results"


def play(kind: str, players: int, game: int, scale: float,
         options: dict[str, object]) -> tuple[float, list[float]]:
    """One game: the hard bot's result (1 first, 0.5 shared first, 0 otherwise) and the CPU
    seconds of each of its moves."""
    engine = get_engine(kind)
    hard = game % players
    names = [f"Bot {i + 1}" for i in range(players)]
    opts = engine.validate_options(options, players)
    chance = SeededRng(f"hard-bench:{kind}:{game}")
    state, _ = engine.start(names, opts, chance)
    budget = Budget(scale=scale)
    thinking: list[float] = []
    step = 0
    while engine.outcome(state) is None:
        seat = min(engine.to_act(state))
        level = HARD if seat == hard else NORMAL
        started = time.process_time()
        move = decide(engine, state, seat, level, f"{kind}:{game}:{step}:{seat}", budget)
        if level == HARD:
            thinking.append(time.process_time() - started)
        state, _ = engine.apply(state, seat, move, chance)
        step += 1
    outcome = engine.outcome(state)
    assert outcome is not None
    if outcome.ranks[hard] != 1:
        return 0.0, thinking
    return (1.0 if outcome.ranks.count(1) == 1 else 0.5), thinking


def wilson(share: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a proportion."""
    if n == 0:
        return 0.0, 1.0
    centre = (share + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(share * (1 - share) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("kind")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--scale", type=float, default=1.0)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--first", type=int, default=0, help="number of the first game (seeds)")
    args = parser.parse_args()
    started = time.perf_counter()
    with ProcessPoolExecutor(args.workers) as pool:
        jobs = [pool.submit(play, args.kind, args.players, g, args.scale, {})
                for g in range(args.first, args.first + args.games)]
        results = []
        for done in as_completed(jobs):  # a tally as it goes: a run stopped early says something
            results.append(done.result())
            won = sum(r for r, _ in results)
            print(f"  {len(results)}/{args.games} games: hard {won:g} first places", flush=True)
    wall = time.perf_counter() - started
    firsts = sum(1 for r, _ in results if r == 1.0)
    shared = sum(1 for r, _ in results if r == 0.5)
    share = sum(r for r, _ in results) / len(results)
    low, high = wilson(share, len(results))
    cpu = sorted(t for _, ts in results for t in ts)
    p99 = cpu[min(len(cpu) - 1, int(0.99 * len(cpu)))] if cpu else 0.0
    target = "at least 70 %" if args.players == 2 else "at least 45 %"
    lines = [
        f"{args.kind}: hard bot against {args.players - 1} normal bot(s), {args.players}-player "
        f"games {args.first}..{args.first + args.games - 1}, hard seat rotating, budget scale "
        f"{args.scale}",
        f"hard first {firsts}, shared first {shared}, not first {len(results) - firsts - shared}",
        f"hard share of first places {share:.1%} (95 % Wilson interval {low:.1%}..{high:.1%}; "
        f"target {target})",
        f"CPU per hard move: mean {statistics.mean(cpu) * 1000:.0f} ms, p99 {p99 * 1000:.0f} ms, "
        f"max {cpu[-1] * 1000:.0f} ms over {len(cpu)} moves" if cpu else "no hard moves",
        f"wall time {wall:.0f} s with {args.workers} worker process(es)",
    ]
    text = "\n".join(lines)
    print(text)
    RESULTS.mkdir(exist_ok=True)
    (RESULTS / f"hard_bots_{args.kind}_{args.players}p.txt").write_text(text + "\n")


if __name__ == "__main__":
    main()
