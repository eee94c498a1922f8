"""Move formats (CAR-19): parse and check the shape of a JSON move, else InvalidMove.

``Draw``, ``PlaceAbbey{x,y}``, ``PlaceTile{x,y,r}``, ``PlaceFigure{x,y,segment,kind}``,
``SkipFigure``, ``DeclineExtra``, ``PassAbbey``, and the auction moves of ``auction.py``.
"""

from __future__ import annotations

from typing import Any

from app.games.base import InvalidMove, Move

from . import auction

FIELDS: dict[str, frozenset[str]] = {
    "Draw": frozenset(),
    "PlaceAbbey": frozenset({"x", "y"}),
    "PlaceTile": frozenset({"x", "y", "r"}),
    "PlaceFigure": frozenset({"x", "y", "segment", "kind"}),
    "SkipFigure": frozenset(),
    "DeclineExtra": frozenset(),
    "PassAbbey": frozenset(),
}
MOVE_TYPES = frozenset(FIELDS) | auction.MOVE_TYPES
_NO_FIELDS = frozenset(k for k, v in FIELDS.items() if not v)


def _int(move: dict[str, Any], name: str) -> int:
    value = move[name]
    if isinstance(value, bool) or not isinstance(value, int) or abs(value) > 1000:
        raise InvalidMove(f"{move['type']}: {name} must be an integer")
    return value


def parse(move: Any) -> Move:
    """The move with its fields checked; raises InvalidMove for a malformed payload."""
    if not isinstance(move, dict):
        raise InvalidMove("a move is a JSON object with a type")
    kind = move.get("type")
    if not isinstance(kind, str) or kind not in MOVE_TYPES:
        shown = kind[:40] if isinstance(kind, str) else repr(kind)[:40]
        raise InvalidMove(f"unknown move type {shown!r}")
    if kind in auction.MOVE_TYPES:
        return auction.parse_move(move)
    if kind in _NO_FIELDS and len(move) == 1:
        return {"type": kind}  # the common fast path
    fields = set(move) - {"type"}
    missing = sorted(FIELDS[kind] - fields)
    extra = sorted(fields - FIELDS[kind])
    if missing:
        raise InvalidMove(f"{kind} needs the field(s) {', '.join(missing)}")
    if extra:
        raise InvalidMove(f"{kind} has unknown field(s) {', '.join(f[:40] for f in extra)}")
    out: Move = {"type": kind}
    for name in ("x", "y", "r"):
        if name in FIELDS[kind]:
            out[name] = _int(move, name)
    if "r" in out and out["r"] not in (0, 1, 2, 3):
        raise InvalidMove("CAR-9: r is a rotation 0, 1, 2 or 3")
    if kind == "PlaceFigure":
        seg, fig = move["segment"], move["kind"]
        if not isinstance(seg, str) or not 1 <= len(seg) <= 4:
            raise InvalidMove("CAR-12: segment is a name such as c0, r1, f2 or cl")
        if fig not in ("follower", "builder"):
            raise InvalidMove('CAR-19: kind is "follower" or "builder"')
        out["segment"], out["kind"] = seg, fig
    return out
