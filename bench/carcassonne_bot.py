"""Carcassonne baseline bot against a uniformly random legal bot: 100 two-player games with
every option on, seats alternating. Prints and writes bench/results/carcassonne_bot.txt.

Usage: python bench/carcassonne_bot.py [games]
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

from app.games.base import SeededRng
from app.games.carcassonne import auction
from app.games.carcassonne.bot import random_move
from app.games.carcassonne.engine import ENGINE


def one_game(seed: int, greedy_seat: int, modest: bool = False) -> tuple[int, int]:
    """Play one game; return (greedy score, random score).

    ``modest``: the random bot bids like auction.bot_move (0-5 points) instead of uniformly up
    to 999, so that the result measures board play rather than the auction.
    """
    opts = ENGINE.validate_options({}, 2)
    rng = SeededRng(seed)
    state = ENGINE.setup(["greedy", "random"] if greedy_seat == 0 else ["random", "greedy"],
                         opts, rng)
    while not state.finished:
        seat = state.actor
        if seat == greedy_seat:
            move = ENGINE.bot_move(state, seat, rng)
        elif modest and state.phase == "auction":
            move = auction.bot_move(state.auction, seat, rng)
        else:
            move = random_move(state, seat, rng)
        state, _ = ENGINE.apply(state, seat, move, rng)
    return state.scores[greedy_seat], state.scores[1 - greedy_seat]


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 100
    text = f"carcassonne baseline bot, {games} 2-player games each, every option on\n"
    for modest, label in ((False, "uniformly random legal bot"),
                          (True, "random placements, modest auction bids (0-5)")):
        wins = ties = 0
        margins = []
        t0 = time.process_time()
        for seed in range(games):
            mine, theirs = one_game(seed, seed % 2, modest)
            wins += mine > theirs
            ties += mine == theirs
            margins.append(mine - theirs)
        elapsed = time.process_time() - t0
        text += (
            f"vs {label}: greedy wins {wins}/{games} (ties {ties}); "
            f"mean margin {sum(margins) / games:+.1f}; worst {min(margins):+d}; "
            f"CPU {elapsed / games * 1000:.0f} ms per game\n"
        )
    print(text, end="")
    (Path(__file__).parent / "results" / "carcassonne_bot.txt").write_text(text)


if __name__ == "__main__":
    main()
