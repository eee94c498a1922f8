"""The trade move: GB-5, GB-12, GB-13 a-f, GB-14, GB-15, GB-16;
S-GB-06 to S-GB-14 and S-GB-22."""

from __future__ import annotations

from typing import Any

import pytest

from app.games.base import IllegalMove, InvalidMove, SeededRng
from app.games.grand_bazaar import ENGINE, rules
from app.games.grand_bazaar.state import State

from .helpers import legal_set, make_state, new_game, order_with_first, play, trade

EMPTY = (0, 0, 0)


def refused(state: State, move: dict[str, Any], rule: str) -> None:
    """The move is illegal, the reason cites ``rule``, and nothing changed."""
    before = ENGINE.dump_state(state)
    with pytest.raises(IllegalMove) as info:
        play(state, move)
    assert info.value.reason.startswith(rule), info.value.reason
    assert ENGINE.dump_state(state) == before


def seat_of(state: State) -> int:
    seat = state.turn()
    assert seat is not None
    return seat


# --------------------------------------------------------------------------- scenarios


def round_one() -> State:
    """Round 1, prices (11, 9, 10), the first player with 30 grands."""
    state = new_game(3, start=0, order=order_with_first(20))
    assert state.prices == (11, 9, 10) and state.turn() == 0 and state.money[0] == 30
    return state


def test_s_gb_06_compulsory_buy_in_round_1() -> None:
    """S-GB-06 / GB-13f: the empty move is rejected; buy R1 leaves 21, R1, stock R 9."""
    state = round_one()
    refused(state, trade(), "GB-13f")
    after, _ = play(state, trade(buy={"R": 1}))
    assert after.money[0] == 21 and after.hands[0] == (0, 1, 0) and after.stock[1] == 9


def test_s_gb_07_money_limit() -> None:
    """S-GB-07 / GB-13d: buy S2 R1 (31) is rejected; buy S1 R2 (29) leaves 1, S1 R2."""
    state = round_one()
    refused(state, trade(buy={"S": 2, "R": 1}), "GB-13d")
    after, _ = play(state, trade(buy={"S": 1, "R": 2}))
    assert after.money[0] == 1 and after.hands[0] == (1, 2, 0)


def test_s_gb_08_hand_limit() -> None:
    """S-GB-08 / GB-13e: at (6, 6, 6) with 40 grands, buy S3 R2 is rejected; S2 R2 leaves 16."""
    state = make_state(2, round=5, prices=(6, 6, 6), money=(40, 30))
    refused(state, trade(buy={"S": 3, "R": 2}), "GB-13e")
    after, _ = play(state, trade(buy={"S": 2, "R": 2}))
    assert after.money[0] == 16 and after.hands[0] == (2, 2, 0)


def holding_four() -> State:
    """S-GB-09: hand S2 R2, money 0, prices (12, 8, 10)."""
    return make_state(2, round=3, prices=(12, 8, 10), money=(0, 30), hands=[(2, 2, 0), EMPTY])


def test_s_gb_09_holding_four_legal_moves() -> None:
    """S-GB-09 / GB-13, GB-14, GB-16: S is feasible; three listed moves are legal."""
    state = holding_four()
    assert "S" in rules.feasible_types(state, 0)
    for move, money, hand in [
        (trade(sell={"R": 2}, buy={"S": 1}), 4, (3, 0, 0)),
        (trade(sell={"R": 2}, buy={"E": 1}), 6, (2, 0, 1)),
        (trade(sell={"S": 1}, buy={"R": 1}), 4, (1, 3, 0)),
    ]:
        after, _ = play(state, move)
        assert (after.money[0], after.hands[0]) == (money, hand)


@pytest.mark.parametrize(
    ("move", "rule"),
    [
        (trade(buy={"S": 1}), "GB-13d"),  # 5 gems and no money: d is checked before e
        (trade(sell={"R": 1}, buy={"S": 1}), "GB-13d"),  # 8 < 12
        (trade(sell={"S": 1}, buy={"S": 1}), "GB-13b"),
        (trade(), "GB-13f"),
        (trade(sell={"R": 2}), "GB-13f"),
    ],
)
def test_s_gb_09_holding_four_rejected_moves(move: dict[str, Any], rule: str) -> None:
    """S-GB-09: buy S1, sell R1 + buy S1, sell S1 + buy S1, the empty move, sell R2 alone."""
    refused(holding_four(), move, rule)


def test_s_gb_09_buy_without_selling_breaks_the_hand_limit() -> None:
    """S-GB-09 / GB-16: with money, a 4-gem hand still must sell before buying (GB-13e)."""
    state = make_state(2, round=3, prices=(12, 8, 10), money=(50, 30), hands=[(2, 2, 0), EMPTY])
    refused(state, trade(buy={"S": 1}), "GB-13e")


