"""Tile data (spec Appendix A; CAR-9 to CAR-12) and rotation helpers.

Public names (imported by ``auction.py`` and ``carcassonne_auction`` for the tile catalogue;
keep them stable):

* ``TILE_TYPES``: dict id -> `TileType`, every type of A.1 and A.2 plus ``ABBEY``. The fields
  of `TileType` (id, count, sides, cloister, pennant, bazaar, cities, roads, inns, fields,
  field_cities; sides and half-edges as indexes into ``SIDES``/``HALF_EDGES``) are public too
  (``bench/carcassonne_tiles_js.py`` generates the board's tiles.js from them).
* ``BASE_IDS`` / ``BAZAAR_IDS``: the type ids of A.1 and A.2 in appendix order.
* ``CATALOGUE_IDS``: ``BASE_IDS + BAZAAR_IDS`` (what the stand-alone auction accepts).
* ``ABBEY``: the abbey's type id; ``START``: the start tile's type id (``"D"``).
* ``supply(bazaar)``: the full supply as a list of type ids (start tile included).
* ``rotated(tid, r)``: the `Rotated` record of a type at rotation r (cached).
* ``segment_names(tid)``: the segment names (``c0``.., ``r0``.., ``f0``.., ``cl``) in local order.
* ``segment_kinds(tid)``: "C", "R", "F" or "K" (cloister) per segment, same order.
* ``SIDES``, ``HALF_EDGES``, ``PARTNER_HALF``, ``DELTAS``: the geometry of §1 and CAR-10.

Engine-internal fast tables (may change): ``ROTATIONS``, ``FIT_TABLES``, ``fitting_rotations``.

Segments of a type are numbered locally: cities, then roads, then fields, then the cloister.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache

SIDES = "NESW"
HALF_EDGES = ("Nw", "Ne", "En", "Es", "Se", "Sw", "Ws", "Wn")
PARTNER_HALF = (5, 4, 7, 6, 1, 0, 3, 2)
"""CAR-10: half-edge j of a tile meets half-edge PARTNER_HALF[j] of the neighbour."""
DELTAS = ((0, -1), (1, 0), (0, 1), (-1, 0))
"""Neighbour offsets for sides N, E, S, W (y grows southwards)."""

ABBEY = "ABBEY"
START = "D"

_TABLE = """
A     2     FFRF   1 0 0  -                   [S]              [Nw Ne En Es Se Sw Ws Wn]
B     4     FFFF   1 0 0  -                   -                [Nw Ne En Es Se Sw Ws Wn]
C     1     CCCC   0 1 0  0:[N E S W]         -                -
D     4     CRFR   0 0 0  0:[N]               [E W]            [Wn En]->0 | [Es Se Sw Ws]
E     5     CFFF   0 0 0  0:[N]               -                [En Es Se Sw Ws Wn]->0
F     2     FCFC   0 1 0  0:[E W]             -                [Nw Ne]->0 | [Se Sw]->0
G     1     FCFC   0 0 0  0:[E W]             -                [Nw Ne]->0 | [Se Sw]->0
H     3     CFCF   0 0 0  0:[N] 1:[S]         -                [En Es Ws Wn]->0,1
I     2     CFFC   0 0 0  0:[N] 1:[W]         -                [En Es Se Sw]->0,1
J     3     CRRF   0 0 0  0:[N]               [E S]            [En Sw Ws Wn]->0 | [Es Se]
K     3     CFRR   0 0 0  0:[N]               [S W]            [En Es Se Wn]->0 | [Sw Ws]
L     3     CRRR   0 0 0  0:[N]               [E] [S] [W]      [Wn En]->0 | [Es Se] | [Sw Ws]
M     2     CFFC   0 1 0  0:[N W]             -                [En Es Se Sw]->0
N     3     CFFC   0 0 0  0:[N W]             -                [En Es Se Sw]->0
O     2     CRRC   0 1 0  0:[N W]             [E S]            [En Sw]->0 | [Es Se]
P     3     CRRC   0 0 0  0:[N W]             [E S]            [En Sw]->0 | [Es Se]
Q     1     CCFC   0 1 0  0:[N E W]           -                [Se Sw]->0
R     3     CCFC   0 0 0  0:[N E W]           -                [Se Sw]->0
S     2     CCRC   0 1 0  0:[N E W]           [S]              [Se]->0 | [Sw]->0
T     1     CCRC   0 0 0  0:[N E W]           [S]              [Se]->0 | [Sw]->0
U     8     FRFR   0 0 0  -                   [E W]            [Wn Nw Ne En] | [Es Se Sw Ws]
V     9     FFRR   0 0 0  -                   [S W]            [Wn Nw Ne En Es Se] | [Sw Ws]
W     4     FRRR   0 0 0  -                   [E] [S] [W]      [Wn Nw Ne En] | [Es Se] | [Sw Ws]
X     1     RRRR   0 0 0  -                   [N] [E] [S] [W]  [Wn Nw] | [Ne En] | [Es Se] | [Sw Ws]
BZ1   2     CCCC   0 0 1  0:[N E S W]         -                -
BZ2   1     FCFC   0 0 1  0:[E W]             -                [Nw Ne]->0 | [Se Sw]->0
BZ3   1     CFRF   0 0 1  0:[N]               [S]              [En Es Se Sw Ws Wn]->0
BZ4   1     FFFF   0 0 1  -                   -                [Nw Ne En Es Se Sw Ws Wn]
BZ5   1     FFRF   0 0 1  -                   [S]inn           [Nw Ne En Es Se Sw Ws Wn]
BZ6   1     RFRF   0 0 1  -                   [N] [S]          [Ne En Es Se] | [Sw Ws Wn Nw]
BZ7   1     RFRF   0 0 1  -                   [N] [S]inn       [Ne En Es Se] | [Sw Ws Wn Nw]
BZ8   1     CCRC   0 0 0  0:[N] 1:[E] 2:[W]   [S]              [Se]->1 | [Sw]->0,1,2
BZ9   1     FRFC   0 0 0  0:[W]               [E]              [Nw Ne]->0 | [En]->0 | [Es Se Sw]->0
BZ10  1     FCFC   1 0 0  0:[E W]             -                [Nw Ne]->0 | [Se Sw]->0
BZ11  1     FRFR   1 0 0  -                   [E W]            [Wn Nw Ne En] | [Es Se Sw Ws]
"""


@dataclass(frozen=True)
class TileType:
    """One record of Appendix A, in printed orientation (rotation 0)."""

    id: str
    count: int
    sides: str
    cloister: bool
    pennant: int
    bazaar: bool
    cities: tuple[tuple[int, ...], ...]
    roads: tuple[tuple[int, ...], ...]
    inns: tuple[bool, ...]
    fields: tuple[tuple[int, ...], ...]
    field_cities: tuple[tuple[int, ...], ...]

    @property
    def expansion(self) -> bool:
        """True for the tiles of Appendix A.2."""
        return self.id.startswith("BZ")

    @property
    def nsegs(self) -> int:
        """Number of segments (nodes) of one placed copy."""
        return len(self.cities) + len(self.roads) + len(self.fields) + int(self.cloister)


def _sides(text: str) -> tuple[int, ...]:
    return tuple(SIDES.index(s) for s in text.strip("[]").split())


def _parse_line(line: str) -> TileType:
    tid, count, sides, cl, pen, baz, rest = line.split(maxsplit=6)
    m = re.match(r"((?:-|(?:\d+:\[[NESW ]*\]\s*)+))\s*((?:-|(?:\[[NESW ]*\](?:inn)?\s*)+))\s*(.*)$",
                 rest)
    assert m, line
    cities_txt, roads_txt, fields_txt = (g.strip() for g in m.groups())
    cities = [_sides(c) for c in re.findall(r"\d+:(\[[NESW ]*\])", cities_txt)]
    roads: list[tuple[int, ...]] = []
    inns: list[bool] = []
    for body, inn in re.findall(r"\[([NESW ]*)\](inn)?", roads_txt):
        roads.append(_sides(body))
        inns.append(inn == "inn")
    fields: list[tuple[int, ...]] = []
    fcities: list[tuple[int, ...]] = []
    if fields_txt != "-":
        for chunk in fields_txt.split("|"):
            body, _, tail = chunk.strip().partition("->")
            fields.append(tuple(HALF_EDGES.index(h) for h in body.strip("[] ").split()))
            fcities.append(tuple(int(i) for i in tail.split(",")) if tail.strip() else ())
    return TileType(tid, int(count), sides, cl == "1", int(pen), baz == "1", tuple(cities),
                    tuple(roads), tuple(inns), tuple(fields), tuple(fcities))


def _load() -> dict[str, TileType]:
    types: dict[str, TileType] = {}
    for line in _TABLE.strip("\n").splitlines():
        t = _parse_line(line)
        types[t.id] = t
    types[ABBEY] = TileType(ABBEY, 0, "****", True, 0, False, (), (), (), (), ())
    return types


TILE_TYPES: dict[str, TileType] = _load()
BASE_IDS: tuple[str, ...] = tuple(t for t in TILE_TYPES if t != ABBEY and not t.startswith("BZ"))
BAZAAR_IDS: tuple[str, ...] = tuple(t for t in TILE_TYPES if t.startswith("BZ"))
CATALOGUE_IDS: tuple[str, ...] = BASE_IDS + BAZAAR_IDS


def supply(bazaar: bool) -> list[str]:
    """The whole supply (CAR-6), start tile included, as a list of type ids."""
    ids = BASE_IDS + (BAZAAR_IDS if bazaar else ())
    return [tid for tid in ids for _ in range(TILE_TYPES[tid].count)]


@cache
def segment_names(tid: str) -> tuple[str, ...]:
    """Segment names of a type in local order (CAR-12)."""
    t = TILE_TYPES[tid]
    names = [f"c{i}" for i in range(len(t.cities))]
    names += [f"r{i}" for i in range(len(t.roads))]
    names += [f"f{i}" for i in range(len(t.fields))]
    if t.cloister:
        names.append("cl")
    return tuple(names)


@cache
def segment_kinds(tid: str) -> tuple[str, ...]:
    """Feature kind of each local segment: C city, R road, F field, K cloister."""
    return tuple("K" if n == "cl" else n[0].upper() for n in segment_names(tid))


@dataclass(frozen=True)
class Rotated:
    """A type at one rotation: what each side and half-edge shows on the board (CAR-9)."""

    tid: str
    r: int
    sides: str
    side_seg: tuple[int, ...]
    """Local road/city segment on each board side, or -1."""
    half_field: tuple[int, ...]
    """Local field segment on each board half-edge, or -1."""
    seg_sides: tuple[tuple[int, ...], ...]
    """Board sides of each road/city segment (empty for fields and cloister)."""
    seg_halves: tuple[tuple[int, ...], ...]
    """Board half-edges of each field segment (empty for others)."""


@cache
def rotated(tid: str, r: int) -> Rotated:
    """The `Rotated` record of ``tid`` at rotation ``r`` (printed side i -> (i + r) mod 4)."""
    t = TILE_TYPES[tid]
    if tid == ABBEY:
        return Rotated(tid, 0, "****", (-1,) * 4, (-1,) * 8, ((),), ((),))
    sides = "".join(t.sides[(j - r) % 4] for j in range(4))
    side_seg = [-1] * 4
    half_field = [-1] * 8
    seg_sides: list[tuple[int, ...]] = []
    seg_halves: list[tuple[int, ...]] = []
    for i, ss in enumerate(t.cities + t.roads):
        board = tuple((s + r) % 4 for s in ss)
        for s in board:
            side_seg[s] = i
        seg_sides.append(board)
        seg_halves.append(())
    nf = len(t.cities) + len(t.roads)
    for k, hs in enumerate(t.fields):
        board = tuple((h + 2 * r) % 8 for h in hs)
        for h in board:
            half_field[h] = nf + k
        seg_sides.append(())
        seg_halves.append(board)
    if t.cloister:
        seg_sides.append(())
        seg_halves.append(())
    return Rotated(tid, r, sides, tuple(side_seg), tuple(half_field), tuple(seg_sides),
                   tuple(seg_halves))


class _FitTable(dict[str, tuple[int, ...]]):
    """pattern -> fitting rotations of one type, filled on first use."""

    def __init__(self, tid: str) -> None:
        super().__init__()
        self.sides = [rotated(tid, r).sides for r in range(4)]

    def __missing__(self, pattern: str) -> tuple[int, ...]:
        fits = tuple(r for r, sides in enumerate(self.sides)
                     if all(p == "." or p == q for p, q in zip(pattern, sides, strict=True)))
        self[pattern] = fits
        return fits


ROTATIONS: dict[str, tuple[Rotated, ...]] = {
    tid: tuple(rotated(tid, r) for r in range(4)) for tid in TILE_TYPES}
"""tid -> its four `Rotated` records (ABBEY: four copies of rotation 0): the fast look-up."""

FIT_TABLES: dict[str, _FitTable] = {tid: _FitTable(tid) for tid in TILE_TYPES if tid != ABBEY}
"""tid -> {pattern of the facing side types ('.' = empty): rotations that fit} (CAR-15)."""


def fitting_rotations(tid: str, pattern: str) -> tuple[int, ...]:
    """Rotations of ``tid`` whose sides match ``pattern`` ('.' = empty neighbour) (CAR-15)."""
    return FIT_TABLES[tid][pattern]
