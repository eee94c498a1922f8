"""The one move of Grand Bazaar, ``Trade`` (rules/grand-bazaar.md GB-12), and its JSON form.

JSON: ``{"type": "Trade", "sell": {"S": 0, "R": 2, "E": 0}, "buy": {"S": 1}}``. A missing
type counts 0; ``sell`` or ``buy`` may be left out. ``"timeout": true`` marks the timeout move
of GB-17 (the platform plays it for a seat whose clock ran out). A malformed move is refused
with a message (app/games/messages.py `malformed`), said in the caller's language.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from app.games.base import Field, Move, check_move
from app.games.grand_bazaar.data import HAND_LIMIT, STOCK_PER_TYPE, TYPES, Triple, format_counts
from app.games.messages import malformed

TRADE = "Trade"
FIELDS: dict[str, dict[str, Field]] = {
    TRADE: {
        "sell": Field(dict, required=False),
        "buy": Field(dict, required=False),
        "timeout": Field(bool, required=False),
    },
}
"""GB-12: the one move type and its fields, all of which may be left out."""
_MAX_COUNT = STOCK_PER_TYPE + HAND_LIMIT  # anything larger is nonsense, not merely illegal


@dataclass(frozen=True)
class Trade:
    """``Trade(sell, buy)``: counts per type in type order; sales are applied first."""

    sell: Triple = (0, 0, 0)
    buy: Triple = (0, 0, 0)
    timeout: bool = False

    def to_json(self) -> Move:
        move: Move = {
            "type": TRADE,
            "sell": dict(zip(TYPES, self.sell, strict=True)),
            "buy": dict(zip(TYPES, self.buy, strict=True)),
        }
        if self.timeout:
            move["timeout"] = True
        return move

    def __str__(self) -> str:
        parts = []
        if any(self.sell):
            parts.append(f"sell {format_counts(self.sell)}")
        if any(self.buy):
            parts.append(f"buy {format_counts(self.buy)}")
        return ", ".join(parts) if parts else "pass"


def _counts(move: dict[str, Any], key: str) -> Triple:
    raw = move.get(key, {})
    unknown = sorted(str(k)[:40] for k in raw if k not in TYPES)
    if unknown:
        field = f"Trade.{key}"
        raise malformed("GB-12", "{field} has unknown gem type(s): {types}", field=field,
                        types=", ".join(unknown[:5]))
    values = []
    for t in TYPES:
        value = raw.get(t, 0)
        if isinstance(value, bool) or not isinstance(value, int):
            raise malformed("GB-12", "{field} must be a whole number", field=".".join(
                ("Trade", key, t)))
        if not 0 <= value <= _MAX_COUNT:
            raise malformed("GB-12", "{field} must be between 0 and {high}",
                            field=".".join(("Trade", key, t)), high=_MAX_COUNT)
        values.append(value)
    return (values[0], values[1], values[2])


def decode(move: Any) -> Trade:
    """The `Trade` in a JSON move; raises `InvalidMove` if it is malformed."""
    move = check_move(move, FIELDS, "GB-12")
    timeout: bool = move.get("timeout", False)
    return Trade(sell=_counts(move, "sell"), buy=_counts(move, "buy"), timeout=timeout)
