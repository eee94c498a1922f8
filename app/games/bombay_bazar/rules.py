"""Trunks and placements (rules/bombay-bazar.md §7-§9: BOM-22 to BOM-39).

`walk` finds a trunk path from the board (BOM-22); `check` is the reference legality check of
§8 and returns the first failing rule and code in the order of BOM-54; `legal_layouts` lists
the legal placements of a seat (BOM-55); `place` and `eliminate` change a state that the
caller has already copied.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from app.games.bombay_bazar.data import PICTURE_IDS
from app.games.bombay_bazar.geometry import (
    ELEPHANT_START,
    LAYOUTS,
    NEIGHBOURS,
    OFF,
    cell_json,
    opposite,
)
from app.games.bombay_bazar.state import State

Step = tuple[int, int, int]
"""One trunk path entry: (cell, edge walked in through, edge walked out through)."""
Tip = tuple[int, int]
"""(tip cell, entry edge)."""


class EngineBug(RuntimeError):
    """A state that the placement rules should have made impossible (BOM-22)."""


_PARTNER: tuple[tuple[int, ...], ...] = tuple(lay.partner for lay in LAYOUTS)
_OPPOSITE: tuple[int, ...] = tuple(opposite(e) for e in range(6))


def walk(board: list[int], elephant: str) -> tuple[list[Step], Tip]:
    """BOM-22: the trunk path of ``elephant`` and its tip."""
    cell, edge = ELEPHANT_START[elephant]
    path: list[Step] = []
    append = path.append
    # The walk is deterministic, so meeting a segment twice would make it cycle for ever:
    # a path longer than every segment on the board is exactly that failure.
    for _ in range(3 * len(board) + 1):
        layout = board[cell]
        if layout < 0:
            return path, (cell, edge)
        out = _PARTNER[layout][edge]
        if out < 0:
            raise EngineBug(f"BOM-22: no segment on edge {edge} of cell {cell}")
        append((cell, edge, out))
        nxt = NEIGHBOURS[cell][out]
        if nxt == OFF:
            raise EngineBug("BOM-22: the walk left the board")
        cell, edge = nxt, _OPPOSITE[out]
    raise EngineBug("BOM-22: the walk met a segment twice")


def trunks(state: State) -> dict[int, tuple[list[Step], Tip]]:
    """Path and tip of every seat that has an elephant."""
    return {
        seat: walk(state["board"], elephant)
        for seat, elephant in enumerate(state["elephants"])
        if elephant is not None
    }


def tips(state: State) -> dict[int, Tip]:
    """BOM-22: the tip of every seat that has an elephant."""
    return {seat: tip for seat, (_path, tip) in trunks(state).items()}


def _edge_masks(state: State, seat: int, tip: Tip) -> tuple[int, int]:
    """(forbidden, required) port masks of the tip cell (BOM-28 to BOM-30)."""
    cell, _entry = tip
    start, head = ELEPHANT_START[state["elephants"][seat]]
    forbidden = required = 0
    board, ends = state["board"], state["ends"]
    for e in range(6):
        if cell == start and e == head:
            continue  # BOM-9: the head edge is where the trunk starts
        n = NEIGHBOURS[cell][e]
        if n == OFF or ends[n] > 0:
            forbidden |= 1 << e
        elif board[n] >= 0:
            if LAYOUTS[board[n]].partner[opposite(e)] >= 0:
                required |= 1 << e
            else:
                forbidden |= 1 << e
    return forbidden, required


def _tip_blocked(state: State, seat: int, all_tips: dict[int, Tip]) -> str | None:
    """BOM-26 / BOM-31: why nothing at all can go on the seat's tip cell, if so."""
    cell = all_tips[seat][0]
    if state["board"][cell] >= 0 or state["ends"][cell] > 0:
        return "TIP_CELL_OCCUPIED"
    if any(other != seat and tip[0] == cell for other, tip in all_tips.items()):
        return "OPPONENT_TIP_CELL"
    return None


def legal_layouts(state: State, seat: int, all_tips: dict[int, Tip] | None = None) -> list[int]:
    """BOM-55: the layout indices the seat may place now, in picture order."""
    all_tips = tips(state) if all_tips is None else all_tips
    if _tip_blocked(state, seat, all_tips):
        return []
    tip = all_tips[seat]
    forbidden, required = _edge_masks(state, seat, tip)
    need = required | (1 << tip[1])
    piles = state["piles"]
    return [index for index, picture in _fitting(forbidden, need) if piles[picture] > 0]


