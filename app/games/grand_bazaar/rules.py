"""The rules of Grand Bazaar (rules/grand-bazaar.md sections 4-7: GB-7 to GB-19).

Pure functions over `State`: setup, the automatic price reveal, the legality of a trade
(GB-13 a-f with the feasible buy of GB-14 and its waiver GB-15), applying a trade, the timeout
move (GB-17) and the final sale (GB-19).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from itertools import product
from typing import Any

from app.games.base import Event, IllegalMove, Rng, shuffle
from app.games.grand_bazaar import words
from app.games.grand_bazaar.data import (
    CARD_IDS,
    CARDS,
    FINAL_PRICE,
    HAND_LIMIT,
    MAX_PRICE,
    MIN_PRICE,
    ROUNDS,
    START_MONEY,
    START_PRICE,
    STOCK_PER_TYPE,
    TYPES,
    Triple,
)
from app.games.grand_bazaar.moves import Trade
from app.games.grand_bazaar.state import Final, State
from app.games.messages import refuse, say

# GB-14's reasons, kept in the view and the log's events as these English words; each is a
# message id (words.WAIVER) that clients say in their own language
NO_STOCK = "no stock"
HAND_FULL = "hand full of that type"
NO_MONEY = "not enough money"


def _with(triple: Triple, index: int, value: int) -> Triple:
    items = list(triple)
    items[index] = value
    return (items[0], items[1], items[2])


def _replace_at(values: tuple[Any, ...], index: int, value: Any) -> tuple[Any, ...]:
    return values[:index] + (value,) + values[index + 1 :]


# --------------------------------------------------------------------------- setup, reveal


def setup(names: tuple[str, ...], options: Mapping[str, Any], rng: Rng) -> tuple[State, Event]:
    """A new game with the round-1 card already revealed (GB-10): the first player's turn."""
    return reveal(initial_state(names, options, rng), rng)


def initial_state(names: tuple[str, ...], options: Mapping[str, Any], rng: Rng) -> State:
    """GB-7, GB-8: seats, money, prices, stocks and the face-down deck; empty history.

    Chance, in this order (GB-24): the start seat unless fixed, then the shuffle unless fixed.
    """
    n = len(names)
    first = options.get("first_player", "random")
    start = rng.randbelow(n) if first == "random" else int(first)
    order = options.get("price_order")
    if order is None:
        deck = list(CARD_IDS)
        shuffle(rng, deck)
    else:
        deck = [int(x) for x in order]
    return State(
        names=names,
        options=dict(options),
        start=start,
        deck=tuple(deck),
        history=(),
        prices=(START_PRICE,) * 3,
        stock=(STOCK_PER_TYPE,) * 3,
        money=(START_MONEY,) * n,
        hands=((0, 0, 0),) * n,
        round=1,
        moved=0,
    )


def reveal(state: State, rng: Rng) -> tuple[State, Event]:
    """GB-10: turn the top card; each price moves by the card's change; history grows."""
    card, rest = state.deck[0], state.deck[1:]
    rng.witness(card)
    change = CARDS[card]
    prices = (
        state.prices[0] + change[0],
        state.prices[1] + change[1],
        state.prices[2] + change[2],
    )
    # GB-26: the range follows from the deck; assert it instead of clamping.
    for p in prices:
        if not (MIN_PRICE <= p <= MAX_PRICE and abs(p - START_PRICE) <= len(rest)):
            raise RuntimeError(f"GB-26 violated: prices {prices} with {len(rest)} cards left")
    new = replace(state, deck=rest, history=state.history + (card,), prices=prices)
    event: Event = {
        "type": "PriceRevealed",
        "round": new.round,
        "card": card,
        "change": dict(zip(TYPES, change, strict=True)),
        "prices": dict(zip(TYPES, prices, strict=True)),
        "first_player": new.first_player(),
        "cards_left": len(rest),
    }
    return new, event


# --------------------------------------------------------------------------- legality


def waiver_reasons(state: State, seat: int) -> dict[str, str]:
    """GB-14: why each type is not feasible for ``seat`` now (an empty dict: none are)."""
    money, hand = state.money[seat], state.hands[seat]
    reasons: dict[str, str] = {}
    for i, t in enumerate(TYPES):
        others = sum(hand[j] * state.prices[j] for j in range(3) if j != i)
        if state.stock[i] < 1:
            reasons[t] = NO_STOCK
        elif hand[i] > HAND_LIMIT - 1:
            reasons[t] = HAND_FULL
        elif money + others < state.prices[i]:
            reasons[t] = NO_MONEY
    return reasons


