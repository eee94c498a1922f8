"""Legal tile and abbey placement (CAR-15, CAR-16, CAR-17, CAR-86).

The frontier (empty squares next to a tile) carries the side types its neighbours show, so
the legal set is a table look-up per frontier square (`tiles.fitting_rotations`).
"""

from __future__ import annotations

from .state import Square, State
from .tiles import FIT_TABLES, fitting_rotations


def legal_placements(s: State, tid: str) -> list[tuple[int, int, int]]:
    """Every legal (x, y, r) for a tile of type ``tid``, sorted (CAR-16)."""
    table = FIT_TABLES[tid]
    out = [(sq[0], sq[1], r) for sq, pat in s.frontier.items() for r in table[pat]]
    out.sort()
    return out


def can_place(s: State, tid: str) -> bool:
    """True when the tile has at least one legal placement (CAR-17)."""
    table = FIT_TABLES[tid]
    return any(table[pat] for pat in s.frontier.values())


def is_legal(s: State, tid: str, x: int, y: int, r: int) -> bool:
    """True when (x, y, r) is a legal placement of ``tid``."""
    pat = s.frontier.get((x, y))
    return pat is not None and r in fitting_rotations(tid, pat)


def holes(s: State) -> list[Square]:
    """Empty squares whose four neighbours hold tiles (CAR-86), sorted."""
    return sorted(sq for sq, pat in s.frontier.items() if "." not in pat)


def has_hole(s: State) -> bool:
    """True when at least one hole exists."""
    return any("." not in pat for pat in s.frontier.values())
