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
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from app.games.carcassonne import (  # noqa: E402
    hard_auction,
    hard_bot,
    hard_contest,
    hard_eval,
    hard_farms,
)
from bench import knob_runs  # noqa: E402

MODULES = {"hard_bot": hard_bot, "hard_auction": hard_auction, "hard_contest": hard_contest,
           "hard_eval": hard_eval, "hard_farms": hard_farms}
DEALS = "carc-knobs:carcassonne"
MOVES = "carc-knobs-moves"


def main() -> None:
    against, first, games, *knobs = sys.argv[1:]
    for knob in knobs:
        name, value = knob.split("=", 1)
        mod, attr = name.split(".", 1)
        module = MODULES[mod]
        setattr(module, attr, type(getattr(module, attr))(ast.literal_eval(value)))
    knob_runs.run("carcassonne", against, int(first), int(games), knobs, DEALS,
                  f"{MOVES}:{against}")


if __name__ == "__main__":
    main()
