"""Grand Bazaar: the baseline bot against a uniformly random legal bot.

Plays 100 two-player games (seeds 0..99); the bot sits in seat 0 and player number 1 alternates
between the two seats. Prints the tally and writes it to bench/results/grand_bazaar_bot.txt.

    python bench/grand_bazaar_bot.py [games]
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from app.games.base import SeededRng  # noqa: E402
from app.games.grand_bazaar import ENGINE  # noqa: E402

RESULT = Path(__file__).parent / "results" / "grand_bazaar_bot.txt"


def play(seed: int) -> tuple[int, int]:
    """One game: the final money of the bot (seat 0) and of the random player (seat 1)."""
    options = ENGINE.validate_options({"first_player": seed % 2}, 2)
    state = ENGINE.setup(["bot", "random"], options, SeededRng(seed))
    chooser = SeededRng(10_000 + seed)
    while not state.finished:
        seat = state.turn()
        assert seat is not None
        if seat == 0:
            move = ENGINE.bot_move(state, seat, chooser)
        else:
            legal = ENGINE.legal_moves(state, seat)
            move = legal[chooser.randbelow(len(legal))]
        state, _ = ENGINE.apply(state, seat, move, chooser)
    return state.money[0], state.money[1]


def main(games: int = 100) -> str:
    started = time.perf_counter()
    results = [play(seed) for seed in range(games)]
    elapsed = time.perf_counter() - started
    wins = sum(1 for bot, rnd in results if bot > rnd)
    ties = sum(1 for bot, rnd in results if bot == rnd)
    losses = games - wins - ties
    bot_money = [bot for bot, _ in results]
    random_money = [rnd for _, rnd in results]
    lines = [
        f"grand-bazaar baseline bot vs uniformly random legal bot, {games} two-player games",
        f"(seeds 0..{games - 1}, player number 1 alternating between the two seats)",
        f"bot wins {wins}, ties {ties}, losses {losses}  (target: at least 70 wins of 100)",
        f"final money: bot mean {statistics.mean(bot_money):.1f} "
        f"(min {min(bot_money)}, max {max(bot_money)}); "
        f"random mean {statistics.mean(random_money):.1f} "
        f"(min {min(random_money)}, max {max(random_money)})",
        f"time {elapsed:.1f} s ({elapsed / games * 1000:.0f} ms per game)",
    ]
    return "\n".join(lines)


if __name__ == "__main__":
    report = main(int(sys.argv[1]) if len(sys.argv) > 1 else 100)
    print(report)
    RESULT.parent.mkdir(parents=True, exist_ok=True)
    RESULT.write_text(report + "\n")
