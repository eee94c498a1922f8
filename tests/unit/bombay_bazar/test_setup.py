"""Options, elephants, closing, piles, turn order, random start: BOM-10 to BOM-16, BOM-21,
scenario checks S-BOM-04 and S-BOM-22."""

from __future__ import annotations

import pytest

from app.games.base import InvalidOptions, RecordingRng, ReplayRng, SeededRng
from app.games.bombay_bazar import ENGINE
from app.games.bombay_bazar.data import PICTURE_IDS
from app.games.bombay_bazar.state import clockwise_from

from .helpers import code_of, ends_at, legal_set, new_game, place

CHOOSE = "ChooseElephant"


def choose(elephant: str) -> dict[str, str]:
    return {"type": CHOOSE, "elephant": elephant}


@pytest.mark.parametrize("players", [0, 5])
def test_bom_2_player_count_outside_one_to_four_is_rejected(players: int) -> None:
    """BOM-2: a table has 1 to 4 players."""
    with pytest.raises(InvalidOptions):
        ENGINE.validate_options({}, players)


def test_bom_10_defaults() -> None:
    """BOM-10: the defaults of every option."""
    assert ENGINE.validate_options({}, 3) == {
        "first_player": "random", "elephants": "choose", "format": "single",
        "rounds": 4, "medal_tiebreak": "olympic"}


@pytest.mark.parametrize(("options", "players"), [
    ({"first_player": "dice"}, 2),
    ({"elephants": "auction"}, 2),
    ({"format": "league"}, 2),
    ({"rounds": 1}, 2),
    ({"rounds": 9}, 2),
    ({"rounds": "4"}, 2),
    ({"medal_tiebreak": "best"}, 2),
    ({"format": "tournament"}, 1),
    ({"players": 3}, 2),
    ({"colour": "red"}, 2),
])
def test_bom_10_other_values_are_rejected(options: dict[str, object], players: int) -> None:
    """BOM-10: any other value is rejected; a tournament needs 2-4 players."""
    with pytest.raises(InvalidOptions):
        ENGINE.validate_options(options, players)


def test_bom_10_players_option_may_name_the_table_size() -> None:
    """BOM-10: ``players`` is the size of the table."""
    assert ENGINE.validate_options({"players": 2, "rounds": 8}, 2)["rounds"] == 8


def test_s_bom_04_two_player_setup() -> None:
    """S-BOM-04 (BOM-11 to BOM-14, BOM-55): A and C; (1,6) and (7,0) closed; 50 placements."""
    state = new_game(["A", "C"], start=0)
    assert ends_at(state, (1, 6)) == 1 and ends_at(state, (7, 0)) == 1
    assert sum(state["ends"]) == 2  # two more in reserve, one per player
    assert state["piles"] == [4] * 17
    assert len(ENGINE.legal_moves(state, 0)) == 50
    other = new_game(["A", "C"], start=1)
    assert len(ENGINE.legal_moves(other, 1)) == 50


def test_s_bom_22_choosing_elephants_three_players() -> None:
    """S-BOM-22 (BOM-12, BOM-13, BOM-54): seat order, ELEPHANT_TAKEN, BAD_INPUT, closing."""
    state = ENGINE.setup(["a", "b", "c"], ENGINE.validate_options({}, 3), SeededRng(0))
    assert ENGINE.to_act(state) == {0}
    assert code_of(state, 1, choose("A")) == "NOT_YOUR_TURN"
    state, _ = ENGINE.apply(state, 0, choose("C"), SeededRng(1))
    state, _ = ENGINE.apply(state, 1, choose("B"), SeededRng(1))
    assert code_of(state, 2, choose("C")) == "ELEPHANT_TAKEN"
    assert code_of(state, 2, choose("E")) == "BAD_INPUT"
    state, events = ENGINE.apply(state, 2, choose("A"), ReplayRng([0]))
    assert ends_at(state, (7, 0)) == 1 and sum(state["ends"]) == 1
    assert {"type": "ElephantsClosed", "elephants": ["D"], "cells": [[7, 0]]} in events
    for viewer in (None, 0, 1, 2):
        players = ENGINE.view(state, viewer)["players"]
        assert [p["elephant"] for p in players] == ["C", "B", "A"]


def test_s_bom_22_turn_order_follows_the_elephants() -> None:
    """S-BOM-22 / BOM-15: start seat 0 (C), then seat 2 (A), then seat 1 (B)."""
    state = new_game(["C", "B", "A"], start=0)
    assert ENGINE.view(state, None)["order"] == [0, 2, 1]
    order = []
    for _ in range(4):
        seat = next(iter(ENGINE.to_act(state)))
        order.append(seat)
        move = ENGINE.legal_moves(state, seat)[0]
        state, _ = ENGINE.apply(state, seat, move, SeededRng(0))
    assert order == [0, 2, 1, 0]


