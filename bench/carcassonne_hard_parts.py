"""Which part of the Carcassonne hard bot wins (issue 17): one decision type at a time.

The seat under test plays its auction moves (CAR-60 to CAR-70) at one level and every other
decision at another, against normal bots, over the same seeded games as `bench/hard_bots.py`;
prints its share of first places and its mean score margin over the best other seat, with the
standard error. A margin is far less noisy than a win count, so two variants can be told apart
in tens of games instead of hundreds (docs/decisions.md, "The Carcassonne hard bot's placement").

    python bench/carcassonne_hard_parts.py [--auction hard] [--rest normal] [--games 60]
        [--players 2] [--first 0] [--workers 2]
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from app.games.base import SeededRng, get_engine  # noqa: E402
from app.games.bots import LEVELS, Budget, decide  # noqa: E402

KIND = "carcassonne"


def play(game: int, players: int, auction_level: str, rest_level: str) -> tuple[float, int]:
    """One game: the tested seat's result (1, 0.5 for a shared first place, 0) and margin."""
    engine = get_engine(KIND)
    tested = game % players
    opts = engine.validate_options({}, players)
    chance = SeededRng(f"hard-bench:{KIND}:{game}")  # the seeds of bench/hard_bots.py
    state, _ = engine.start([f"Bot {i + 1}" for i in range(players)], opts, chance)
    budget = Budget()
    step = 0
    while engine.outcome(state) is None:
        seat = min(engine.to_act(state))
        level = "normal"
        if seat == tested:
            level = auction_level if state.phase == "auction" else rest_level
        move = decide(engine, state, seat, level, f"{KIND}:{game}:{step}:{seat}", budget)
        state, _ = engine.apply(state, seat, move, chance)
        step += 1
    outcome = engine.outcome(state)
    assert outcome is not None
    best_other = max(s for i, s in enumerate(state.scores) if i != tested)
    result = 0.0 if outcome.ranks[tested] != 1 else 1.0 if outcome.ranks.count(1) == 1 else 0.5
    return result, state.scores[tested] - best_other


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--auction", choices=LEVELS, default="hard")
    parser.add_argument("--rest", choices=LEVELS, default="normal")
    parser.add_argument("--games", type=int, default=60)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--first", type=int, default=0)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    started = time.perf_counter()
    games = range(args.first, args.first + args.games)
    with ProcessPoolExecutor(args.workers) as pool:
        results = list(pool.map(play, games, [args.players] * args.games,
                                [args.auction] * args.games, [args.rest] * args.games))
    share = sum(r for r, _ in results) / len(results)
    margins = [m for _, m in results]
    error = statistics.stdev(margins) / math.sqrt(len(margins)) if len(margins) > 1 else 0.0
    print(f"auction {args.auction}, the rest {args.rest}, {args.players} players, games "
          f"{args.first}..{args.first + args.games - 1}: first places {share:.1%}, margin "
          f"{statistics.mean(margins):+.1f} ± {error:.1f}, "
          f"wall {time.perf_counter() - started:.0f} s")


if __name__ == "__main__":
    main()
