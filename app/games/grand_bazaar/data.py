"""Constants and the price-card deck (rules/grand-bazaar.md sections 1, 2 (GB-3), 3 and 10).

The three gem types are kept in the fixed *type order* sapphire, ruby, emerald everywhere: a
card's change, a price, a stock or a hand is a 3-tuple in that order.
"""

from __future__ import annotations

from typing import Final

TYPES: Final[tuple[str, str, str]] = ("S", "R", "E")
"""Gem types in type order (section 1): sapphire, ruby, emerald."""

TYPE_NAMES: Final[dict[str, tuple[str, str]]] = {
    "S": ("sapphire", "sapphires"),
    "R": ("ruby", "rubies"),
    "E": ("emerald", "emeralds"),
}

# GB-3: constants
START_PRICE: Final = 10
START_MONEY: Final = 30
STOCK_PER_TYPE: Final = 10
HAND_LIMIT: Final = 4
ROUNDS: Final = 27
FINAL_PRICE: Final = 10
MIN_PRICE: Final = 1
MAX_PRICE: Final = 19

Triple = tuple[int, int, int]


def card_id(change: Triple) -> int:
    """GB-31: the id of the card showing ``change`` = (dS, dR, dE)."""
    ds, dr, de = change
    return 9 * (ds + 1) + 3 * (dr + 1) + (de + 1) + 1


def _build_deck() -> dict[int, Triple]:
    cards: dict[int, Triple] = {}
    for ds in (-1, 0, 1):
        for dr in (-1, 0, 1):
            for de in (-1, 0, 1):
                cards[card_id((ds, dr, de))] = (ds, dr, de)
    return dict(sorted(cards.items()))


CARDS: Final[dict[int, Triple]] = _build_deck()
"""GB-6 / GB-31: the 27 price cards, id -> (dS, dR, dE); exactly the 27 distinct changes."""

CARD_IDS: Final[tuple[int, ...]] = tuple(CARDS)


def gem_name(t: str, count: int = 1) -> str:
    """ "sapphire" or "sapphires" for type letter ``t``."""
    singular, plural = TYPE_NAMES[t]
    return singular if count == 1 else plural


def format_counts(counts: Triple) -> str:
    """Counts in the spec's notation (``S2 E1``), or ``-`` when all are zero."""
    parts = [f"{t}{c}" for t, c in zip(TYPES, counts, strict=True) if c]
    return " ".join(parts) if parts else "-"
