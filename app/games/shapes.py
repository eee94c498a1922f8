"""The shape of a move's JSON (docs/design.md, "Engine contract"): `Field` names the JSON
type of one move field, and `check_move` refuses a move whose envelope does not fit its game's
move shapes (not an object, an unknown type, a missing or unknown field, a field of the wrong
type) before any rule looks at it, with a reason said in the caller's language.

Standard library only.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from app.games.errors import InvalidMove
from app.games.messages import N_, english, say

Move = dict[str, Any]


JsonKind = type[object] | None
"""A JSON type as `Field` names it: ``int``, ``float``, ``str``, ``bool``, ``list``, ``dict``
or ``None`` (null)."""

_KIND_NAMES: dict[JsonKind, str] = {
    int: N_("an integer"),
    float: N_("a number"),
    str: N_("a string"),
    bool: N_("true or false"),
    list: N_("a list"),
    dict: N_("an object"),
    None: N_("null"),
}


class Field:
    """The JSON type of one move field, for `check_move`.

    ``Field(int)`` is an integer (never a bool), ``Field(dict, str)`` an object or a string,
    ``Field(int, None, required=False)`` an integer or null that may be left out. ``reason``,
    if given, is the refusal of a value of the wrong type: a message id (marked with ``N_``)
    said after ``rule`` (else the rule `check_move` is given).

    >>> Field(int).accepts(3), Field(int).accepts(True), Field(float).accepts(3)
    (True, False, True)
    """

    __slots__ = ("kinds", "required", "reason", "rule")

    def __init__(self, *kinds: JsonKind, required: bool = True, reason: str = "",
                 rule: str = "") -> None:
        if not kinds or any(kind not in _KIND_NAMES for kind in kinds):
            raise ValueError(f"Field takes JSON types among {list(_KIND_NAMES)}, not {kinds}")
        self.kinds = kinds
        self.required = required
        self.reason = reason
        self.rule = rule

    def accepts(self, value: object) -> bool:
        """Whether ``value`` has one of the field's JSON types."""
        if isinstance(value, bool):  # a bool is an int in Python, never in a move
            return bool in self.kinds
        if isinstance(value, int):
            return int in self.kinds or float in self.kinds
        if value is None:
            return None in self.kinds
        return any(kind is not None and isinstance(value, kind) for kind in self.kinds)

    def expected(self) -> str:
        """The field's JSON types in words ("an integer or null")."""
        return " or ".join(_KIND_NAMES[kind] for kind in self.kinds)

    def __repr__(self) -> str:
        return f"Field({self.expected()}, required={self.required})"


MoveShapes = Mapping[str, Mapping[str, Field]]
"""Each move type of a game and its fields besides ``type``."""


def _shown(names: Iterable[object]) -> str:
    """Field names for a reason: sorted, each cut to 40 characters, at most five."""
    shown = sorted(str(name)[:40] for name in names)
    return ", ".join(shown[:5]) + (", ..." if len(shown) > 5 else "")


def check_move(move: object, shapes: MoveShapes, rule: str = "") -> Move:
    """The move itself once its envelope fits ``shapes``; raises `InvalidMove` otherwise.

    Checks that the move is a JSON object whose ``type`` is one of ``shapes``, that every
    required field is present, that no other field is, and that each field has its JSON
    type. Values (ranges, ids) and legality are the engine's to check. ``rule`` (e.g.
    ``"BOM-54"``) starts every reason; each reason is a message (app/games/messages.py
    `malformed`), said in the caller's language.

    >>> shapes = {"Buy": {"stall": Field(int)}, "EndTurn": {}}
    >>> check_move({"type": "Buy", "stall": 2}, shapes)
    {'type': 'Buy', 'stall': 2}
    >>> check_move({"type": "Buy", "stall": "2"}, shapes, "BAZ-21")
    Traceback (most recent call last):
    app.games.errors.InvalidMove: BAZ-21: Buy: stall must be an integer
    """
    if not isinstance(move, dict):
        raise _malformed(rule, say("a move must be a JSON object with a type"))
    kind = move.get("type")
    if not isinstance(kind, str):
        raise _malformed(rule, say("a move's type must be a string: one of {types}",
                                   types=", ".join(shapes)))
    shape = shapes.get(kind)
    if shape is None:
        raise _malformed(rule, say("unknown move type {kind}; expected one of {types}",
                                   kind=repr(kind[:40]), types=", ".join(shapes)))
    missing = [name for name, spec in shape.items() if spec.required and name not in move]
    if missing:
        raise _malformed(rule, say("{kind} lacks the field(s) {fields}", kind=kind,
                                   fields=_shown(missing)))
    unknown = [name for name in move if name != "type" and name not in shape]
    if unknown:
        raise _malformed(rule, say("{kind} has unknown field(s) {fields}", kind=kind,
                                   fields=_shown(unknown)))
    for name, spec in shape.items():
        if name in move and not spec.accepts(move[name]):
            if spec.reason:
                raise _malformed(spec.rule or rule, say(spec.reason))
            raise _malformed(rule, say("{kind}: {field} must be {expected}", kind=kind,
                                       field=name, expected=_either([say(_KIND_NAMES[k])
                                                                     for k in spec.kinds])))
    return move


def _malformed(rule: str, message: dict[str, Any]) -> InvalidMove:
    """An `InvalidMove` whose reason is ``message``, after ``rule`` when there is one (as
    messages.py `malformed` makes it)."""
    reason = f"{rule}: {english(message)}" if rule else english(message)
    return InvalidMove(reason, message=message, rule=rule or None)


def _either(parts: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """Alternatives in words: "an integer or null"."""
    if len(parts) == 1:
        return parts[0]
    return say("{first} or {rest}", first=parts[0], rest=_either(parts[1:]))
