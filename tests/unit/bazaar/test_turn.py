"""The turn: BAZ-12 to BAZ-21; scenario checks S-BAZ-03 to S-BAZ-09, S-BAZ-18, S-BAZ-19."""

from __future__ import annotations

from typing import Any

import pytest

from app.games.base import IllegalMove, InvalidMove, NotYourTurn, RecordingRng, SeededRng
from app.games.bazaar import ENGINE
from app.games.bazaar.state import ACTION, PURCHASE, RETURN, WILD_CHOICE

from .helpers import bank, buy, given, held, new_game, play, trade

ROLL = {"type": "Roll"}
END = {"type": "EndTurn"}


def _types(moves: list[dict[str, Any]]) -> list[str]:
    return sorted({m["type"] for m in moves})


def test_s_baz_03_baz_13_first_turn_must_roll() -> None:
    """S-BAZ-03/BAZ-13: on a first turn the only legal action is Roll; a Trade is illegal."""
    state = given(new_game(2), hands={0: "R"}, started=False)
    assert ENGINE.legal_moves(state, 0) == [ROLL]
    with pytest.raises(IllegalMove, match="^BAZ-13"):
        play(state, 0, trade("1.1"))
    after, _ = play(state, 0, ROLL, die="W")
    assert after.started[0] and not after.started[1]


def test_baz_13_each_players_first_turn_is_a_roll() -> None:
    """BAZ-13/BAZ-43: the second player's first turn is also roll-only, whatever they hold."""
    state = new_game(2)
    state, _ = play(state, 0, ROLL, die="R")
    state, _ = play(state, 0, END)
    assert ENGINE.legal_moves(state, 1) == [ROLL]


def test_baz_12_and_14_turn_order_action_then_purchase_then_end() -> None:
    """BAZ-12/BAZ-14: a purchase or EndTurn before the action is illegal; no pass."""
    state = given(new_game(2), hands={0: "RRRWW"})
    for move in (END, buy(1), {"type": "ReturnTokens", "tokens": {"R": 1}}):
        with pytest.raises(IllegalMove, match="^BAZ-14"):
            play(state, 0, move)
    state, _ = play(state, 0, ROLL, die="G")
    assert state.phase == PURCHASE
    state, events = play(state, 0, END)
    assert state.current == 1 and state.phase == ACTION
    assert events[-1]["type"] == "TurnEnded"


def test_baz_14_roll_always_legal() -> None:
    """BAZ-14: a roll is legal on every turn, also with trades available."""
    state = given(new_game(2), hands={0: "RRWY"})
    legal = ENGINE.legal_moves(state, 0)
    assert ROLL in legal and "Trade" in _types(legal)


def test_baz_15_colour_face_gives_that_colour() -> None:
    """BAZ-15: the die shows G: the player takes one green token from the bank."""
    state = given(new_game(2), hands={0: "R"})
    after, events = play(state, 0, ROLL, die="G")
    assert held(after, 0) == {"R": 1, "G": 1} and after.bank[3] == 19
    assert events == [{"type": "DieRolled", "seat": 0, "face": "G", "got": "G"}]


def test_s_baz_04_baz_15_empty_colour_gives_nothing() -> None:
    """S-BAZ-04/BAZ-15: bank R0, die R: hand and bank unchanged, on to the purchase step."""
    state = given(new_game(2), hands={0: "WW", 1: "RRRRRRRRRR"},
                  bank={"R": 0, "W": 18, "B": 20, "G": 20, "Y": 20})
    state.hands[1] = [20, 0, 0, 0, 0]  # the other 10 red are with seat 1 (beyond the limit)
    after, events = play(state, 0, ROLL, die="R")
    assert after.hands[0] == state.hands[0] and after.bank == state.bank
    assert after.phase == PURCHASE
    assert events[0]["got"] is None


