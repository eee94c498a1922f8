"""Hex geometry of Bombay Bazar: cells, edges, neighbours, rotations (BOM-3 to BOM-5, BOM-8, BOM-9).

Cells are pointy-top hexagons with edges numbered 0-5 counter-clockwise from east. Edge ``e`` of
a cell touches edge ``(e + 3) % 6`` of the cell across it (BOM-3). A picture turned by ``r``
steps maps every edge ``e`` to ``(e + r) % 6`` (BOM-5); each distinct result is a *layout*,
listed once with its canonical (smallest) rotation. Everything is derived from `data.DATA`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from app.games.bombay_bazar.data import DATA, PICTURE_IDS, ROW_LENGTHS

Cell = tuple[int, int]
Segment = tuple[int, int]

OFF: Final = -1
"""Neighbour index of an edge that faces off the board."""


def opposite(edge: int) -> int:
    """BOM-3: the facing edge across ``edge``."""
    return (edge + 3) % 6


def _build_cells() -> tuple[tuple[Cell, ...], dict[Cell, int]]:
    cells = tuple((r, c) for r, length in enumerate(ROW_LENGTHS) for c in range(length))
    return cells, {cell: i for i, cell in enumerate(cells)}


_CELLS_AND_INDEX = _build_cells()
CELLS: Final[tuple[Cell, ...]] = _CELLS_AND_INDEX[0]
INDEX: Final[dict[Cell, int]] = _CELLS_AND_INDEX[1]

# BOM-8: (dr, dc) per edge for even rows and odd rows; odd rows sit half a cell to the right.
_SHIFT_RIGHT = DATA["board"]["odd_rows_shifted"] == "right"
_EVEN: Final = ((0, 1), (-1, 0), (-1, -1), (0, -1), (1, -1), (1, 0))
_ODD: Final = ((0, 1), (-1, 1), (-1, 0), (0, -1), (1, 0), (1, 1))


def neighbour_cell(cell: Cell, edge: int) -> Cell | None:
    """BOM-8: the cell across ``edge`` of ``cell``, or None when that is off the board."""
    r, c = cell
    odd = (r % 2 == 1) == _SHIFT_RIGHT
    dr, dc = (_ODD if odd else _EVEN)[edge]
    nr, nc = r + dr, c + dc
    if 0 <= nr < len(ROW_LENGTHS) and 0 <= nc < ROW_LENGTHS[nr]:
        return (nr, nc)
    return None


def _build_neighbours() -> tuple[tuple[int, ...], ...]:
    table = []
    for cell in CELLS:
        row = []
        for e in range(6):
            n = neighbour_cell(cell, e)
            row.append(OFF if n is None else INDEX[n])
        table.append(tuple(row))
    return tuple(table)


NEIGHBOURS: Final[tuple[tuple[int, ...], ...]] = _build_neighbours()
"""NEIGHBOURS[cell index][edge] = neighbour cell index or OFF."""


@dataclass(frozen=True)
class Layout:
    """One distinct placement of a picture (BOM-5): its canonical rotation and segments."""

    index: int
    picture: int
    rotation: int
    segments: tuple[Segment, ...]
    ports: frozenset[int]
    partner: tuple[int, ...]
    """partner[e] = the other end of the segment on edge e, or -1 for a blank edge."""
    mask: int
    """The ports as a bit mask (bit e set for a port on edge e)."""

    @property
    def picture_id(self) -> str:
        return PICTURE_IDS[self.picture]


def rotate(segments: list[list[int]] | tuple[Segment, ...], r: int) -> tuple[Segment, ...]:
    """BOM-5: the segments turned by ``r`` steps, as a sorted tuple of sorted pairs."""
    turned = []
    for a, b in segments:
        x, y = (a + r) % 6, (b + r) % 6
        turned.append((min(x, y), max(x, y)))
    return tuple(sorted(turned))


def _build_layouts() -> tuple[tuple[Layout, ...], dict[tuple[int, int], int]]:
    layouts: list[Layout] = []
    by_turn: dict[tuple[int, int], int] = {}
    seen: dict[tuple[Segment, ...], int] = {}
    for p, picture in enumerate(DATA["pictures"]):
        for r in range(6):
            segs = rotate(picture["segments"], r)
            if segs not in seen:
                partner = [-1] * 6
                for a, b in segs:
                    partner[a], partner[b] = b, a
                ports = frozenset(e for s in segs for e in s)
                seen[segs] = len(layouts)
                mask = sum(1 << e for e in ports)
                layouts.append(Layout(len(layouts), p, r, segs, ports, tuple(partner), mask))
            if layouts[seen[segs]].picture != p:
                raise ValueError("BOM-5: two pictures share a layout")
            by_turn[(p, r)] = seen[segs]
    return tuple(layouts), by_turn


_BUILT = _build_layouts()
LAYOUTS: Final[tuple[Layout, ...]] = _BUILT[0]
LAYOUT_OF_TURN: Final[dict[tuple[int, int], int]] = _BUILT[1]
"""LAYOUT_OF_TURN[(picture, any rotation 0-5)] = the layout index."""

LAYOUTS_OF_PICTURE: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple(lay.index for lay in LAYOUTS if lay.picture == p) for p in range(len(PICTURE_IDS))
)

ELEPHANT_START: Final[dict[str, tuple[int, int]]] = {
    e["id"]: (INDEX[(e["start"][0], e["start"][1])], int(e["head_edge"])) for e in DATA["elephants"]
}
"""BOM-9: elephant id -> (start cell index, head edge)."""


def cell_json(index: int) -> list[int]:
    """A cell index as ``[row, column]``."""
    r, c = CELLS[index]
    return [r, c]


def cell_text(index: int) -> str:
    """A cell index as ``(r,c)``."""
    r, c = CELLS[index]
    return f"({r},{c})"


def layout_text(layout: Layout) -> str:
    """A layout in the spec's notation, e.g. ``0-3 1-4 [D9 r0]``."""
    segs = " ".join(f"{a}-{b}" for a, b in layout.segments)
    return f"{segs} [{layout.picture_id} r{layout.rotation}]"
