"""Golden playthrough: tests/golden/bazaar_seed1.json replays move by move (BAZ-36).

The file is written by bench/bazaar_golden.py; regenerate it deliberately after a rule change.
Replay reads the recorded chance outcomes (die results, revealed cards), never re-rolls.
"""

from __future__ import annotations

import json
from pathlib import Path

from app.games.base import ReplayRng
from app.games.bazaar import ENGINE

GOLDEN = Path(__file__).resolve().parents[2] / "golden" / "bazaar_seed1.json"


def test_golden_seed1_replays_with_the_same_words_and_scores() -> None:
    """The recorded game replays with identical descriptions, scores and outcome."""
    data = json.loads(GOLDEN.read_text())
    setup = ReplayRng(data["setup"])
    state = ENGINE.setup(data["names"], data["options"], setup)
    setup.finish()
    assert len(data["moves"]) > 20
    for step, row in enumerate(data["moves"]):
        assert sorted(ENGINE.to_act(state)) == [row["seat"]], step
        rng = ReplayRng(row["chance"])
        state, events = ENGINE.apply(state, row["seat"], row["move"], rng)
        rng.finish()
        assert [ENGINE.describe(e, data["names"]) for e in events] == row["text"], step
        assert [p["score"] for p in ENGINE.view(state, None)["players"]] == row["scores"], step
    outcome = ENGINE.outcome(state)
    assert outcome is not None and outcome.to_json() == data["outcome"]
