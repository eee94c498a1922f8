"""The baseline bot (rules/bazaar.md sections 5-7): legal, buys when it can, plans trades,
and with penalties on (BAZ-26) avoids holding a big pile of tokens."""

from __future__ import annotations

from app.games.base import SeededRng
from app.games.bazaar import ENGINE
from app.games.bazaar.state import PURCHASE, RETURN

from .helpers import given, new_game, play, trade


def test_bot_moves_are_always_legal() -> None:
    """Bots finish games making only moves from legal_moves."""
    for seed in range(3):
        state = ENGINE.setup(["a", "b", "c"], ENGINE.validate_options({}, 3), SeededRng(seed))
        rng = SeededRng(seed + 50)
        while ENGINE.outcome(state) is None:
            (seat,) = ENGINE.to_act(state)
            move = ENGINE.bot_move(state, seat, rng)
            assert move in ENGINE.legal_moves(state, seat)
            state, _ = ENGINE.apply(state, seat, move, rng)


def test_bot_buys_the_best_affordable_top() -> None:
    """BAZ-18/BAZ-24: with ware 21 and ware 36 both affordable it buys the higher score."""
    state = given(new_game(2), hands={0: "RRRRWWB"}, phase=PURCHASE)
    # ware 21 (RRWWB) leaves 2 tokens: 2 points; ware 36 (RRRRW, star) leaves 2: 3 points
    assert ENGINE.bot_move(state, 0, SeededRng(0)) == {"type": "Buy", "stall": 2}


def test_bot_trades_into_a_purchase() -> None:
    """The bot finds the trade that makes a stall top affordable this turn, then buys it."""
    # R3 W1 B1 G1: ware 21 (RRWWB) lacks one W; 7.1 right-to-left (R + G -> W) gives RRWWB
    state = given(new_game(2), hands={0: "RRRWBG"})
    move = ENGINE.bot_move(state, 0, SeededRng(0))
    assert move == trade("7.1", "right-to-left")
    after, _ = play(state, 0, move)
    assert ENGINE.bot_move(after, 0, SeededRng(0)) == {"type": "Buy", "stall": 1}


def test_bot_prefers_a_trade_that_shrinks_the_hand_before_buying() -> None:
    """BAZ-24/BAZ-26: able to buy already, it first trades 2 tokens for 1 to score more."""
    # R2 W2 B1 + B1 G1: ware 21 affordable with 2 left; 1.5 rtl (W + G -> BB) is no help,
    # but 1.3 rtl (B + G -> W) leaves R2 W3 B1: 1 left after buying ware 21 (3 points, not 2)
    state = given(new_game(2), hands={0: "RRWWBBG"})
    move = ENGINE.bot_move(state, 0, SeededRng(0))
    assert move == trade("1.3", "right-to-left")


def test_bot_returns_tokens_it_does_not_need() -> None:
    """BAZ-19: at the hand limit the bot keeps the tokens of its target and returns others."""
    state = given(new_game(2), hands={0: "RRWWBGGGGGGG"}, phase=RETURN)
    move = ENGINE.bot_move(state, 0, SeededRng(0))
    assert move == {"type": "ReturnTokens", "tokens": {"G": 2}}  # keeps RRWWB for ware 21


def test_bot_with_penalties_does_not_grow_a_big_pile() -> None:
    """BAZ-26: W5 G5 and no top in reach: with penalties on the bot keeps the hand at 10;
    with penalties off it takes the 1-for-3 trade that grows it toward ware 36 (RRRRW)."""
    sizes = {}
    for penalty_on in (True, False):
        state = given(new_game(2, penalty=penalty_on), hands={0: "WWWWWGGGGG"})
        move = ENGINE.bot_move(state, 0, SeededRng(0))
        after, _ = play(state, 0, move, die="R")
        sizes[penalty_on] = sum(after.hands[0])
    assert sizes[True] <= 10 < sizes[False]