def feasible_types(state: State, seat: int) -> list[str]:
    """GB-14: the types ``seat`` could buy one of, after selling at most all other gems."""
    reasons = waiver_reasons(state, seat)
    return [t for t in TYPES if t not in reasons]


def must_buy(state: State, seat: int) -> bool:
    """GB-13f / GB-15: whether the compulsory buy applies to ``seat`` now."""
    return len(waiver_reasons(state, seat)) < len(TYPES)


def refusal(state: State, seat: int, trade: Trade) -> str | None:
    """Why ``trade`` is illegal for ``seat`` now, in English (the reason names the rule), or
    None."""
    error = refusal_error(state, seat, trade)
    return None if error is None else error.reason


def refusal_error(state: State, seat: int, trade: Trade) -> IllegalMove | None:
    """Why ``trade`` is illegal for ``seat`` now (GB-13 a-f, a message with its rule), or
    None."""
    hand, money, prices = state.hands[seat], state.money[seat], state.prices
    sell, buy = trade.sell, trade.buy
    for i, t in enumerate(TYPES):
        if sell[i] > hand[i]:
            if state.round == 1:
                return refuse("GB-13a", "no one holds a gem in round 1, so nothing can be sold")
            return refuse("GB-13a", "you cannot sell {gems}: you hold {held}",
                          gems=words.gems(t, sell[i]), held=hand[i])
    for i, t in enumerate(TYPES):
        if sell[i] and buy[i]:
            return refuse("GB-13b", "{gems} cannot be bought and sold in the same round",
                          gems=say(words.PLURAL[t]))
    for i, t in enumerate(TYPES):
        if buy[i] > state.stock[i]:
            return refuse("GB-13c", "you cannot buy {gems}: the bank has {left} left",
                          gems=words.gems(t, buy[i]), left=state.stock[i])
    proceeds = sum(s * p for s, p in zip(sell, prices, strict=True))
    cost = sum(b * p for b, p in zip(buy, prices, strict=True))
    if money + proceeds < cost:
        return refuse("GB-13d", "the purchases cost {cost} grands but you would have only "
                      "{money} after your sales", cost=cost, money=money + proceeds)
    size = sum(hand) - sum(sell) + sum(buy)
    if size > HAND_LIMIT:
        return refuse("GB-13e", "you would hold {size} gems; the limit is {limit}", size=size,
                      limit=HAND_LIMIT)
    if not any(buy):
        feasible = feasible_types(state, seat)
        if feasible:
            return refuse("GB-13f", "you must buy at least one gem this round: {choice} can be "
                          "bought (GB-14)", choice=words.gem_choice(feasible))
    return None


def legal_trades(state: State, seat: int) -> list[Trade]:
    """Every legal trade of ``seat`` now, sells then buys in ascending type-order counts.

    Each bundle is built to meet GB-13 a-f directly (a test checks it against `refusal`):
    sales within the hand (a), no buy of a sold type (b), buys within stock (c), money (d)
    and hand space (e) after the sales, and a buy whenever one is feasible (f).
    """
    return [Trade(sell=sell, buy=buy) for sell, buy in legal_bundles(state, seat)]


