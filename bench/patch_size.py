"""Bytes per patch against bytes per snapshot, step by step through random games.

For each kind, plays seeded random games with the engine and measures, at every step, the
spectator's patch (app/realtime/diff.py, as the server sends it) against the full view.
Prints the mean over the game and over its last quarter ("late game"); writes
bench/results/patch_size.json. Figures are printed, never asserted.
"""

from __future__ import annotations

import json
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from app.games.base import SeededRng, all_engines  # noqa: E402
from app.realtime.diff import diff  # noqa: E402


def measure(kind_engine, players: int, options: dict, seed: int) -> list[tuple[int, int]]:
    engine = kind_engine
    state = engine.setup([f"P{i}" for i in range(players)],
                         engine.validate_options(options, players), SeededRng(seed))
    rng = SeededRng(seed + 1)
    before = engine.view(state, None)
    sizes = []
    while engine.outcome(state) is None:
        seat = sorted(engine.to_act(state))[0]
        legal = engine.legal_moves(state, seat)
        move = legal[rng.randbelow(len(legal))]
        state, _ = engine.apply(state, seat, move, rng)
        after = engine.view(state, None)
        patch = json.dumps(diff(before, after), separators=(",", ":"))
        snapshot = json.dumps(after, separators=(",", ":"))
        sizes.append((len(patch), len(snapshot)))
        before = after
    return sizes


def main() -> None:
    results = {}
    for engine in all_engines():
        players, options = engine.contract_configs()[0]
        if engine.kind in ("carcassonne", "bazaar", "grand-bazaar"):
            players = 4 if engine.max_players >= 4 else players
        sizes = measure(engine, players, options, seed=1)
        late = sizes[len(sizes) * 3 // 4:]
        row = {
            "players": players, "steps": len(sizes),
            "patch_mean": round(statistics.mean(p for p, _ in sizes)),
            "snapshot_mean": round(statistics.mean(s for _, s in sizes)),
            "late_patch_mean": round(statistics.mean(p for p, _ in late)),
            "late_snapshot_mean": round(statistics.mean(s for _, s in late)),
        }
        row["late_ratio"] = round(row["late_patch_mean"] / row["late_snapshot_mean"], 4)
        results[engine.kind] = row
        print(f"{engine.kind:22} {row}")
    out = ROOT / "bench" / "results" / "patch_size.json"
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(results, indent=2) + "\n")


if __name__ == "__main__":
    main()
