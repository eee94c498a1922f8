"""The parity game for the start player: BOM-17 to BOM-20, scenario check S-BOM-20."""

from __future__ import annotations

from typing import Any

from app.games.base import SeededRng
from app.games.bombay_bazar import ENGINE

from .helpers import State, code_of, new_game

A, B, C, D = 0, 1, 2, 3


def hide(state: State, seat: int, value: int) -> tuple[State, list[dict[str, Any]]]:
    return ENGINE.apply(state, seat, {"type": "HideTokens", "hide": value}, SeededRng(0))


def call(state: State, seat: int, value: str) -> tuple[State, list[dict[str, Any]]]:
    return ENGINE.apply(state, seat, {"type": "CallParity", "call": value}, SeededRng(0))


def parity_game() -> State:
    """S-BOM-20 setup: seats 0-3 on A-D, first_player=parity, first caller B."""
    return new_game(["A", "B", "C", "D"], start=B, first_player="parity")


def views_without(state: State, seat: int) -> list[dict[str, Any]]:
    return [ENGINE.view(state, v) for v in (None, 0, 1, 2, 3) if v != seat]


def test_s_bom_20_parity_start() -> None:
    """S-BOM-20 (BOM-15, BOM-17 to BOM-20, BOM-54): three parity rounds, C starts."""
    state = parity_game()
    assert state["parity"]["first"] == B
    assert ENGINE.to_act(state) == {A, B, C, D}
    state, events = hide(state, A, 1)
    assert events == [{"type": "TokensHidden", "seat": A, "hide": 1}]
    assert code_of(state, A, {"type": "HideTokens", "hide": 2}) == "NOT_YOUR_TURN"
    assert code_of(state, D, {"type": "HideTokens", "hide": 0}) == "BAD_INPUT"
    assert code_of(state, D, {"type": "HideTokens", "hide": 4}) == "BAD_INPUT"
    assert code_of(state, D, {"type": "CallParity", "call": "odd"}) == "WRONG_STEP"
    for seat, value in ((B, 2), (C, 3), (D, 2)):
        state, _ = hide(state, seat, value)
    assert ENGINE.to_act(state) == {B}
    assert code_of(state, C, {"type": "CallParity", "call": "even"}) == "NOT_YOUR_TURN"
    state, _ = call(state, B, "odd")
    state, _ = call(state, C, "even")
    # D calls having heard B's "odd" and C's "even"
    assert ENGINE.view(state, D)["parity"]["calls"] == [[B, "odd"], [C, "even"]]
    state, _ = call(state, D, "even")
    state, events = call(state, A, "even")
    reveal = events[-1]
    assert reveal["type"] == "ParityRevealed"
    assert (reveal["total"], reveal["parity"], reveal["dropped"], reveal["void"]) == (
        8, "even", [B], False)
    assert reveal["hides"] == [[A, 1], [B, 2], [C, 3], [D, 2]]
    # round 2: B is out, so C calls first; all right: void
    assert ENGINE.to_act(state) == {A, C, D}
    for seat, value in ((A, 3), (C, 1), (D, 1)):
        state, _ = hide(state, seat, value)
    assert ENGINE.to_act(state) == {C}
    assert ENGINE.view(state, None)["parity"]["calling_order"] == [C, D, A]
    for seat in (C, D, A):
        state, events = call(state, seat, "odd")
    assert events[-1]["void"] is True and events[-1]["total"] == 5
    assert state["parity"]["contenders"] == [A, C, D]
    # round 3: A and D drop out; C starts
    for seat, value in ((A, 2), (C, 2), (D, 3)):
        state, _ = hide(state, seat, value)
    state, _ = call(state, C, "odd")
    state, _ = call(state, D, "even")
    state, events = call(state, A, "even")
    assert events[-2]["dropped"] == [A, D] and events[-2]["total"] == 7
    assert {"type": "StartPlayerChosen", "seat": C, "by": "parity"} in events
    assert ENGINE.to_act(state) == {C}
    assert ENGINE.view(state, None)["order"] == [C, D, A, B]


def test_bom_17_first_caller_is_a_chance_outcome() -> None:
    """BOM-17 / BOM-56: the first caller is the seat the RNG draws."""
    for first in range(3):
        state = new_game(["A", "B", "C"], start=first, first_player="parity")
        assert state["parity"]["first"] == first and state["phase"] == "hide"
        assert ENGINE.to_act(state) == {0, 1, 2}