def legal_bundles(state: State, seat: int) -> list[tuple[Triple, Triple]]:
    """The (sell, buy) counts of every legal trade, in `legal_trades`' order (the platform
    lists them in every frame of the seat to act, so no `Trade` is built for them)."""
    if state.turn() != seat:
        return []
    hand, stock, prices = state.hands[seat], state.stock, state.prices
    compulsory = must_buy(state, seat)
    bundles: list[tuple[Triple, Triple]] = []
    for sell in product(*(range(h + 1) for h in hand)):
        space = HAND_LIMIT - sum(hand) + sum(sell)
        cash = state.money[seat] + sum(s * p for s, p in zip(sell, prices, strict=True))
        caps = [0 if sell[i] else min(stock[i], space, cash // prices[i]) for i in range(3)]
        sold = (sell[0], sell[1], sell[2])
        for buy in product(*(range(c + 1) for c in caps)):
            count = sum(buy)
            if count > space or (compulsory and count == 0):
                continue
            if sum(b * p for b, p in zip(buy, prices, strict=True)) > cash:
                continue
            bundles.append((sold, (buy[0], buy[1], buy[2])))
    return bundles


def timeout_trade(state: State, seat: int) -> Trade:
    """GB-17: the deterministic, always-legal move played for a seat whose clock ran out."""
    money, hand, prices, stock = state.money[seat], state.hands[seat], state.prices, state.stock
    by_price = sorted(range(3), key=lambda i: (prices[i], i))
    # 1. buy one of the cheapest type that needs no sale
    for i in by_price:
        if stock[i] >= 1 and money >= prices[i] and sum(hand) <= HAND_LIMIT - 1:
            return Trade(buy=_with((0, 0, 0), i, 1), timeout=True)
    # 2. the cheapest feasible type, selling the dearest other gems one at a time
    feasible = set(feasible_types(state, seat))
    for i in by_price:
        if TYPES[i] not in feasible:
            continue
        sell = [0, 0, 0]
        left = list(hand)
        while not (money >= prices[i] and sum(left) <= HAND_LIMIT - 1):
            j = max((j for j in range(3) if j != i and left[j]), key=lambda j: (prices[j], -j))
            sell[j] += 1
            left[j] -= 1
            money += prices[j]
        return Trade(sell=(sell[0], sell[1], sell[2]), buy=_with((0, 0, 0), i, 1), timeout=True)
    # 3. no type is feasible: the empty move, a waiver (GB-15)
    return Trade(timeout=True)


# --------------------------------------------------------------------------- applying


def apply_trade(state: State, seat: int, trade: Trade, rng: Rng) -> tuple[State, list[Event]]:
    """GB-12: sales first, then purchases; then the next seat, round or the end (GB-11)."""
    error = refusal_error(state, seat, trade)
    if error is not None:
        raise error
    if trade.timeout and trade != timeout_trade(state, seat):
        # the log's timeout flag must be true: only the GB-17 move may carry it
        raise refuse("GB-17", "only the timeout move itself may be marked as a timeout move")
    reasons = waiver_reasons(state, seat)
    waived = reasons if len(reasons) == len(TYPES) else None  # GB-15: no type is feasible
    prices = state.prices
    money = state.money[seat]
    money += sum(s * p for s, p in zip(trade.sell, prices, strict=True))
    money -= sum(b * p for b, p in zip(trade.buy, prices, strict=True))
    hand_list = [
        h - s + b for h, s, b in zip(state.hands[seat], trade.sell, trade.buy, strict=True)
    ]
    hand = (hand_list[0], hand_list[1], hand_list[2])
    stock_list = [
        s + sold - bought
        for s, sold, bought in zip(state.stock, trade.sell, trade.buy, strict=True)
    ]
    stock = (stock_list[0], stock_list[1], stock_list[2])
    new = replace(
        state,
        money=_replace_at(state.money, seat, money),
        hands=_replace_at(state.hands, seat, hand),
        stock=stock,
        moved=state.moved + 1,
    )
    events: list[Event] = [
        {
            "type": "Traded",
            "seat": seat,
            "round": state.round,
            "sell": dict(zip(TYPES, trade.sell, strict=True)),
            "buy": dict(zip(TYPES, trade.buy, strict=True)),
            "prices": dict(zip(TYPES, prices, strict=True)),
            "money": money,
            "hand": dict(zip(TYPES, hand, strict=True)),
            "waived": waived,
            "timeout": trade.timeout,
        }
    ]
    if new.moved < new.players:
        return new, events
    if new.round == ROUNDS:
        new, ended = final_sale(new)
        return new, events + [ended]
    new, revealed = reveal(replace(new, round=new.round + 1, moved=0), rng)
    return new, events + [revealed]


def final_sale(state: State) -> tuple[State, Event]:
    """GB-19: every gem still held is sold for 10; the stocks return to 10 per type."""
    for i in range(3):
        if state.stock[i] + sum(h[i] for h in state.hands) != STOCK_PER_TYPE:
            raise RuntimeError("GB-4 violated: gems are not conserved")
    money = tuple(m + FINAL_PRICE * sum(h) for m, h in zip(state.money, state.hands, strict=True))
    new = replace(
        state,
        money=money,
        hands=((0, 0, 0),) * state.players,
        stock=(STOCK_PER_TYPE,) * 3,
        final=Final(money_before=state.money, sold=state.hands),
    )
    event: Event = {
        "type": "GameEnded",
        "money_before": list(state.money),
        "sold": [dict(zip(TYPES, h, strict=True)) for h in state.hands],
        "money": list(money),
    }
    return new, event
