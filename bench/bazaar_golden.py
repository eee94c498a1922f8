"""Record the Bazaar golden playthrough: tests/golden/bazaar_seed1.json.

One seeded three-player game (bots, default options: Penalty Bazaar on, classic chart): the
setup's chance outcomes, then every move with its chance outcomes, its events in words, and
the scores after it; finally the outcome. tests/unit/bazaar/test_golden.py replays the file.
Regenerate deliberately after a rule change and review the diff:

    python bench/bazaar_golden.py
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from app.games.base import RecordingRng, SeededRng  # noqa: E402
from app.games.bazaar import ENGINE  # noqa: E402

NAMES = ["Ann", "Bob", "Cid"]
SEED = 1


def record() -> dict[str, Any]:
    """Play the seeded game and return its record."""
    options = ENGINE.validate_options({}, len(NAMES))
    setup_rng = RecordingRng(SeededRng(SEED))
    state = ENGINE.setup(NAMES, options, setup_rng)
    chooser = SeededRng(SEED * 7919)
    moves = []
    while ENGINE.outcome(state) is None:
        (seat,) = ENGINE.to_act(state)
        move = ENGINE.bot_move(state, seat, chooser)
        rng = RecordingRng(chooser)
        state, events = ENGINE.apply(state, seat, move, rng)
        moves.append({
            "seat": seat,
            "move": move,
            "chance": rng.outcomes,
            "text": [ENGINE.describe(e, NAMES) for e in events],
            "scores": [p["score"] for p in ENGINE.view(state, None)["players"]],
        })
    outcome = ENGINE.outcome(state)
    assert outcome is not None
    return {"kind": ENGINE.kind, "names": NAMES, "options": options, "seed": SEED,
            "setup": setup_rng.outcomes, "moves": moves, "outcome": outcome.to_json()}


def main() -> None:
    data = record()
    out = ROOT / "tests" / "golden" / "bazaar_seed1.json"
    # one move per line keeps the file short and its diffs readable
    head = {k: v for k, v in data.items() if k != "moves"}
    lines = [json.dumps(m, ensure_ascii=False) for m in data["moves"]]
    text = json.dumps(head, ensure_ascii=False)[:-1] + ',\n "moves": [\n  '
    out.write_text(text + ",\n  ".join(lines) + "\n ]\n}\n")
    print(f"wrote {out.relative_to(ROOT)}: {len(data['moves'])} moves, "
          f"scores {data['outcome']['scores']}, {data['outcome']['reason']}")


if __name__ == "__main__":
    main()
