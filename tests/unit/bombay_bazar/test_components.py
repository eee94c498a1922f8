"""Components and geometry: BOM-1 to BOM-9, scenario checks S-BOM-01 to S-BOM-03."""

from __future__ import annotations

from itertools import combinations

from app.games.bombay_bazar.data import (
    COPIES,
    DATA,
    END_PIECES,
    PICTURE_IDS,
    ROW_LENGTHS,
    SUPPLY_TOTAL,
)
from app.games.bombay_bazar.geometry import (
    CELLS,
    ELEPHANT_START,
    INDEX,
    LAYOUT_OF_TURN,
    LAYOUTS,
    LAYOUTS_OF_PICTURE,
    NEIGHBOURS,
    OFF,
    neighbour_cell,
    opposite,
    rotate,
)


def layout_of(picture: str, r: int) -> tuple[tuple[int, int], ...]:
    return LAYOUTS[LAYOUT_OF_TURN[(PICTURE_IDS.index(picture), r)]].segments


def facing(cell: tuple[int, int]) -> set[int]:
    return {e for e in range(6) if neighbour_cell(cell, e) is not None}


def test_bom_1_all_component_facts_live_in_one_versioned_data_object() -> None:
    """BOM-1: board, elephants, order, pairs, pictures and end pieces come from DATA."""
    for key in ("data_version", "board", "elephants", "clockwise", "two_player_pairs",
                "end_pieces", "pictures"):
        assert key in DATA
    assert len(CELLS) == sum(DATA["board"]["row_lengths"])
    assert len(PICTURE_IDS) == len(DATA["pictures"])
    assert sum(len(v) for v in LAYOUTS_OF_PICTURE) == len(LAYOUTS)
    assert END_PIECES == DATA["end_pieces"] == len(DATA["elephants"])


def test_bom_2_a_table_has_one_to_four_players() -> None:
    """BOM-2: 1-4 players; see test_setup for the option checks."""
    from app.games.bombay_bazar import ENGINE

    assert (ENGINE.min_players, ENGINE.max_players) == (1, 4)


def test_bom_3_facing_edges_are_symmetric() -> None:
    """BOM-3: edge e of a cell touches edge e+3 of the cell across it."""
    for i, cell in enumerate(CELLS):
        for e in range(6):
            n = NEIGHBOURS[i][e]
            if n != OFF:
                assert NEIGHBOURS[n][opposite(e)] == i, (cell, e)


def test_bom_4_pictures_are_disjoint_segments_and_mirrors_differ() -> None:
    """BOM-4: 1-3 segments joining two different edges, no edge used twice; D3 != D4."""
    for picture in DATA["pictures"]:
        edges = [e for seg in picture["segments"] for e in seg]
        assert 1 <= len(picture["segments"]) <= 3
        assert all(a != b for a, b in picture["segments"])
        assert len(edges) == len(set(edges))
    d3 = {rotate(DATA["pictures"][PICTURE_IDS.index("D3")]["segments"], r) for r in range(6)}
    d4 = {rotate(DATA["pictures"][PICTURE_IDS.index("D4")]["segments"], r) for r in range(6)}
    assert not d3 & d4


def test_s_bom_01_picture_set() -> None:
    """S-BOM-01 (BOM-4 to BOM-6): 15 + 45 + 15 layouts, 3 + 9 + 5 classes, 75, 68 pieces."""
    pairs = list(combinations(range(6), 2))
    by_size: dict[int, set[tuple[tuple[int, int], ...]]] = {1: set(), 2: set(), 3: set()}
    for k in (1, 2, 3):
        for combo in combinations(pairs, k):
            edges = [e for p in combo for e in p]
            if len(edges) == len(set(edges)):
                by_size[k].add(tuple(sorted(combo)))
    assert [len(by_size[k]) for k in (1, 2, 3)] == [15, 45, 15]
    classes = {k: {min(rotate(lay, r) for r in range(6)) for lay in by_size[k]}
               for k in (1, 2, 3)}
    assert [len(classes[k]) for k in (1, 2, 3)] == [3, 9, 5]
    table = {tuple(sorted(tuple(s) for s in p["segments"])) for p in DATA["pictures"]}
    assert table == classes[1] | classes[2] | classes[3]
    assert len(LAYOUTS) == 75
    # counting mirror images as equal would give 16 pictures
    def mirror(c: tuple[tuple[int, int], ...]) -> tuple[tuple[int, int], ...]:
        flipped = [((6 - a) % 6, (6 - b) % 6) for a, b in c]
        return min(min(rotate(flipped, r) for r in range(6)), min(rotate(c, r) for r in range(6)))

    assert len({mirror(c) for c in table}) == 16
    assert SUPPLY_TOTAL == 68


