"""Timeout move and end of the game: GB-17, GB-19, GB-20, GB-21;
S-GB-15, S-GB-16, S-GB-17."""

from __future__ import annotations

from typing import Any

import pytest

from app.games.base import IllegalMove, SeededRng
from app.games.grand_bazaar import ENGINE, rules
from app.games.grand_bazaar.state import State

from .helpers import make_state, new_game, order_with_first, play, playout

EMPTY = (0, 0, 0)


def timeout(state: State) -> tuple[dict[str, Any], State, list[dict[str, Any]]]:
    """The timeout move for the seat to act, applied."""
    seat = state.turn()
    assert seat is not None
    move = ENGINE.timeout_move(state, seat)
    assert move is not None and move["timeout"] is True
    after, events = ENGINE.apply(state, seat, move, SeededRng(0))
    assert events[0]["timeout"] is True
    assert "timeout move" in ENGINE.describe(events[0], state.names)
    return move, after, events


def test_s_gb_15_timeout_buys_the_cheapest_without_selling() -> None:
    """S-GB-15 / GB-17 step 1: round 1 at (11, 9, 10) with 30 grands: buy R1, money 21."""
    state = new_game(3, start=0, order=order_with_first(20))
    move, after, _ = timeout(state)
    assert move["buy"] == {"S": 0, "R": 1, "E": 0} and move["sell"] == {"S": 0, "R": 0, "E": 0}
    assert after.money[0] == 21


def test_s_gb_15_timeout_sells_then_buys_the_cheapest_feasible() -> None:
    """S-GB-15 / GB-17 step 2: at the S-GB-14 state, sell one E, then buy R1: money 1, E3 R1."""
    state = make_state(2, round=8, prices=(12, 10, 8), money=(3, 30), hands=[(0, 0, 4), EMPTY])
    move, after, _ = timeout(state)
    assert move["sell"] == {"S": 0, "R": 0, "E": 1} and move["buy"] == {"S": 0, "R": 1, "E": 0}
    assert after.money[0] == 1 and after.hands[0] == (0, 1, 3)


def test_s_gb_15_timeout_waiver() -> None:
    """S-GB-15 / GB-17 step 3: at the S-GB-12 state the timeout move is empty, a waiver."""
    state = make_state(2, round=9, prices=(1, 12, 11), money=(0, 30), hands=[(4, 0, 0), EMPTY])
    move, after, events = timeout(state)
    assert move["sell"] == move["buy"] == {"S": 0, "R": 0, "E": 0}
    assert events[0]["waived"]
    assert after.money[0] == 0 and after.hands[0] == (4, 0, 0)


def test_gb_17_step_2_sells_the_dearest_other_gem_first() -> None:
    """GB-17 step 2: sales go dearest first (ties by type order) until the buy fits."""
    # hand S1 R1 E2, money 0, (12, 8, 10): R (8) is the cheapest feasible; 4 gems, so no free buy
    state = make_state(2, round=3, prices=(12, 8, 10), money=(0, 30), hands=[(1, 1, 2), EMPTY])
    move, after, _ = timeout(state)
    assert move["sell"] == {"S": 1, "R": 0, "E": 0} and move["buy"] == {"S": 0, "R": 1, "E": 0}
    assert after.money[0] == 4 and after.hands[0] == (0, 2, 2)
    # a tie in price goes by type order: S before E
    tie = make_state(2, round=3, prices=(9, 5, 9), money=(0, 30), hands=[(1, 2, 1), EMPTY])
    move, _, _ = timeout(tie)
    assert move["sell"] == {"S": 1, "R": 0, "E": 0} and move["buy"] == {"S": 0, "R": 1, "E": 0}
    # several sales when one is not enough: E4 at 3 each to buy an S at 9 sells three
    poor = make_state(2, round=3, prices=(9, 12, 3), money=(0, 30), hands=[(0, 0, 4), EMPTY])
    move, after, _ = timeout(poor)
    assert move["sell"] == {"S": 0, "R": 0, "E": 3} and move["buy"] == {"S": 1, "R": 0, "E": 0}
    assert after.money[0] == 0


def test_gb_17_step_1_ties_go_by_type_order() -> None:
    """GB-17 step 1: the cheapest type without a sale; a tie goes to the earlier type."""
    state = make_state(2, round=3, prices=(11, 10, 10), money=(30, 30))
    move, _, _ = timeout(state)
    assert move["buy"] == {"S": 0, "R": 1, "E": 0}
    # the cheapest is out of stock: the next cheapest
    empty_r = make_state(
        3,
        round=3,
        prices=(11, 9, 10),
        hands=[EMPTY, (0, 4, 0), (0, 4, 0)],
        stock=(10, 0, 10),
    )
    move, _, _ = timeout(empty_r)
    assert move["buy"] == {"S": 0, "R": 0, "E": 1}


