"""Regenerate the Grand Bazaar golden playthrough: tests/golden/grand_bazaar_seed1.json.

One three-player game. The setup is drawn once from seed 1 and stored as options (start seat and
deck order), so the file never depends on Python's random algorithms. Seats 0 and 2 play the
baseline bot, seat 1 plays the GB-17 timeout move. The file keeps every move, the log text of
its events and the final outcome; tests/unit/grand_bazaar/test_golden.py replays it. Run this
only after a deliberate rule change, and review the diff.

    python bench/grand_bazaar_golden.py
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from golden_format import dumps  # noqa: E402  (bench/ is on the path)

from app.games.base import SeededRng  # noqa: E402
from app.games.grand_bazaar import ENGINE, rules  # noqa: E402

GOLDEN = ROOT / "tests" / "golden" / "grand_bazaar_seed1.json"
NAMES = ["Ann", "Bob", "Cem"]


def record(seed: int = 1) -> dict[str, object]:
    """Play the golden game and return its record."""
    drawn = rules.initial_state(tuple(NAMES), {"first_player": "random"}, SeededRng(seed))
    options = {"first_player": drawn.start, "price_order": list(drawn.deck)}
    state = ENGINE.setup(NAMES, ENGINE.validate_options(options, len(NAMES)), SeededRng(0))
    steps = []
    while not state.finished:
        seat = state.turn()
        assert seat is not None
        if seat == 1:
            move = ENGINE.timeout_move(state, seat)
            assert move is not None
        else:
            move = ENGINE.bot_move(state, seat, SeededRng(seed))
        state, events = ENGINE.apply(state, seat, move, SeededRng(0))
        steps.append(
            {
                "seat": seat,
                "move": move,
                "log": [ENGINE.describe(e, NAMES) for e in events],
                "money": list(state.money),
            }
        )
    outcome = ENGINE.outcome(state)
    assert outcome is not None
    return {
        "kind": ENGINE.kind,
        "names": NAMES,
        "options": options,
        "policies": ["bot", "timeout", "bot"],
        "steps": steps,
        "outcome": outcome.to_json(),
    }


if __name__ == "__main__":
    GOLDEN.parent.mkdir(parents=True, exist_ok=True)
    GOLDEN.write_text(dumps(record()))
    print(f"wrote {GOLDEN.relative_to(ROOT)}")
