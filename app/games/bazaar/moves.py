"""Move payloads of Bazaar (rules/bazaar.md BAZ-21): parsing and validation of the JSON shape.

Moves are JSON objects with a ``type`` tag:

* ``{"type": "Roll"}``
* ``{"type": "ChooseColour", "colour": "G"}``
* ``{"type": "Trade", "equation_id": "1.1", "direction": "left-to-right"}``
* ``{"type": "Buy", "stall": 2}`` (optional ``"ware": 21`` names the card the player means)
* ``{"type": "EndTurn"}``
* ``{"type": "ReturnTokens", "tokens": {"R": 2, "W": 1}}``

Anything malformed raises `InvalidMove` (422), its reason a message (app/games/messages.py
`malformed`) said in the caller's language; whether a well-formed move is legal now is
decided in rules.py.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from app.games.base import Field, check_move
from app.games.messages import malformed

from .data import COLOURS, DIRECTIONS, EQUATIONS, STALL_COUNT


@dataclass(frozen=True)
class Roll:
    """Roll the die (BAZ-15, BAZ-16)."""


@dataclass(frozen=True)
class ChooseColour:
    """Name the colour taken after a wild roll (BAZ-16)."""

    colour: int


@dataclass(frozen=True)
class Trade:
    """Apply one equation once in one direction (BAZ-17)."""

    equation_id: str
    direction: str


@dataclass(frozen=True)
class Buy:
    """Buy the top card of a stall, 0-based index here (BAZ-18)."""

    stall: int
    ware: int | None


@dataclass(frozen=True)
class EndTurn:
    """Skip the purchase (BAZ-12)."""


@dataclass(frozen=True)
class ReturnTokens:
    """Return the surplus over 10 tokens (BAZ-19)."""

    tokens: tuple[int, ...]


ParsedMove = Roll | ChooseColour | Trade | Buy | EndTurn | ReturnTokens

FIELDS: dict[str, dict[str, Field]] = {
    "Roll": {},
    "ChooseColour": {"colour": Field(str)},
    "Trade": {"equation_id": Field(str), "direction": Field(str)},
    "Buy": {"stall": Field(int), "ware": Field(int, None, required=False)},
    "EndTurn": {},
    "ReturnTokens": {"tokens": Field(dict, str)},
}
"""BAZ-21: the move types and their fields besides ``type``."""

MOVE_TYPES = tuple(FIELDS)


def _int(value: Any, name: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise malformed("BAZ-21", "field {field} must be an integer", field=name)
    return value


def _colour(value: Any) -> int:
    if not isinstance(value, str) or value not in COLOURS:
        raise malformed("BAZ-21", "colour must be one of {colours}", colours="R, W, B, G, Y")
    return COLOURS.index(value)


def parse_tokens(value: Any) -> tuple[int, ...]:
    """A token multiset: {"R": 2, ...} or a letter string "RRW" -> counts in colour order."""
    counts = [0] * len(COLOURS)
    if isinstance(value, str):
        if len(value) > 100:
            raise malformed("BAZ-21", "tokens: too many letters")
        for letter in value:
            counts[_colour(letter)] += 1
        return tuple(counts)
    if not isinstance(value, dict):
        raise malformed("BAZ-21", "tokens must be an object of counts such as {example} or a "
                        "string", example='{"R": 2}')
    for key, n in value.items():
        index = _colour(key)
        n = _int(n, f"tokens.{key}")
        if not 0 <= n <= 100:
            field = f"tokens.{key}"
            raise malformed("BAZ-21", "{field} must be between 0 and 100", field=field)
        counts[index] = n
    return tuple(counts)


def parse_move(move: Any) -> ParsedMove:
    """Check a move's JSON shape and return it typed; raises `InvalidMove`."""
    move = check_move(move, FIELDS, "BAZ-21")
    kind = move["type"]
    if kind == "Roll":
        return Roll()
    if kind == "EndTurn":
        return EndTurn()
    if kind == "ChooseColour":
        return ChooseColour(_colour(move["colour"]))
    if kind == "Trade":
        eq, direction = move["equation_id"], move["direction"]
        if eq not in EQUATIONS:
            raise malformed("BAZ-21", 'equation_id must be an equation id such as "{example}" '
                            "(card.k)", example="1.1")
        if direction not in DIRECTIONS:
            raise malformed("BAZ-21", 'direction must be "{one}" or "{other}"',
                            one="left-to-right", other="right-to-left")
        return Trade(eq, direction)
    if kind == "Buy":
        stall = move["stall"]
        if not 1 <= stall <= STALL_COUNT:
            raise malformed("BAZ-21", "stall must be 1-{last}", last=STALL_COUNT)
        return Buy(stall - 1, move.get("ware"))
    return ReturnTokens(parse_tokens(move["tokens"]))


def tokens_json(cnt: list[int] | tuple[int, ...]) -> dict[str, int]:
    """Counts -> {"R": n, ...} with only the colours held, in colour order."""
    return {c: n for c, n in zip(COLOURS, cnt) if n}  # noqa: B905 (always 5 counts: fast path)
