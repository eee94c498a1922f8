"""Fixtures for the Grand Bazaar rule tests: constructed positions and short playouts."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from app.games.base import Rng, SeededRng
from app.games.grand_bazaar import ENGINE
from app.games.grand_bazaar.data import CARD_IDS, CARDS, STOCK_PER_TYPE, Triple
from app.games.grand_bazaar.moves import Trade
from app.games.grand_bazaar.state import State

Counts = dict[str, int]


def order_with_first(*first: int) -> list[int]:
    """A deck order that starts with these card ids, then the rest by id."""
    return [*first, *(c for c in CARD_IDS if c not in first)]


def new_game(
    n: int = 2, *, start: int | str = 0, order: Sequence[int] | None = None, seed: int = 1
) -> State:
    """A fresh game through the engine's own setup."""
    options: dict[str, Any] = {"first_player": start}
    if order is not None:
        options["price_order"] = list(order)
    return ENGINE.setup([f"P{i}" for i in range(n)], options, SeededRng(seed))


def make_state(
    n: int = 2,
    *,
    start: int | None = None,
    mover: int = 0,
    round: int = 1,
    moved: int = 0,
    order: Sequence[int] | None = None,
    prices: Triple | None = None,
    money: Sequence[int] | None = None,
    hands: Sequence[Triple] | None = None,
    stock: Triple | None = None,
) -> State:
    """A constructed mid-game position (a test fixture, as section 11 allows).

    ``round`` cards of ``order`` are revealed; prices follow from them unless given; the stock
    follows from the hands (GB-4) unless given. Unless ``start`` is given, it is chosen so
    that seat ``mover`` is to act.
    """
    if start is None:
        start = (mover - moved - (round - 1)) % n
    deck = list(order) if order is not None else list(CARD_IDS)
    history = tuple(deck[:round])
    if prices is None:
        prices = (
            10 + sum(CARDS[c][0] for c in history),
            10 + sum(CARDS[c][1] for c in history),
            10 + sum(CARDS[c][2] for c in history),
        )
    hands_t = tuple(hands) if hands is not None else ((0, 0, 0),) * n
    if stock is None:
        stock = (
            STOCK_PER_TYPE - sum(h[0] for h in hands_t),
            STOCK_PER_TYPE - sum(h[1] for h in hands_t),
            STOCK_PER_TYPE - sum(h[2] for h in hands_t),
        )
    return State(
        names=tuple(f"P{i}" for i in range(n)),
        options={"first_player": start, "price_order": None},
        start=start,
        deck=tuple(deck[round:]),
        history=history,
        prices=prices,
        stock=stock,
        money=tuple(money) if money is not None else (30,) * n,
        hands=hands_t,
        round=round,
        moved=moved,
    )


def trade(sell: Counts | None = None, buy: Counts | None = None) -> dict[str, Any]:
    """A Trade move in its JSON form."""
    return {"type": "Trade", "sell": dict(sell or {}), "buy": dict(buy or {})}


def play(state: State, move: dict[str, Any], seat: int | None = None) -> tuple[State, list[Any]]:
    """Apply ``move`` for the seat to act (or ``seat``)."""
    mover = state.turn() if seat is None else seat
    assert mover is not None
    return ENGINE.apply(state, mover, move, SeededRng(0))


def legal_set(state: State) -> set[tuple[Triple, Triple]]:
    """The legal moves of the seat to act, as (sell, buy) pairs."""
    seat = state.turn()
    assert seat is not None
    out = set()
    for move in ENGINE.legal_moves(state, seat):
        t = Trade(
            sell=(move["sell"]["S"], move["sell"]["R"], move["sell"]["E"]),
            buy=(move["buy"]["S"], move["buy"]["R"], move["buy"]["E"]),
        )
        out.add((t.sell, t.buy))
    return out


Chooser = Callable[[State, int, Rng], dict[str, Any]]


def random_mover(state: State, seat: int, rng: Rng) -> dict[str, Any]:
    """A uniformly random legal move."""
    legal = ENGINE.legal_moves(state, seat)
    return legal[rng.randbelow(len(legal))]


def playout(
    state: State,
    chooser: Chooser = random_mover,
    seed: int = 0,
    on_step: Callable[[State, list[Any]], None] | None = None,
) -> State:
    """Play to the end, calling ``on_step(state, events)`` after every move."""
    rng = SeededRng(seed)
    while not state.finished:
        seat = state.turn()
        assert seat is not None
        state, events = ENGINE.apply(state, seat, chooser(state, seat, rng), rng)
        if on_step is not None:
            on_step(state, events)
    return state