def test_s_gb_10_selling_at_the_current_price() -> None:
    """S-GB-10 / GB-12: hand S2, 5 grands, (13, 9, 10): sell S2 + buy R1 gives 22, R1."""
    state = make_state(2, round=4, prices=(13, 9, 10), money=(5, 30), hands=[(2, 0, 0), EMPTY])
    after, events = play(state, trade(sell={"S": 2}, buy={"R": 1}))
    assert after.money[0] == 5 + 26 - 9 == 22
    assert after.hands[0] == (0, 1, 0)
    assert after.stock[0] == state.stock[0] + 2 and after.stock[1] == state.stock[1] - 1
    assert events[0]["prices"] == {"S": 13, "R": 9, "E": 10}


def test_s_gb_11_nothing_to_sell_in_round_1() -> None:
    """S-GB-11 / GB-13a: in round 1 any move with a sale is rejected."""
    state = round_one()
    refused(state, trade(sell={"S": 1}, buy={"R": 1}), "GB-13a")
    assert all(sell == EMPTY for sell, _ in legal_set(state))


@pytest.mark.parametrize("sell", [{"R": 1}, {"S": 3}, {"E": 1, "S": 1}])
def test_s_gb_11_cannot_sell_what_is_not_held(sell: dict[str, int]) -> None:
    """S-GB-11 / GB-13a: later, selling an unheld type, or more than held, is rejected."""
    state = make_state(2, round=6, hands=[(2, 0, 0), EMPTY])
    refused(state, trade(sell=sell, buy={"S": 0}), "GB-13a")


def price_waiver() -> State:
    """S-GB-12: hand S4, money 0, prices (1, 12, 11)."""
    return make_state(2, round=9, prices=(1, 12, 11), money=(0, 30), hands=[(4, 0, 0), EMPTY])


def test_s_gb_12_waiver_by_price() -> None:
    """S-GB-12 / GB-14, GB-15: nothing feasible; the empty move and sell S2 are legal."""
    state = price_waiver()
    assert rules.waiver_reasons(state, 0) == {
        "S": rules.HAND_FULL,
        "R": rules.NO_MONEY,
        "E": rules.NO_MONEY,
    }
    assert not rules.must_buy(state, 0)
    assert legal_set(state) == {((k, 0, 0), EMPTY) for k in range(5)}
    after, events = play(state, trade())
    assert events[0]["waived"] == {
        "S": "hand full of that type",
        "R": "not enough money",
        "E": "not enough money",
    }
    assert "compulsory buy waived" in ENGINE.describe(events[0], state.names)
    after, events = play(state, trade(sell={"S": 2}))
    assert after.money[0] == 2 and events[0]["waived"]


def stock_waiver(seat2_rubies: int) -> State:
    """S-GB-13: n=3; seat 0 R2 and 4 grands; seats 1 and 2 hold rubies; (12, 3, 11)."""
    return make_state(
        3,
        round=7,
        prices=(12, 3, 11),
        money=(4, 30, 30),
        hands=[(0, 2, 0), (0, 4, 0), (0, seat2_rubies, 0)],
    )


def test_s_gb_13_waiver_by_stock() -> None:
    """S-GB-13 / GB-14, GB-15, GB-29: stock R 0, no type feasible; sell R2 + buy E1 refused."""
    state = stock_waiver(4)
    assert state.stock[1] == 0 and state.turn() == 0
    assert rules.waiver_reasons(state, 0) == {
        "S": rules.NO_MONEY,
        "R": rules.NO_STOCK,
        "E": rules.NO_MONEY,
    }
    play(state, trade())
    refused(state, trade(sell={"R": 2}, buy={"E": 1}), "GB-13d")
    refused(state, trade(buy={"R": 1}), "GB-13c")


def test_s_gb_13_variant_one_ruby_left() -> None:
    """S-GB-13 variant: with stock R 1, R is feasible; the empty move is refused; buy R1 works."""
    state = stock_waiver(3)
    assert state.stock[1] == 1 and rules.feasible_types(state, 0) == ["R"]
    refused(state, trade(), "GB-13f")
    refused(state, trade(buy={"R": 2}), "GB-13c")
    after, _ = play(state, trade(buy={"R": 1}))
    assert after.money[0] == 1 and after.hands[0] == (0, 3, 0)


def feasible_by_selling() -> State:
    """S-GB-14: hand E4, money 3, prices (12, 10, 8)."""
    return make_state(2, round=8, prices=(12, 10, 8), money=(3, 30), hands=[(0, 0, 4), EMPTY])


