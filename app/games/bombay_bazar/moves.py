"""Move parsing (rules/bombay-bazar.md §13, BOM-54): JSON payload -> checked fields.

Anything malformed raises `InvalidMove` (code ``BAD_INPUT``): an unknown type, a missing or
unknown field, an unknown elephant or picture, a rotation outside 0-5, a hide outside 1-3 or
a call other than ``odd`` and ``even``; its reason is a message (app/games/messages.py
`malformed`) said in the caller's language. Whether the move fits the current step is for
`engine.py` and `rules.py` to decide.
"""

from __future__ import annotations

from typing import Any

from app.games.base import Field, Move, check_move
from app.games.bombay_bazar.data import ELEPHANT_IDS, PICTURE_IDS
from app.games.messages import malformed

FIELDS: dict[str, dict[str, Field]] = {
    "ChooseElephant": {"elephant": Field(str)},
    "HideTokens": {"hide": Field(int)},
    "CallParity": {"call": Field(str)},
    "PlacePiece": {"picture": Field(str), "rotation": Field(int)},
}
"""BOM-54: the move types and their fields."""

CALLS: tuple[str, str] = ("odd", "even")


def _in_range(value: int, name: str, low: int, high: int) -> int:
    if not low <= value <= high:
        raise malformed("BOM-54", "{field} must be an integer from {low} to {high}", field=name,
                        low=low, high=high)
    return value


def parse(move: Any) -> Move:
    """A well-formed copy of ``move``; raises `InvalidMove` otherwise."""
    move = check_move(move, FIELDS, "BOM-54")
    kind = move["type"]
    if kind == "ChooseElephant":
        if move["elephant"] not in ELEPHANT_IDS:
            raise malformed("BOM-54", "elephant must be one of {elephants}",
                            elephants=", ".join(ELEPHANT_IDS))
        return {"type": kind, "elephant": move["elephant"]}
    if kind == "HideTokens":
        return {"type": kind, "hide": _in_range(move["hide"], "hide", 1, 3)}
    if kind == "CallParity":
        if move["call"] not in CALLS:
            raise malformed("BOM-54", "call must be '{odd}' or '{even}'", odd="odd", even="even")
        return {"type": kind, "call": move["call"]}
    if move["picture"] not in PICTURE_IDS:
        raise malformed("BOM-54", "unknown picture")
    return {
        "type": kind,
        "picture": move["picture"],
        "rotation": _in_range(move["rotation"], "rotation", 0, 5),
    }
