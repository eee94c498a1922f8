"""Tournament medals and series standings (rules/bombay-bazar.md §11: BOM-45 to BOM-48).

Each round gives gold, silver and bronze by place, ties sharing the medal of their place
(BOM-46). The series ranks players by golds, then by `medal_tiebreak` (BOM-47).
"""

from __future__ import annotations

from collections.abc import Sequence

from app.games.bombay_bazar.scoring import places

Tally = list[int]
"""[gold, silver, bronze]."""


def round_medals(round_scores: Sequence[int]) -> list[int | None]:
    """BOM-46: the medal index (0 gold, 1 silver, 2 bronze) of each player, or None."""
    return [p - 1 if p <= 3 else None for p in places(round_scores)]


def add_medals(tallies: list[Tally], medals: Sequence[int | None]) -> list[Tally]:
    """BOM-48: the tallies after a round's medals (new lists)."""
    result = [list(t) for t in tallies]
    for seat, medal in enumerate(medals):
        if medal is not None:
            result[seat][medal] += 1
    return result


def standing_key(tally: Sequence[int], tiebreak: str) -> tuple[int, ...]:
    """BOM-47: golds first; then silver then bronze (``olympic``) or their sum (``total``)."""
    gold, silver, bronze = tally
    if tiebreak == "total":
        return (gold, silver + bronze)
    return (gold, silver, bronze)


def standings(tallies: Sequence[Sequence[int]], tiebreak: str) -> list[int]:
    """BOM-47: each player's series place (shared places numbered as in BOM-44)."""
    return places([standing_key(t, tiebreak) for t in tallies])

