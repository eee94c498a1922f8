"""Card data: BAZ-5, BAZ-6, BAZ-37 to BAZ-42; scenario checks S-BAZ-23 and S-BAZ-24."""

from __future__ import annotations

import random
from fractions import Fraction

from app.games.bazaar.data import (
    COLOURS,
    EQUATIONS,
    EXCHANGE_CARDS,
    PRICE_LISTS,
    STARRED,
    WARES,
    counts,
    letters,
)


def _sides() -> list[tuple[int, str, tuple[int, ...], tuple[int, ...]]]:
    return [(card, eq, left, right) for eq, (left, right) in EQUATIONS.items()
            for card in [int(eq.split(".")[0])]]


def _shape(left: tuple[int, ...], right: tuple[int, ...]) -> tuple[int, int]:
    return (min(sum(left), sum(right)), max(sum(left), sum(right)))


def test_baz_5_and_37_ten_cards_of_five_equations_exactly_as_listed() -> None:
    """BAZ-5/BAZ-37: cards 1-10, equation c.k is the k-th of card c, as in the spec table."""
    assert sorted(EXCHANGE_CARDS) == list(range(1, 11))
    assert all(len(eqs) == 5 for eqs in EXCHANGE_CARDS.values())
    assert len(EQUATIONS) == 50
    assert EQUATIONS["1.1"] == (counts("R"), counts("WY"))
    assert EQUATIONS["1.5"] == (counts("BB"), counts("WG"))
    assert EQUATIONS["7.2"] == (counts("W"), counts("RBBY"))
    assert EQUATIONS["10.5"] == (counts("G"), counts("RR"))
    assert EXCHANGE_CARDS[6][1] == ("R", "WWGY")
    assert EXCHANGE_CARDS[9][3] == ("R", "WWY")


def test_s_baz_23_baz_38_side_sizes_and_disjoint_colours() -> None:
    """S-BAZ-23/BAZ-38: every side holds 1-4 tokens; no colour on both sides."""
    for _card, eq, left, right in _sides():
        assert 1 <= sum(left) <= 4 and 1 <= sum(right) <= 4, eq
        assert all(a == 0 or b == 0 for a, b in zip(left, right, strict=True)), eq


def test_s_baz_23_baz_38_shape_counts() -> None:
    """S-BAZ-23/BAZ-38: 20 of 1-2, 15 of 1-3, 10 of 1-4, 5 of 2-2, no 1-1."""
    shapes: dict[tuple[int, int], int] = {}
    for _card, _eq, left, right in _sides():
        key = _shape(left, right)
        shapes[key] = shapes.get(key, 0) + 1
    assert shapes == {(1, 2): 20, (1, 3): 15, (1, 4): 10, (2, 2): 5}


def test_s_baz_23_baz_38_no_repeated_or_reversed_equation() -> None:
    """S-BAZ-23/BAZ-38: no equation repeats or reverses another, on one card or across cards."""
    seen: set[frozenset[tuple[int, ...]]] = set()
    for _card, eq, left, right in _sides():
        key = frozenset({left, right})  # an equation and its reverse give the same pair
        assert key not in seen, eq
        seen.add(key)
    assert len(seen) == 50


def test_s_baz_23_baz_39_colour_balance() -> None:
    """S-BAZ-23/BAZ-39: each colour is dear in 9 equations, cheap in 25 positions, 4 in 2-2."""
    dear = [0] * 5
    cheap = [0] * 5
    two_two = [0] * 5
    for _card, _eq, left, right in _sides():
        if _shape(left, right) == (2, 2):
            for i in range(5):
                two_two[i] += left[i] + right[i]
            continue
        one, many = (left, right) if sum(left) == 1 else (right, left)
        dear[one.index(1)] += 1
        for i in range(5):
            cheap[i] += many[i]
    assert dear == [9] * 5
    assert cheap == [25] * 5
    assert two_two == [4] * 5


def test_s_baz_23_baz_40_each_equation_balances_under_its_price_list() -> None:
    """S-BAZ-23/BAZ-40 (a): both sides of every equation cost the same under its card's prices."""
    for card, eq, left, right in _sides():
        prices = PRICE_LISTS[card]
        assert all(p > 0 for p in prices)
        worth_left = sum(p * n for p, n in zip(prices, left, strict=True))
        worth_right = sum(p * n for p, n in zip(prices, right, strict=True))
        assert worth_left == worth_right, eq


