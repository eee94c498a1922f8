"""The golden playthrough replays to the same log and scores (CAR-102, CAR-103, S-CAR-36)."""

from __future__ import annotations

import json
from pathlib import Path

from app.games.base import ReplayRng
from app.games.carcassonne.engine import ENGINE

GOLDEN = Path(__file__).resolve().parents[2] / "golden" / "carcassonne_seed1.json"


def test_car_103_golden_playthrough_replays_exactly() -> None:
    data = json.loads(GOLDEN.read_text())
    setup = ReplayRng(data["setup"])
    state = ENGINE.setup(data["names"], data["options"], setup)
    setup.finish()
    for i, step in enumerate(data["moves"]):
        rng = ReplayRng(step["outcomes"])
        state, events = ENGINE.apply(state, step["seat"], step["move"], rng)
        rng.finish()
        assert [ENGINE.describe(e, data["names"]) for e in events] == step["log"], i
    outcome = ENGINE.outcome(state)
    assert outcome is not None
    assert outcome.scores == data["final_scores"]
    assert outcome.winners == data["winners"]
