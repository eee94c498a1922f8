"""The hard bot (issue 17): legal, deterministic, blind to the deck order (GB-23), and it plays
for the ranking (GB-20) where the normal bot plays for its own expected money."""

from __future__ import annotations

from dataclasses import replace
from itertools import product
from typing import Any

import pytest

from app.games.base import SeededRng, shuffle
from app.games.bots import Budget, decide
from app.games.grand_bazaar import ENGINE, bot, hard_bot
from app.games.grand_bazaar.data import CARD_IDS, Triple
from app.games.grand_bazaar.hard_bot import Counts, Pair
from app.games.grand_bazaar.moves import Trade
from app.games.grand_bazaar.state import State

from .helpers import make_state, play

SMALL = Budget(scale=0.1)


def _normal_playout(state: State, moves: int) -> State:
    """``moves`` normal-bot moves from ``state`` (fewer if the game ends)."""
    for _ in range(moves):
        seat = state.turn()
        if seat is None:
            break
        state, _ = play(state, ENGINE.bot_move(state, seat, SeededRng(0)))
    return state


@pytest.mark.parametrize(("players", "options"), ENGINE.contract_configs())
def test_hard_move_is_legal_through_seeded_games(players: int, options: dict[str, Any]) -> None:
    """GB-13: at every fourth step of a seeded game the hard move is one of the legal moves."""
    opts = ENGINE.validate_options(options, players)
    state, _ = ENGINE.start([f"P{i}" for i in range(players)], opts, SeededRng(players))
    step = 0
    while not state.finished:
        seat = state.turn()
        assert seat is not None
        if step % 4 == 0:
            move = decide(ENGINE, state, seat, "hard", f"legal:{step}", SMALL)
            assert move in ENGINE.legal_moves(state, seat)
        else:
            move = ENGINE.bot_move(state, seat, SeededRng(0))
        state, _ = play(state, move)
        step += 1


def test_same_seed_same_move() -> None:
    """The search draws only from the seeded generator: the same seed gives the same move."""
    state = _normal_playout(make_state(2, order=_order(3)), 17)
    seat = state.turn()
    assert seat is not None
    first = decide(ENGINE, state, seat, "hard", "same", SMALL)
    assert decide(ENGINE, state, seat, "hard", "same", SMALL) == first


def _order(seed: int) -> list[int]:
    order = list(CARD_IDS)
    shuffle(SeededRng(seed), order)
    return order


def test_resample_hidden_is_canonical() -> None:
    """GB-23: two states that differ only in the unrevealed order redraw to the same state."""
    state = _normal_playout(make_state(3, order=_order(5)), 20)
    other = ENGINE.resample_hidden(state, 0, SeededRng(77))
    assert other.deck != state.deck and sorted(other.deck) == sorted(state.deck)
    assert ENGINE.view(other, 0) == ENGINE.view(state, 0)
    assert ENGINE.resample_hidden(state, 0, SeededRng(9)) == ENGINE.resample_hidden(
        other, 0, SeededRng(9))


@pytest.mark.parametrize("steps", [0, 11, 30])
def test_decision_ignores_the_hidden_deck_order(steps: int) -> None:
    """GB-23: the same seed gives the same hard move whatever the real order of the deck."""
    state = _normal_playout(make_state(2, order=_order(steps)), steps)
    reordered = replace(state, deck=tuple(reversed(state.deck)))
    assert ENGINE.view(reordered, 0) == ENGINE.view(state, 0)
    assert ENGINE.view(reordered, 1) == ENGINE.view(state, 1)
    seat = state.turn()
    assert seat is not None
    assert decide(ENGINE, state, seat, "hard", "blind", SMALL) == decide(
        ENGINE, reordered, seat, "hard", "blind", SMALL)


def test_fast_replica_plays_the_normal_bot() -> None:
    """The rollouts' replica of bot.py picks the normal bot's trade (GB-13 legal order, ties)."""
    for players in (2, 3, 5):
        state = make_state(players, order=_order(players))
        while not state.finished:
            seat = state.turn()
            assert seat is not None
            trade = bot.bot_trade(state, seat, SeededRng(0))
            counts = hard_bot._counts(state.deck)
            hand = state.hands[seat]
            replica = hard_bot._normal(counts, state.prices, state.money[seat], hand,
                                       hard_bot._cap(list(state.stock)))
            assert replica == (trade.sell, trade.buy)
            state, _ = play(state, trade.to_json())


