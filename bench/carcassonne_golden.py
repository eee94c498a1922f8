"""Write the golden playthrough tests/golden/carcassonne_seed1.json: a seeded 4-player game with
every option on, played by the baseline bot, with each move, its recorded chance outcomes, the
events in words and the final scores. Regenerate after a deliberate rule change and review the
diff. Usage: python bench/carcassonne_golden.py
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from app.games.base import RecordingRng, SeededRng
from app.games.carcassonne.engine import ENGINE

NAMES = ["Red", "Blue", "Black", "Green"]
SEED = 1
OUT = Path(__file__).resolve().parent.parent / "tests" / "golden" / "carcassonne_seed1.json"


def record() -> dict[str, Any]:
    """Play the game and return the record."""
    opts = ENGINE.validate_options({}, len(NAMES))
    setup_rng = RecordingRng(SeededRng(SEED))
    state = ENGINE.setup(NAMES, opts, setup_rng)
    chooser = SeededRng(SEED + 1000)
    moves = []
    while not state.finished:
        seat = state.actor
        move = ENGINE.bot_move(state, seat, chooser)
        rng = RecordingRng(SeededRng(0))
        state, events = ENGINE.apply(state, seat, move, rng)
        moves.append({"seat": seat, "move": move, "outcomes": rng.outcomes,
                      "log": [ENGINE.describe(e, NAMES) for e in events]})
    outcome = ENGINE.outcome(state)
    assert outcome is not None
    return {"kind": ENGINE.kind, "names": NAMES, "options": opts, "seed": SEED,
            "setup": setup_rng.outcomes, "moves": moves, "final_scores": outcome.scores,
            "winners": outcome.winners}


def main() -> None:
    data = record()
    OUT.write_text(json.dumps(data, indent=1) + "\n")
    print(f"wrote {OUT} ({len(data['moves'])} moves, scores {data['final_scores']})")


if __name__ == "__main__":
    main()