@pytest.mark.parametrize("n", [2, 4, 7])
def test_gb_17_timeout_move_is_always_legal(n: int) -> None:
    """GB-17: deterministic and always legal: whole games of timeout moves never fail."""
    for seed in range(5):
        state = new_game(n, start="random", seed=seed)
        while not state.finished:
            seat = state.turn()
            assert seat is not None
            move = ENGINE.timeout_move(state, seat)
            assert move == ENGINE.timeout_move(state, seat)
            assert move is not None
            plain = {k: v for k, v in move.items() if k != "timeout"}
            assert plain in ENGINE.legal_moves(state, seat)
            state, _ = ENGINE.apply(state, seat, move, SeededRng(0))


def test_gb_17_the_timeout_flag_is_only_for_the_timeout_move() -> None:
    """GB-17: the log's timeout mark is truthful: another move may not carry it."""
    state = new_game(3, start=0, order=order_with_first(20))
    move = {"type": "Trade", "buy": {"S": 1}, "timeout": True}
    with pytest.raises(IllegalMove, match="GB-17"):
        ENGINE.apply(state, 0, move, SeededRng(0))


def test_gb_17_no_timeout_move_for_a_seat_not_to_act() -> None:
    """GB-17: only the seat whose clock runs has a timeout move."""
    state = new_game(3, start=0)
    assert ENGINE.timeout_move(state, 1) is None


def test_s_gb_16_final_sale() -> None:
    """S-GB-16 / GB-19: 88 grands and S1 R2 after round 27 end with 118; stocks back to 10."""
    state = make_state(2, round=27, moved=2, money=(88, 40), hands=[(1, 2, 0), (0, 0, 4)])
    done, event = rules.final_sale(state)
    assert done.money == (118, 80)
    assert done.stock == (10, 10, 10) and done.hands == (EMPTY, EMPTY)
    assert event["money_before"] == [88, 40]
    assert event["sold"][0] == {"S": 1, "R": 2, "E": 0}


def test_gb_19_the_last_move_of_round_27_ends_the_game() -> None:
    """GB-19: after the last trade of round 27 there is no reveal; the final sale follows."""
    state = make_state(2, round=27, moved=1, money=(30, 98), hands=[(1, 0, 0), (1, 2, 0)])
    done, events = play(state, {"type": "Trade", "buy": {"E": 1}})
    assert [e["type"] for e in events] == ["Traded", "GameEnded"]
    assert done.finished and done.money == (40, 88 + 40)
    assert done.history == state.history and len(done.history) == 27
    assert "Final sale at 10" in ENGINE.describe(events[1], ["Ann", "Bob"])


def finished(money: tuple[int, ...]) -> State:
    """A finished game with these final amounts."""
    n = len(money)
    state = make_state(n, round=27, moved=n, money=money)
    done, _ = rules.final_sale(state)
    return done


def test_s_gb_17_ties_share_the_rank_and_the_win() -> None:
    """S-GB-17 / GB-20: 120, 120, 97: both 120s rank 1 and win; the third ranks 3."""
    outcome = ENGINE.outcome(finished((120, 120, 97)))
    assert outcome is not None
    assert outcome.scores == [120, 120, 97]
    assert outcome.ranks == [1, 1, 3]
    assert outcome.winners == [0, 1]


def test_gb_20_competition_ranking() -> None:
    """GB-20: ranked by final money high to low, competition numbering (1, 2, 2, 4)."""
    outcome = ENGINE.outcome(finished((50, 70, 70, 10)))
    assert outcome is not None
    assert outcome.ranks == [3, 1, 1, 4] and outcome.winners == [1, 2]


def test_gb_21_result_record() -> None:
    """GB-21: final money, money before the final sale, gems sold, ranks, winners, history."""
    state = make_state(2, round=27, moved=2, money=(88, 40), hands=[(1, 2, 0), (0, 0, 4)])
    done, _ = rules.final_sale(state)
    outcome = ENGINE.outcome(done)
    assert outcome is not None and ENGINE.outcome(state) is None
    assert outcome.details == {
        "money": [118, 80],
        "money_before_sale": [88, 40],
        "sold": [{"S": 1, "R": 2, "E": 0}, {"S": 0, "R": 0, "E": 4}],
        "history": list(state.history),
    }
    assert outcome.ranks == [1, 2] and outcome.winners == [0]


def test_gb_19_gb_30_whole_game_final_sale_and_trade_count() -> None:
    """GB-19 / GB-30: a full game makes 27 x n moves and ends with every stock at 10."""
    count = 0

    def tally(state: State, events: list[dict[str, Any]]) -> None:
        nonlocal count
        count += sum(1 for e in events if e["type"] == "Traded")

    done = playout(new_game(4, start="random", seed=8), seed=3, on_step=tally)
    assert count == 27 * 4 == done.moves_made()
    assert done.stock == (10, 10, 10) and all(h == EMPTY for h in done.hands)
    assert done.prices == (10, 10, 10)
