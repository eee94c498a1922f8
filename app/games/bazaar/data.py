"""Constants and card data (rules/bazaar.md sections 1, 3, 10, 11: BAZ-3 to 7, BAZ-37, BAZ-41).

Colours are kept in the fixed *colour order* R W B G Y everywhere: a hand, the bank and a
card's cost are 5-tuples (or lists) of counts in that order.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Final

COLOURS: Final[tuple[str, ...]] = ("R", "W", "B", "G", "Y")
"""The colour order (section 1)."""

COLOUR_NAMES: Final[dict[str, str]] = {
    "R": "red", "W": "white", "B": "blue", "G": "green", "Y": "yellow",
}

TOKENS_PER_COLOUR: Final = 20  # BAZ-3
HAND_LIMIT: Final = 10  # BAZ-19
WARE_COST: Final = 5  # BAZ-6
STALL_COUNT: Final = 4  # BAZ-10
STALL_SIZE: Final = 5
PENALTY_MARGIN: Final = 3  # BAZ-26: threshold = tokens left + 3
SOLD_OUT_TO_END: Final = 2  # BAZ-30

WILD: Final = "WILD"
DIE_FACES: Final[tuple[str, ...]] = ("R", "W", "B", "G", "Y", WILD)
"""BAZ-4: base.roll(rng) gives 1..6, face i is DIE_FACES[i - 1]."""

LTR: Final = "left-to-right"
RTL: Final = "right-to-left"
DIRECTIONS: Final[tuple[str, str]] = (LTR, RTL)

Counts = tuple[int, int, int, int, int]


def counts(letters: str) -> Counts:
    """Letter string ("RRWYY") -> counts in colour order."""
    r, w, b, g, y = (letters.count(c) for c in COLOURS)
    return (r, w, b, g, y)


def letters(cnt: list[int] | tuple[int, ...]) -> str:
    """Counts in colour order -> letter string in colour order ("RRWYY")."""
    return "".join(c * n for c, n in zip(COLOURS, cnt, strict=True))


def short(cnt: list[int] | tuple[int, ...]) -> str:
    """Counts -> compact form with counts before letters ("3R2G", "W" for a single token)."""
    parts = []
    for c, n in zip(COLOURS, cnt, strict=True):
        if n:
            parts.append(c if n == 1 else f"{n}{c}")
    return "".join(parts) or "nothing"


# BAZ-37: the 10 exchange cards, each equation (left side, right side) as letter strings.
EXCHANGE_CARDS: Final[dict[int, list[tuple[str, str]]]] = {
    1: [("R", "WY"), ("R", "GGYY"), ("W", "BG"), ("W", "GGY"), ("BB", "WG")],
    2: [("W", "RB"), ("W", "RRYY"), ("B", "GY"), ("B", "RYY"), ("GG", "BY")],
    3: [("B", "WG"), ("B", "RRWW"), ("G", "RY"), ("G", "RRW"), ("YY", "RG")],
    4: [("G", "BY"), ("G", "WWBB"), ("Y", "RW"), ("Y", "WWB"), ("RR", "WY")],
    5: [("Y", "RG"), ("Y", "BBGG"), ("R", "WB"), ("R", "BBG"), ("WW", "RB")],
    6: [("R", "BY"), ("R", "WWGY"), ("R", "GYY"), ("B", "WGG"), ("Y", "WW")],
    7: [("W", "RG"), ("W", "RBBY"), ("W", "RRY"), ("G", "BYY"), ("R", "BB")],
    8: [("B", "WY"), ("B", "RWGG"), ("B", "RWW"), ("Y", "RRG"), ("W", "GG")],
    9: [("G", "RB"), ("G", "WBYY"), ("G", "WBB"), ("R", "WWY"), ("B", "YY")],
    10: [("Y", "WG"), ("Y", "RRBG"), ("Y", "BGG"), ("W", "RBB"), ("G", "RR")],
}

# BAZ-37: price list per card (R W B G Y), a verification aid only (section 10.1).
PRICE_LISTS: Final[dict[int, Counts]] = {
    1: (4, 3, 2, 1, 1),
    2: (1, 4, 3, 2, 1),
    3: (1, 1, 4, 3, 2),
    4: (2, 1, 1, 4, 3),
    5: (3, 2, 1, 1, 4),
    6: (5, 1, 3, 1, 2),
    7: (2, 5, 1, 3, 1),
    8: (1, 2, 5, 1, 3),
    9: (3, 1, 2, 5, 1),
    10: (1, 3, 1, 2, 5),
}

# Equation "c.k" -> (left counts, right counts).
EQUATIONS: Final[dict[str, tuple[Counts, Counts]]] = {
    f"{card}.{k}": (counts(left), counts(right))
    for card, eqs in EXCHANGE_CARDS.items()
    for k, (left, right) in enumerate(eqs, start=1)
}


@lru_cache(maxsize=64)
def card_equations(cards: tuple[int, ...]) -> tuple[str, ...]:
    """The equation ids in force for the given exchange cards, in card order (BAZ-9)."""
    return tuple(f"{card}.{k}" for card in sorted(cards) for k in range(1, 6))


# BAZ-41: the 45 ware cards as cost letter strings; id = position + 1.
_WARE_COSTS: Final[tuple[str, ...]] = (
    "RRRWW", "WWWBB", "BBBGG", "GGGYY", "RRYYY",
    "RRRBB", "WWWGG", "BBBYY", "RRGGG", "WWYYY",
    "RRRWB", "WWWBG", "BBBGY", "RGGGY", "RWYYY",
    "RRRWG", "WWWBY", "RBBBG", "WGGGY", "RBYYY",
    "RRWWB", "WWBBG", "BBGGY", "RGGYY", "RRWYY",
    "RRWBB", "WWBGG", "BBGYY", "RRGGY", "RWWYY",
    "RRWBG", "WWBGY", "RBBGY", "RWGGY", "RWBYY",
    "RRRRW", "WWWWB", "BBBBG", "GGGGY", "RYYYY",
    "RRRRR", "WWWWW", "BBBBB", "GGGGG", "YYYYY",
)

WARES: Final[dict[int, Counts]] = {i + 1: counts(c) for i, c in enumerate(_WARE_COSTS)}
"""Ware id (1-45) -> cost counts (BAZ-41)."""

STARRED: Final[frozenset[int]] = frozenset(range(36, 46))
"""BAZ-41: the starred ware ids, as printed in the table (ids 36-45)."""

ALL_WARE_IDS: Final[tuple[int, ...]] = tuple(range(1, 46))

# BAZ-7: chart[scale][min(tokens left, 3)][star level]
CHARTS: Final[dict[str, tuple[tuple[int, int, int], ...]]] = {
    "classic": ((5, 8, 12), (3, 5, 8), (2, 3, 5), (1, 2, 3)),
    "tenfold": ((80, 110, 150), (60, 80, 110), (50, 60, 80), (40, 50, 60)),
}

REASON_SOLD_OUT: Final = "two-stalls-sold-out"  # BAZ-30
REASON_STALLED: Final = "stalled"  # BAZ-31