def test_s_baz_05_baz_16_baz_20_wild() -> None:
    """S-BAZ-05/BAZ-16/BAZ-20: bank R5 W9 B9 G2 Y0, WILD: choices R W B G; timeout takes W."""
    state = given(new_game(2), bank={"R": 5, "W": 9, "B": 9, "G": 2, "Y": 0})
    state, _ = play(state, 0, ROLL, die="WILD")
    assert state.phase == WILD_CHOICE
    legal = ENGINE.legal_moves(state, 0)
    assert [m["colour"] for m in legal] == ["R", "W", "B", "G"]
    with pytest.raises(IllegalMove, match="^BAZ-16"):
        play(state, 0, {"type": "ChooseColour", "colour": "Y"})
    after, events = play(state, 0, {"type": "ChooseColour", "colour": "G"})
    assert held(after, 0) == {"G": 1} and after.bank[3] == 1
    assert events == [{"type": "ColourChosen", "seat": 0, "colour": "G"}]
    assert ENGINE.timeout_move(state, 0) == {"type": "ChooseColour", "colour": "W"}
    with pytest.raises(IllegalMove, match="^BAZ-16"):
        play(state, 0, END)


def test_s_baz_06_baz_17_trade_left_to_right() -> None:
    """S-BAZ-06/BAZ-17: R1 and Trade(1.1 ltr) R = W + Y: hand W1 Y1, bank R20 W19 ... Y19."""
    state = given(new_game(2), hands={0: "R"})
    assert bank(state) == {"R": 19, "W": 20, "B": 20, "G": 20, "Y": 20}
    after, events = play(state, 0, trade("1.1"))
    assert held(after, 0) == {"W": 1, "Y": 1}
    assert bank(after) == {"R": 20, "W": 19, "B": 20, "G": 20, "Y": 19}
    assert events[0]["type"] == "Traded" and events[0]["gave"] == {"R": 1}
    assert after.phase == PURCHASE


def test_s_baz_07_baz_17_trade_right_to_left() -> None:
    """S-BAZ-07/BAZ-17: W1 Y1 -> R1 right-to-left; W1 alone is rejected."""
    state = given(new_game(2), hands={0: "WY"})
    after, _ = play(state, 0, trade("1.1", "right-to-left"))
    assert held(after, 0) == {"R": 1}
    lacking = given(new_game(2), hands={0: "W"})
    with pytest.raises(IllegalMove, match="^BAZ-17"):
        play(lacking, 0, trade("1.1", "right-to-left"))


def test_s_baz_08_baz_17_bank_lacks_receiving_side() -> None:
    """S-BAZ-08/BAZ-17: R1 with bank Y0: Trade(1.1 ltr) is rejected."""
    state = given(new_game(2), hands={0: "R"}, bank={"R": 19, "W": 20, "B": 20, "G": 20})
    with pytest.raises(IllegalMove, match="^BAZ-17: the bank lacks 1 yellow"):
        play(state, 0, trade("1.1"))
    assert trade("1.1") not in ENGINE.legal_moves(state, 0)


def test_baz_17_equation_not_in_force_rejected() -> None:
    """BAZ-9/BAZ-17: an equation of a card not in force is illegal."""
    state = given(new_game(2), hands={0: "W"})
    with pytest.raises(IllegalMove, match="^BAZ-9"):
        play(state, 0, trade("2.1"))


def test_s_baz_09_baz_14_one_action_only() -> None:
    """S-BAZ-09/BAZ-14: after a trade, a second Trade and a Roll are rejected; Buy/EndTurn."""
    state = given(new_game(2), hands={0: "RRRRWW"})  # stall 2's top is ware 36 RRRRW
    after, _ = play(state, 0, trade("1.1"))  # R -> W + Y: R3 W3 Y1
    for move in (trade("1.1"), ROLL):
        with pytest.raises(IllegalMove, match="^BAZ-14"):
            play(after, 0, move)
    assert ENGINE.legal_moves(after, 0) == [END]
    richer = given(new_game(2), hands={0: "RRRRRWW"})
    after, _ = play(richer, 0, trade("1.1"))  # R4 W3 Y1: affords 36 RRRRW only
    assert ENGINE.legal_moves(after, 0) == [buy(2), END]


