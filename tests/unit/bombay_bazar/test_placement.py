"""Trunks and placements: BOM-22 to BOM-37, scenario checks S-BOM-05 to S-BOM-10."""

from __future__ import annotations

from app.games.base import SeededRng
from app.games.bombay_bazar import ENGINE
from app.games.bombay_bazar.data import PICTURE_IDS
from app.games.bombay_bazar.geometry import INDEX, LAYOUT_OF_TURN, LAYOUTS, NEIGHBOURS, opposite
from app.games.bombay_bazar.rules import check, legal_layouts, tips, walk

from .helpers import (
    State,
    code_of,
    ends_at,
    legal_set,
    new_game,
    path,
    place,
    place_code,
    play,
    solo,
    tip,
)


def after_s_bom_07_step_3() -> State:
    """S-BOM-07 steps 1-3 (solo, elephant A)."""
    return play(solo(), (0, "S3", 0), (0, "D9", 0), (0, "S1", 2))


def test_s_bom_05_first_placement() -> None:
    """S-BOM-05 (BOM-27): S1 r0 is NO_ENTRY_PORT; S3 r0 is legal, tip (1,1)/3, score 1."""
    state = solo()
    assert place_code(state, 0, "S1", 0) == "NO_ENTRY_PORT"
    state, events = place(state, 0, "S3", 0)
    assert path(state, 0) == [((1, 0), (0, 3))]
    assert tip(state, 0) == ((1, 1), 3)
    assert ENGINE.view(state, None)["players"][0]["score"] == 1 == events[0]["score"]


def test_s_bom_06_corner_takes_only_a_hook() -> None:
    """S-BOM-06 (BOM-8, BOM-28): tip (0,0)/5 allows only S1 r5; then tip (0,1)/3, score 2."""
    state = play(solo(), (0, "S1", 2))
    assert tip(state, 0) == ((0, 0), 5)
    assert legal_set(state, 0) == {("S1", 5, ((0, 5),))}
    state = play(state, (0, "S1", 5))
    assert tip(state, 0) == ((0, 1), 3) and len(path(state, 0)) == 2


def test_s_bom_07_swallowing_and_a_knot() -> None:
    """S-BOM-07 (BOM-34, BOM-36, BOM-43): the trunk swallows 1-4 of (1,1); score 5."""
    state = play(solo(), (0, "S3", 0))
    assert tip(state, 0) == ((1, 1), 3)
    state = play(state, (0, "D9", 0))
    assert tip(state, 0) == ((1, 2), 3)
    view = ENGINE.view(state, None)
    piece = next(p for p in view["board"]["pieces"] if p["cell"] == [1, 1])
    assert piece["segments"] == [[0, 3], [1, 4]] and piece["owners"] == [0, None]
    state = play(state, (0, "S1", 2))
    assert tip(state, 0) == ((0, 2), 5)
    assert legal_set(state, 0) == {
        ("S1", 4, ((4, 5),)), ("D1", 3, ((0, 5), (3, 4))),
        ("D5", 4, ((0, 3), (4, 5))), ("D7", 3, ((0, 4), (3, 5)))}
    state, events = place(state, 0, "S1", 4)
    assert path(state, 0) == [((1, 0), (0, 3)), ((1, 1), (0, 3)), ((1, 2), (2, 3)),
                              ((0, 2), (4, 5)), ((1, 1), (1, 4))]
    assert tip(state, 0) == ((2, 1), 1)
    assert events[0]["added"] == 2 and events[0]["score"] == 5


def test_s_bom_08_blocking_an_opening_and_off_the_board() -> None:
    """S-BOM-08 (BOM-28, BOM-30(b)): OPENING_BLOCKED twice, PORT_OFF_BOARD."""
    state = after_s_bom_07_step_3()
    assert place_code(state, 0, "S2", 3) == "OPENING_BLOCKED"
    assert place_code(state, 0, "S1", 5) == "OPENING_BLOCKED"
    assert place_code(state, 0, "D2", 1) == "PORT_OFF_BOARD"


def test_s_bom_09_trunk_end_against_a_blank_side() -> None:
    """S-BOM-09 (BOM-30(a)): S1 r1 is PORT_AT_BLANK; S2 r1, S1 r0 and S2 r5 are legal."""
    state = play(after_s_bom_07_step_3(), (0, "S1", 4))
    assert tip(state, 0) == ((2, 1), 1)
    assert place_code(state, 0, "S1", 1) == "PORT_AT_BLANK"
    legal = {(p, r) for p, r, _ in legal_set(state, 0)}
    assert {("S2", 1), ("S1", 0), ("S2", 5)} <= legal


