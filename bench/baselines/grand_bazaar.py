"""Grand Bazaar baseline: a card counter, one ply (rules/grand-bazaar.md GB-12 to GB-26).

It reads its own view only: the prices, its money and hand, and the public set of unrevealed
price cards (GB-23, ``remaining_changes``). A gem kept is worth its expected price after the next
reveal, the mean over the cards still to come; after the last reveal it is worth the final sale
price of 10 (GB-19). Among the legal trades it plays the one with the most money plus the
expected worth of the gems kept.
"""

from __future__ import annotations

from typing import Any

from app.games.base import Engine, Move, Rng, Seat

TYPES = ("S", "R", "E")
FINAL_PRICE = 10  # GB-3, GB-19


def expected_next(view: dict[str, Any]) -> dict[str, float]:
    """Each type's expected price after the next reveal, over the unrevealed cards."""
    out: dict[str, float] = {}
    for t in TYPES:
        left = view["remaining_changes"][t]
        cards = left["+1"] + left["0"] + left["-1"]
        if cards == 0 or view["round"] >= view["rounds"]:
            out[t] = float(FINAL_PRICE)
        else:
            out[t] = view["prices"][t] + (left["+1"] - left["-1"]) / cards
    return out


def move(engine: Engine, state: Any, seat: Seat, rng: Rng) -> Move:
    """The legal trade with the best expected money plus holdings (first of equals)."""
    view = engine.view(state, seat)
    me = next(p for p in view["players"] if p["seat"] == seat)
    worth = expected_next(view)
    prices = view["prices"]
    best: Move | None = None
    best_value = float("-inf")
    for trade in engine.legal_moves(state, seat):
        value = float(me["money"])
        for t in TYPES:
            sold, bought = trade["sell"][t], trade["buy"][t]
            value += (sold - bought) * prices[t] + (me["hand"][t] - sold + bought) * worth[t]
        if value > best_value + 1e-9:
            best, best_value = trade, value
    assert best is not None  # GB-16: a legal move always exists
    return best
