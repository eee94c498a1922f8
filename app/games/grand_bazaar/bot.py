"""The baseline bot (rules/grand-bazaar.md; DESIGN "Engine contract": ``bot_move``).

It reads the public card history. The cards still in the deck are public knowledge (GB-23),
and for each gem type they sum to 10 - p (GB-26), so they say where each price must go. For one
type the changes still to come are a random order of a known multiset: a +1, b zeros and c -1.
`hold_value` is the expected price at which a gem held now can best be sold later (an
optimal-stopping value over that multiset, the final sale at 10 included). The bot plays the
legal trade that maximises money + the hold value of the gems it keeps.
"""

from __future__ import annotations

from functools import cache

from app.games.base import NotYourTurn, Rng
from app.games.grand_bazaar import rules
from app.games.grand_bazaar.data import FINAL_PRICE, START_PRICE, TYPES
from app.games.grand_bazaar.moves import Trade
from app.games.grand_bazaar.state import State
from app.games.grand_bazaar.view import remaining_changes


@cache
def sell_value(up: int, flat: int, down: int) -> float:
    """Expected best sale price of a gem that may be sold now, with these changes to come."""
    price = START_PRICE - (up - down)  # GB-26: the changes to come bring the price back to 10
    return max(float(price), hold_value(up, flat, down))


@cache
def hold_value(up: int, flat: int, down: int) -> float:
    """Expected best sale price of a gem kept now and sold at a later round or at the end."""
    left = up + flat + down
    if left == 0:
        return float(FINAL_PRICE)
    value = 0.0
    if up:
        value += up / left * sell_value(up - 1, flat, down)
    if flat:
        value += flat / left * sell_value(up, flat - 1, down)
    if down:
        value += down / left * sell_value(up, flat, down - 1)
    return value


def hold_values(state: State) -> tuple[float, float, float]:
    """The hold value of each gem type, from the public set of unrevealed cards."""
    left = remaining_changes(state)
    s, r, e = (hold_value(left[t]["+1"], left[t]["0"], left[t]["-1"]) for t in TYPES)
    return (s, r, e)


def worth(state: State, seat: int, trade: Trade, values: tuple[float, float, float]) -> float:
    """Money after the trade plus the hold value of the gems kept."""
    prices = state.prices
    money = state.money[seat]
    total = float(money)
    for i in range(3):
        kept = state.hands[seat][i] - trade.sell[i] + trade.buy[i]
        total += (trade.sell[i] - trade.buy[i]) * prices[i] + kept * values[i]
    return total


def bot_trade(state: State, seat: int, rng: Rng) -> Trade:
    """The legal trade with the best expected worth; ties go to the earliest in legal order."""
    values = hold_values(state)
    best: Trade | None = None
    best_worth = float("-inf")
    for trade in rules.legal_trades(state, seat):
        w = worth(state, seat, trade, values)
        if w > best_worth + 1e-9:
            best, best_worth = trade, w
    if best is None:  # GB-16: the seat to act always has a legal move
        raise NotYourTurn(f"seat {seat} has no move to make now")
    return best