def test_s_bom_10_empty_pile_and_end_piece() -> None:
    """S-BOM-10 (BOM-26, BOM-29): PILE_EMPTY; PORT_AT_END_PIECE toward B's closed start."""
    state = play(solo(), *[(0, "S3", 0)] * 4)
    assert state["piles"][2] == 0 and tip(state, 0) == ((1, 4), 3)
    assert place_code(state, 0, "S3", 0) == "PILE_EMPTY"
    state = play(state, (0, "D9", 0))
    assert tip(state, 0) == ((1, 5), 3)
    assert place_code(state, 0, "D9", 0) == "PORT_AT_END_PIECE"
    assert place_code(state, 0, "D9", 2) == "PORT_AT_END_PIECE"
    legal = {(p, r) for p, r, _ in legal_set(state, 0)}
    assert {("S2", 1), ("S2", 3), ("S1", 2)} <= legal


def test_bom_22_walk_follows_segments_from_the_head() -> None:
    """BOM-22: before any placement the tip is the start cell at the head edge."""
    state = new_game(["A", "B", "C", "D"], start=0)
    for seat, (cell, head) in enumerate([((1, 0), 3), ((1, 6), 0), ((7, 6), 0), ((7, 0), 3)]):
        assert path(state, seat) == [] and tip(state, seat) == (cell, head)
    state = play(state, (0, "D9", 0))
    assert tip(state, 0) == ((1, 1), 3) and path(state, 0) == [((1, 0), (0, 3))]


def test_bom_23_open_and_sealed_trunks() -> None:
    """BOM-23: open while the tip cell is empty; sealed once it holds end pieces."""
    state = play(solo(), (0, "S2", 1), (0, "S1", 3))  # S-BOM-14: trapped at (0,0)
    view = ENGINE.view(state, None)
    assert view["trunks"][0]["sealed"] is True and ends_at(state, (0, 0)) == 1
    assert ENGINE.view(solo(), None)["trunks"][0]["sealed"] is False


def test_bom_24_free_length_ends_are_openings() -> None:
    """BOM-24: both ends of the free 1-4 segment of (1,1) face empty cells."""
    state = play(solo(), (0, "S3", 0), (0, "D9", 0))
    cell = INDEX[(1, 1)]
    for e in (1, 4):
        n = NEIGHBOURS[cell][e]
        assert state["board"][n] == -1 and state["ends"][n] == 0


def test_bom_25_no_passing() -> None:
    """BOM-25: there is no pass move; the player to move must place."""
    state = solo()
    assert code_of(state, 0, {"type": "Pass"}) == "BAD_INPUT"
    assert all(m["type"] == "PlacePiece" for m in ENGINE.legal_moves(state, 0))


def test_bom_26_tip_cell_occupied() -> None:
    """BOM-26: a tip cell holding end pieces takes no piece (TIP_CELL_OCCUPIED)."""
    state = after_s_bom_07_step_3()
    state["ends"][INDEX[(0, 2)]] = 1
    layout = LAYOUTS[legal_layouts(after_s_bom_07_step_3(), 0)[0]].index
    assert check(state, 0, layout) == "TIP_CELL_OCCUPIED"
    assert legal_layouts(state, 0) == []


def test_bom_27_entry_port_required_everywhere() -> None:
    """BOM-27: every legal layout has a port on the entry edge."""
    state = after_s_bom_07_step_3()
    (cell, entry) = tips(state)[0]
    assert all(entry in LAYOUTS[i].ports for i in legal_layouts(state, 0))


def test_bom_28_head_edge_is_the_only_off_board_port() -> None:
    """BOM-28: on the start cell the head edge may carry a port; other off-board ports not."""
    state = new_game(["C", "A"], start=0)  # C at (7,6), head edge 0 (E)
    state = play(state, (0, "S3", 0))  # 0-3 has a port on the head edge: legal
    assert tip(state, 0) == ((7, 5), 0)
    corner = play(solo(), (0, "S1", 2))  # tip (0,0)/5: edge 3 faces off the board
    assert place_code(corner, 0, "S2", 3) == "PORT_OFF_BOARD"


