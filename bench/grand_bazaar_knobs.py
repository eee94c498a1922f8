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
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from app.games.grand_bazaar import ENGINE, hard_bot  # noqa: E402
from bench import knob_runs  # noqa: E402


def main() -> None:
    against, first, games, *knobs = sys.argv[1:]
    for knob in knobs:
        name, value = knob.split("=", 1)
        setattr(hard_bot, name, type(getattr(hard_bot, name))(ast.literal_eval(value)))
        if name == "ITERATIONS":  # the engine copies it at import (`hard_iterations`)
            type(ENGINE).hard_iterations = hard_bot.ITERATIONS
    knob_runs.run("grand-bazaar", against, int(first), int(games), knobs)


if __name__ == "__main__":
    main()