def _rank(rows: list[list[Fraction]]) -> int:
    rows = [list(r) for r in rows]
    rank = 0
    for col in range(5):
        pivot = next((r for r in range(rank, len(rows)) if rows[r][col] != 0), None)
        if pivot is None:
            continue
        rows[rank], rows[pivot] = rows[pivot], rows[rank]
        for r in range(len(rows)):
            if r != rank and rows[r][col] != 0:
                factor = rows[r][col] / rows[rank][col]
                rows[r] = [a - factor * b for a, b in zip(rows[r], rows[rank], strict=True)]
        rank += 1
    return rank


def test_baz_40_each_card_has_rank_4_so_its_price_list_is_unique() -> None:
    """BAZ-40: the five equations of a card have rank 4 (price list unique up to scaling)."""
    for card in range(1, 11):
        rows = [[Fraction(a - b) for a, b in zip(left, right, strict=True)]
                for eq, (left, right) in EQUATIONS.items() if eq.startswith(f"{card}.")]
        assert _rank(rows) == 4, card


def test_s_baz_23_baz_40_random_trade_sequences_keep_the_price_of_a_hand() -> None:
    """S-BAZ-23/BAZ-40 (b): 200 random sequences of 50 trades per card keep the hand's price."""
    rnd = random.Random(40)
    for card in range(1, 11):
        prices = PRICE_LISTS[card]
        eqs = [v for k, v in EQUATIONS.items() if k.startswith(f"{card}.")]
        for _ in range(200):
            hand = [rnd.randrange(0, 8) for _ in range(5)]
            start = sum(p * h for p, h in zip(prices, hand, strict=True))
            for _ in range(50):
                options = [(g, r) for left, right in eqs for g, r in ((left, right), (right, left))
                           if all(h >= x for h, x in zip(hand, g, strict=True))]
                if not options:
                    break
                give, get = rnd.choice(options)
                hand = [h - g + r for h, g, r in zip(hand, give, get, strict=True)]
                assert sum(p * h for p, h in zip(prices, hand, strict=True)) == start


def test_s_baz_24_baz_41_ware_table() -> None:
    """S-BAZ-24/BAZ-41: 45 cards with ids 1-45, spot checks against the table."""
    assert sorted(WARES) == list(range(1, 46))
    assert letters(WARES[1]) == "RRRWW"
    assert letters(WARES[21]) == "RRWWB"
    assert letters(WARES[33]) == "RBBGY"
    assert letters(WARES[40]) == "RYYYY"
    assert letters(WARES[45]) == "YYYYY"


def test_s_baz_24_baz_6_baz_42_costs_distinct_five_tokens() -> None:
    """S-BAZ-24/BAZ-6/BAZ-42: 45 pairwise distinct costs of exactly 5 tokens."""
    assert all(sum(c) == 5 for c in WARES.values())
    assert len(set(WARES.values())) == 45


def test_s_baz_24_baz_6_baz_42_starred_exactly_four_or_more_of_a_colour() -> None:
    """S-BAZ-24/BAZ-6/BAZ-42: 10 starred (36-45), starred iff >= 4 of one colour."""
    assert STARRED == frozenset(range(36, 46))
    for ware, cost in WARES.items():
        assert (ware in STARRED) == (max(cost) >= 4), ware
        if ware not in STARRED:
            assert max(cost) <= 3


def test_s_baz_24_baz_42_colour_totals() -> None:
    """S-BAZ-24/BAZ-42: each colour appears 45 times in the deck, 10 on starred cards."""
    for i in range(5):
        assert sum(c[i] for c in WARES.values()) == 45, COLOURS[i]
        assert sum(WARES[w][i] for w in STARRED) == 10, COLOURS[i]


def test_baz_42_nine_patterns_shifted_through_all_colours() -> None:
    """BAZ-42: ids in blocks of 5, each card the block's first rotated by its offset."""
    shapes = {1: (3, 2), 6: (3, 2), 11: (3, 1, 1), 16: (3, 1, 1), 21: (2, 2, 1),
              26: (2, 2, 1), 31: (2, 1, 1, 1), 36: (4, 1), 41: (5,)}
    for base, shape in shapes.items():
        first = WARES[base]
        assert tuple(sorted((n for n in first if n), reverse=True)) == shape
        for shift in range(5):
            rotated = tuple(first[(i - shift) % 5] for i in range(5))
            assert WARES[base + shift] == rotated, base + shift
