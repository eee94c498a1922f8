"""Hypothesis invariants: GB-4, GB-5, GB-16, GB-23, GB-26, GB-29, GB-30; S-GB-23.

Money is never negative, no hand holds more than 4 gems, the gem stock is conserved, prices stay
in 1..19 and all return to 10 after round 27, money changes only by trades at current prices,
the legality model agrees with the list of legal moves, and no view shows the deck order.
"""

from __future__ import annotations

import json
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from app.games.base import IllegalMove, SeededRng
from app.games.grand_bazaar import ENGINE, rules
from app.games.grand_bazaar.moves import Trade
from app.games.grand_bazaar.state import State

from .helpers import make_state, new_game

POLICIES = ("random", "timeout", "bot")
SETTINGS = settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def check_position(state: State) -> None:
    """GB-4, GB-5, GB-26, GB-30 and GB-23 for one position."""
    n = state.players
    for i in range(3):
        assert state.stock[i] + sum(h[i] for h in state.hands) == 10  # GB-4
        assert state.stock[i] >= 0
    assert all(m >= 0 for m in state.money)  # GB-5
    assert all(min(h) >= 0 and sum(h) <= 4 for h in state.hands)  # GB-30
    k = len(state.history)
    assert all(1 <= p <= 19 and abs(p - 10) <= 27 - k for p in state.prices)  # GB-26
    assert len(state.history) + len(state.deck) == 27
    if state.finished:
        assert state.prices == (10, 10, 10) and state.moves_made() == 27 * n
        return
    # GB-23: no view changes when the unrevealed order is redrawn; none shows the order
    other = ENGINE.resample_hidden(state, None, SeededRng(k))
    for viewer in [None, *range(n)]:
        view = ENGINE.view(state, viewer)
        assert view == ENGINE.view(other, viewer)
        assert "deck_order" not in view and "price_order" not in json.dumps(view)


def choose(state: State, seat: int, policy: str, pick: int) -> dict[str, Any]:
    if policy == "timeout":
        move = ENGINE.timeout_move(state, seat)
        assert move is not None
        return move
    if policy == "bot":
        return ENGINE.bot_move(state, seat, SeededRng(pick))
    legal = ENGINE.legal_moves(state, seat)
    assert legal  # GB-16: a legal move always exists
    return legal[pick % len(legal)]


@SETTINGS
@given(
    n=st.integers(2, 7),
    seed=st.integers(0, 10**6),
    policies=st.lists(st.sampled_from(POLICIES), min_size=7, max_size=7),
    data=st.data(),
)
def test_invariants_hold_in_playouts(
    n: int, seed: int, policies: list[str], data: st.DataObject
) -> None:
    """GB-4, GB-5, GB-16, GB-26, GB-30 after every move of a whole game, n = 2..7."""
    state = new_game(n, start="random", seed=seed)
    check_position(state)
    bought: list[list[list[int]]] = [[[], [], []] for _ in range(n)]
    while not state.finished:
        seat = state.turn()
        assert seat is not None
        pick = data.draw(st.integers(0, 10**6), label="pick")
        move = choose(state, seat, policies[seat], pick)
        before = state
        state, events = ENGINE.apply(before, seat, move, SeededRng(0))
        traded = events[0]
        assert traded["type"] == "Traded" and traded["seat"] == seat
        # GB-30: money changes only by trades at the current prices
        prices = dict(zip("SRE", before.prices, strict=True))
        assert traded["prices"] == prices
        delta = sum((traded["sell"][t] - traded["buy"][t]) * prices[t] for t in "SRE")
        if state.final is None:
            assert state.money[seat] - before.money[seat] == delta
            for other in range(n):
                assert other == seat or state.money[other] == before.money[other]
        else:  # the last move, then the final sale at 10 (GB-19)
            assert state.final.money_before[seat] - before.money[seat] == delta
            for other in range(n):
                sold = sum(state.final.sold[other])
                assert state.money[other] == state.final.money_before[other] + 10 * sold
        # GB-16: every gem sold was bought in an earlier round
        for i, t in enumerate("SRE"):
            for _ in range(traded["sell"][t]):
                assert bought[seat][i] and bought[seat][i].pop(0) < before.round
            bought[seat][i] += [before.round] * traded["buy"][t]
        check_position(state)
    assert state.prices == (10, 10, 10)


