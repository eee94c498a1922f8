"""Elimination, end of game, scoring: BOM-38 to BOM-44, scenario checks S-BOM-11 to S-BOM-13
and S-BOM-17."""

from __future__ import annotations

from app.games.base import SeededRng
from app.games.bombay_bazar import ENGINE
from app.games.bombay_bazar.data import PICTURE_IDS
from app.games.bombay_bazar.geometry import INDEX, LAYOUT_OF_TURN, LAYOUTS
from app.games.bombay_bazar.rules import check
from app.games.bombay_bazar.scoring import places
from app.games.bombay_bazar.tournament import round_medals

from .helpers import State, ends_at, legal_set, new_game, path, place, play, tip

A, B, C = 0, 1, 2


def round_3() -> State:
    """S-BOM-11 rounds 1-3."""
    state = new_game(["A", "B", "C"], start=B)
    assert ENGINE.to_act(state) == {B}
    return play(state, (B, "S3", 0), (C, "S2", 0), (A, "S3", 0),
                (B, "D9", 0), (C, "D9", 2), (A, "S3", 0),
                (B, "D4", 3), (C, "D9", 2), (A, "S3", 0))


def test_s_bom_11_two_trunks_into_one_cell() -> None:
    """S-BOM-11 (BOM-15, BOM-31, BOM-32): the round table, then A has nothing legal."""
    state = new_game(["A", "B", "C"], start=B)
    expected = [
        (B, "S3", 0, ((1, 5), 0)), (C, "S2", 0, ((6, 6), 5)), (A, "S3", 0, ((1, 1), 3)),
        (B, "D9", 0, ((1, 4), 0)), (C, "D9", 2, ((5, 5), 5)), (A, "S3", 0, ((1, 2), 3)),
        (B, "D4", 3, ((0, 4), 5)), (C, "D9", 2, ((4, 5), 5)), (A, "S3", 0, ((1, 3), 3)),
        (B, "S1", 4, ((1, 3), 1)),
    ]
    for seat, picture, rotation, where in expected:
        assert ENGINE.to_act(state) == {seat}
        state, _ = place(state, seat, picture, rotation)
        assert tip(state, seat) == where
    board = ENGINE.view(state, None)["board"]["pieces"]
    piece = next(p for p in board if p["cell"] == [1, 4])
    assert piece["segments"] == [[0, 2], [3, 4]] and piece["owners"] == [B, None]
    assert state["piles"][PICTURE_IDS.index("S3")] == 0
    assert tip(state, A) == ((1, 3), 3) and tip(state, B) == ((1, 3), 1)
    assert legal_set(state, A) == set()
    s3 = LAYOUT_OF_TURN[(PICTURE_IDS.index("S3"), 0)]
    d9 = LAYOUT_OF_TURN[(PICTURE_IDS.index("D9"), 0)]
    assert check(state, A, s3) == "PILE_EMPTY"
    assert check(state, A, d9) == "OPPONENT_TIP_CELL"


def test_s_bom_12_elimination_order_and_stacked_end_pieces() -> None:
    """S-BOM-12 (BOM-38 to BOM-41): A then B out on (1,3); C plays on alone."""
    state = play(round_3(), (B, "S1", 4))
    state, events = place(state, C, "T2", 0)
    assert tip(state, C) == ((3, 4), 5)
    out = [e for e in events if e["type"] == "PlayerEliminated"]
    assert [(e["seat"], e["cell"], e["count"], e["score"]) for e in out] == [
        (A, [1, 3], 1, 3), (B, [1, 3], 2, 4)]
    assert ends_at(state, (1, 3)) == 2 and state["out"] == [True, True, False]
    assert ENGINE.to_act(state) == {C}
    state, _ = place(state, C, "D5", 0)
    assert tip(state, C) == ((2, 4), 5) and ENGINE.to_act(state) == {C}
    view = ENGINE.view(state, None)
    assert [p["status"] for p in view["players"]] == ["out", "out", "active"]
    assert [p["score"] for p in view["players"]][:2] == [3, 4]


