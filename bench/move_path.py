"""The engine's share of a move on the server, piece by piece (issue 16).

For each kind, plays one seeded game of random legal moves and times, at every step, the pieces
of work the server does for a move that depend on the game: the move's ``apply``, the legal
moves of the seat to act, the spectator's view, the diff of two views (app/realtime/diff.py),
the events in words, and the encoding of the patch frame. Best of ``--passes`` passes over the
same game (the minimum is the figure least disturbed by the rest of the machine); microseconds
per step. What is not here is the platform around it (the socket, the rate limit, the commit,
the hub), which `bench/peers/run.sh` measures whole. Prints, and writes
bench/results/move_path.json. Figures are printed, never asserted.

    python bench/move_path.py [--passes 15] [--kind grand-bazaar]
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import orjson

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from app.games.base import Engine, SeededRng, all_engines  # noqa: E402
from app.realtime.diff import diff  # noqa: E402

PIECES = ("apply", "legal", "view", "diff", "words", "encode")


def record_game(engine: Engine, players: int, options: dict[str, Any], seed: int
                ) -> list[tuple[Any, int, dict[str, Any], Any]]:
    """The game as (state before, seat, move, state after) steps, random legal moves."""
    names = [f"P{i}" for i in range(players)]
    state = engine.setup(names, engine.validate_options(options, players), SeededRng(seed))
    rng = SeededRng(seed + 1)
    steps = []
    while engine.outcome(state) is None:
        seat = sorted(engine.to_act(state))[0]
        legal = engine.legal_moves(state, seat)
        move = legal[rng.randbelow(len(legal))]
        after, _ = engine.apply(state, seat, move, SeededRng(f"{seed}:{len(steps)}"))
        steps.append((state, seat, move, after))
        state = after
    return steps


def one_pass(engine: Engine, steps: list[tuple[Any, int, dict[str, Any], Any]],
             names: list[str], seed: int) -> dict[str, float]:
    """Seconds spent in each piece over the whole game."""
    spent = dict.fromkeys(PIECES, 0.0)
    clock: Callable[[], float] = time.perf_counter
    before = engine.view(steps[0][0], None)
    for n, (state, seat, move, _after) in enumerate(steps):
        t0 = clock()
        after_state, events = engine.apply(state, seat, move, SeededRng(f"{seed}:{n}"))
        t1 = clock()
        for s in engine.to_act(after_state):
            engine.legal_moves(after_state, s)
        t2 = clock()
        after = engine.view(after_state, None)
        t3 = clock()
        ops = diff(before, after)
        t4 = clock()
        words = [{**e, "text": engine.describe(e, names)} for e in events]
        t5 = clock()
        orjson.dumps({"type": "patch", "seq": n + 1, "ops": ops, "events": words,
                      "status": "live"}, option=orjson.OPT_NON_STR_KEYS)
        t6 = clock()
        for piece, (a, b) in zip(PIECES, ((t0, t1), (t1, t2), (t2, t3), (t3, t4), (t4, t5),
                                          (t5, t6)), strict=True):
            spent[piece] += b - a
        before = after
    return spent


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--passes", type=int, default=15)
    parser.add_argument("--kind", default=None, help="one game kind (default: every kind)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    results: dict[str, Any] = {}
    for engine in all_engines():
        if args.kind and engine.kind != args.kind:
            continue
        players, options = engine.contract_configs()[0]
        players = 2 if engine.min_players <= 2 <= engine.max_players else players
        steps = record_game(engine, players, options, args.seed)
        names = [f"P{i}" for i in range(players)]
        best = dict.fromkeys(PIECES, float("inf"))
        for _ in range(args.passes):
            spent = one_pass(engine, steps, names, args.seed)
            best = {k: min(best[k], spent[k]) for k in PIECES}
        per_step = {k: round(best[k] / len(steps) * 1e6, 1) for k in PIECES}
        row = {"players": players, "steps": len(steps), "us_per_step": per_step,
               "total_us_per_step": round(sum(per_step.values()), 1)}
        results[engine.kind] = row
        print(f"{engine.kind:22} {players}p {len(steps):4} steps  " + "  ".join(
            f"{k} {v:7.1f}" for k, v in per_step.items()) + f"  = {row['total_us_per_step']} µs")
    out = ROOT / "bench" / "results" / "move_path.json"
    out.parent.mkdir(exist_ok=True)
    out.write_text(json.dumps({"passes": args.passes, "seed": args.seed, "kinds": results},
                              indent=2) + "\n")
    print(f"wrote {out.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
