"""Rounds, reveals and prices: GB-9, GB-10, GB-11, GB-26, GB-27, GB-28;
S-GB-03, S-GB-04, S-GB-05, S-GB-18, S-GB-19, S-GB-20."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from app.games.base import NotYourTurn, SeededRng
from app.games.grand_bazaar import ENGINE, rules
from app.games.grand_bazaar.data import CARD_IDS, CARDS
from app.games.grand_bazaar.state import State

from .helpers import make_state, new_game, play, playout


def starters(state: State) -> tuple[list[int], list[list[int]]]:
    """Play a whole game with timeout moves; the first player and move order of each round."""
    firsts: list[int] = []
    orders: list[list[int]] = []
    while not state.finished:
        if state.moved == 0:
            firsts.append(state.first_player())
            orders.append([])
        seat = state.turn()
        assert seat is not None
        orders[-1].append(seat)
        state, _ = play(state, ENGINE.timeout_move(state, seat) or {})
    return firsts, orders


def test_s_gb_03_two_player_rotation() -> None:
    """S-GB-03 / GB-9: n=2, start 0: rounds 1-4 started by 0, 1, 0, 1; in round 2 seat 1 first."""
    firsts, orders = starters(new_game(2, start=0))
    assert firsts[:4] == [0, 1, 0, 1]
    assert orders[1] == [1, 0]


def test_s_gb_04_three_player_rotation() -> None:
    """S-GB-04 / GB-9: n=3, start 1: rounds 1-4 started by 1, 2, 0, 1 (round 3: player number 3)."""
    firsts, _ = starters(new_game(3, start=1))
    assert firsts[:4] == [1, 2, 0, 1]
    assert firsts[2] == (1 + 3 - 1) % 3  # player number k is seat (start + k - 1) mod n


@pytest.mark.parametrize("n", range(2, 8))
def test_gb_11_every_seat_moves_once_per_round_clockwise(n: int) -> None:
    """GB-11: seats f(r), f(r)+1, ... each move exactly once, then the round ends."""
    firsts, orders = starters(new_game(n, start=n - 1))
    assert len(orders) == 27
    for first, order in zip(firsts, orders, strict=True):
        assert order == [(first + i) % n for i in range(n)]


@pytest.mark.parametrize(
    ("n", "counts"),
    [
        (2, [14, 13]),
        (3, [9, 9, 9]),
        (4, [7, 7, 7, 6]),
        (5, [6, 6, 5, 5, 5]),
        (6, [5, 5, 5, 4, 4, 4]),
        (7, [4, 4, 4, 4, 4, 4, 3]),
    ],
)
def test_s_gb_05_gb_28_first_player_counts(n: int, counts: list[int]) -> None:
    """S-GB-05 / GB-28: rounds started per seat, counted from start clockwise."""
    start = 1 % n
    firsts, _ = starters(new_game(n, start=start))
    tally = Counter(firsts)
    assert [tally[(start + k) % n] for k in range(n)] == counts


def test_gb_11_out_of_turn_move_is_refused() -> None:
    """GB-11: only the seat whose move it is may trade."""
    state = new_game(3, start=0)
    with pytest.raises(NotYourTurn):
        ENGINE.apply(state, 1, {"type": "Trade", "buy": {"S": 1}}, SeededRng(0))
    assert ENGINE.to_act(state) == frozenset({0})
    assert ENGINE.legal_moves(state, 1) == []


def test_gb_10_reveal_after_the_last_move_of_a_round() -> None:
    """GB-10: the next card is revealed automatically once the n-th move of a round is made."""
    order = [20, 27, *(c for c in CARD_IDS if c not in (20, 27))]
    state = new_game(2, order=order)
    state, events = play(state, {"type": "Trade", "buy": {"R": 1}})
    assert [e["type"] for e in events] == ["Traded"] and state.history == (20,)
    state, events = play(state, {"type": "Trade", "buy": {"R": 1}})
    assert [e["type"] for e in events] == ["Traded", "PriceRevealed"]
    assert state.history == (20, 27) and state.prices == (12, 10, 11)
    assert state.round == 2 and state.turn() == 1
    revealed = events[1]
    assert revealed["card"] == 27 and revealed["round"] == 2
    assert revealed["prices"] == {"S": 12, "R": 10, "E": 11}


def test_s_gb_18_extreme_prices() -> None:
    """S-GB-18 / GB-26: ids 19-27, 10-18, 1-9: (19,10,10) after 9 and 18 rounds, 10s at 27."""
    order = [*range(19, 28), *range(10, 19), *range(1, 10)]
    seen: dict[int, tuple[int, int, int]] = {}

    def record(state: State, events: list[dict[str, object]]) -> None:
        for e in events:
            if e["type"] == "PriceRevealed":
                seen[len(state.history)] = state.prices

    state = new_game(2, order=order)
    seen[1] = state.prices
    playout(state, on_step=record)
    assert seen[9] == (19, 10, 10)
    assert seen[18] == (19, 10, 10)
    assert seen[27] == (10, 10, 10)


def test_s_gb_19_gb_26_price_invariants_over_10000_decks() -> None:
    """S-GB-19 / GB-26: 1 <= p <= 19, |p - 10| <= 27 - k after every reveal; 10s at the end."""
    rnd = random.Random(2016)
    base = make_state(2, round=0)
    rng = SeededRng(0)
    for _ in range(10_000):
        deck = list(CARD_IDS)
        rnd.shuffle(deck)
        state = State(**{**base.__dict__, "deck": tuple(deck)})
        expected = [10, 10, 10]
        for k in range(1, 28):
            state, _ = rules.reveal(state, rng)
            assert all(1 <= p <= 19 and abs(p - 10) <= 27 - k for p in state.prices)
            expected = [p + d for p, d in zip(expected, CARDS[state.history[-1]], strict=True)]
            assert list(state.prices) == expected
        assert state.prices == (10, 10, 10)


def test_gb_26_the_engine_asserts_the_range_rather_than_clamping() -> None:
    """GB-26: a price outside what the deck allows is a bug, reported, never clamped."""
    state = make_state(2, round=26, prices=(19, 10, 10))
    with pytest.raises(RuntimeError, match="GB-26"):
        rules.reveal(state, SeededRng(0))


def test_s_gb_20_gb_27_last_card_is_known() -> None:
    """S-GB-20 / GB-27: after 26 reveals at (11, 10, 9) the last card is (-1, 0, +1), id 6."""
    order = [c for c in CARD_IDS if c != 6] + [6]
    state = make_state(2, round=26, order=order)
    assert state.prices == (11, 10, 9)
    last = tuple(10 - p for p in state.prices)
    assert last == (-1, 0, 1) and CARDS[6] == last
    assert ENGINE.view(state, None)["remaining"] == [6]
    assert state.deck == (6,)


@pytest.mark.parametrize("seed", range(20))
def test_gb_27_last_card_formula_on_random_decks(seed: int) -> None:
    """GB-27: in any game the 27th card is (10 - pS, 10 - pR, 10 - pE) after 26 reveals."""
    state = new_game(2, start="random", seed=seed)
    while len(state.history) < 26:
        seat = state.turn()
        assert seat is not None
        state, _ = play(state, ENGINE.timeout_move(state, seat) or {})
    assert CARDS[state.deck[0]] == tuple(10 - p for p in state.prices)
