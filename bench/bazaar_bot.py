"""Bench: the Bazaar baseline bot against a uniformly random legal bot.

100 two-player games (default options: Penalty Bazaar on, classic chart), alternating who
starts. Prints the result and writes it to bench/results/bazaar_bot.txt. Figures are printed,
never asserted in tests.

    python bench/bazaar_bot.py [games]
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from app.games.base import SeededRng  # noqa: E402
from app.games.bazaar import ENGINE  # noqa: E402


def play(seed: int, bot_seat: int) -> tuple[list[int], str, int]:
    """One game; returns (scores, termination reason, moves)."""
    options = ENGINE.validate_options({"first_player": 0}, 2)
    state = ENGINE.setup(["bot", "random"] if bot_seat == 0 else ["random", "bot"], options,
                         SeededRng(seed))
    chooser = SeededRng(seed * 31 + 7)
    dice = SeededRng(seed * 17 + 3)
    moves = 0
    while ENGINE.outcome(state) is None:
        (seat,) = ENGINE.to_act(state)
        if seat == bot_seat:
            move = ENGINE.bot_move(state, seat, chooser)
        else:
            legal = ENGINE.legal_moves(state, seat)
            move = legal[chooser.randbelow(len(legal))]
        state, _ = ENGINE.apply(state, seat, move, dice)
        moves += 1
    outcome = ENGINE.outcome(state)
    assert outcome is not None
    return list(outcome.scores), outcome.reason, moves


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 100
    wins = ties = losses = 0
    margin = 0
    reasons: dict[str, int] = {}
    started = time.perf_counter()
    for g in range(games):
        bot_seat = g % 2  # alternate who starts: seat 0 always takes the first turn
        scores, reason, _ = play(1000 + g, bot_seat)
        mine, theirs = scores[bot_seat], scores[1 - bot_seat]
        margin += mine - theirs
        reasons[reason] = reasons.get(reason, 0) + 1
        if mine > theirs:
            wins += 1
        elif mine == theirs:
            ties += 1
        else:
            losses += 1
    elapsed = time.perf_counter() - started
    lines = [
        "bazaar baseline bot vs uniformly random legal bot",
        f"games: {games} two-player, default options (penalty on, classic), alternating starts",
        f"bot wins: {wins}  ties: {ties}  losses: {losses}",
        f"mean score margin (bot - random): {margin / games:+.1f}",
        "termination: " + ", ".join(f"{k} {v}" for k, v in sorted(reasons.items())),
        f"time: {elapsed:.1f} s",
    ]
    text = "\n".join(lines) + "\n"
    print(text, end="")
    out = ROOT / "bench" / "results" / "bazaar_bot.txt"
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(text)


if __name__ == "__main__":
    main()