def test_s_bom_22_two_players_must_take_opposite_elephants() -> None:
    """S-BOM-22 / BOM-11: B then only D; A is NOT_OPPOSITE; A and C closed; 50 layouts."""
    state = ENGINE.setup(["a", "b"], ENGINE.validate_options({}, 2), SeededRng(0))
    assert code_of(state, 0, {"type": "PlacePiece", "picture": "S3", "rotation": 0}) == (
        "WRONG_STEP")
    state, _ = ENGINE.apply(state, 0, choose("B"), SeededRng(1))
    assert ENGINE.legal_moves(state, 1) == [choose("D")]
    assert code_of(state, 1, choose("A")) == "NOT_OPPOSITE"
    assert code_of(state, 1, choose("B")) == "ELEPHANT_TAKEN"
    state, _ = ENGINE.apply(state, 1, choose("D"), ReplayRng([1]))
    assert ends_at(state, (1, 0)) == 1 and ends_at(state, (7, 6)) == 1
    assert len(ENGINE.legal_moves(state, 1)) == 50
    first = ENGINE.apply(state, 1, ENGINE.legal_moves(state, 1)[0], SeededRng(0))[0]
    assert len(ENGINE.legal_moves(first, 0)) == 50


def test_bom_12_random_elephants_are_chance_outcomes() -> None:
    """BOM-12 / BOM-56: with elephants=random every seat draws from what it could choose."""
    opts = ENGINE.validate_options({"elephants": "random"}, 2)
    rng = RecordingRng(SeededRng(4))
    state = ENGINE.setup(["a", "b"], opts, rng)
    first, second = state["elephants"]
    assert {first, second} in ({"A", "C"}, {"B", "D"})
    assert len(rng.outcomes) == 3  # seat 0 of 4, seat 1 of 1, then the start player
    assert rng.outcomes[1] == 0
    replayed = ENGINE.setup(["a", "b"], opts, ReplayRng(rng.outcomes))
    assert replayed == state
    forced = ENGINE.setup(["a", "b"], opts, ReplayRng([3, 0, 1]))
    assert forced["elephants"] == ["D", "B"] and forced["start"] == 1


def test_bom_13_unused_elephants_closed_stub_to_head() -> None:
    """BOM-13: each unused start cell gets an end piece with its stub on the head edge."""
    state = new_game(["B"])
    marks = sorted((m[1], m[2]) for m in state["end_marks"])
    assert marks == [("A", 3), ("C", 0), ("D", 3)]
    four = new_game(["A", "B", "C", "D"], start=0)
    assert sum(four["ends"]) == 0


def test_bom_14_piles_are_open_and_visible() -> None:
    """BOM-14: one open pile per picture, counts in every view."""
    state = new_game(["A", "C"], start=0)
    state, _ = place(state, 0, "S3", 0)
    for viewer in (None, 0, 1):
        piles = ENGINE.view(state, viewer)["piles"]
        assert list(piles) == list(PICTURE_IDS)
        assert piles["S3"] == 3 and sum(piles.values()) == 67


def test_bom_15_clockwise_order_by_elephant_not_seat() -> None:
    """BOM-15: A -> B -> C -> D from the start player, whatever the seat numbers."""
    state = new_game(["D", "A", "C", "B"], start=2)
    assert clockwise_from(state, 2) == [2, 0, 1, 3]  # C, D, A, B
    assert ENGINE.view(state, None)["order"] == [2, 0, 1, 3]


def test_bom_16_random_start_player_is_drawn() -> None:
    """BOM-16: the start player is the seat drawn by the RNG."""
    for seat in range(3):
        state = new_game(["A", "B", "C"], start=seat)
        assert ENGINE.to_act(state) == {seat} and state["start"] == seat


def test_bom_21_solo_has_no_start_player_step() -> None:
    """BOM-21: solo play begins at once, even with first_player=parity."""
    opts = ENGINE.validate_options({"first_player": "parity"}, 1)
    rng = RecordingRng(SeededRng(1))
    state = ENGINE.setup(["solo"], opts, rng)
    state, events = ENGINE.apply(state, 0, choose("C"), rng)
    assert state["phase"] == "play" and state["parity"] is None
    assert not [e for e in events if e["type"] in ("ParityStarted", "StartPlayerChosen")]
    assert rng.outcomes == []
    assert len(legal_set(state, 0)) == 50