def test_bom_29_no_port_toward_end_pieces() -> None:
    """BOM-29: a port toward a closed start cell is PORT_AT_END_PIECE."""
    state = play(solo(), *[(0, "S3", 0)] * 4, (0, "D9", 0))
    assert place_code(state, 0, "D9", 0) == "PORT_AT_END_PIECE"


def test_bom_30_ports_match_exactly() -> None:
    """BOM-30: (a) PORT_AT_BLANK and (b) OPENING_BLOCKED."""
    state = play(after_s_bom_07_step_3(), (0, "S1", 4))
    assert place_code(state, 0, "S1", 1) == "PORT_AT_BLANK"
    assert place_code(after_s_bom_07_step_3(), 0, "S2", 3) == "OPENING_BLOCKED"


def two_trunks_meet() -> State:
    """S-BOM-11 rounds 1-4 up to B's round-4 move (players A, B, C; start B)."""
    a, b, c = 0, 1, 2
    state = new_game(["A", "B", "C"], start=b)
    return play(state, (b, "S3", 0), (c, "S2", 0), (a, "S3", 0),
                (b, "D9", 0), (c, "D9", 2), (a, "S3", 0),
                (b, "D4", 3), (c, "D9", 2), (a, "S3", 0),
                (b, "S1", 4))


def test_bom_31_and_32_pointing_into_an_opponents_tip() -> None:
    """BOM-32: B may point into A's tip cell; BOM-31: then (1,3) is closed to both."""
    state = two_trunks_meet()
    assert tip(state, 1) == ((1, 3), 1) and tip(state, 0) == ((1, 3), 3)
    d9_r0 = LAYOUT_OF_TURN[(PICTURE_IDS.index("D9"), 0)]
    assert check(state, 0, d9_r0) == "OPPONENT_TIP_CELL"
    assert check(state, 1, d9_r0) == "OPPONENT_TIP_CELL"
    without_b = dict(state, elephants=["A", None, "C"])
    assert check(without_b, 0, d9_r0) is None  # without B it would fit every neighbour
    assert legal_layouts(state, 0) == [] and legal_layouts(state, 1) == []


def test_bom_33_each_piece_placed_once() -> None:
    """BOM-33: the pile goes down by one and the piece stays as placed."""
    state = solo()
    after = play(state, (0, "S3", 0), (0, "D9", 3))
    assert after["piles"][2] == 3 and after["piles"][11] == 3
    assert state["board"][INDEX[(1, 0)]] == -1
    first = after["board"][INDEX[(1, 0)]]
    later = play(after, (0, "S1", 2))
    assert later["board"][INDEX[(1, 0)]] == first
    assert [p[1] for p in later["placements"]] == [INDEX[(1, 0)], INDEX[(1, 1)], INDEX[(1, 2)]]


def test_bom_34_every_placement_lengthens_the_trunk() -> None:
    """BOM-34: each legal placement adds at least one segment."""
    state = after_s_bom_07_step_3()
    before = len(path(state, 0))
    for move in ENGINE.legal_moves(state, 0):
        after, _ = ENGINE.apply(state, 0, move, SeededRng(0))
        assert len(path(after, 0)) > before


def test_bom_36_knot_counts_each_pass() -> None:
    """BOM-36: the trunk runs twice through (1,1), once per segment, and both count."""
    state = play(after_s_bom_07_step_3(), (0, "S1", 4))
    cells = [cell for cell, _seg in path(state, 0)]
    assert cells.count((1, 1)) == 2


def test_bom_37_old_path_is_a_prefix_and_others_unchanged() -> None:
    """BOM-37: a placement only grows the mover's trunk; the others stay the same."""
    state = two_trunks_meet()
    before = {s: walk(state["board"], state["elephants"][s])[0] for s in range(3)}
    after, _ = place(state, 2, "T2", 0)
    for s in range(3):
        now = walk(after["board"], after["elephants"][s])[0]
        if s == 2:
            assert now[: len(before[s])] == before[s] and len(now) > len(before[s])
        else:
            assert now == before[s]


def test_bom_3_walk_uses_facing_edges() -> None:
    """BOM-3 in the walk: each step enters through the edge facing the last exit."""
    state = play(after_s_bom_07_step_3(), (0, "S1", 4))
    steps, _tip = walk(state["board"], "A")
    for (cell, _a, out), (nxt, into, _b) in zip(steps, steps[1:], strict=False):
        assert NEIGHBOURS[cell][out] == nxt and into == opposite(out)
