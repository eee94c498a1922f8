"""The hard bot's spare-follower rule, measured where it acts (issue 28, point 1).

`hard_farms.spare` changes a decision only in the last turn or two of a game, and only when
the hard seat holds more followers than turns left: whole games of each bot would bury that
in the noise of the first seventy turns. So each two-player game against the normal bot is
played as bench/bot_strength.py plays it (hard seat alternating, every move through
`app.games.bots.decide`, move seeds ``strength:carcassonne:normal:<g>:<step>``) with the rule
off; at the first hard decision where the rule would apply, the game is also finished from
that position with the rule on (the same move seeds; the chance generator draws nothing after
the setup). Prints, per game: whether the rule applied, the tiles then left, and the hard
seat's first place and margin without and with it.

    nice -n 15 python bench/carcassonne_spare_branches.py --deals DEALS --games N
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from app.games.base import Engine, SeededRng, get_engine  # noqa: E402
from app.games.bots import HARD, NORMAL, Budget, decide  # noqa: E402
from app.games.carcassonne import hard_farms  # noqa: E402


def _finish(engine: Engine, state: Any, step: int, hard: int, game: int, spare_on: bool,
            watch: bool = False) -> tuple[Any, int, tuple[float, float] | None]:
    """Play to the end with the rule on or off; when watching, stop where the rule would
    first apply and return that position (no result)."""
    hard_farms.SPARE = spare_on
    chance = SeededRng(0)  # drawn from only at the setup
    while engine.outcome(state) is None:
        seat = min(engine.to_act(state))
        if watch and seat == hard and state.phase in ("place", "figure"):
            hard_farms.SPARE = True
            applies = hard_farms.spare(state, hard)
            hard_farms.SPARE = False
            if applies:
                return state, step, None
        seed = f"strength:carcassonne:{NORMAL}:{game}:{step}"
        move = decide(engine, state, seat, HARD if seat == hard else NORMAL, seed, Budget())
        state, _ = engine.apply(state, seat, move, chance)
        step += 1
    outcome = engine.outcome(state)
    assert outcome is not None
    first = 0.0 if outcome.ranks[hard] != 1 else 1.0 if outcome.ranks.count(1) == 1 else 0.5
    return state, step, (first, float(outcome.scores[hard] - outcome.scores[1 - hard]))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", default="strength:carcassonne")
    parser.add_argument("--first", type=int, default=0)
    parser.add_argument("--games", type=int, default=40)
    args = parser.parse_args()
    engine = get_engine("carcassonne")
    changed: list[float] = []
    for game in range(args.first, args.first + args.games):
        hard = game % 2
        chance = SeededRng(f"{args.deals}:{game}")
        state, _ = engine.start(["Bot 1", "Bot 2"], engine.validate_options({}, 2), chance)
        at, step, off = _finish(engine, state, 0, hard, game, False, watch=True)
        if off is not None:
            print(game, "no", "-", *off, *off, flush=True)
            changed.append(0.0)
            continue
        left = at.remaining()
        off = _finish(engine, at, step, hard, game, False)[2]
        on = _finish(engine, at, step, hard, game, True)[2]
        assert off is not None and on is not None
        print(game, "yes", left, *off, *on, flush=True)
        changed.append(on[1] - off[1])
    print(f"rule applied in {sum(1 for c in changed if c)} changed games of {len(changed)}; "
          f"mean margin change {sum(changed) / len(changed):+.2f} a game")


if __name__ == "__main__":
    main()