@SETTINGS
@given(
    n=st.integers(2, 7),
    seed=st.integers(0, 10**6),
    steps=st.integers(0, 120),
    sell=st.tuples(*[st.integers(0, 5)] * 3),
    buy=st.tuples(*[st.integers(0, 5)] * 3),
)
def test_legal_moves_agree_with_the_rules(
    n: int,
    seed: int,
    steps: int,
    sell: tuple[int, int, int],
    buy: tuple[int, int, int],
) -> None:
    """GB-13, GB-14, GB-15: a bundle is in legal_moves iff GB-13 a-f accept it."""
    state = new_game(n, start="random", seed=seed)
    rng = SeededRng(seed)
    for _ in range(min(steps, 27 * n - 1)):
        seat = state.turn()
        assert seat is not None
        options = ENGINE.legal_moves(state, seat)
        state, _ = ENGINE.apply(state, seat, options[rng.randbelow(len(options))], rng)
    seat = state.turn()
    assert seat is not None
    legal = rules.legal_trades(state, seat)
    # the engine's list is built without Trade objects: it must be their JSON, in their order
    assert ENGINE.legal_moves(state, seat) == [t.to_json() for t in legal]
    trade = Trade(sell=sell, buy=buy)
    reason = rules.refusal(state, seat, trade)
    assert (reason is None) == (trade in legal)
    move = trade.to_json()
    if reason is None:
        after, _ = ENGINE.apply(state, seat, move, SeededRng(0))
        check_position(after)
    else:
        assert reason.startswith("GB-13")
        try:
            ENGINE.apply(state, seat, move, SeededRng(0))
        except IllegalMove as error:
            assert error.reason == reason
        else:
            raise AssertionError("an illegal trade was applied")
    # GB-15: a buy is legal exactly when some type is feasible
    feasible = rules.feasible_types(state, seat)
    assert bool(feasible) == any(any(t.buy) for t in legal)
    if not feasible:
        assert Trade() in legal
    # GB-16: "sell every other gem, buy one T" is legal for every feasible T
    hand = state.hands[seat]
    for t in feasible:
        i = "SRE".index(t)
        others = [0 if j == i else hand[j] for j in range(3)]
        one = [1 if j == i else 0 for j in range(3)]
        bundle = Trade(sell=(others[0], others[1], others[2]), buy=(one[0], one[1], one[2]))
        assert bundle in legal


def test_s_gb_23_two_players_never_run_out() -> None:
    """S-GB-23 / GB-29: 500 seeded random two-player playouts never empty a stock."""
    for seed in range(500):
        state = new_game(2, start="random", seed=seed)
        rng = SeededRng(seed)
        while not state.finished:
            seat = state.turn()
            assert seat is not None
            legal = rules.legal_trades(state, seat)
            state, _ = rules.apply_trade(state, seat, legal[rng.randbelow(len(legal))], rng)
            assert min(state.stock) >= 2  # at most 8 of a type are held (GB-29)


def test_gb_29_three_players_can_run_out() -> None:
    """GB-29: from three players up a type can run out (12 > 10), and GB-14 then decides."""
    state = make_state(3, round=1, prices=(7, 10, 10))
    for count in (4, 4, 2):
        seat = state.turn()
        assert seat is not None
        state, _ = ENGINE.apply(state, seat, {"type": "Trade", "buy": {"S": count}}, SeededRng(0))
    assert state.stock[0] == 0 and state.round == 2
    assert all(rules.waiver_reasons(state, s)["S"] == rules.NO_STOCK for s in range(3))
    assert all(t.buy[0] == 0 for t in rules.legal_trades(state, state.turn() or 0))