def test_s_gb_14_feasible_only_by_selling() -> None:
    """S-GB-14 / GB-14: sell E1 + buy S1 refused (-1); sell E2 + buy S1 legal; sell E4 refused."""
    state = feasible_by_selling()
    refused(state, trade(sell={"E": 1}, buy={"S": 1}), "GB-13d")
    after, _ = play(state, trade(sell={"E": 2}, buy={"S": 1}))
    assert after.money[0] == 7 and after.hands[0] == (1, 0, 2)
    refused(state, trade(sell={"E": 4}), "GB-13f")


def test_s_gb_22_round_27_still_compulsory() -> None:
    """S-GB-22 / GB-26, GB-13f: round 27 at 10s: empty move refused, buy E1 legal; and every
    legal move ends with the same final money."""
    state = make_state(2, round=27, moved=1, money=(30, 15), hands=[EMPTY, (1, 1, 0)], start=0)
    assert state.prices == (10, 10, 10) and state.turn() == 1
    refused(state, trade(), "GB-13f")
    finals = set()
    for sell, buy in legal_set(state):
        after, _ = play(
            state, trade(dict(zip("SRE", sell, strict=True)), dict(zip("SRE", buy, strict=True)))
        )
        assert after.finished
        finals.add(after.money[1])
    assert finals == {15 + 2 * 10}
    assert (EMPTY, (0, 0, 1)) in legal_set(state)


# --------------------------------------------------------------------------- single rules


def test_gb_12_sales_are_applied_before_purchases() -> None:
    """GB-12: a sale pays for, and makes room for, a purchase in the same move."""
    state = make_state(2, round=3, prices=(5, 15, 10), money=(0, 30), hands=[(0, 4, 0), EMPTY])
    after, _ = play(state, trade(sell={"R": 2}, buy={"S": 1, "E": 1}))
    assert after.money[0] == 15 and after.hands[0] == (1, 2, 1)
    assert after.stock == (9, 8, 9)


def test_gb_12_buy_and_sell_at_the_same_price() -> None:
    """GB-12: no spread: a gem sold returns exactly what one costs this round."""
    state = make_state(2, round=3, prices=(9, 14, 10), money=(0, 30), hands=[(0, 1, 0), EMPTY])
    after, _ = play(state, trade(sell={"R": 1}, buy={"S": 1}))
    assert after.money[0] == 14 - 9


def test_gb_13b_cannot_buy_and_sell_the_same_type() -> None:
    """GB-13b: no type is both bought and sold in one move; legal moves never do it."""
    state = make_state(2, round=4, money=(40, 30), hands=[(2, 1, 0), EMPTY])
    refused(state, trade(sell={"R": 1}, buy={"R": 2}), "GB-13b")
    for sell, buy in legal_set(state):
        assert not any(s and b for s, b in zip(sell, buy, strict=True))


def test_gb_13c_cannot_buy_more_than_the_stock() -> None:
    """GB-13c: buy(T) <= s(T)."""
    state = make_state(3, round=2, mover=2, hands=[(0, 0, 4), (0, 0, 4), EMPTY])
    assert state.stock[2] == 2
    refused(state, trade(buy={"E": 3}), "GB-13c")
    after, _ = play(state, trade(buy={"E": 2}))
    assert after.stock[2] == 0


def test_gb_13d_exactly_enough_money_is_enough() -> None:
    """GB-13d: m + sales - purchases may reach 0 but not below."""
    state = make_state(2, round=2, prices=(10, 10, 10), money=(20, 30))
    after, _ = play(state, trade(buy={"S": 2}))
    assert after.money[0] == 0
    refused(state, trade(buy={"S": 2, "E": 1}), "GB-13d")


def test_gb_14_feasibility_conditions() -> None:
    """GB-14: stock >= 1, h(T) <= 3, and money plus the other gems' value covers p(T)."""
    # holds E4 only: E is not feasible (hand full of E), S costs 12 <= 3 + 4 * 8 = 35
    state = feasible_by_selling()
    assert rules.feasible_types(state, 0) == ["S", "R"]
    assert rules.waiver_reasons(state, 0) == {"E": rules.HAND_FULL}
    # gems of T itself never count towards buying T
    poor = make_state(2, round=8, prices=(12, 10, 8), money=(3, 30), hands=[(3, 0, 0), EMPTY])
    assert rules.waiver_reasons(poor, 0) == {"S": rules.NO_MONEY}
    # equality is enough
    exact = make_state(2, round=8, prices=(12, 10, 8), money=(4, 30), hands=[(0, 0, 1), EMPTY])
    assert rules.feasible_types(exact, 0) == ["S", "R"]


