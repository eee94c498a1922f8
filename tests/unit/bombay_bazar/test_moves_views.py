"""Moves, errors, legal lists, chance, views and the bot: BOM-53 to BOM-57, BOM-59, BOM-60."""

from __future__ import annotations

import json
from typing import Any

import pytest

from app.games.base import GameError, IllegalMove, InvalidMove, NotYourTurn, RecordingRng, SeededRng
from app.games.bombay_bazar import ENGINE
from app.games.bombay_bazar.moves import FIELDS

from .helpers import State, code_of, new_game, place, play, solo


def s_bom_10_state() -> State:
    return play(solo(), *[(0, "S3", 0)] * 4, (0, "D9", 0))


@pytest.mark.parametrize("move", [
    {"type": "PlacePiece", "picture": "S1"},
    {"type": "PlacePiece", "picture": "S1", "rotation": 0, "extra": 1},
    {"type": "PlacePiece", "picture": "X9", "rotation": 0},
    {"type": "PlacePiece", "picture": "S1", "rotation": 6},
    {"type": "PlacePiece", "picture": "S1", "rotation": -1},
    {"type": "PlacePiece", "picture": "S1", "rotation": True},
    {"type": "PlacePiece", "picture": "S1", "rotation": "0"},
    {"type": "PlacePiece", "picture": 3, "rotation": 0},
    {"type": "HideTokens", "hide": 2.0},
    {"type": "CallParity", "call": "ODD"},
    {"type": "ChooseElephant", "elephant": "E"},
    {"type": "ChooseElephant"},
    {"type": "placepiece", "picture": "S1", "rotation": 0},
    ["PlacePiece"],
])
def test_bom_54_malformed_moves_are_bad_input(move: Any) -> None:
    """BOM-54 (2): malformed payloads raise InvalidMove with code BAD_INPUT; nothing changes."""
    state = solo()
    before = json.dumps(state, sort_keys=True)
    with pytest.raises(InvalidMove) as info:
        ENGINE.apply(state, 0, move, SeededRng(0))
    assert info.value.code == "BAD_INPUT" and info.value.status == 422
    assert json.dumps(state, sort_keys=True) == before


def test_bom_54_error_order() -> None:
    """BOM-54: NOT_YOUR_TURN, then BAD_INPUT, then WRONG_STEP, then the rule codes."""
    state = new_game(["A", "C"], start=0)
    with pytest.raises(NotYourTurn) as info:
        ENGINE.apply(state, 1, {"type": "Nonsense"}, SeededRng(0))
    assert info.value.code == "NOT_YOUR_TURN" and info.value.status == 403
    assert code_of(state, 0, {"type": "ChooseElephant", "elephant": "E"}) == "BAD_INPUT"
    assert code_of(state, 0, {"type": "ChooseElephant", "elephant": "B"}) == "WRONG_STEP"
    assert code_of(state, 0, {"type": "HideTokens", "hide": 1}) == "WRONG_STEP"
    assert code_of(state, 0, {"type": "CallParity", "call": "odd"}) == "WRONG_STEP"
    # PILE_EMPTY comes before NO_ENTRY_PORT
    assert code_of(s_bom_10_state(), 0, {"type": "PlacePiece", "picture": "S3",
                                         "rotation": 1}) == "PILE_EMPTY"


def test_bom_54_reason_starts_with_rule_and_code() -> None:
    """BOM-54: "BOM-27: NO_ENTRY_PORT", "BOM-54: WRONG_STEP"; status 409."""
    state = solo()
    with pytest.raises(IllegalMove) as info:
        place(state, 0, "S1", 0)
    assert info.value.reason.startswith("BOM-27: NO_ENTRY_PORT") and info.value.status == 409
    with pytest.raises(IllegalMove) as info:
        ENGINE.apply(state, 0, {"type": "HideTokens", "hide": 1}, SeededRng(0))
    assert info.value.reason.startswith("BOM-54: WRONG_STEP")
    with pytest.raises(IllegalMove) as info:
        place(s_bom_10_state(), 0, "D9", 0)
    assert info.value.reason.startswith("BOM-29: PORT_AT_END_PIECE")


