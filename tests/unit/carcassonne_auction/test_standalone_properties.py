"""Hypothesis properties of the stand-alone auction (CAR-63, CAR-108, CAR-113): played by the
engine with any scores, the outcome's scores are the entered scores plus the changes, the
changes sum to minus what was paid to nobody, and every seat gets exactly one tile."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from app.games.base import SeededRng
from app.games.carcassonne_auction import ENGINE


@settings(max_examples=60, deadline=None)
@given(
    n=st.integers(2, 6),
    placer_pick=st.integers(0, 5),
    scores=st.none() | st.lists(st.integers(-50, 200), min_size=6, max_size=6),
    seed=st.integers(0, 10_000),
)
def test_car_113_outcome_is_entered_plus_changes(
    n: int, placer_pick: int, scores: list[int] | None, seed: int,
) -> None:
    options: dict[str, Any] = {
        "players": [f"N{i}" for i in range(n)], "placer": placer_pick % n,
        "scores": scores[:n] if scores is not None else None,
        "tiles": [{"type": "U"} if i % 2 else {"label": f"t{i}"} for i in range(n)],
    }
    state = ENGINE.setup(options["players"], ENGINE.validate_options(options, n), SeededRng(0))
    rng = SeededRng(seed)
    while ENGINE.outcome(state) is None:
        (seat,) = ENGINE.to_act(state)
        state, _ = ENGINE.apply(state, seat, ENGINE.bot_move(state, seat, rng), rng)
    outcome = ENGINE.outcome(state)
    assert outcome is not None
    changes = outcome.details["changes"]
    base = options["scores"] or [0] * n
    assert outcome.scores == [b + c for b, c in zip(base, changes, strict=True)]
    report = ENGINE.view(state, None)["report"]
    assert sum(changes) == -report["paid_to_nobody"]
    assert sorted(t["owner"] for t in report["tiles"]) == list(range(n))
    assert report["play_order"][-1] == options["placer"]