def test_gb_15_no_move_with_a_buy_is_legal_under_a_waiver() -> None:
    """GB-15: under a waiver the legal moves are the empty move and sell-only moves."""
    for state in (price_waiver(), stock_waiver(4)):
        moves = legal_set(state)
        assert (EMPTY, EMPTY) in moves
        assert all(buy == EMPTY for _, buy in moves)


def test_gb_15_waiver_is_logged_with_seat_round_and_reason() -> None:
    """GB-15 / GB-18: the log records the waiver with the seat, the round and the reasons."""
    state = stock_waiver(4)
    _, events = play(state, trade())
    traded = events[0]
    assert (traded["seat"], traded["round"]) == (0, 7)
    assert traded["waived"]["R"] == "no stock"
    text = ENGINE.describe(traded, state.names)
    assert "compulsory buy waived" in text and "no stock" in text


def test_gb_15_no_waiver_flag_when_a_buy_is_feasible() -> None:
    """GB-15: an ordinary move carries no waiver."""
    _, events = play(round_one(), trade(buy={"E": 1}))
    assert events[0]["waived"] is None and events[0]["timeout"] is False


def test_gb_16_a_four_gem_hand_must_sell_to_buy() -> None:
    """GB-16: with 4 gems every legal move that buys also sells."""
    for state in (holding_four(), feasible_by_selling()):
        for sell, buy in legal_set(state):
            assert any(buy) and any(sell)


def test_gb_16_sell_every_other_gem_and_buy_one_is_legal() -> None:
    """GB-16: if T is feasible, "sell every other gem, buy one T" is legal."""
    state = holding_four()
    for t in rules.feasible_types(state, 0):
        i = "SRE".index(t)
        hand = state.hands[0]
        sell = tuple(0 if j == i else hand[j] for j in range(3))
        buy = tuple(1 if j == i else 0 for j in range(3))
        assert (sell, buy) in legal_set(state)


def test_gb_18_trade_log_entry() -> None:
    """GB-18: seat, round, sells and buys with unit prices, money and hand after, flags."""
    state = make_state(2, round=4, prices=(13, 9, 10), money=(5, 30), hands=[(2, 0, 0), EMPTY])
    _, events = play(state, trade(sell={"S": 2}, buy={"R": 1}))
    assert events[0] == {
        "type": "Traded",
        "seat": 0,
        "round": 4,
        "sell": {"S": 2, "R": 0, "E": 0},
        "buy": {"S": 0, "R": 1, "E": 0},
        "prices": {"S": 13, "R": 9, "E": 10},
        "money": 22,
        "hand": {"S": 0, "R": 1, "E": 0},
        "waived": None,
        "timeout": False,
    }
    text = ENGINE.describe(events[0], ["Ann", "Bob"])
    assert text == "Ann sold 2 sapphires at 13; bought 1 ruby at 9 (money 22; holds 1 ruby)"


# --------------------------------------------------------------------------- malformed moves


@pytest.mark.parametrize(
    "move",
    [
        None,
        [],
        {"type": "Buy", "buy": {"S": 1}},
        {"type": "Trade", "buy": {"D": 1}},
        {"type": "Trade", "buy": {"S": -1}},
        {"type": "Trade", "buy": {"S": 1.0}},
        {"type": "Trade", "buy": {"S": True}},
        {"type": "Trade", "buy": {"S": "1"}},
        {"type": "Trade", "buy": {"S": 10**9}},
        {"type": "Trade", "buy": [0, 1, 0]},
        {"type": "Trade", "buy": {"S": 1}, "price": 3},
        {"type": "Trade", "buy": {"S": 1}, "timeout": "yes"},
    ],
)
def test_malformed_trades_are_invalid(move: Any) -> None:
    """GB-12: a Trade is an object of non-negative whole counts per gem type."""
    state = round_one()
    with pytest.raises(InvalidMove):
        ENGINE.apply(state, 0, move, SeededRng(0))


def test_missing_types_count_zero() -> None:
    """GB-12: sell or buy may be left out, and a missing type counts 0."""
    after, _ = play(round_one(), {"type": "Trade", "buy": {"R": 1}})
    assert after.hands[0] == (0, 1, 0)


def test_the_finished_game_takes_no_moves() -> None:
    """GB-19: after the final sale no trade is legal."""
    state = make_state(2, round=27, moved=1, money=(30, 15), hands=[EMPTY, EMPTY])
    done, _ = play(state, trade(buy={"S": 1}))
    assert done.finished and ENGINE.to_act(done) == frozenset()
    with pytest.raises(IllegalMove, match="GB-19"):
        ENGINE.apply(done, 0, trade(buy={"S": 1}), SeededRng(0))
    assert ENGINE.legal_moves(done, 0) == []
