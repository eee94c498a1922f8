"""Features as union-find over (square, segment) nodes (spec §7, §16; CAR-28 to CAR-35, CAR-88).

Each placed tile adds one node per segment. Roads and cities keep an open-side counter: a new
segment starts with its side count, every border joined subtracts 2 from the merged root (also
when both ends already share a root: that closes a loop), every side closed by the abbey
subtracts 1. A counter at 0 means complete. Fields union across half-edges (CAR-10).
All functions mutate a `State` that the caller has cloned.
"""

from __future__ import annotations

from .state import Feat, Square, State
from .tiles import ABBEY, DELTAS, PARTNER_HALF, ROTATIONS, TILE_TYPES, segment_kinds


def union(s: State, a: int, b: int) -> int:
    """Merge the features of nodes a and b (union by size); return the new root."""
    s.own()
    ra, rb = s.find(a), s.find(b)
    if ra == rb:
        return ra
    fa, fb = s.feats[ra], s.feats[rb]
    if fa.size < fb.size:
        ra, rb, fa, fb = rb, ra, fb, fa
    big = s.feat_mut(ra)
    big.size += fb.size
    big.squares |= fb.squares
    big.open += fb.open
    big.pennants += fb.pennants
    big.followers += fb.followers
    big.builders += fb.builders
    big.cities += fb.cities
    s.parent[rb] = ra
    del s.feats[rb]
    s._owned.discard(rb)
    return ra


def _new_nodes(s: State, sq: Square, tid: str) -> int:
    """Create the nodes and records of a freshly placed tile; return its first node."""
    s.own()
    t = TILE_TYPES[tid]
    base = len(s.parent)
    kinds = segment_kinds(tid)
    ncity = len(t.cities)
    nroad = len(t.roads)
    for i, kind in enumerate(kinds):
        node = base + i
        s.parent.append(node)
        if kind == "C":
            f = Feat("C", {sq}, len(t.cities[i]), t.pennant if i == 0 else 0, [], [], [],
                     False, False, 1)
        elif kind == "R":
            f = Feat("R", {sq}, len(t.roads[i - ncity]), 0, [], [], [], False, False, 1)
        elif kind == "F":
            k = i - ncity - nroad
            f = Feat("F", set(), 0, 0, [], [], [base + c for c in t.field_cities[k]],
                     False, False, 1)
        else:
            f = Feat("K", {sq}, 0, 0, [], [], [], False, False, 1)
        s.feats[node] = f
        s._owned.add(node)
    return base


def _update_frontier(s: State, sq: Square, sides: str) -> None:
    """Remove ``sq`` from the frontier and record its sides on the empty neighbours."""
    s.own()
    s.frontier.pop(sq, None)
    x, y = sq
    for d, (dx, dy) in enumerate(DELTAS):
        nb = (x + dx, y + dy)
        if nb in s.board:
            continue
        pat = s.frontier.get(nb)
        if pat is None:
            pat = "...."
        o = (d + 2) % 4
        s.frontier[nb] = pat[:o] + sides[d] + pat[o + 1:]


def place_tile(s: State, sq: Square, tid: str, r: int) -> list[int]:
    """Put a tile on the board and join it (CAR-28); return the roots of its road/city nodes."""
    rot = ROTATIONS[tid][r]
    side_seg, half_field = rot.side_seg, rot.half_field
    base = _new_nodes(s, sq, tid)
    board = s.board
    board[sq] = (tid, r, base)
    x, y = sq
    for d, (dx, dy) in enumerate(DELTAS):
        nb = board.get((x + dx, y + dy))
        if nb is None:
            continue
        ntid, nr, nbase = nb
        seg = side_seg[d]
        if ntid == ABBEY:
            # CAR-88: the abbey closes the side; no union, fields stop here
            if seg >= 0:
                s.feat_mut(s.find(base + seg)).open -= 1
            continue
        nrot = ROTATIONS[ntid][nr]
        if seg >= 0:
            root = union(s, base + seg, nbase + nrot.side_seg[(d + 2) % 4])
            s.feat_mut(root).open -= 2
        h = 2 * d
        mine = half_field[h]
        if mine >= 0:  # an F or R side: both half-edges carry a field
            union(s, base + mine, nbase + nrot.half_field[PARTNER_HALF[h]])
            union(s, base + half_field[h + 1], nbase + nrot.half_field[PARTNER_HALF[h + 1]])
    _update_frontier(s, sq, rot.sides)
    roots = {s.find(base + i) for i, k in enumerate(segment_kinds(tid)) if k in "CR"}
    return sorted(roots)


def place_abbey(s: State, sq: Square) -> list[int]:
    """Put an abbey into a hole (CAR-86, CAR-88); return the roots of the features it closed."""
    base = _new_nodes(s, sq, ABBEY)
    s.board[sq] = (ABBEY, 0, base)
    closed: set[int] = set()
    x, y = sq
    for d, (dx, dy) in enumerate(DELTAS):
        ntid, nr, nbase = s.board[(x + dx, y + dy)]
        if ntid == ABBEY:
            continue
        seg = ROTATIONS[ntid][nr].side_seg[(d + 2) % 4]
        if seg >= 0:
            root = s.find(nbase + seg)
            s.feat_mut(root).open -= 1
            closed.add(root)
    _update_frontier(s, sq, "FFFF")
    return sorted(closed)


def tile_nodes(s: State, sq: Square) -> range:
    """The nodes of the tile on ``sq``."""
    tid, _r, base = s.board[sq]
    return range(base, base + TILE_TYPES[tid].nsegs)


_AROUND9 = tuple((dx, dy) for dy in (-1, 0, 1) for dx in (-1, 0, 1))
_AROUND8 = tuple(d for d in _AROUND9 if d != (0, 0))
_CLOISTER_NODE = {tid: t.nsegs - 1 for tid, t in TILE_TYPES.items() if t.cloister}
"""tid -> local index of its cloister segment (always the last one)."""


def cloisters_around(s: State, sq: Square) -> list[tuple[Square, int]]:
    """Cloister nodes on ``sq`` and its 8 surrounding squares."""
    out = []
    x, y = sq
    board = s.board
    for dx, dy in _AROUND9:
        p = (x + dx, y + dy)
        placed = board.get(p)
        if placed is not None:
            k = _CLOISTER_NODE.get(placed[0])
            if k is not None:
                out.append((p, placed[2] + k))
    return out


def surrounding(s: State, sq: Square) -> int:
    """How many of the 8 surrounding squares hold a tile (CAR-31)."""
    x, y = sq
    board = s.board
    n = 0
    for dx, dy in _AROUND8:
        if (x + dx, y + dy) in board:
            n += 1
    return n
