"""The stand-alone auction's hard bot against normal bots (issue 17): share of first places.

`bench/hard_bots.py` cannot play this kind: a game needs the table's players, the placer and the
tiles drawn (CAR-105), and its outcome ranks nobody (CAR-113: the auction only moves points). So
game g here draws the tiles (uniformly from the catalogue) and the placer with
``SeededRng(f"ca:{g}")``, seats the hard bot at g mod players, and judges each seat by its
*standing*: its final points plus the estimated worth of the tile it won
(`carcassonne_auction.hard_bot.tile_worth`, the hard bot's own estimate, so the figure favours
it); "first by points alone" ignores the tiles. Prints both with the Wilson 95 % interval and
writes bench/results/hard_bots_carcassonne-auction_<P>p.txt.

    python bench/hard_bots_auction.py [--players 2] [--games 200]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from app.games.base import SeededRng, get_engine  # noqa: E402
from app.games.bots import HARD, NORMAL, Budget, decide  # noqa: E402
from app.games.carcassonne.tiles import CATALOGUE_IDS  # noqa: E402
from app.games.carcassonne_auction.hard_bot import tile_worth  # noqa: E402
from bench.hard_bots import wilson  # noqa: E402

RESULTS = Path(__file__).parent / "results"


def first(values: list[float], seat: int) -> float:
    """1 for a sole best value, 0.5 for a shared one, else 0."""
    best = max(values)
    if values[seat] != best:
        return 0.0
    return 1.0 if values.count(best) == 1 else 0.5


def play(players: int, game: int) -> tuple[float, float, list[float]]:
    """One auction: the hard seat's first place by standing and by points, its CPU per move."""
    engine = get_engine("carcassonne-auction")
    rng = SeededRng(f"ca:{game}")
    tiles = [{"type": CATALOGUE_IDS[rng.randbelow(len(CATALOGUE_IDS))]} for _ in range(players)]
    options = engine.validate_options({"players": [f"p{i}" for i in range(players)],
                                       "placer": rng.randbelow(players), "tiles": tiles}, players)
    state = engine.setup(options["players"], options, rng)
    hard, step, cpu = game % players, 0, []
    while engine.outcome(state) is None:
        seat = min(engine.to_act(state))
        started = time.process_time()
        move = decide(engine, state, seat, HARD if seat == hard else NORMAL, f"{game}:{step}",
                      Budget())
        if seat == hard:
            cpu.append(time.process_time() - started)
        state, _ = engine.apply(state, seat, move, rng)
        step += 1
    outcome = engine.outcome(state)
    assert outcome is not None
    owners = outcome.details["owners"]
    standing = [outcome.scores[s] + tile_worth(tiles[owners.index(s)]) for s in range(players)]
    return first(standing, hard), first(list(outcome.scores), hard), cpu


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--games", type=int, default=200)
    args = parser.parse_args()
    results = [play(args.players, g) for g in range(args.games)]
    by_standing = sum(r[0] for r in results) / len(results)
    by_points = sum(r[1] for r in results) / len(results)
    low, high = wilson(by_standing, len(results))
    cpu = [t for r in results for t in r[2]]
    text = "\n".join([
        f"carcassonne-auction: hard bot against {args.players - 1} normal bot(s), "
        f"{args.players}-player auctions 0..{args.games - 1} (bench/hard_bots_auction.py)",
        f"hard first by standing (points + tile worth) {by_standing:.1%} "
        f"(95 % Wilson interval {low:.1%}..{high:.1%}); first by points alone {by_points:.1%}",
        f"CPU per hard move: mean {statistics.mean(cpu) * 1000:.1f} ms, "
        f"max {max(cpu) * 1000:.1f} ms over {len(cpu)} moves",
    ])
    print(text)
    RESULTS.mkdir(exist_ok=True)
    (RESULTS / f"hard_bots_carcassonne-auction_{args.players}p.txt").write_text(text + "\n")


if __name__ == "__main__":
    main()
