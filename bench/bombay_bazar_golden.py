"""Regenerate the Bombay Bazar golden playthrough: tests/golden/bombay_bazar_seed1.json.

One three-player game with the parity start and random elephants, so that every step type
and chance outcome appears. The setup's chance outcomes and each move's are stored, so replay
never depends on Python's random algorithms. Seats 0 and 2 play the baseline bot, seat 1 a
uniformly random legal move. The file keeps every move, the log text of its events, the
trunk scores after it and the final outcome; tests/unit/bombay_bazar/test_golden.py replays
it. Run this only after a deliberate rule change, and review the diff.

    python bench/bombay_bazar_golden.py
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from golden_format import dumps  # noqa: E402  (bench/ is on the path)

from app.games.base import RecordingRng, SeededRng  # noqa: E402
from app.games.bombay_bazar import ENGINE  # noqa: E402

GOLDEN = ROOT / "tests" / "golden" / "bombay_bazar_seed1.json"
NAMES = ["Ann", "Bob", "Cem"]
OPTIONS = {"first_player": "parity", "elephants": "random"}


def record(seed: int = 1) -> dict[str, object]:
    """Play the golden game and return its record."""
    options = ENGINE.validate_options(OPTIONS, len(NAMES))
    setup_rng = RecordingRng(SeededRng(seed))
    state = ENGINE.setup(NAMES, options, setup_rng)
    chooser = SeededRng(seed + 1000)
    steps = []
    while ENGINE.outcome(state) is None:
        seat = min(ENGINE.to_act(state))
        if seat == 1:
            legal = ENGINE.legal_moves(state, seat)
            move = legal[chooser.randbelow(len(legal))]
        else:
            move = ENGINE.bot_move(state, seat, chooser)
        rng = RecordingRng(SeededRng(chooser.randbelow(2**31)))
        state, events = ENGINE.apply(state, seat, move, rng)
        steps.append({
            "seat": seat,
            "move": move,
            "chance": rng.outcomes,
            "log": [ENGINE.describe(e, NAMES) for e in events],
            "scores": [p["score"] for p in ENGINE.view(state, None)["players"]],
        })
    outcome = ENGINE.outcome(state)
    assert outcome is not None
    return {
        "kind": ENGINE.kind,
        "names": NAMES,
        "options": options,
        "setup_chance": setup_rng.outcomes,
        "policies": ["bot", "random", "bot"],
        "steps": steps,
        "outcome": outcome.to_json(),
    }


if __name__ == "__main__":
    GOLDEN.parent.mkdir(parents=True, exist_ok=True)
    GOLDEN.write_text(dumps(record()))
    print(f"wrote {GOLDEN.relative_to(ROOT)}")