def test_bom_54_edges_checked_in_order() -> None:
    """BOM-54: the first failing edge, 0 to 5, decides between PORT_AT_* and OPENING_BLOCKED."""
    state = play(solo(), (0, "S3", 0), (0, "D9", 0), (0, "S1", 2))  # tip (0,2)/5
    # S2 r5 = {1-5}: edge 1 faces off the top (PORT_OFF_BOARD) and edge 4 leaves the opening
    # of (1,1) unanswered (OPENING_BLOCKED); edge 1 comes first
    assert code_of(state, 0, {"type": "PlacePiece", "picture": "S2", "rotation": 5}) == (
        "PORT_OFF_BOARD")
    # S2 r3 = {3-5}: edge 3 faces the empty (0,1), edge 4 leaves the opening blocked
    assert code_of(state, 0, {"type": "PlacePiece", "picture": "S2", "rotation": 3}) == (
        "OPENING_BLOCKED")


def test_bom_54_rejected_moves_change_nothing() -> None:
    """BOM-54: a rejected move leaves the state as it was."""
    state = s_bom_10_state()
    before = json.dumps(state, sort_keys=True)
    for picture, rotation in (("S3", 0), ("D9", 0), ("S1", 0)):
        with pytest.raises(GameError):
            place(state, 0, picture, rotation)
    assert json.dumps(state, sort_keys=True) == before


def test_bom_55_each_layout_listed_once_with_canonical_rotation() -> None:
    """BOM-55: distinct layouts, canonical rotation; a non-canonical turn is the same move."""
    state = solo()
    moves = ENGINE.legal_moves(state, 0)
    assert len(moves) == 50 and len({json.dumps(m, sort_keys=True) for m in moves}) == 50
    assert all(set(m) == {"type", "picture", "rotation"} for m in moves)
    assert ENGINE.legal_moves(state, 0) == moves
    a, _ = place(state, 0, "D9", 0)
    b, _ = place(state, 0, "D9", 3)  # D9 r3 gives the same layout as r0
    assert a == b
    assert ENGINE.legal_moves(state, 1) == []


def test_bom_55_legal_lists_for_each_step() -> None:
    """BOM-55: elephants that may be chosen, hides 1-3, calls odd and even."""
    state = ENGINE.setup(["a", "b", "c"], ENGINE.validate_options(
        {"first_player": "parity"}, 3), SeededRng(0))
    assert [m["elephant"] for m in ENGINE.legal_moves(state, 0)] == ["A", "B", "C", "D"]
    state = new_game(["A", "B", "C"], start=0, first_player="parity")
    assert [m["hide"] for m in ENGINE.legal_moves(state, 1)] == [1, 2, 3]
    for seat in range(3):
        state, _ = ENGINE.apply(state, seat, {"type": "HideTokens", "hide": 1}, SeededRng(0))
    assert [m["call"] for m in ENGINE.legal_moves(state, 0)] == ["odd", "even"]
    assert ENGINE.legal_moves(state, 1) == []


def test_bom_56_chance_outcomes_and_event_names() -> None:
    """BOM-56: only the elephants, start player and first caller are drawn; past-tense events."""
    opts = ENGINE.validate_options({"elephants": "random"}, 4)
    rng = RecordingRng(SeededRng(2))
    state = ENGINE.setup(list("abcd"), opts, rng)
    assert len(rng.outcomes) == 4 + 1
    names = set()
    while not state["finished"]:
        seat = min(ENGINE.to_act(state))
        recorder = RecordingRng(SeededRng(3))
        state, events = ENGINE.apply(state, seat, ENGINE.legal_moves(state, seat)[0], recorder)
        assert recorder.outcomes == []  # nothing random during play of a single game
        names |= {e["type"] for e in events}
    assert {"PiecePlaced", "PlayerEliminated", "RoundEnded"} <= names
    assert all(n.endswith("ed") for n in names)


