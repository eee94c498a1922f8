"""Golden playthrough (STYLE "Tests" 3): replaying tests/golden/grand_bazaar_seed1.json gives
the same log, money and outcome. Regenerate with bench/grand_bazaar_golden.py after a deliberate
rule change and review the diff."""

from __future__ import annotations

import json
from pathlib import Path

from app.games.base import SeededRng
from app.games.grand_bazaar import ENGINE

GOLDEN = Path(__file__).resolve().parents[2] / "golden" / "grand_bazaar_seed1.json"


def test_golden_playthrough_replays_identically() -> None:
    """Every recorded move is legal and gives the recorded log text and money; GB-17 timeout
    moves are recomputed and must match; the outcome matches (GB-20, GB-21)."""
    record = json.loads(GOLDEN.read_text())
    names = record["names"]
    state = ENGINE.setup(
        names, ENGINE.validate_options(record["options"], len(names)), SeededRng(0)
    )
    assert len(record["steps"]) == 27 * len(names)
    for step in record["steps"]:
        seat = step["seat"]
        assert ENGINE.to_act(state) == frozenset({seat})
        if record["policies"][seat] == "timeout":
            assert ENGINE.timeout_move(state, seat) == step["move"]
        state, events = ENGINE.apply(state, seat, step["move"], SeededRng(0))
        assert [ENGINE.describe(e, names) for e in events] == step["log"]
        assert list(state.money) == step["money"]
    outcome = ENGINE.outcome(state)
    assert outcome is not None and outcome.to_json() == record["outcome"]
