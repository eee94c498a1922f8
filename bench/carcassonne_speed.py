"""Carcassonne speed: complete random 4-player games, every option on (bazaar, builder, abbey,
farms), moves picked uniformly from legal_moves (bot.random_move samples bids
without listing all 1000 of them; same distribution). Prints games/s and the time to list the legal
placements per turn; writes bench/results/carcassonne_speed.txt.

Usage: python bench/carcassonne_speed.py [games]
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

from app.games.base import SeededRng
from app.games.carcassonne.bot import random_move
from app.games.carcassonne.engine import ENGINE
from app.games.carcassonne.placement import legal_placements

OPTIONS = {"bazaar": True, "builder": True, "abbey": True, "farm_scoring": "third"}


def one_game(seed: int) -> tuple[int, list[float]]:
    """Play one random game; return its move count and the placement-listing times."""
    opts = ENGINE.validate_options(OPTIONS, 4)
    rng = SeededRng(seed)
    state = ENGINE.setup(["A", "B", "C", "D"], opts, rng)
    moves = 0
    timings: list[float] = []
    while not state.finished:
        seat = state.actor
        state, _events = ENGINE.apply(state, seat, random_move(state, seat, rng), rng)
        moves += 1
    return moves, timings


def placement_timing(seed: int) -> list[float]:
    """Time legal_placements alone on every placement decision of one game."""
    opts = ENGINE.validate_options(OPTIONS, 4)
    rng = SeededRng(seed)
    state = ENGINE.setup(["A", "B", "C", "D"], opts, rng)
    out = []
    while not state.finished:
        if state.phase == "place":
            t0 = time.process_time()
            for _ in range(10):
                legal_placements(state, state.ctx["tile"])
            out.append((time.process_time() - t0) / 10)
        state, _ = ENGINE.apply(state, state.actor, random_move(state, state.actor, rng), rng)
    return out


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    t0 = time.process_time()
    w0 = time.perf_counter()
    total_moves = 0
    for seed in range(games):
        n, _ = one_game(seed)
        total_moves += n
    elapsed = time.process_time() - t0
    wall = time.perf_counter() - w0
    per_turn = [t for seed in range(20) for t in placement_timing(seed)]
    lines = [
        f"carcassonne speed ({games} random 4-player games, every option on, one core, CPU time)",
        f"games/s: {games / elapsed:.1f} (CPU time; wall clock {games / wall:.1f} on a shared "
        f"machine)",
        f"moves/s: {total_moves / elapsed:.0f} (mean {total_moves / games:.0f} moves per game)",
        f"legal placements per turn: mean {statistics.mean(per_turn) * 1e6:.1f} us, "
        f"p95 {sorted(per_turn)[int(len(per_turn) * 0.95)] * 1e6:.1f} us",
    ]
    text = "\n".join(lines) + "\n"
    print(text, end="")
    out = Path(__file__).parent / "results" / "carcassonne_speed.txt"
    out.write_text(text)


if __name__ == "__main__":
    main()