@cache
def _fitting(forbidden: int, need: int) -> tuple[tuple[int, int], ...]:
    """(layout index, picture) of every layout with all ``need`` ports and none ``forbidden``,
    in layout order; at most 64 x 64 masks, so the table stays small."""
    return tuple(
        (lay.index, lay.picture)
        for lay in LAYOUTS
        if lay.mask & forbidden == 0 and lay.mask & need == need
    )


RULE_OF: dict[str, str] = {
    "PILE_EMPTY": "BOM-26",
    "TIP_CELL_OCCUPIED": "BOM-26",
    "OPPONENT_TIP_CELL": "BOM-31",
    "NO_ENTRY_PORT": "BOM-27",
    "PORT_OFF_BOARD": "BOM-28",
    "PORT_AT_END_PIECE": "BOM-29",
    "PORT_AT_BLANK": "BOM-30",
    "OPENING_BLOCKED": "BOM-30",
}
"""The rule behind each placement error code (BOM-54)."""


def check(
    state: State, seat: int, layout: int, all_tips: dict[int, Tip] | None = None
) -> str | None:
    """The reference check of §8: the first failing code in BOM-54 order, or None if legal."""
    lay = LAYOUTS[layout]
    if state["piles"][lay.picture] == 0:
        return "PILE_EMPTY"
    all_tips = tips(state) if all_tips is None else all_tips
    blocked = _tip_blocked(state, seat, all_tips)
    if blocked:
        return blocked
    cell, entry = all_tips[seat]
    if entry not in lay.ports:
        return "NO_ENTRY_PORT"
    start, head = ELEPHANT_START[state["elephants"][seat]]
    board, ends = state["board"], state["ends"]
    for e in range(6):
        if cell == start and e == head:
            continue
        n = NEIGHBOURS[cell][e]
        port = e in lay.ports
        if n == OFF:
            if port:
                return "PORT_OFF_BOARD"
        elif ends[n] > 0:
            if port:
                return "PORT_AT_END_PIECE"
        elif board[n] >= 0:
            facing = LAYOUTS[board[n]].partner[opposite(e)] >= 0
            if port and not facing:
                return "PORT_AT_BLANK"
            if facing and not port:
                return "OPENING_BLOCKED"
    return None


def path_json(path: list[Step]) -> list[list[int]]:
    """A trunk path as ``[[row, col, in, out], ...]``."""
    return [[*cell_json(cell), a, b] for cell, a, b in path]


def place(state: State, seat: int, layout: int) -> dict[str, Any]:
    """BOM-33/34: put the layout on the seat's tip cell (state already copied); the event."""
    elephant = state["elephants"][seat]
    old_path, (cell, entry) = walk(state["board"], elephant)
    lay = LAYOUTS[layout]
    state["board"][cell] = layout
    state["piles"][lay.picture] -= 1
    state["placements"].append([seat, cell, layout])
    path, (tip, tip_entry) = walk(state["board"], elephant)
    return {
        "type": "PiecePlaced",
        "seat": seat,
        "elephant": elephant,
        "cell": cell_json(cell),
        "picture": PICTURE_IDS[lay.picture],
        "rotation": lay.rotation,
        "segments": [list(s) for s in lay.segments],
        "added": len(path) - len(old_path),
        "score": len(path),
        "tip": [*cell_json(tip), tip_entry],
        "sealed": state["ends"][tip] > 0,
    }


def end_cause(state: State, cell: int) -> str:
    """BOM-38: which of the three ways to have no legal placement ended a trunk at ``cell``.

    ``piles`` (every pile empty), ``taken`` (the tip cell holds a piece or an end piece) or
    ``blocked`` (no layout of the pictures left fits there), for the score breakdown.
    """
    if not any(state["piles"]):
        return "piles"
    if state["board"][cell] >= 0 or state["ends"][cell] > 0:
        return "taken"
    return "blocked"


def eliminate(state: State, seat: int) -> dict[str, Any]:
    """BOM-38/39: the seat's end piece goes on its tip cell and the seat is out; the event."""
    elephant = state["elephants"][seat]
    path, (cell, entry) = walk(state["board"], elephant)
    state["ended"][seat] = end_cause(state, cell)
    state["ends"][cell] += 1
    state["end_marks"].append([cell, elephant, entry, len(state["placements"])])
    state["out"][seat] = True
    state["elim_order"].append(seat)
    return {
        "type": "PlayerEliminated",
        "seat": seat,
        "elephant": elephant,
        "cell": cell_json(cell),
        "count": state["ends"][cell],
        "score": len(path),
    }
