"""Information: GB-2 (options public, the deck fixture hidden), GB-22, GB-23;
S-GB-21, S-GB-24."""

from __future__ import annotations

import json
from typing import Any

from app.games.base import SeededRng
from app.games.grand_bazaar import ENGINE
from app.games.grand_bazaar.data import CARD_IDS
from app.games.grand_bazaar.state import State

from .helpers import make_state, new_game, play

VIEWERS: list[int | None] = [None, 0, 1, 2]
EMPTY3 = (0, 0, 0)


def timeout_steps(state: State, steps: int) -> tuple[State, list[dict[str, Any]]]:
    """``steps`` timeout moves; the events they caused, each with its text."""
    log: list[dict[str, Any]] = []
    for _ in range(steps):
        seat = state.turn()
        assert seat is not None
        state, events = play(state, ENGINE.timeout_move(state, seat) or {})
        log += [{**e, "text": ENGINE.describe(e, state.names)} for e in events]
    return state, log


def test_gb_22_public_view_fields() -> None:
    """GB-22: prices, history, deck size, round, first player, whose move, money, hands, stocks."""
    state = make_state(
        3, round=5, mover=1, moved=2, money=(12, 7, 40), hands=[(1, 0, 0), (0, 2, 1), EMPTY3]
    )
    view = ENGINE.view(state, 2)
    assert view["prices"] == dict(zip("SRE", state.prices, strict=True))
    assert view["history"] == list(CARD_IDS[:5])
    assert view["deck_count"] == 22 and view["remaining"] == list(CARD_IDS[5:])
    assert view["round"] == 5 and view["first_player"] == state.first_player() == 2
    assert view["order"] == [2, 0, 1] and view["turn"] == 1 == state.turn()
    assert view["to_act"] == [1]
    assert [p["money"] for p in view["players"]] == [12, 7, 40]
    assert view["players"][1]["hand"] == {"S": 0, "R": 2, "E": 1}
    assert view["stock"] == {"S": 9, "R": 8, "E": 9}
    assert view["finished"] is False and view["outcome"] is None
    assert view["compulsory"] == {
        "seat": 1,
        "must_buy": True,
        "feasible": ["S", "R", "E"],
        "reasons": {},
    }


def test_gb_22_remaining_changes_per_type() -> None:
    """GB-22 / GB-23: per gem type, the +1 / 0 / -1 cards still to come (public knowledge)."""
    state = make_state(2, round=9, order=[*range(19, 28), *range(1, 19)])
    changes = ENGINE.view(state, None)["remaining_changes"]
    assert changes["S"] == {"+1": 0, "0": 9, "-1": 9}
    assert changes["R"] == {"+1": 6, "0": 6, "-1": 6}
    # the cards to come bring every price back to 10 (GB-26)
    for t, p in zip("SRE", state.prices, strict=True):
        assert p + changes[t]["+1"] - changes[t]["-1"] == 10


def test_gb_22_every_view_is_the_same_while_running() -> None:
    """GB-22: everything but the deck order is public, so every seat sees the same view."""
    state, _ = timeout_steps(new_game(3, start="random", seed=5), 20)
    views = [ENGINE.view(state, v) for v in VIEWERS]
    assert all(v == views[0] for v in views)


def test_s_gb_21_hidden_order() -> None:
    """S-GB-21 / GB-23: same history, different unrevealed order: identical views and log."""
    head = [14, 3, 25, 7, 19]
    rest = [c for c in CARD_IDS if c not in head]
    a = new_game(3, start=0, order=head + rest)
    b = new_game(3, start=0, order=head + rest[::-1])
    a, log_a = timeout_steps(a, 12)
    b, log_b = timeout_steps(b, 12)
    assert a.history == b.history == tuple(head) and a.deck != b.deck
    assert log_a == log_b
    for viewer in VIEWERS:
        view_a, view_b = ENGINE.view(a, viewer), ENGINE.view(b, viewer)
        assert view_a == view_b
        text = json.dumps(view_a)
        assert "price_order" not in text and "deck_order" not in text
        assert view_a["remaining"] == sorted(rest)


def test_gb_23_resample_hidden_redraws_only_the_order() -> None:
    """GB-23: the order of the unrevealed cards is the one secret; redrawing it changes no view."""
    state, _ = timeout_steps(new_game(2, start=1, order=list(CARD_IDS)), 7)
    other = ENGINE.resample_hidden(state, None, SeededRng(11))
    assert other.deck != state.deck and sorted(other.deck) == sorted(state.deck)
    assert other.history == state.history
    for viewer in VIEWERS[:3]:
        assert ENGINE.view(other, viewer) == ENGINE.view(state, viewer)


def test_gb_23_events_never_hold_an_unrevealed_card() -> None:
    """GB-23: a reveal event names only the card revealed; no event names a card still hidden."""
    state = new_game(2, start=0, seed=3)
    for _ in range(27 * 2 - 1):
        seat = state.turn()
        assert seat is not None
        state, events = play(state, ENGINE.timeout_move(state, seat) or {})
        hidden = set(state.deck)
        for event in events:
            if event["type"] == "PriceRevealed":
                assert event["card"] == state.history[-1] and event["card"] not in hidden
            assert "deck" not in event


def test_s_gb_24_public_after_the_end() -> None:
    """S-GB-24 / GB-2, GB-23: price_order 1..27: hidden while running; after the end the option
    is public and the replay at every step shows the cards still in the deck, in order."""
    order = list(CARD_IDS)
    state = new_game(2, start=0, order=order)
    steps = [state]
    while not state.finished:
        running = ENGINE.view(state, None)
        assert "price_order" not in running["options"] and "deck_order" not in running
        assert running["options"] == {"first_player": 0}
        seat = state.turn()
        assert seat is not None
        state, _ = play(state, ENGINE.timeout_move(state, seat) or {})
        steps.append(state)
    final = ENGINE.view(state, None)
    assert final["finished"] is True
    assert final["options"] == {"first_player": 0, "price_order": order}
    assert final["deck_order"] == []
    for step in steps:
        replay = ENGINE.full_view(step)
        k = len(step.history)
        assert replay["deck_order"] == list(range(k + 1, 28))
        assert replay["options"]["price_order"] == order


def test_gb_2_options_are_public() -> None:
    """GB-2: the options are public, except the unrevealed deck fixture while running."""
    state = new_game(4, start=3)
    assert ENGINE.view(state, 1)["options"] == {"first_player": 3}
    fixed = new_game(4, start="random", order=list(CARD_IDS))
    assert ENGINE.view(fixed, None)["options"] == {"first_player": "random"}