def test_baz_18_buy_only_top_and_never_compulsory() -> None:
    """BAZ-18: only the top card can be bought; buying is optional (EndTurn is legal)."""
    state = given(new_game(2), hands={0: "RRWWB"}, phase=PURCHASE)
    assert buy(1) in ENGINE.legal_moves(state, 0) and END in ENGINE.legal_moves(state, 0)
    after, _ = play(state, 0, END)
    assert held(after, 0) == {"R": 2, "W": 2, "B": 1}


def test_s_baz_19_baz_18_exact_payment_and_turn_passes() -> None:
    """S-BAZ-19/BAZ-12/BAZ-18: R3 W2 G1, stall 2 top ware 1: +3 with G1 left; next seat."""
    stalls = [[21, 2, 3], [1, 6, 7], [41, 11], [45, 16]]
    state = given(new_game(2), hands={0: "RRRWWG"}, phase=PURCHASE, stalls=stalls)
    after, events = play(state, 0, buy(2))
    assert held(after, 0) == {"G": 1}
    assert after.points[0] == 3
    assert events[0]["type"] == "WareBought" and events[0]["level"] == 0
    assert after.current == 1 and after.phase == ACTION
    with pytest.raises(NotYourTurn):
        play(after, 0, buy(2))
    with pytest.raises(IllegalMove, match="^BAZ-18: you lack"):
        play(state, 0, buy(3))  # ware 41 RRRRR
    with pytest.raises(IllegalMove, match="^BAZ-18: only the top card"):
        play(state, 0, {"type": "Buy", "stall": 2, "ware": 6})  # a face-down card
    named, _ = play(state, 0, {"type": "Buy", "stall": 2, "ware": 1})
    assert named.points[0] == 3


def test_baz_18_face_down_refusal_names_no_hidden_card() -> None:
    """BAZ-18/BAZ-35: the refusal of a face-down card shows only the public top."""
    state = given(new_game(2), hands={0: "RRRWW"}, phase=PURCHASE)
    with pytest.raises(IllegalMove) as info:
        play(state, 0, {"type": "Buy", "stall": 1, "ware": 2})
    assert "21" in info.value.reason and " 2" not in info.value.reason.replace("21", "")


def test_baz_18_sold_out_stall_cannot_be_bought() -> None:
    """BAZ-18: a sold-out stall has no top card to buy."""
    state = given(new_game(2), hands={0: "RRRWW"}, phase=PURCHASE,
                  stalls=[[], [36], [41], [45]])
    with pytest.raises(IllegalMove, match="sold out"):
        play(state, 0, buy(1))


def test_baz_18_next_card_turns_face_up_and_is_witnessed() -> None:
    """BAZ-18: the next card of the stall becomes the public top; replay witnesses it."""
    state = given(new_game(2), hands={0: "RRWWB"}, phase=PURCHASE)
    rng = RecordingRng(SeededRng(0))
    after, events = ENGINE.apply(state, 0, buy(1), rng)
    assert rng.outcomes == [{"w": 1}]
    assert {"type": "CardRevealed", "stall": 1, "ware": 1} in events
    assert ENGINE.view(after, 1)["stalls"][0]["top"]["id"] == 1


def test_s_baz_18_baz_19_hand_limit() -> None:
    """S-BAZ-18/BAZ-19/BAZ-20: R5 W4 B3 G1 must return exactly 3; choice B3; timeout R R W."""
    state = given(new_game(2), hands={0: "RRRRRWWWWBBBG"}, phase=PURCHASE)
    state, events = play(state, 0, END)
    assert state.phase == RETURN and events == [
        {"type": "HandLimitReached", "seat": 0, "surplus": 3}]
    for tokens in ({"R": 2}, {"R": 2, "W": 2}, {"Y": 3}, {"G": 2, "R": 1}):
        with pytest.raises(IllegalMove, match="^BAZ-19"):
            play(state, 0, {"type": "ReturnTokens", "tokens": tokens})
    with pytest.raises(IllegalMove, match="^BAZ-19"):
        play(state, 0, END)
    after, events = play(state, 0, {"type": "ReturnTokens", "tokens": {"B": 3}})
    assert held(after, 0) == {"R": 5, "W": 4, "G": 1}
    assert after.current == 1 and events[0]["type"] == "TokensReturned"
    timeout = ENGINE.timeout_move(state, 0)
    assert timeout == {"type": "ReturnTokens", "tokens": {"R": 2, "W": 1}}
    after, _ = play(state, 0, timeout)
    assert held(after, 0) == {"R": 3, "W": 3, "B": 3, "G": 1}
    assert {"type": "ReturnTokens", "tokens": {"B": 3}} in ENGINE.legal_moves(state, 0)
    assert all(sum(m["tokens"].values()) == 3 for m in ENGINE.legal_moves(state, 0))


