"""Tournament: BOM-45 to BOM-48, scenario checks S-BOM-18 and S-BOM-19."""

from __future__ import annotations

import pytest

from app.games.base import RecordingRng, SeededRng
from app.games.bombay_bazar import ENGINE
from app.games.bombay_bazar.tournament import add_medals, round_medals, standings

from .helpers import State

MEDAL = {0: "gold", 1: "silver", 2: "bronze", None: "none"}


@pytest.mark.parametrize(("scores", "medals"), [
    ([30, 30, 25, 20], ["gold", "gold", "bronze", "none"]),
    ([20, 15, 15, 9], ["gold", "silver", "silver", "none"]),
    ([12, 18, 18, 18], ["none", "gold", "gold", "gold"]),
    ([10, 10], ["gold", "gold"]),
    ([8, 8, 8], ["gold", "gold", "gold"]),
    ([7, 3], ["gold", "silver"]),
])
def test_s_bom_18_medals_with_ties(scores: list[int], medals: list[str]) -> None:
    """S-BOM-18 (BOM-46): medals by shared place; the places after a tie are skipped."""
    assert [MEDAL[m] for m in round_medals(scores)] == medals


ROUNDS = [[21, 17, 17], [9, 14, 11], [15, 15, 22], [18, 12, 18]]


def tallies_after(rounds: list[list[int]]) -> list[list[int]]:
    tallies = [[0, 0, 0] for _ in rounds[0]]
    for scores in rounds:
        tallies = add_medals(tallies, round_medals(scores))
    return tallies


def test_s_bom_19_series_winner() -> None:
    """S-BOM-19 (BOM-47): tallies; olympic C, A, B; total A and C share place 1."""
    assert [[MEDAL[m] for m in round_medals(s)] for s in ROUNDS] == [
        ["gold", "silver", "silver"], ["bronze", "gold", "silver"],
        ["silver", "silver", "gold"], ["gold", "bronze", "gold"]]
    tallies = tallies_after(ROUNDS)
    assert tallies == [[2, 1, 1], [1, 2, 1], [2, 2, 0]]
    assert standings(tallies, "olympic") == [2, 3, 1]
    assert standings(tallies, "total") == [1, 3, 1]
    two = tallies_after([[10, 5], [4, 9], [7, 3], [2, 8]])
    assert two == [[2, 2, 0], [2, 2, 0]]
    assert standings(two, "olympic") == standings(two, "total") == [1, 1]


def finished_tournament_state(tiebreak: str) -> State:
    """A tournament state whose recorded rounds are those of S-BOM-19."""
    opts = ENGINE.validate_options({"format": "tournament", "medal_tiebreak": tiebreak,
                                    "elephants": "random"}, 3)
    state = ENGINE.setup(["a", "b", "c"], opts, SeededRng(1))
    state["medals"] = tallies_after(ROUNDS)
    state["results"] = [{"round": i + 1, "scores": s} for i, s in enumerate(ROUNDS)]
    state["finished"], state["phase"] = True, "over"
    return state


@pytest.mark.parametrize(("tiebreak", "ranks", "winners"), [
    ("olympic", [2, 3, 1], [2]), ("total", [1, 3, 1], [0, 2])])
def test_bom_47_outcome_of_a_series(tiebreak: str, ranks: list[int], winners: list[int]) -> None:
    """BOM-47 / BOM-60: the outcome's scores are the tallies; places by medal_tiebreak."""
    outcome = ENGINE.outcome(finished_tournament_state(tiebreak))
    assert outcome is not None
    assert outcome.scores == [[2, 1, 1], [1, 2, 1], [2, 2, 0]]
    assert outcome.ranks == ranks and outcome.winners == winners
    view = ENGINE.view(finished_tournament_state(tiebreak), None)
    assert [p["medals"] for p in view["players"]] == outcome.scores


def play_round(state: State, rng: SeededRng) -> tuple[State, list[dict[str, object]]]:
    """Play random legal moves until a round ends; the state and the last move's events."""
    while True:
        seat = min(ENGINE.to_act(state))
        recorder = RecordingRng(rng)
        moves = ENGINE.legal_moves(state, seat)
        state, events = ENGINE.apply(state, seat, moves[rng.randbelow(len(moves))], recorder)
        if any(e["type"] == "RoundEnded" for e in events):
            return state, [*events, {"type": "_draws", "n": len(recorder.outcomes)}]


def test_bom_45_rounds_restart_from_a_fresh_setup() -> None:
    """BOM-45: each round starts with an empty board, full piles and new elephants."""
    opts = ENGINE.validate_options({"format": "tournament", "rounds": 2}, 2)
    state = ENGINE.setup(["a", "b"], opts, SeededRng(3))
    rng = SeededRng(4)
    state, events = play_round(state, rng)
    assert state["round"] == 2 and not state["finished"]
    assert state["phase"] == "elephants" and state["elephants"] == [None, None]
    assert ENGINE.to_act(state) == {0}  # elephants=choose: the players choose again
    assert all(v == -1 for v in state["board"]) and state["piles"] == [4] * 17
    assert sum(state["ends"]) == 0 and len(state["results"]) == 1
    ended = next(e for e in events if e["type"] == "RoundEnded")
    assert sorted(m for m in ended["medals"] if m is not None) in ([0, 0], [0, 1])
    state, _ = play_round(state, rng)
    assert state["finished"] and len(state["results"]) == 2
    outcome = ENGINE.outcome(state)
    assert outcome is not None and sum(map(sum, outcome.scores)) == 4


def test_bom_45_later_rounds_draw_inside_apply() -> None:
    """BOM-45 / BOM-56: with random elephants and start, the round-ending move draws."""
    opts = ENGINE.validate_options({"format": "tournament", "rounds": 2,
                                    "elephants": "random"}, 3)
    state = ENGINE.setup(["a", "b", "c"], opts, SeededRng(3))
    state, events = play_round(state, SeededRng(5))
    assert events[-1]["n"] == 3 + 1  # three elephants and the start player
    assert state["phase"] == "play" and None not in state["elephants"]
    assert sum(state["ends"]) == 1 and state["round"] == 2


def test_bom_48_medal_tally_shown_throughout() -> None:
    """BOM-48 / BOM-60: every view's players carry the medal tally; medals never run out."""
    opts = ENGINE.validate_options({"format": "tournament", "rounds": 8,
                                    "elephants": "random"}, 4)
    state = ENGINE.setup(list("abcd"), opts, SeededRng(8))
    rng = SeededRng(9)
    while not state["finished"]:
        state, _ = play_round(state, rng)
        view = ENGINE.view(state, 1)
        assert [p["medals"] for p in view["players"]] == state["medals"] == view["medals"]
    assert sum(t[0] for t in state["medals"]) >= 8  # at least one gold per round, 8 rounds
