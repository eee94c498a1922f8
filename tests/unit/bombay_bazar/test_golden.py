"""Golden playthrough (STYLE "Tests" 3): replay tests/golden/bombay_bazar_seed1.json from its
recorded chance outcomes and compare every log line, the scores after each move and the
outcome. Regenerate with bench/bombay_bazar_golden.py after a deliberate rule change."""

from __future__ import annotations

import json
from pathlib import Path

from app.games.base import ReplayRng
from app.games.bombay_bazar import ENGINE

GOLDEN = Path(__file__).resolve().parents[2] / "golden" / "bombay_bazar_seed1.json"


def test_golden_playthrough_replays_identically() -> None:
    """The recorded game replays move for move with the same words, scores and outcome."""
    data = json.loads(GOLDEN.read_text())
    names = data["names"]
    setup_rng = ReplayRng(data["setup_chance"])
    state = ENGINE.setup(names, ENGINE.validate_options(data["options"], len(names)), setup_rng)
    setup_rng.finish()
    kinds = set()
    for step in data["steps"]:
        assert step["seat"] in ENGINE.to_act(state)
        assert step["move"] in ENGINE.legal_moves(state, step["seat"])
        rng = ReplayRng(step["chance"])
        state, events = ENGINE.apply(state, step["seat"], step["move"], rng)
        rng.finish()
        assert [ENGINE.describe(e, names) for e in events] == step["log"]
        assert [p["score"] for p in ENGINE.view(state, None)["players"]] == step["scores"]
        kinds.add(step["move"]["type"])
    outcome = ENGINE.outcome(state)
    assert outcome is not None and outcome.to_json() == data["outcome"]
    assert kinds == {"HideTokens", "CallParity", "PlacePiece"}
