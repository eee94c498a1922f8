"""Setup, options, components and the price deck: GB-1 to GB-8, GB-24, GB-25, GB-31;
S-GB-01, S-GB-02."""

from __future__ import annotations

from collections import Counter

import pytest

from app.games.base import InvalidOptions, RecordingRng, ReplayRng, SeededRng
from app.games.grand_bazaar import ENGINE, rules
from app.games.grand_bazaar.data import (
    CARD_IDS,
    CARDS,
    FINAL_PRICE,
    HAND_LIMIT,
    ROUNDS,
    START_MONEY,
    START_PRICE,
    STOCK_PER_TYPE,
    card_id,
)

from .helpers import new_game, order_with_first

SPEC_TABLE = """
1 -1 -1 -1 | 10 0 -1 -1 | 19 +1 -1 -1
2 -1 -1 0 | 11 0 -1 0 | 20 +1 -1 0
3 -1 -1 +1 | 12 0 -1 +1 | 21 +1 -1 +1
4 -1 0 -1 | 13 0 0 -1 | 22 +1 0 -1
5 -1 0 0 | 14 0 0 0 | 23 +1 0 0
6 -1 0 +1 | 15 0 0 +1 | 24 +1 0 +1
7 -1 +1 -1 | 16 0 +1 -1 | 25 +1 +1 -1
8 -1 +1 0 | 17 0 +1 0 | 26 +1 +1 0
9 -1 +1 +1 | 18 0 +1 +1 | 27 +1 +1 +1
"""


def test_gb_1_engine_identity() -> None:
    """GB-1: the engine is Grand Bazaar for 2-7 players, kind grand-bazaar."""
    assert ENGINE.kind == "grand-bazaar"
    assert ENGINE.title == "Grand Bazaar"
    assert (ENGINE.min_players, ENGINE.max_players) == (2, 7)


@pytest.mark.parametrize(
    "options",
    [
        {"players": 3},
        {"colour": "red"},
        {"first_player": 2},
        {"first_player": -1},
        {"first_player": "youngest"},
        {"first_player": True},
        {"price_order": list(range(1, 27))},
        {"price_order": [*range(1, 27), 26]},
        {"price_order": [*range(1, 27), 28]},
        {"price_order": "1,2,3"},
        {"price_order": [True, *range(2, 28)]},
    ],
)
def test_gb_2_bad_options_are_rejected(options: dict[str, object]) -> None:
    """GB-2: unknown options and out-of-range values are rejected at creation."""
    with pytest.raises(InvalidOptions):
        ENGINE.validate_options(options, 2)
    with pytest.raises(InvalidOptions):
        ENGINE.setup(["A", "B"], options, SeededRng(1))


@pytest.mark.parametrize("players", [1, 8])
def test_gb_2_player_count_out_of_range(players: int) -> None:
    """GB-2 / section 2: the engine supports 2-7 seats."""
    with pytest.raises(InvalidOptions):
        ENGINE.validate_options({}, players)


def test_gb_2_defaults_and_good_options() -> None:
    """GB-2: defaults are random start and a shuffled deck; valid values are kept."""
    assert ENGINE.validate_options({}, 7) == {"first_player": "random", "price_order": None}
    order = list(reversed(CARD_IDS))
    assert ENGINE.validate_options({"first_player": 6, "price_order": order}, 7) == {
        "first_player": 6,
        "price_order": order,
    }


def test_gb_2_price_order_is_a_fixture_not_in_the_catalog() -> None:
    """GB-2: price_order is a test fixture, not shown in the lobby."""
    names = [opt["name"] for opt in ENGINE.catalog_entry()["options"]]
    assert names == ["first_player"]


def test_gb_3_constants() -> None:
    """GB-3: the fixed constants."""
    assert (START_PRICE, START_MONEY, STOCK_PER_TYPE) == (10, 30, 10)
    assert (HAND_LIMIT, ROUNDS, FINAL_PRICE) == (4, 27, 10)


def test_gb_4_thirty_gems_ten_of_each() -> None:
    """GB-4: 30 gems, 10 per type, all in the bank's stock at the start."""
    state = new_game(4)
    assert state.stock == (10, 10, 10)
    assert all(h == (0, 0, 0) for h in state.hands)


def test_gb_5_money_is_whole_grands() -> None:
    """GB-5: money is whole grands and never negative."""
    state = new_game(3)
    assert all(isinstance(m, int) and m >= 0 for m in state.money)


