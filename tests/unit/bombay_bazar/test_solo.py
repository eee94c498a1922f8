"""The solo game: BOM-49 to BOM-52, scenario checks S-BOM-14 to S-BOM-16."""

from __future__ import annotations

import pytest

from app.games.base import SeededRng
from app.games.bombay_bazar import ENGINE
from app.games.bombay_bazar.scoring import best_so_far

from .helpers import ends_at, place, play, solo, tip


@pytest.mark.parametrize("elephant", ["A", "B", "C", "D"])
def test_bom_49_solo_closes_the_other_three(elephant: str) -> None:
    """BOM-49: any elephant; the other three start cells hold one end piece each."""
    state = solo(elephant)
    starts = {"A": (1, 0), "B": (1, 6), "C": (7, 6), "D": (7, 0)}
    for other, cell in starts.items():
        assert ends_at(state, cell) == (0 if other == elephant else 1)
    assert ENGINE.to_act(state) == {0} and len(ENGINE.legal_moves(state, 0)) == 50


def test_s_bom_14_trapped_in_a_corner() -> None:
    """S-BOM-14 (BOM-50, BOM-51): T 2, E 62, U 0, solo score -60."""
    state = play(solo(), (0, "S2", 1))
    assert tip(state, 0) == ((0, 1), 4)
    state, events = place(state, 0, "S1", 3)
    assert [e["type"] for e in events] == ["PiecePlaced", "PlayerEliminated", "RoundEnded",
                                           "GameEnded"]
    assert ends_at(state, (0, 0)) == 1 and state["finished"]
    assert state["solo"] == {"T": 2, "E": 62, "U": 0, "score": -60}
    outcome = ENGINE.outcome(state)
    assert outcome is not None
    assert outcome.scores == [-60] and outcome.ranks == [1] and outcome.winners == []
    assert (outcome.details["T"], outcome.details["E"], outcome.details["U"]) == (2, 62, 0)


def test_s_bom_15_unused_openings() -> None:
    """S-BOM-15 (BOM-51): with D1 r3 the two free ends count: U 2, score -62."""
    state = play(solo(), (0, "S2", 1), (0, "D1", 3))
    assert tip(state, 0) == ((0, 0), 0) and state["finished"]
    assert state["solo"] == {"T": 2, "E": 62, "U": 2, "score": -62}


def test_s_bom_16_solo_arithmetic_and_personal_best() -> None:
    """S-BOM-16 (BOM-51, BOM-52): 31 - 38 - 7 = -14; best so far and new-best marks."""
    assert 31 - (64 - 26) - 7 == -14
    assert best_so_far([(-20, 1)], -14, 1) == (-14, True)
    assert best_so_far([(-20, 1), (-14, 1)], -14, 1) == (-14, False)
    assert best_so_far([(-20, 1), (-5, 2)], -14, 1) == (-14, True)
    assert best_so_far([], -30, 1) == (-30, True)


def test_bom_50_solo_ends_when_no_placement_is_left() -> None:
    """BOM-50: the solo game runs until the trunk is stuck; then it is over (BOM-42)."""
    state = solo("D")
    rng = SeededRng(11)
    while not state["finished"]:
        moves = ENGINE.legal_moves(state, 0)
        assert moves
        state, _ = ENGINE.apply(state, 0, moves[rng.randbelow(len(moves))], rng)
    assert sum(state["ends"]) == 4
    solo_result = state["solo"]
    placed = sum(1 for v in state["board"] if v >= 0)
    assert solo_result["E"] == 64 - placed  # BOM-51: E = 64 - pieces placed
    assert solo_result["score"] == solo_result["T"] - solo_result["E"] - solo_result["U"]
