"""The score breakdown of Grand Bazaar (rules/grand-bazaar.md GB-8, GB-19, GB-20; issue 14).

A seat's score is its money (GB-20): the starting money (GB-8), the net money of its trades
(sales minus purchases, every round), and once the game is over the final sale of every gem
held at the fixed price (GB-19), with the gems sold by type. Money and hands are public.
"""

from __future__ import annotations

from app.games.breakdown import Breakdown, Line

from .data import FINAL_PRICE, START_MONEY, TYPES, gem_name
from .state import State


def _seat(state: State, seat: int) -> Breakdown:
    money = state.money[seat]
    before = state.final.money_before[seat] if state.final is not None else money
    lines = [
        Line("start", "Starting money", START_MONEY),
        Line("trading", "Money from trading (sales minus purchases)", before - START_MONEY),
    ]
    if state.final is not None:
        sold = state.final.sold[seat]
        items = tuple(f"{n} {gem_name(t, n)} at {FINAL_PRICE}: {n * FINAL_PRICE}"
                      for t, n in zip(TYPES, sold, strict=True) if n)
        lines.append(Line("final-sale", "Final sale of the gems held", money - before,
                          items or ("No gem left to sell",)))
    return Breakdown(seat, money, tuple(lines))


def score_breakdown(state: State) -> list[Breakdown]:
    """Every seat's money by source."""
    return [_seat(state, seat) for seat in range(state.players)]