def _win_share(state: State, move: dict[str, Any], seat: int, orders: int) -> float:
    """The share of card orders in which ``seat`` ends first after ``move``, normal bots on."""
    total = 0.0
    for k in range(orders):
        deck = sorted(state.deck)
        shuffle(SeededRng(k), deck)
        end = _normal_playout(play(replace(state, deck=tuple(deck)), move, seat)[0], 1000)
        mine, theirs = end.money[seat], max(m for s, m in enumerate(end.money) if s != seat)
        total += 1.0 if mine > theirs else 0.5 if mine == theirs else 0.0
    return total / orders


def test_gb20_hard_bot_hedges_a_lead_by_holding_the_rivals_gems() -> None:
    """GB-20: only the ranking counts. Seat 0 is richer (84 against 40 + four rubies at 10);
    the normal bot buys four emeralds for their expected value and can be overtaken when the
    rubies rise, while the hard bot buys rubies too, so the prices move both hands more alike
    and the lead holds in (almost) every card order."""
    state = make_state(2, mover=0, round=18, money=(84, 40), hands=((0, 0, 0), (0, 4, 0)),
                       order=_order(104))
    assert state.prices == (11, 10, 10)
    normal = ENGINE.bot_move(state, 0, SeededRng(0))
    hard = decide(ENGINE, state, 0, "hard", "hedge", Budget(scale=0.3))
    assert normal["buy"] == {"S": 0, "R": 0, "E": 4}
    assert hard["buy"]["R"] >= 2
    hard_share, normal_share = _win_share(state, hard, 0, 40), _win_share(state, normal, 0, 40)
    assert hard_share >= 0.95
    assert normal_share < hard_share - 0.1


def test_gb23_horizon_one_values_a_gem_at_its_expected_next_price() -> None:
    """GB-23/GB-26: with three +1, one 0 and one -1 to come the price is 8; a player who
    looks one reveal ahead values a kept gem at 8 + (3 - 1) / 5; looking further adds the
    choice of when to sell, up to the normal bot's optimal-stopping value."""
    assert hard_bot.horizon_value(3, 1, 1, 1) == pytest.approx(8.4)
    values = [hard_bot.horizon_value(3, 1, 1, k) for k in (1, 2, 3, hard_bot.FAR)]
    assert values == sorted(values) and values[0] < values[-1]
    assert values[-1] == bot.hold_value(3, 1, 1)


def test_fast_normal_matches_the_enumeration_of_legal_trades() -> None:
    """`_normal` on target hands picks `_legal`'s first best trade (GB-13, GB-14 compulsory
    buy), on seeded random positions, every horizon."""
    import random

    rnd = random.Random(28)
    for _ in range(3000):
        counts = tuple(rnd.randint(0, 9) for _ in range(9))
        prices = tuple(rnd.randint(1, 19) for _ in range(3))
        hand = (rnd.randint(0, 4), rnd.randint(0, 2), rnd.randint(0, 2))
        if sum(hand) > 4:
            continue
        stock = tuple(rnd.choice([0, 1, 2, 4]) for _ in range(3))
        money, horizon = rnd.randint(0, 80), rnd.choice([1, 2, hard_bot.FAR])
        args = (counts, prices, money, hand, stock, horizon)
        assert hard_bot._normal.__wrapped__(*args) == _normal_slow(*args)  # type: ignore[arg-type]


