"""The score breakdown of the stand-alone auction (issue 14): S-CAR-35 (the entered score, the
gains and the payments, CAR-63, CAR-113) and S-CAR-37 (a cancelled auction changes nothing,
CAR-111)."""

from __future__ import annotations

from typing import Any

from app.games.base import HOST, SeededRng
from app.games.carcassonne_auction import ENGINE

from .test_standalone import BLACK, BLUE, CANCEL, GREEN, RED, SEED_MOVES, play, start


def lines(state: dict[str, Any], seat: int) -> list[tuple[str, int]]:
    return [(ln.source, ln.points) for ln in ENGINE.score_breakdown(state)[seat].lines]


def test_s_car_35_each_player_entered_score_gains_and_payments() -> None:
    """S-CAR-35: 10 each entered; Blue pays 3, Black gains 3, Green pays 3, Red nets 0."""
    state = play(start(), SEED_MOVES)
    assert lines(state, BLUE) == [("entered", 10), ("auction-payments", -3)]
    assert lines(state, BLACK) == [("entered", 10), ("auction-gains", 3)]
    assert lines(state, GREEN) == [("entered", 10), ("auction-payments", -3)]
    assert lines(state, RED) == [("entered", 10), ("auction-gains", 3), ("auction-payments", -3)]
    red = ENGINE.score_breakdown(state)[RED]
    assert red.lines[1].items == ("Auction 1: Blue bought tile 1, paying this bid: +3",)
    outcome = ENGINE.outcome(state)
    assert outcome is not None and outcome.breakdown is not None
    assert [b["score"] for b in outcome.breakdown] == outcome.scores == [10, 7, 13, 7]


def test_s_car_37_car_111_a_cancelled_auction_changes_no_line() -> None:
    """S-CAR-37 / CAR-111: cancelled after auction 1: the entered score and a line that says so."""
    state, _ = ENGINE.apply(play(start(), SEED_MOVES[:5]), HOST, CANCEL, SeededRng(0))
    for seat in range(4):
        assert lines(state, seat) == [("entered", 10), ("cancelled", 0)]