def test_bom_17_hides_in_any_order_and_calls_clockwise() -> None:
    """BOM-17: hides in any order; calls clockwise by elephant from the first caller."""
    state = new_game(["C", "A", "B"], start=2, first_player="parity")  # first caller: B
    for seat in (2, 0, 1):
        state, _ = hide(state, seat, 1)
    assert ENGINE.view(state, None)["parity"]["calling_order"] == [2, 0, 1]  # B, C, A


def test_bom_18_all_wrong_is_void() -> None:
    """BOM-18: everyone wrong repeats the round with the same contenders."""
    state = new_game(["A", "C"], start=0, first_player="parity")
    state, _ = hide(state, 0, 1)
    state, _ = hide(state, 1, 1)
    state, _ = call(state, 0, "odd")
    state, events = call(state, 1, "odd")
    assert events[-1]["void"] and state["parity"]["contenders"] == [0, 1]
    assert state["phase"] == "hide" and state["parity"]["round"] == 2


def test_bom_19_last_contender_starts() -> None:
    """BOM-19: one right caller among two starts the game."""
    state = new_game(["A", "C"], start=1, first_player="parity")
    state, _ = hide(state, 0, 2)
    state, _ = hide(state, 1, 3)
    state, _ = call(state, 1, "even")
    state, events = call(state, 0, "odd")
    assert events[-1] == {"type": "StartPlayerChosen", "seat": 0, "by": "parity"}
    assert state["phase"] == "play" and ENGINE.to_act(state) == {0}


def test_bom_20_pending_hide_is_secret_until_the_reveal() -> None:
    """BOM-20: A's hide shows in A's view only; not in other views, events or the log."""
    state = parity_game()
    state, events = hide(state, A, 1)
    assert ENGINE.view(state, A)["parity"]["my_hide"] == 1
    assert ENGINE.view(state, A)["parity"]["hidden"] == [A]
    changed = ENGINE.load_state(ENGINE.dump_state(state))
    changed["parity"]["hides"][A] = 3
    assert views_without(state, A) == views_without(changed, A)
    for viewer in (None, B, C, D):
        assert ENGINE.redact_event(events[0], viewer) == {"type": "TokensHidden", "seat": A}
        assert ENGINE.redact_move({"type": "HideTokens", "hide": 1}, A, viewer) == {
            "type": "HideTokens"}
    assert ENGINE.redact_event(events[0], A) == events[0]
    assert ENGINE.describe(events[0], ["Ann", "Bob", "Cem", "Dev"]) == "Ann hid their tokens"
    assert ENGINE.redact_move({"type": "HideTokens", "hide": 1}, A, A)["hide"] == 1
    # through the call part too: still secret until the last call
    for seat, value in ((B, 2), (C, 3), (D, 2)):
        state, _ = hide(state, seat, value)
    for seat, value in ((B, "odd"), (C, "even"), (D, "even")):
        state, _ = call(state, seat, value)
    changed = ENGINE.load_state(ENGINE.dump_state(state))
    changed["parity"]["hides"][A] = 2
    assert views_without(state, A) == views_without(changed, A)
    # after the reveal every hide is public
    state, events = call(state, A, "even")
    assert ENGINE.view(state, None)["parity"]["history"][0]["hides"][0] == [A, 1]


def test_bom_20_resample_hidden_redraws_other_contenders_only() -> None:
    """BOM-20: resample_hidden keeps the viewer's hide and redraws the others'."""
    state = parity_game()
    for seat in (A, B, C):
        state, _ = hide(state, seat, 3)
    drawn = set()
    for seed in range(30):
        other = ENGINE.resample_hidden(state, A, SeededRng(seed))
        assert other["parity"]["hides"][A] == 3 and other["parity"]["hides"][D] is None
        drawn.add(other["parity"]["hides"][B])
        assert ENGINE.view(other, A) == ENGINE.view(state, A)
    assert drawn == {1, 2, 3}
    assert state["parity"]["hides"] == [3, 3, 3, None]  # the input is untouched


def test_bom_18_the_log_says_one_player_drops_out_and_two_drop_out():
    """Issue 25, point 32: "Ann drops out", not "Ann drop out"."""
    names = ["Ann", "Bob", "Cem"]
    reveal = {"type": "ParityRevealed", "hides": [[0, 1], [1, 2], [2, 1]], "total": 4, "parity": "even",
              "void": False}
    assert ENGINE.describe({**reveal, "dropped": [0]}, names).endswith(": Ann drops out")
    assert ENGINE.describe({**reveal, "dropped": [0, 2]}, names).endswith(": Ann and Cem drop out")
