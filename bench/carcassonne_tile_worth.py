"""What each Carcassonne tile type is worth on a real board (issue 28, point 1): a measured
alternative to the stand-alone auction hard bot's guessed table (hard_bot.WORTH).

The stand-alone auction never sees the board (CAR-106), so its hard bot needs a tile's worth
from what the tile shows. Measured here instead of guessed: two-player games of Carcassonne
(the Bazaar expansion, default options) played by the normal bots; at every tile placement
(every ``--every``-th), each tile type of the catalogue is put in the seat's hand and valued as
the greedy bot values a won tile (`bot.tile_value`: its best placement's points and figure,
CAR-15 to CAR-26, CAR-36 to CAR-48). A type's worth is its mean over those positions. Prints the
table as Python and writes bench/results/carcassonne_tile_worth.txt. Tried as the hard bot's
table, it did not help (bench/README.md, issue 28), so the guessed table stays.

    nice -n 15 python bench/carcassonne_tile_worth.py [--games 12] [--every 3]
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from app.games.base import SeededRng  # noqa: E402
from app.games.bots import NORMAL, decide  # noqa: E402
from app.games.carcassonne import bot  # noqa: E402
from app.games.carcassonne.engine import ENGINE  # noqa: E402
from app.games.carcassonne.tiles import CATALOGUE_IDS  # noqa: E402

RESULTS = Path(__file__).parent / "results"


def measure(games: int, every: int, seeds: str = "tile-worth") -> dict[str, list[float]]:
    """Each tile type's value at every ``every``-th placement of ``games`` normal-bot games."""
    values: dict[str, list[float]] = {tid: [] for tid in CATALOGUE_IDS}
    for g in range(games):
        state, _ = ENGINE.start(["A", "B"], ENGINE.validate_options({}, 2),
                                SeededRng(f"{seeds}:{g}"))
        chance = SeededRng(f"{seeds}:{g}:chance")
        step = placements = 0
        while ENGINE.outcome(state) is None:
            seat = min(ENGINE.to_act(state))
            if state.phase == "place":
                placements += 1
                if placements % every == 0:
                    for tid in CATALOGUE_IDS:
                        values[tid].append(bot.tile_value(state, seat, tid))
            move = decide(ENGINE, state, seat, NORMAL, f"{seeds}:{g}:{step}")
            state, _ = ENGINE.apply(state, seat, move, chance)
            step += 1
    return values


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=12)
    parser.add_argument("--every", type=int, default=3)
    parser.add_argument("--seeds", default="tile-worth", help="seed prefix of the games (the "
                        "bench's judging table, bot_strength.py's, is measured on 'tile-judge')")
    args = parser.parse_args()
    values = measure(args.games, args.every, args.seeds)
    count = len(next(iter(values.values())))
    lines = [f"# mean greedy value of a won tile over {count} positions of {args.games} "
             f"two-player normal-bot games (bench/carcassonne_tile_worth.py, seeds "
             f"{args.seeds}:<g>)", "MEASURED = {"]
    for tid in CATALOGUE_IDS:
        lines.append(f"    {tid!r}: {statistics.mean(values[tid]):.1f},")
    lines.append("}")
    text = "\n".join(lines) + "\n"
    print(text, end="")
    RESULTS.mkdir(exist_ok=True)
    suffix = "" if args.seeds == "tile-worth" else "_" + args.seeds.replace("-", "_")
    (RESULTS / f"carcassonne_tile_worth{suffix}.txt").write_text(text)


if __name__ == "__main__":
    main()
