"""Game state of Bazaar (rules/bazaar.md sections 4 and 5: BAZ-8 to BAZ-12, BAZ-31).

The state is one dataclass of plain JSON types. `dump_state` / `load_state` are lossless, and
`clone` copies every mutable part so that `apply` can work on a copy and never mutate its input.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import Any

# Turn phases (BAZ-12): the action, the colour choice after a wild roll, the optional
# purchase, the hand-limit return, and the end of the game.
ACTION = "action"
WILD_CHOICE = "wild"
PURCHASE = "purchase"
RETURN = "return"
OVER = "over"
PHASES = (ACTION, WILD_CHOICE, PURCHASE, RETURN, OVER)


@dataclass
class BazaarState:
    """Everything about one game; hidden parts are the stalls below their tops and `unused`."""

    names: list[str]
    options: dict[str, Any]
    cards: list[int]
    """The two exchange cards in force, ascending (BAZ-9)."""
    stalls: list[list[int]]
    """Ware ids of each stall, top card first (BAZ-10); only index 0 is public while running."""
    sold: list[list[int]]
    """Ware ids bought from each stall, in order (public; rebuilds the deal for the end)."""
    unused: list[int]
    """The 25 ware ids out of the game, ascending (hidden until the end, BAZ-35)."""
    bank: list[int]
    hands: list[list[int]]
    points: list[int]
    """Points gained by purchases, per seat (BAZ-24)."""
    penalties: list[int]
    """Points lost to penalties, per seat, as a positive number (BAZ-26)."""
    bought: list[list[int]]
    current: int
    phase: str
    started: list[bool]
    """Whether each seat has taken the roll of its first turn (BAZ-13)."""
    idle: int
    """Consecutive completed turns without a purchase (BAZ-31)."""
    turns: int
    """Completed turns so far."""
    purchases: int
    die: str | None
    """The die face rolled this turn, if any (public)."""
    reason: str | None
    """Termination reason once the game is over (BAZ-30, BAZ-31)."""
    ledger: list[list[Any]] = field(default_factory=list)
    """Every purchase, for the score breakdown: [buyer, ware, stall number, tokens left, star
    level, points, [[opponent, tokens held, points lost], ...]] (BAZ-24, BAZ-26). Entries never
    change once appended; states saved before it existed load with an empty ledger."""

    @property
    def n(self) -> int:
        """Number of seats."""
        return len(self.names)

    def score(self, seat: int) -> int:
        """Current score: purchase points minus penalties (BAZ-24)."""
        return self.points[seat] - self.penalties[seat]

    def sold_out(self) -> int:
        """Number of sold-out stalls."""
        return sum(1 for stall in self.stalls if not stall)


def clone(state: BazaarState) -> BazaarState:
    """A copy that shares no mutable part with ``state``."""
    # the hot path of apply: copy the attribute dict, then every list in it
    new = BazaarState.__new__(BazaarState)
    fields_ = new.__dict__
    fields_.update(state.__dict__)
    fields_["names"] = state.names[:]
    fields_["options"] = dict(state.options)
    fields_["cards"] = state.cards[:]
    fields_["stalls"] = [s[:] for s in state.stalls]
    fields_["sold"] = [s[:] for s in state.sold]
    fields_["unused"] = state.unused[:]
    fields_["bank"] = state.bank[:]
    fields_["hands"] = [h[:] for h in state.hands]
    fields_["points"] = state.points[:]
    fields_["penalties"] = state.penalties[:]
    fields_["bought"] = [b[:] for b in state.bought]
    fields_["started"] = state.started[:]
    fields_["ledger"] = state.ledger[:]  # the entries themselves are never changed
    return new


def dump_state(state: BazaarState) -> dict[str, Any]:
    """State as JSON (the options are JSON already: resolve_options output)."""
    data: dict[str, Any] = clone_json({f.name: getattr(state, f.name) for f in fields(state)})
    return data


def load_state(data: dict[str, Any]) -> BazaarState:
    """The inverse of `dump_state`."""
    copied = clone_json(data)
    copied.setdefault("ledger", [])  # snapshots saved before the ledger existed
    return BazaarState(**{f.name: copied[f.name] for f in fields(BazaarState)})


def clone_json(value: Any) -> Any:
    """A deep copy of plain JSON data (faster than copy.deepcopy)."""
    if isinstance(value, dict):
        return {k: clone_json(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [clone_json(v) for v in value]
    return value