def test_baz_19_no_return_at_ten_or_fewer() -> None:
    """BAZ-19: a hand of 10 at the end of the turn keeps all its tokens."""
    state = given(new_game(2), hands={0: "RRRRRWWWWB"}, phase=PURCHASE)
    after, _ = play(state, 0, END)
    assert sum(after.hands[0]) == 10 and after.current == 1


def test_baz_19_may_hold_13_during_the_turn() -> None:
    """BAZ-19: a 1-for-4 trade at 10 tokens gives 13 during the turn."""
    state = given(new_game(2), hands={0: "RRRRRWWWWW"})
    after, _ = play(state, 0, trade("1.2"))  # R = 2G + 2Y
    assert sum(after.hands[0]) == 13 and after.phase == PURCHASE


def test_baz_20_timeout_move_steps() -> None:
    """BAZ-20: timeout plays Roll, then EndTurn (never buys)."""
    state = given(new_game(2), hands={0: "RRWWB"})
    assert ENGINE.timeout_move(state, 0) == ROLL
    state, _ = play(state, 0, ROLL, die="Y")
    assert ENGINE.timeout_move(state, 0) == END  # although ware 21 is affordable
    assert ENGINE.timeout_move(state, 1) is None


def test_baz_21_move_vocabulary_and_malformed_moves() -> None:
    """BAZ-21: the six move names; malformed payloads are InvalidMove and change nothing."""
    state = given(new_game(2), hands={0: "R"})
    for junk in ({"type": "Pass"}, {"type": "Roll", "extra": 1}, {"type": "Trade"},
                 {"type": "Trade", "equation_id": "11.1", "direction": "left-to-right"},
                 {"type": "Trade", "equation_id": "1.1", "direction": "up"},
                 {"type": "Buy", "stall": 5}, {"type": "Buy", "stall": "1"},
                 {"type": "ChooseColour", "colour": "P"},
                 {"type": "ReturnTokens", "tokens": {"Q": 1}},
                 {"type": "ReturnTokens", "tokens": {"R": True}}, [], "Roll"):
        with pytest.raises(InvalidMove):
            play(state, 0, junk)  # type: ignore[arg-type]
    with pytest.raises(NotYourTurn):
        play(state, 1, ROLL)


def test_baz_4_die_faces_equally_likely() -> None:
    """BAZ-4: six faces R W B G Y WILD, each one draw of six equally likely outcomes."""
    from app.games.base import ReplayRng

    faces = []
    for outcome in range(6):
        after, events = ENGINE.apply(new_game(2), 0, ROLL, ReplayRng([outcome]))
        faces.append(events[0]["face"])
    assert faces == ["R", "W", "B", "G", "Y", "WILD"]


def test_baz_3_tokens_conserved_by_roll_trade_buy_and_return() -> None:
    """BAZ-3: tokens paid or given go back to the bank; bank + hands = 20 per colour."""
    state = given(new_game(2), hands={0: "RRRRRWWWWBBBG", 1: "Y"})
    steps: list[tuple[dict[str, Any], str | None]] = [
        (trade("1.1"), None), (END, None), ({"type": "ReturnTokens", "tokens": "RRYW"}, None)]
    for move, die in steps:
        state, _ = play(state, state.current, move, die)
        for c in range(5):
            assert state.bank[c] + sum(h[c] for h in state.hands) == 20
    assert sum(state.bank) + sum(sum(h) for h in state.hands) == 100
