"""Scoring and Penalty Bazaar: BAZ-7, BAZ-22 to BAZ-29; S-BAZ-10 to S-BAZ-17."""

from __future__ import annotations

from app.games.bazaar.data import CHARTS
from app.games.bazaar.scoring import penalties_after_purchase, penalty, purchase_points
from app.games.bazaar.state import PURCHASE

from .helpers import buy, given, new_game, play

STALLS = [[21, 2, 3], [36, 6, 7], [41, 11, 12], [45, 16, 17]]


def test_baz_7_charts_exactly_as_listed() -> None:
    """BAZ-7: the classic and tenfold charts, rows 0/1/2/3+ tokens left, columns level 0-2."""
    assert CHARTS["classic"] == ((5, 8, 12), (3, 5, 8), (2, 3, 5), (1, 2, 3))
    assert CHARTS["tenfold"] == ((80, 110, 150), (60, 80, 110), (50, 60, 80), (40, 50, 60))
    assert purchase_points("classic", 7, 2) == 3  # 3 or more


def test_s_baz_10_plain_purchase_zero_left() -> None:
    """S-BAZ-10/BAZ-18/BAZ-22-24: R2 W2 B1 buys ware 21 with 0 left: +5; stall 1 shows next."""
    state = given(new_game(2), hands={0: "RRWWB"}, phase=PURCHASE, stalls=STALLS)
    after, events = play(state, 0, buy(1))
    assert after.score(0) == 5 and events[0]["tokens_left"] == 0 and events[0]["level"] == 0
    assert after.stalls[0] == [2, 3]


def test_s_baz_10_plain_purchase_three_left() -> None:
    """S-BAZ-10/BAZ-22/BAZ-24: R3 W2 B1 G2 buys ware 21 with 3 left: +1."""
    state = given(new_game(2), hands={0: "RRRWWBGG"}, phase=PURCHASE, stalls=STALLS)
    after, _ = play(state, 0, buy(1))
    assert after.score(0) == 1 and sum(after.hands[0]) == 3
    assert after.stalls[0][0] == 2


def test_s_baz_11_starred_purchase_level_1() -> None:
    """S-BAZ-11/BAZ-23/BAZ-24: ware 36 with 1 left: +5 (level 1); tenfold +80."""
    for scale, expected in (("classic", 5), ("tenfold", 80)):
        state = given(new_game(2, scale=scale), hands={0: "RRRRWG"}, phase=PURCHASE,
                      stalls=STALLS)
        after, events = play(state, 0, buy(2))
        assert events[0]["level"] == 1
        assert after.score(0) == expected


def test_s_baz_12_level_after_a_sell_out() -> None:
    """S-BAZ-12/BAZ-23: stall 3 sold out: ware 41 with 0 left +12 (tenfold +150)."""
    stalls = [[21, 2], [36, 6], [], [41, 16]]
    for scale, expected in (("classic", 12), ("tenfold", 150)):
        state = given(new_game(2, scale=scale), hands={0: "RRRRR"}, phase=PURCHASE,
                      stalls=stalls)
        after, events = play(state, 0, buy(4))
        assert events[0]["level"] == 2 and after.score(0) == expected


def test_s_baz_12_plain_card_with_two_left_after_sell_out() -> None:
    """S-BAZ-12/BAZ-23: stall 3 sold out: a plain card with 2 left scores +3 (level 1)."""
    state = given(new_game(2), hands={0: "RRWWBGY"}, phase=PURCHASE,
                  stalls=[[21, 2], [36, 6], [], [41, 16]])
    after, events = play(state, 0, buy(1))
    assert events[0]["level"] == 1 and after.score(0) == 3


def test_s_baz_13_emptying_purchase_does_not_bump_itself() -> None:
    """S-BAZ-13/BAZ-23: selling out stall 1 scores +5; the next plain purchase, 0 left, +8."""
    state = given(new_game(2), hands={0: "RRYYY", 1: "RRWBG"}, phase=PURCHASE,
                  stalls=[[5], [31, 6], [41, 11], [45, 16]])
    after, events = play(state, 0, buy(1))
    assert after.score(0) == 5 and after.stalls[0] == []
    assert {"type": "StallSoldOut", "stall": 1} in events
    after.phase = PURCHASE
    after2, events2 = play(after, 1, buy(2))
    # seat 1 lost 2 to seat 0's penalty (5 tokens > 0 + 3), then gains 8
    assert events2[0]["level"] == 1 and events2[0]["points"] == 8
    assert after2.score(1) == -2 + 8