def _legal(money: int, hand: Triple, prices: Triple, stock: Triple) -> list[Pair]:
    """rules.legal_trades on plain values, in the same order (the rollouts' replica before
    issue 28, kept here as the reference)."""
    compulsory = hard_bot._must_buy(money, hand, prices, stock)
    out: list[Pair] = []
    held = hand[0] + hand[1] + hand[2]
    for sell in product(range(hand[0] + 1), range(hand[1] + 1), range(hand[2] + 1)):
        space = hard_bot.HAND_LIMIT - held + sell[0] + sell[1] + sell[2]
        cash = money + sell[0] * prices[0] + sell[1] * prices[1] + sell[2] * prices[2]
        caps = [0 if sell[i] else min(stock[i], space, cash // prices[i]) for i in range(3)]
        for buy in product(range(caps[0] + 1), range(caps[1] + 1), range(caps[2] + 1)):
            count = buy[0] + buy[1] + buy[2]
            if count > space or (compulsory and count == 0):
                continue
            if buy[0] * prices[0] + buy[1] * prices[1] + buy[2] * prices[2] > cash:
                continue
            out.append((sell, buy))
    return out


def _normal_slow(counts: Counts, prices: Triple, money: int, hand: Triple, stock: Triple,
                 horizon: int = hard_bot.FAR) -> Pair:
    """`hard_bot._normal` by enumerating `_legal`."""
    values = hard_bot._values(counts, horizon)
    best: Pair = ((0, 0, 0), (0, 0, 0))
    best_worth = float("-inf")
    for pair in _legal(money, hand, prices, stock):
        w = hard_bot._worth(money, hand, prices, pair, values)
        if w > best_worth + 1e-9:
            best, best_worth = pair, w
    return best


def _one_ply(state: State, seat: int, horizon: int) -> dict[str, Any]:
    """The trade of the one-ply rule that looks ``horizon`` reveals ahead, as a move."""
    counts = hard_bot._counts(state.deck)
    sell, buy = hard_bot._normal(counts, state.prices, state.money[seat], state.hands[seat],
                                 hard_bot._cap(list(state.stock)), horizon)
    return Trade(sell=sell, buy=buy).to_json()


def test_replay_recognises_the_normal_bot_and_the_one_reveal_counter(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """GB-22/GB-29: in a two-player game a seat's trades touch nobody else's, so replaying
    a rule along the revealed cards gives that seat's money and hand exactly; the hard bot
    models a rival by the rules (`INFER`) that explain its play so far."""
    monkeypatch.setattr(hard_bot, "INFER", (hard_bot.FAR, 1))
    state = make_state(2, order=_order(28))
    counter_only = 0
    while not state.finished:
        seat = state.turn()
        assert seat is not None
        if seat == 0:
            assert hard_bot.replay(state, 0, hard_bot.FAR) == (state.money[0], state.hands[0])
            assert hard_bot.replay(state, 1, 1) == (state.money[1], state.hands[1])
            inferred = hard_bot.infer_horizons(state, 0)
            assert inferred[0] == (hard_bot.SELF_HORIZON,) and 1 in inferred[1]
            counter_only += inferred[1] == (1,)
            move = ENGINE.bot_move(state, 0, SeededRng(0))
        else:
            move = _one_ply(state, 1, 1)
        state, _ = play(state, move)
    assert counter_only > 0  # the two rules part at some point in this game


def test_an_unexplained_rival_is_modelled_as_the_normal_bot(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A rival whose money and hand no rule of `INFER` reproduces gets the normal bot's rule."""
    monkeypatch.setattr(hard_bot, "INFER", (hard_bot.FAR, 1))
    state = make_state(2, mover=0, round=5, money=(30, 7), hands=((0, 0, 0), (1, 1, 0)),
                       order=_order(3))
    assert hard_bot.infer_horizons(state, 0) == [(hard_bot.SELF_HORIZON,), (hard_bot.FAR,)]


def test_predicted_mirror_copies_the_hand_the_rival_is_about_to_take(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """GB-20: the richer seat moving first in a round freezes its lead only by holding the
    gems its rival will hold after its own trade; with `PREDICT` the mirror candidate is
    that hand (the rival's modelled trade), without it the rival's hand now."""
    state = make_state(2, mover=0, round=9, money=(60, 20), hands=((0, 0, 0), (0, 0, 0)),
                       order=_order(7))
    pairs = [(t.sell, t.buy) for t in hard_bot.legal_trades(state, 0)]
    rival = hard_bot._normal(hard_bot._counts(state.deck), state.prices, 20, (0, 0, 0),
                             hard_bot._cap(list(state.stock)), hard_bot.FAR)
    monkeypatch.setattr(hard_bot, "PREDICT", True)
    mirror = hard_bot._mirror(state, 0, pairs, [hard_bot.FAR, hard_bot.FAR])
    assert mirror is not None
    assert hard_bot.after((0, 0, 0), mirror) == hard_bot.after((0, 0, 0), rival) != (0, 0, 0)
    monkeypatch.setattr(hard_bot, "PREDICT", False)
    stale = hard_bot._mirror(state, 0, pairs, [hard_bot.FAR, hard_bot.FAR])
    assert stale is None or hard_bot.after((0, 0, 0), stale) == (0, 0, 0)