def test_gb_6_gb_31_deck_matches_the_spec_table() -> None:
    """GB-6 / GB-31: exactly the 27 distinct changes, with the ids of section 10."""
    expected = {}
    for line in SPEC_TABLE.strip().splitlines():
        for block in line.split("|"):
            cid, ds, dr, de = (int(x) for x in block.split())
            expected[cid] = (ds, dr, de)
    assert CARDS == expected
    assert len(set(CARDS.values())) == 27
    assert all(card_id(change) == cid for cid, change in CARDS.items())


def test_gb_25_deck_balance() -> None:
    """GB-25: each type has nine +1, nine 0 and nine -1; each column sums to 0."""
    for i in range(3):
        column = Counter(change[i] for change in CARDS.values())
        assert column == {1: 9, 0: 9, -1: 9}
        assert sum(change[i] for change in CARDS.values()) == 0


def test_gb_7_start_seat_from_option_or_uniform_draw() -> None:
    """GB-7: start is taken from first_player, or drawn uniformly."""
    assert new_game(5, start=3).start == 3
    starts = Counter(new_game(4, start="random", seed=s).start for s in range(400))
    assert set(starts) == {0, 1, 2, 3}
    assert min(starts.values()) > 60


def test_s_gb_01_setup() -> None:
    """S-GB-01 / GB-8: money 30 each, prices and stocks 10, empty hands, 27 distinct cards."""
    state = new_game(3, start="random", seed=4)
    assert state.money == (30, 30, 30)
    assert state.stock == (10, 10, 10)
    assert state.hands == ((0, 0, 0),) * 3
    # The round-1 card is revealed automatically (GB-10); together with the deck: 27 cards.
    cards = list(state.history) + list(state.deck)
    assert len(cards) == 27 and sorted(cards) == list(CARD_IDS)


def test_s_gb_01_empty_history_before_the_first_reveal() -> None:
    """S-GB-01 / GB-8: before the round-1 reveal the deck holds all 27 cards, history empty."""
    state = rules.initial_state(
        ("A", "B", "C"), {"first_player": 0, "price_order": None}, SeededRng(3)
    )
    assert state.history == ()
    assert sorted(state.deck) == list(CARD_IDS)
    assert state.prices == (10, 10, 10)
    assert state.money == (30, 30, 30) and state.stock == (10, 10, 10)


def test_gb_8_shuffle_is_uniform_enough() -> None:
    """GB-8: the deck is shuffled: every card shows up on top across seeds."""
    tops = Counter(new_game(2, seed=s).history[0] for s in range(2000))
    assert set(tops) == set(CARD_IDS)
    assert max(tops.values()) < 3 * 2000 / 27


def test_gb_8_price_order_fixes_the_deck() -> None:
    """GB-8: with price_order the deck is in that order, top card first."""
    order = list(reversed(CARD_IDS))
    state = new_game(2, order=order)
    assert state.history == (27,)
    assert list(state.deck) == order[1:]


def test_s_gb_02_seed_example() -> None:
    """S-GB-02 / GB-10: the first card (+1, -1, 0) gives round-1 prices (11, 9, 10)."""
    state = new_game(2, order=order_with_first(20))
    assert state.prices == (11, 9, 10)
    assert state.history == (20,)


def test_gb_24_chance_is_recorded_and_replayed() -> None:
    """GB-24: the start seat and the shuffle are drawn once, recorded, and replayed exactly."""
    rec = RecordingRng(SeededRng(99))
    state = ENGINE.setup(["A", "B", "C"], {}, rec)
    # the start seat, 26 shuffle draws and the round-1 reveal
    assert len(rec.outcomes) == 1 + 26 + 1
    replay = ReplayRng(rec.outcomes)
    again = ENGINE.setup(["A", "B", "C"], {}, replay)
    replay.finish()
    assert ENGINE.dump_state(again) == ENGINE.dump_state(state)


def test_gb_24_fixed_options_draw_nothing() -> None:
    """GB-24: with start and deck fixed, nothing is drawn (only the reveal is witnessed)."""
    rec = RecordingRng(SeededRng(1))
    ENGINE.setup(["A", "B"], {"first_player": 1, "price_order": list(CARD_IDS)}, rec)
    assert rec.outcomes == [{"w": 1}]
