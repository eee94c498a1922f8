"""Move parsing (rules/bombay-bazar.md §13, BOM-54): JSON payload -> checked fields.

Anything malformed raises `InvalidMove` (code ``BAD_INPUT``): an unknown type, a missing or
unknown field, an unknown elephant or picture, a rotation outside 0-5, a hide outside 1-3 or
a call other than ``odd`` and ``even``. Whether the move fits the current step is for
`engine.py` and `rules.py` to decide.
"""

from __future__ import annotations

from typing import Any

from app.games.base import InvalidMove, Move
from app.games.bombay_bazar.data import ELEPHANT_IDS, PICTURE_IDS

FIELDS: dict[str, tuple[str, ...]] = {
    "ChooseElephant": ("elephant",),
    "HideTokens": ("hide",),
    "CallParity": ("call",),
    "PlacePiece": ("picture", "rotation"),
}
"""BOM-54: the move types and their fields."""

CALLS: tuple[str, str] = ("odd", "even")


def _int(value: Any, name: str, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise InvalidMove(f"BOM-54: {name} must be an integer from {low} to {high}")
    return value


def parse(move: Any) -> Move:
    """A well-formed copy of ``move``; raises `InvalidMove` otherwise."""
    if not isinstance(move, dict):
        raise InvalidMove("BOM-54: a move is a JSON object")
    kind = move.get("type")
    if not isinstance(kind, str) or kind not in FIELDS:
        shown = kind if isinstance(kind, str) and len(kind) <= 40 else "?"
        raise InvalidMove(f"BOM-54: unknown move type {shown!r}")
    expected = FIELDS[kind]
    extra = sorted(k for k in move if k != "type" and k not in expected)
    if extra:
        raise InvalidMove(f"BOM-54: {kind} takes no field {str(extra[0])[:40]!r}")
    missing = [k for k in expected if k not in move]
    if missing:
        raise InvalidMove(f"BOM-54: {kind} needs field {missing[0]!r}")
    if kind == "ChooseElephant":
        if move["elephant"] not in ELEPHANT_IDS:
            raise InvalidMove(f"BOM-54: elephant must be one of {', '.join(ELEPHANT_IDS)}")
        return {"type": kind, "elephant": move["elephant"]}
    if kind == "HideTokens":
        return {"type": kind, "hide": _int(move["hide"], "hide", 1, 3)}
    if kind == "CallParity":
        if move["call"] not in CALLS:
            raise InvalidMove("BOM-54: call must be 'odd' or 'even'")
        return {"type": kind, "call": move["call"]}
    if not isinstance(move["picture"], str) or move["picture"] not in PICTURE_IDS:
        raise InvalidMove("BOM-54: unknown picture")
    return {
        "type": kind,
        "picture": move["picture"],
        "rotation": _int(move["rotation"], "rotation", 0, 5),
    }
