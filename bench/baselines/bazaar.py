"""Bazaar baseline: one ply of expected points (rules/bazaar.md BAZ-13 to BAZ-27).

Each legal move (the roll, averaged over the die; each trade; each purchase; each colour or
return) is judged by the position it leaves, from the seat's own view: its score minus the
best opponent's (BAZ-24, BAZ-26), plus what its hand promises, the chart points of the stall
top it is closest to, discounted for each token still missing (BAZ-22 to BAZ-24), minus the
penalties a big hand risks when an opponent buys (BAZ-26: tokens above their tokens left + 3).
The stalls' hidden cards are redrawn for the seat before a purchase reveals one (BAZ-35).
"""

from __future__ import annotations

from typing import Any

from app.games.base import Engine, Move, Rng, Seat

from .oneply import best

MISSING = 0.55  # the promise of a hand shrinks by this factor per token it still lacks
EXPOSED = 0.35  # expected penalty per token above 4 (an opponent buys before we spend)
ROLLS = 12  # die draws averaged for a roll


def promise(view: dict[str, Any], tokens: dict[str, int]) -> float:
    """The best stall top's chart points, discounted for the tokens still missing."""
    count = sum(tokens.values())
    chart = view["chart"]
    top_value = 0.0
    for stall in view["stalls"]:
        top = stall["top"]
        if top is None:
            continue
        missing = sum(max(0, n - tokens.get(c, 0)) for c, n in top["cost"].items())
        left = count + missing - 5
        points = chart[min(max(left, 0), 3)][stall["level"]]
        top_value = max(top_value, points * MISSING ** missing)
    return top_value


def value(engine: Engine, state: Any, seat: Seat) -> float:
    view = engine.view(state, seat)
    players = view["players"]
    if view["finished"]:
        ranks = view["outcome"]["ranks"]
        return 100.0 if ranks[seat] == 1 else -100.0
    scores = [p["score"] for p in players]
    others = max(s for i, s in enumerate(scores) if i != seat)
    me = players[seat]
    exposed = EXPOSED * max(0, me["token_count"] - 4) if view["options"]["penalty"] else 0.0
    return scores[seat] - others + promise(view, me["tokens"]) - exposed


def move(engine: Engine, state: Any, seat: Seat, rng: Rng) -> Move:
    """The legal move of best expected value."""
    moves = engine.legal_moves(state, seat)
    return best(engine, state, seat, moves, value, rng,
                lambda m: ROLLS if m["type"] in ("Roll", "Buy") else 1)