def test_bom_57_bot_plays_any_seat_through_every_step() -> None:
    """BOM-57 / BOM-59: the bot makes a legal move at every step, every round."""
    opts = ENGINE.validate_options({"format": "tournament", "rounds": 2,
                                    "first_player": "parity"}, 3)
    state = ENGINE.setup(["a", "b", "c"], opts, SeededRng(7))
    rng = SeededRng(8)
    phases = set()
    while not state["finished"]:
        for seat in sorted(ENGINE.to_act(state)):
            move = ENGINE.bot_move(state, seat, rng)
            assert move in ENGINE.legal_moves(state, seat)
        seat = min(ENGINE.to_act(state))
        phases.add(state["phase"])
        state, _ = ENGINE.apply(state, seat, ENGINE.bot_move(state, seat, rng), rng)
    assert phases == {"elephants", "hide", "call", "play"}


def test_bom_59_no_timeout_move_beyond_the_bot() -> None:
    """BOM-59: timeout_move is None (the platform uses the bot); hides and calls random."""
    state = new_game(["A", "C"], start=0, first_player="parity")
    assert ENGINE.timeout_move(state, 0) is None
    rng = SeededRng(1)
    assert {ENGINE.bot_move(state, 0, rng)["hide"] for _ in range(60)} == {1, 2, 3}


def test_bom_53_play_is_public() -> None:
    """BOM-53: outside a pending hide, every viewer gets the same view."""
    state = play(new_game(["A", "B", "C"], start=0), (0, "S3", 0), (1, "D9", 0))
    views = [ENGINE.view(state, v) for v in (None, 0, 1, 2)]
    for view in views[1:]:
        assert view == views[0]
    view = views[0]
    assert view["piles"]["S3"] == 3 and view["piles"]["D9"] == 3
    assert [t["score"] for t in view["trunks"]] == [1, 1, 0]
    assert view["trunks"][0]["tip"] == [1, 1, 3]
    assert view["order"] == [0, 1, 2] and view["turn"] == 2


def test_bom_60_envelope_and_players() -> None:
    """BOM-60: to_act, players with seat/name/elephant/score/status, finished, outcome."""
    state = ENGINE.setup(["ann", "bob"], ENGINE.validate_options({}, 2), SeededRng(0))
    view = ENGINE.view(state, 0)
    assert view["to_act"] == [0] and view["finished"] is False and view["outcome"] is None
    assert view["players"] == [
        {"seat": 0, "name": "ann", "elephant": None, "score": 0, "status": "active"},
        {"seat": 1, "name": "bob", "elephant": None, "score": 0, "status": "active"}]
    assert set(FIELDS) == {"ChooseElephant", "HideTokens", "CallParity", "PlacePiece"}


def test_bom_44_and_60_single_game_outcome_with_a_tie() -> None:
    """BOM-44 / BOM-60: scores, competition places, every place-1 player wins."""
    state = new_game(["A", "B", "C", "D"], start=0)
    state.update(finished=True, phase="over",
                 results=[{"round": 1, "scores": [12, 12, 9, 9]}])
    outcome = ENGINE.outcome(state)
    assert outcome is not None
    assert (outcome.scores, outcome.ranks, outcome.winners) == ([12, 12, 9, 9], [1, 1, 3, 3],
                                                                [0, 1])


def test_describe_every_event_in_words() -> None:
    """The log: every event of a parity game and a full game has a sentence."""
    names = ["ann", "bob"]
    opts = ENGINE.validate_options({"first_player": "parity", "elephants": "random"}, 2)
    state = ENGINE.setup(names, opts, SeededRng(4))
    rng = SeededRng(5)
    seen = set()
    while not state["finished"]:
        seat = min(ENGINE.to_act(state))
        state, events = ENGINE.apply(state, seat, ENGINE.bot_move(state, seat, rng), rng)
        for event in events:
            text = ENGINE.describe(event, names)
            assert text and text != event["type"], event
            seen.add(event["type"])
    assert {"TokensHidden", "ParityCalled", "ParityRevealed", "PiecePlaced"} <= seen
