"""Helpers for the Carcassonne scenario tests (spec §17 notation)."""

from __future__ import annotations

from typing import Any

from app.games.base import RecordingRng, SeededRng
from app.games.carcassonne.engine import ENGINE
from app.games.carcassonne.state import State

NAMES = ["Red", "Blue", "Black", "Green", "White"]


class Game:
    """A game driven move by move; keeps every event."""

    def __init__(self, n: int = 2, stack: list[str] | None = None, **opts: Any) -> None:
        options = {"first_player": 0, **opts}
        if stack is not None:
            options["stack"] = stack
        self.opts = ENGINE.validate_options(options, n)
        self.state: State = ENGINE.setup(NAMES[:n], self.opts, SeededRng(0))
        self.events: list[dict[str, Any]] = []
        self.outcomes: list[list[Any]] = []  # the chance outcomes recorded for each move

    @property
    def actor(self) -> int:
        return self.state.actor

    def move(self, move: dict[str, Any], seat: int | None = None) -> list[dict[str, Any]]:
        seat = self.actor if seat is None else seat
        rng = RecordingRng(SeededRng(1))
        self.state, events = ENGINE.apply(self.state, seat, move, rng)
        self.events += events
        self.outcomes.append(rng.outcomes)
        return events

    def tile(self, x: int, y: int, r: int = 0, seg: str | None = None,
             kind: str = "follower") -> None:
        """Place the tile in hand, then a figure on ``seg`` or SkipFigure."""
        if self.state.phase == "start":
            self.move({"type": "Draw"})
        self.move({"type": "PlaceTile", "x": x, "y": y, "r": r})
        if seg is None:
            self.move({"type": "SkipFigure"})
        else:
            self.move({"type": "PlaceFigure", "x": x, "y": y, "segment": seg, "kind": kind})

    def of(self, kind: str) -> list[dict[str, Any]]:
        return [e for e in self.events if e["type"] == kind]

    @property
    def scores(self) -> list[int]:
        return list(self.state.scores)

    def legal_types(self) -> set[str]:
        return {m["type"] for m in ENGINE.legal_moves(self.state, self.actor)}


def any_place(g: Game) -> None:
    """Place the tile in hand on its first legal spot, no figure."""
    if g.state.phase == "start":
        g.move({"type": "Draw"})
    m = ENGINE.legal_moves(g.state, g.actor)[0]
    assert m["type"] == "PlaceTile", m
    g.move(m)
    g.move({"type": "SkipFigure"})


def seed_auction(g: Game) -> None:
    """The four auctions of the seed's example (S-CAR-17), from Blue's opening."""
    g.move({"type": "AuctionOpen", "tile": 0, "bid": 1}, 1)
    g.move({"type": "AuctionPass"}, 2)
    g.move({"type": "AuctionRaise", "bid": 2}, 3)
    g.move({"type": "AuctionRaise", "bid": 3}, 0)
    g.move({"type": "AuctionSettle", "choice": "buy"}, 1)
    g.move({"type": "AuctionOpen", "tile": 1, "bid": 2}, 2)
    g.move({"type": "AuctionRaise", "bid": 3}, 3)
    g.move({"type": "AuctionPass"}, 0)
    g.move({"type": "AuctionSettle", "choice": "sell"}, 2)
    g.move({"type": "AuctionOpen", "tile": 2, "bid": 3}, 0)
    g.move({"type": "AuctionPass"}, 2)
