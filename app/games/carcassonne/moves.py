"""Move formats (CAR-19): parse and check the shape of a JSON move, else InvalidMove.

``Draw``, ``PlaceAbbey{x,y}``, ``PlaceTile{x,y,r}``, ``PlaceFigure{x,y,segment,kind}``,
``SkipFigure``, ``DeclineExtra``, ``PassAbbey``, and the auction moves of ``auction.py``.
Each refusal is a message (app/games/messages.py `malformed`), said in the caller's language.
"""

from __future__ import annotations

from typing import Any

from app.games.base import Field, Move, check_move
from app.games.messages import malformed

from . import auction

_INT = Field(int)
FIELDS: dict[str, dict[str, Field]] = {
    "Draw": {},
    "PlaceAbbey": {"x": _INT, "y": _INT},
    "PlaceTile": {"x": _INT, "y": _INT, "r": _INT},
    "PlaceFigure": {"x": _INT, "y": _INT, "segment": Field(str), "kind": Field(str)},
    "SkipFigure": {},
    "DeclineExtra": {},
    "PassAbbey": {},
    **auction.FIELDS,
}
"""CAR-19: every move type of the full game and its fields."""
MOVE_TYPES = frozenset(FIELDS)


def parse(move: Any) -> Move:
    """The move with its fields checked; raises InvalidMove for a malformed payload."""
    move = check_move(move, FIELDS, "CAR-19")
    kind = move["type"]
    if kind in auction.MOVE_TYPES:
        return auction.parse_move(move)
    out: Move = {"type": kind}
    for name in ("x", "y", "r"):
        if name in move:
            if abs(move[name]) > 1000:
                raise malformed("CAR-19", "{kind}: {field} must be an integer from -1000 to 1000",
                                kind=kind, field=name)
            out[name] = move[name]
    if "r" in out and out["r"] not in (0, 1, 2, 3):
        raise malformed("CAR-9", "r is a rotation 0, 1, 2 or 3")
    if kind == "PlaceFigure":
        seg, fig = move["segment"], move["kind"]
        if not 1 <= len(seg) <= 4:
            raise malformed("CAR-12", "segment is a name such as {examples}",
                            examples="c0, r1, f2, cl")
        if fig not in ("follower", "builder"):
            raise malformed("CAR-19", 'kind is "{one}" or "{other}"', one="follower",
                            other="builder")
        out["segment"], out["kind"] = seg, fig
    return out
