"""The score breakdown of Grand Bazaar (rules/grand-bazaar.md GB-8, GB-19, GB-20; issue 14).

A seat's score is its money (GB-20): the starting money (GB-8), the net money of its trades
(sales minus purchases, every round), and once the game is over the final sale of every gem
held at the fixed price (GB-19), with the gems sold by type. Money and hands are public.
"""

from __future__ import annotations

from app.games.breakdown import Breakdown, line
from app.games.messages import say

from .data import FINAL_PRICE, START_MONEY, TYPES
from .state import State
from .words import gems


def _seat(state: State, seat: int) -> Breakdown:
    money = state.money[seat]
    before = state.final.money_before[seat] if state.final is not None else money
    lines = [
        line("start", say("Starting money"), START_MONEY),
        line("trading", say("Money from trading (sales minus purchases)"), before - START_MONEY),
    ]
    if state.final is not None:
        sold = state.final.sold[seat]
        items = [say("{gems} at {price}: {amount}", gems=gems(t, n), price=FINAL_PRICE,
                     amount=n * FINAL_PRICE)
                 for t, n in zip(TYPES, sold, strict=True) if n]
        lines.append(line("final-sale", say("Final sale of the gems held"), money - before,
                          items or [say("No gem left to sell")]))
    return Breakdown(seat, money, tuple(lines))


def score_breakdown(state: State) -> list[Breakdown]:
    """Every seat's money by source."""
    return [_seat(state, seat) for seat in range(state.players)]