def test_bom_5_rotation_and_canonical_rotation_s_bom_03() -> None:
    """BOM-5 / S-BOM-03: S2 r1 = {1-3}; D2 r1 = D2 r4 (canonical 1); T5 1 layout, T1 2."""
    assert layout_of("S2", 1) == ((1, 3),)
    assert layout_of("D2", 1) == layout_of("D2", 4) == ((1, 2), (4, 5))
    assert LAYOUTS[LAYOUT_OF_TURN[(PICTURE_IDS.index("D2"), 4)]].rotation == 1
    assert len(LAYOUTS_OF_PICTURE[PICTURE_IDS.index("T5")]) == 1
    assert len(LAYOUTS_OF_PICTURE[PICTURE_IDS.index("T1")]) == 2
    for lay in LAYOUTS:  # canonical = the smallest rotation giving the layout
        base = DATA["pictures"][lay.picture]["segments"]
        assert lay.rotation == min(r for r in range(6) if rotate(base, r) == lay.segments)
    assert len({lay.segments for lay in LAYOUTS}) == len(LAYOUTS)


def test_bom_6_supply_holds_copies_of_each_picture() -> None:
    """BOM-6: 17 pictures x 4 copies = 68 pieces."""
    assert COPIES == (4,) * 17
    # the "distinct rotations" column of the table in section 2.3
    assert [len(v) for v in LAYOUTS_OF_PICTURE] == [
        6, 6, 3, 6, 3, 6, 6, 6, 3, 6, 6, 3, 2, 3, 6, 3, 1]
    assert sum(COPIES) == SUPPLY_TOTAL == 68


def test_bom_7_end_pieces() -> None:
    """BOM-7: 4 end pieces; stacking is checked in S-BOM-12 (test_elimination)."""
    assert END_PIECES == 4


def test_bom_8_board_and_s_bom_02() -> None:
    """BOM-8 / S-BOM-02: 68 cells in 9 rows; corner and edge cells; neighbour tables."""
    assert len(CELLS) == 68 and ROW_LENGTHS == (8, 7, 8, 7, 8, 7, 8, 7, 8)
    assert facing((0, 0)) == {0, 5}
    assert facing((0, 7)) == {3, 4}
    assert facing((8, 0)) == {0, 1}
    assert facing((8, 7)) == {2, 3}
    assert facing((2, 0)) == {0, 1, 5}
    assert facing((0, 3)) == {0, 3, 4, 5}
    assert [neighbour_cell((1, 1), e) for e in range(6)] == [
        (1, 2), (0, 2), (0, 1), (1, 0), (2, 1), (2, 2)]
    assert [neighbour_cell((2, 1), e) for e in range(6)] == [
        (2, 2), (1, 1), (1, 0), (2, 0), (3, 0), (3, 1)]
    counts = sorted(len(facing(c)) for c in CELLS)
    assert counts.count(2) == 4 and counts.count(5) == 8
    # the outline is unchanged by a half turn: (r, c) -> (8 - r, len - 1 - c)
    assert all((8 - r, ROW_LENGTHS[8 - r] - 1 - c) in INDEX for r, c in CELLS)


def test_bom_9_elephants_start_cells_and_head_edges() -> None:
    """BOM-9 / S-BOM-02: head edges face off the board; start cells have 5 facing edges."""
    expected = {"A": ((1, 0), 3), "B": ((1, 6), 0), "C": ((7, 6), 0), "D": ((7, 0), 3)}
    for elephant, (cell, head) in expected.items():
        assert ELEPHANT_START[elephant] == (INDEX[cell], head)
        assert neighbour_cell(cell, head) is None
        assert facing(cell) == set(range(6)) - {head}
    assert DATA["clockwise"] == ["A", "B", "C", "D"]