def test_s_bom_13_through_an_opponents_piece_into_an_end_piece() -> None:
    """S-BOM-13 (BOM-35, BOM-36, BOM-42 to BOM-44): 10 layouts; sealed; C 7, B 4, A 3."""
    state = play(round_3(), (B, "S1", 4), (C, "T2", 0), (C, "D5", 0))
    legal = legal_set(state, C)
    assert len(legal) == 10
    for _picture, _rotation, segments in legal:
        ports = {e for seg in segments for e in seg}
        assert {1, 5} <= ports and 2 not in ports
    open_after, _ = place(state, C, "D1", 4)  # D1 r4 {0-1, 4-5} leaves C's trunk open
    assert not open_after["finished"] and ENGINE.to_act(open_after) == {C}
    state, events = place(state, C, "S2", 5)
    assert events[0]["sealed"] is True and events[0]["tip"] == [1, 3, 0]
    assert path(state, C) == [((7, 6), (0, 2)), ((6, 6), (2, 5)), ((5, 5), (2, 5)),
                              ((4, 5), (2, 5)), ((3, 4), (2, 5)), ((2, 4), (1, 5)),
                              ((1, 4), (3, 4))]
    assert state["placements"][6][0] == B  # (1,4) was placed by B
    assert events[1]["type"] == "PlayerEliminated" and events[1]["count"] == 3
    assert ends_at(state, (1, 3)) == 3 and ends_at(state, (7, 0)) == 1
    assert sum(state["ends"]) == 4 and state["finished"]
    outcome = ENGINE.outcome(state)
    assert outcome is not None
    assert (outcome.scores, outcome.ranks, outcome.winners) == ([3, 4, 7], [3, 2, 1], [C])
    assert state["elim_order"] == [A, B, C]
    # BOM-44: the result shows every player's score, trunk path and place
    result = outcome.details["rounds"][0]
    assert [len(p) for p in result["paths"]] == [3, 4, 7] and result["places"] == [3, 2, 1]
    assert result["paths"][C][-1] == [1, 4, 4, 3]  # in through edge 4, out through 3
    assert round_medals(outcome.scores) == [2, 1, 0]  # as a round: C gold, B silver, A bronze


def test_bom_38_elimination_happens_inside_the_passing_move() -> None:
    """BOM-38: the engine eliminates with no input, inside the move that passed the turn."""
    state = play(round_3(), (B, "S1", 4))
    assert not any(state["out"])
    after, events = place(state, C, "T2", 0)
    assert [e["type"] for e in events] == ["PiecePlaced", "PlayerEliminated",
                                           "PlayerEliminated"]
    marks = [(m[1], m[2]) for m in after["end_marks"] if m[0] == INDEX[(1, 3)]]
    assert marks == [("A", 3), ("B", 1)]  # stubs on each trunk's entry edge


def test_bom_39_end_pieces_ignore_openings_and_stack() -> None:
    """BOM-39: an end piece goes on a shared tip cell with an opening unanswered, and stacks."""
    state = play(round_3(), (B, "S1", 4), (C, "T2", 0))
    assert ends_at(state, (1, 3)) == 2
    (cell_14, entry) = INDEX[(1, 4)], 3
    assert LAYOUTS[state["board"][cell_14]].partner[entry] >= 0  # free end of (1,4) unanswered


def test_bom_40_out_players_take_no_turns() -> None:
    """BOM-40: after elimination A and B never act and their scores stay final."""
    state = play(round_3(), (B, "S1", 4), (C, "T2", 0))
    for _ in range(2):
        assert ENGINE.to_act(state) == {C}
        assert ENGINE.legal_moves(state, A) == [] == ENGINE.legal_moves(state, B)
        state, _ = ENGINE.apply(state, C, ENGINE.legal_moves(state, C)[0], SeededRng(0))
        assert [p["score"] for p in ENGINE.view(state, None)["players"]][:2] == [3, 4]


def test_bom_41_last_player_takes_every_turn() -> None:
    """BOM-41: the lone active player keeps moving until eliminated too (BOM-42)."""
    state = play(round_3(), (B, "S1", 4), (C, "T2", 0))
    moves = 0
    while not state["finished"]:
        assert ENGINE.to_act(state) == {C}
        state, _ = ENGINE.apply(state, C, ENGINE.legal_moves(state, C)[-1], SeededRng(0))
        moves += 1
    assert moves >= 1 and sum(state["ends"]) == 4


def test_bom_42_game_ends_when_the_last_player_is_out() -> None:
    """BOM-42: finished exactly when every player is out; all 4 end pieces on the board."""
    state = play(round_3(), (B, "S1", 4), (C, "T2", 0), (C, "D5", 0), (C, "S2", 5))
    assert state["finished"] and all(state["out"]) and sum(state["ends"]) == 4
    assert ENGINE.to_act(state) == frozenset()
    assert ENGINE.view(state, None)["finished"] is True


def test_bom_43_score_counts_every_pass_and_no_end_piece() -> None:
    """BOM-43: the score is the number of path entries; knots count twice."""
    state = play(round_3(), (B, "S1", 4), (C, "T2", 0), (C, "D5", 0), (C, "S2", 5))
    assert ENGINE.outcome(state).scores[C] == len(path(state, C)) == 7  # type: ignore[union-attr]


def test_s_bom_17_shared_win() -> None:
    """S-BOM-17 (BOM-44): 12, 12, 9, 9 give places 1, 1, 3, 3."""
    assert places([12, 12, 9, 9]) == [1, 1, 3, 3]
    assert places([5]) == [1]