def test_baz_23_level_capped_at_2() -> None:
    """BAZ-23: star + sold-out bonus is 2 at most (a starred card after a sell-out)."""
    state = given(new_game(2), hands={0: "RRRRW"}, phase=PURCHASE,
                  stalls=[[], [36, 6], [41, 11], [45, 16]])
    _, events = play(state, 0, buy(2))
    assert events[0]["level"] == 2 and events[0]["points"] == 12


def test_s_baz_14_baz_28_seed_example() -> None:
    """S-BAZ-14/BAZ-26/BAZ-28: buyer keeps 2; opponents with 5, 6, 8 lose 0, 1, 3.

    The seed: "An opponent with five tokens receives no penalty; another with six tokens is
    penalized one point; and another with eight tokens is penalized three points."
    """
    state = given(new_game(4), hands={0: "RRWWBGG", 1: "RWBGY", 2: "RWBGYY", 3: "RRWWBGYY"},
                  scores={1: 4, 2: 4, 3: 2}, phase=PURCHASE, stalls=STALLS)
    after, events = play(state, 0, buy(1))
    assert sum(after.hands[0]) == 2
    assert [after.score(i) for i in (1, 2, 3)] == [4, 3, -1]
    assert events[0]["penalties"] == [{"seat": 2, "tokens": 6, "points": 1},
                                      {"seat": 3, "tokens": 8, "points": 3}]
    applied = [e for e in events if e["type"] == "PenaltyApplied"]
    assert applied == [
        {"type": "PenaltyApplied", "seat": 2, "by": 0, "tokens": 6, "threshold": 5, "points": 1},
        {"type": "PenaltyApplied", "seat": 3, "by": 0, "tokens": 8, "threshold": 5, "points": 3},
    ]
    assert after.penalties == [0, 0, 1, 3]


def test_baz_26_penalty_function_and_purchaser_exempt() -> None:
    """BAZ-26: threshold = left + 3; the purchaser is never penalised by their own purchase."""
    assert [penalty(2, t) for t in (5, 6, 8)] == [0, 1, 3]
    assert penalties_after_purchase(0, 0, [8, 4, 3]) == [(1, 4, 1)]


def test_s_baz_15_baz_29_threshold_three() -> None:
    """S-BAZ-15/BAZ-29: 0 left: opponents with 10 and 3 lose 7 and 0 (the bound)."""
    state = given(new_game(3), hands={0: "RRWWB", 1: "RRWWBBGGYY", 2: "RWB"},
                  phase=PURCHASE, stalls=STALLS)
    after, _ = play(state, 0, buy(1))
    assert [after.score(i) for i in range(3)] == [5, -7, 0]


def test_s_baz_16_tenfold_same_penalty() -> None:
    """S-BAZ-16/BAZ-7/BAZ-26: tenfold, starred with 2 left: +60; opponents 6, 8 lose 1, 3."""
    state = given(new_game(3, scale="tenfold"), hands={0: "RRRRWGY", 1: "RWBGYY",
                                                       2: "RRWWBGYY"},
                  phase=PURCHASE, stalls=STALLS)
    after, _ = play(state, 0, buy(2))
    assert [after.score(i) for i in range(3)] == [60, -1, -3]


def test_s_baz_17_baz_25_penalty_off() -> None:
    """S-BAZ-17/BAZ-25: the S-BAZ-14 state with penalty false: no opponent loses points."""
    state = given(new_game(4, penalty=False),
                  hands={0: "RRWWBGG", 1: "RWBGY", 2: "RWBGYY", 3: "RRWWBGYY"},
                  scores={1: 4, 2: 4, 3: 2}, phase=PURCHASE, stalls=STALLS)
    after, events = play(state, 0, buy(1))
    assert [after.score(i) for i in (1, 2, 3)] == [4, 4, 2]
    assert not [e for e in events if e["type"] == "PenaltyApplied"]
    assert events[0]["penalties"] == []


def test_baz_27_penalty_on_the_final_purchase_and_no_floor() -> None:
    """BAZ-27: the purchase that ends the game still penalises; scores may go negative."""
    state = given(new_game(2), hands={0: "RRWWB", 1: "RRWWBBGGYY"}, scores={1: 1},
                  phase=PURCHASE, stalls=[[21], [], [41], [45]])
    after, events = play(state, 0, buy(1))
    assert after.reason == "two-stalls-sold-out"
    assert after.score(1) == 1 - 7
    assert [e["type"] for e in events] == ["WareBought", "PenaltyApplied", "StallSoldOut",
                                           "GameEnded"]


def test_baz_24_scores_cumulative() -> None:
    """BAZ-24: points add up over purchases."""
    state = given(new_game(2), hands={0: "RRWWB"}, scores={0: 7}, phase=PURCHASE,
                  stalls=STALLS)
    after, _ = play(state, 0, buy(1))
    assert after.score(0) == 12 and after.points[0] == 12
