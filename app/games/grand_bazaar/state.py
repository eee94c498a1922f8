"""The game state of Grand Bazaar (rules/grand-bazaar.md sections 4, 5 and 8).

State is an immutable value: every change builds a new `State`. It serialises to JSON
losslessly (`dump` / `load`). The only secret in it is the order of ``deck`` (GB-23).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from app.games.grand_bazaar.data import ROUNDS, Triple


@dataclass(frozen=True)
class Final:
    """GB-19 / GB-21: what the final sale did, per seat."""

    money_before: tuple[int, ...]
    sold: tuple[Triple, ...]


@dataclass(frozen=True)
class State:
    """One position: the round, whose move it is, prices, stocks, money, hands and deck."""

    names: tuple[str, ...]
    options: dict[str, Any]
    start: int
    """Seat of player number 1 (GB-7)."""
    deck: tuple[int, ...]
    """Unrevealed price-card ids, top card first. Secret while the game runs (GB-23)."""
    history: tuple[int, ...]
    """Revealed card ids, oldest first (GB-10). Public."""
    prices: Triple
    stock: Triple
    money: tuple[int, ...]
    hands: tuple[Triple, ...]
    round: int
    """The current round 1..27 (the last one once finished)."""
    moved: int
    """Trade moves already made in this round (GB-11)."""
    final: Final | None = field(default=None)
    """Set once the game has ended (GB-19)."""

    @property
    def players(self) -> int:
        return len(self.names)

    @property
    def finished(self) -> bool:
        return self.final is not None

    def first_player(self, round_no: int | None = None) -> int:
        """GB-9: the first player of a round, f(r) = (start + r - 1) mod n."""
        r = self.round if round_no is None else round_no
        return (self.start + r - 1) % self.players

    def round_order(self, round_no: int | None = None) -> list[int]:
        """GB-11: the seats in the order they move in a round."""
        first = self.first_player(round_no)
        return [(first + i) % self.players for i in range(self.players)]

    def turn(self) -> int | None:
        """The seat to make the next trade move, or None once the game has ended."""
        if self.finished:
            return None
        return (self.first_player() + self.moved) % self.players

    def moves_made(self) -> int:
        """Trade moves made so far (27 x n at the end, GB-30)."""
        if self.finished:
            return ROUNDS * self.players
        return (self.round - 1) * self.players + self.moved


def dump(state: State) -> dict[str, Any]:
    """The state as JSON-ready data."""
    return {
        "names": list(state.names),
        "options": state.options,
        "start": state.start,
        "deck": list(state.deck),
        "history": list(state.history),
        "prices": list(state.prices),
        "stock": list(state.stock),
        "money": list(state.money),
        "hands": [list(h) for h in state.hands],
        "round": state.round,
        "moved": state.moved,
        "final": None
        if state.final is None
        else {
            "money_before": list(state.final.money_before),
            "sold": [list(s) for s in state.final.sold],
        },
    }


def _triple(data: Any) -> Triple:
    a, b, c = (int(x) for x in data)
    return (a, b, c)


def load(data: dict[str, Any]) -> State:
    """The inverse of `dump`."""
    final = data.get("final")
    return State(
        names=tuple(data["names"]),
        options=dict(data["options"]),
        start=int(data["start"]),
        deck=tuple(int(x) for x in data["deck"]),
        history=tuple(int(x) for x in data["history"]),
        prices=_triple(data["prices"]),
        stock=_triple(data["stock"]),
        money=tuple(int(x) for x in data["money"]),
        hands=tuple(_triple(h) for h in data["hands"]),
        round=int(data["round"]),
        moved=int(data["moved"]),
        final=None
        if final is None
        else Final(
            money_before=tuple(int(x) for x in final["money_before"]),
            sold=tuple(_triple(s) for s in final["sold"]),
        ),
    )
