"""Bench: the Bombay Bazar baseline bot against a uniformly random legal bot.

Plays 100 two-player games (the bot on seat 0, the start player alternating between the two
seats), prints the result and writes it to bench/results/bombay_bazar_bot.txt.

    python bench/bombay_bazar_bot.py [games]
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from app.games.base import ReplayRng, SeededRng  # noqa: E402
from app.games.bombay_bazar import ENGINE  # noqa: E402

RESULT = Path(__file__).resolve().parent / "results" / "bombay_bazar_bot.txt"


def play(game: int) -> tuple[int, int]:
    """One game; (bot score, random score)."""
    rng = SeededRng(game)
    state = ENGINE.setup(["bot", "random"], ENGINE.validate_options({}, 2), rng)
    state, _ = ENGINE.apply(state, 0, ENGINE.bot_move(state, 0, rng), rng)
    partner = ENGINE.legal_moves(state, 1)[0]
    state, _ = ENGINE.apply(state, 1, partner, ReplayRng([game % 2]))  # alternate the start
    while not state["finished"]:
        seat = min(ENGINE.to_act(state))
        if seat == 0:
            move = ENGINE.bot_move(state, 0, rng)
        else:
            moves = ENGINE.legal_moves(state, 1)
            move = moves[rng.randbelow(len(moves))]
        state, _ = ENGINE.apply(state, seat, move, rng)
    outcome = ENGINE.outcome(state)
    assert outcome is not None
    return outcome.scores[0], outcome.scores[1]


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 100
    started = time.perf_counter()
    wins = losses = ties = 0
    margin = 0
    for game in range(games):
        bot, rand = play(game)
        wins += bot > rand
        losses += bot < rand
        ties += bot == rand
        margin += bot - rand
    seconds = time.perf_counter() - started
    text = (f"bombay-bazar baseline bot vs uniformly random legal bot, {games} two-player games "
            f"(start player alternating)\n"
            f"bot wins {wins}, random wins {losses}, ties {ties}; "
            f"mean margin {margin / games:+.1f} segments; {seconds:.1f} s\n")
    print(text, end="")
    RESULT.parent.mkdir(parents=True, exist_ok=True)
    RESULT.write_text(text)


if __name__ == "__main__":
    main()
