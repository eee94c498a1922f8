"""The baseline bot: legal, deterministic, reads only public information (GB-22, GB-23)."""

from __future__ import annotations

import pytest

from app.games.base import NotYourTurn, SeededRng
from app.games.grand_bazaar import ENGINE, bot
from app.games.grand_bazaar.data import CARD_IDS

from .helpers import make_state, new_game, play


def test_hold_value_basics() -> None:
    """With no card left a gem is worth the final price 10; a known rise is worth waiting for."""
    assert bot.hold_value(0, 0, 0) == 10
    assert bot.hold_value(1, 0, 0) == 10  # price 9 now, 10 at the end
    assert bot.hold_value(0, 0, 1) == 10  # price 11 now, only falls: kept, it is worth 10
    assert bot.sell_value(0, 0, 1) == 11  # ... so it is sold now at 11
    # ups and downs still to come: the option to sell at a peak is worth more than 10
    assert bot.hold_value(2, 0, 2) > 10


@pytest.mark.parametrize("n", [2, 3, 5])
def test_bot_moves_are_legal_and_finish_games(n: int) -> None:
    """The bot always plays a legal move and finishes the game."""
    state = new_game(n, start="random", seed=n)
    while not state.finished:
        seat = state.turn()
        assert seat is not None
        move = ENGINE.bot_move(state, seat, SeededRng(0))
        assert move in ENGINE.legal_moves(state, seat)
        state, _ = play(state, move)
    assert state.prices == (10, 10, 10)


def test_bot_uses_public_information_only() -> None:
    """GB-23: the bot's move does not change when the unrevealed order is redrawn."""
    state = new_game(3, start=0, order=list(CARD_IDS))
    for _ in range(30):
        seat = state.turn()
        assert seat is not None
        move = ENGINE.bot_move(state, seat, SeededRng(0))
        for redraw in range(3):
            other = ENGINE.resample_hidden(state, seat, SeededRng(redraw))
            assert ENGINE.bot_move(other, seat, SeededRng(0)) == move
        state, _ = play(state, move)


def test_bot_reads_what_is_left_in_the_deck() -> None:
    """Two cards left, (-1, 0, 0) and (0, +1, 0): S at 11 can only fall and R at 9 only rise,
    so the bot sells its sapphires and buys all the rubies it can pay for."""
    order = [c for c in CARD_IDS if c not in (5, 17)] + [5, 17]
    state = make_state(2, round=25, money=(10, 30), hands=[(2, 0, 0), (0, 0, 0)], order=order)
    assert state.prices == (11, 9, 10) and state.turn() == 0
    assert bot.hold_values(state) == (10.5, 10.0, 10.0)
    move = ENGINE.bot_move(state, 0, SeededRng(0))
    assert move["sell"] == {"S": 2, "R": 0, "E": 0}
    assert move["buy"] == {"S": 0, "R": 3, "E": 0}


def test_bot_refuses_a_seat_not_to_act() -> None:
    """The bot only moves for the seat whose turn it is."""
    with pytest.raises(NotYourTurn):
        ENGINE.bot_move(new_game(2, start=0), 1, SeededRng(0))
