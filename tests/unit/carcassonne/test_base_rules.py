"""Scenario checks S-CAR-01 to S-CAR-16: tiles, placement, figures, features, scoring."""

from __future__ import annotations

import pytest

from app.games.base import IllegalMove, InvalidOptions
from app.games.carcassonne.engine import ENGINE
from app.games.carcassonne.tiles import (
    BASE_IDS,
    BAZAAR_IDS,
    HALF_EDGES,
    TILE_TYPES,
    rotated,
    segment_names,
    supply,
)

from .helpers import Game


def test_car_11_12_6_7_52_tile_data() -> None:
    """S-CAR-01."""
    base = [TILE_TYPES[t] for t in BASE_IDS]
    assert sum(t.count for t in base) == 72
    assert TILE_TYPES["D"].count == 4
    assert sum(t.count for t in base if t.pennant) == 10
    assert sum(t.count for t in base if t.cloister) == 6
    bz = [TILE_TYPES[t] for t in BAZAAR_IDS]
    assert sum(t.count for t in bz) == 12
    assert sum(t.count for t in bz if t.bazaar) == 8
    assert sum(t.count for t in bz if t.cloister) == 2
    assert not any(t.pennant for t in bz)
    assert sum(any(t.inns) for t in bz) == 2
    assert len(supply(False)) - 1 == 71 and len(supply(True)) - 1 == 83
    for t in base + bz:
        for side in range(4):
            in_city = sum(side in c for c in t.cities)
            in_road = sum(side in r for r in t.roads)
            kind = t.sides[side]
            assert in_city == (kind == "C") and in_road == (kind == "R"), (t.id, side)
            halves = (2 * side, 2 * side + 1)
            for h in halves:
                in_field = sum(h in f for f in t.fields)
                assert in_field == (0 if kind == "C" else 1), (t.id, HALF_EDGES[h])
        for fc in t.field_cities:
            assert all(0 <= c < len(t.cities) for c in fc)
    assert segment_names("D") == ("c0", "r0", "f0", "f1")
    assert TILE_TYPES["D"].fields[0] == (7, 2)  # the strip between city and road
    assert segment_names("W") == ("r0", "r1", "r2", "f0", "f1", "f2")
    assert TILE_TYPES["W"].roads == ((1,), (2,), (3,))
    assert segment_names("B") == ("f0", "cl")


def test_car_7_stack_sizes() -> None:
    """S-CAR-01: 71 tiles without bazaar, 83 with."""
    assert Game(2, bazaar=False).state.remaining() == 71 - 1  # first tile already drawn
    assert Game(2).state.remaining() == 83 - 1


@pytest.mark.parametrize(("players", "opts"), [
    (1, {}), (6, {}), (2, {"tiny_city": "3"}), (2, {"farm_scoring": "fourth"}),
    (2, {"bazaar_builder_order": "builder-last"}), (2, {"colour": "red"}),
    (2, {"stack": ["C", "C"]}), (2, {"stack": ["D", "D", "D", "D"]}),
    (2, {"stack": ["BZ4"], "bazaar": False}), (2, {"first_player": 3}),
])
def test_car_4_option_validation(players: int, opts: dict[str, object]) -> None:
    """S-CAR-02."""
    with pytest.raises(InvalidOptions):
        ENGINE.validate_options(opts, players)


def test_car_4_stack_fixture_with_three_d_is_fine() -> None:
    ENGINE.validate_options({"stack": ["D", "D", "D"]}, 2)


def test_car_9_rotation() -> None:
    """S-CAR-03."""
    v = rotated("V", 1)
    assert v.sides == "RFFR"
    assert set(v.seg_sides[0]) == {0, 3}
    assert {HALF_EDGES[h] for h in v.seg_halves[1]} == {"Ne", "En", "Es", "Se", "Sw", "Ws"}
    assert {HALF_EDGES[h] for h in v.seg_halves[2]} == {"Wn", "Nw"}
    assert rotated("V", 0).sides == TILE_TYPES["V"].sides
    for tid in BASE_IDS + BAZAAR_IDS:
        sides = TILE_TYPES[tid].sides
        assert rotated(tid, 1).sides == sides[3] + sides[:3]


def test_car_15_16_legal_placements() -> None:
    """S-CAR-04."""
    g = Game(2, ["E"])
    legal = {(m["x"], m["y"], m["r"]) for m in ENGINE.legal_moves(g.state, 0)}
    assert legal == {(0, -1, 2), (0, 1, 1), (0, 1, 2), (0, 1, 3)}
    # the view names each square once; its rotations are the seat's legal moves (issue 16)
    assert ENGINE.view(g.state, None)["placements"] == [[0, -1], [0, 1]]
    for x, y, r in ((1, -1, 0), (2, 0, 0), (0, -1, 0)):
        with pytest.raises(IllegalMove, match="CAR-15"):
            g.move({"type": "PlaceTile", "x": x, "y": y, "r": r})


@pytest.mark.parametrize(("tiny", "points"), [("4", 4), ("2", 2)])
def test_car_40_27_38_two_tile_city(tiny: str, points: int) -> None:
    """S-CAR-05."""
    g = Game(2, ["E"], tiny_city=tiny)
    g.tile(0, -1, 2, "c0")
    assert g.scores == [points, 0]
    assert g.state.followers[0] == 7
    assert g.of("FeatureScored")[0]["feature"] == "city"


@pytest.mark.parametrize("tiny", ["4", "2"])
def test_car_30_33_40_three_tile_city_with_pennant(tiny: str) -> None:
    """S-CAR-06."""
    g = Game(2, ["M", "E"], tiny_city=tiny)
    g.tile(0, -1, 2, "c0")
    g.tile(1, -1, 3)
    ev = g.of("FeatureScored")[0]
    assert (ev["tiles"], ev["pennants"], ev["points"]) == (3, 1, 8)
    assert g.scores == [8, 0]


@pytest.mark.parametrize("tiny", ["4", "2"])
def test_car_46_incomplete_city_at_the_end(tiny: str) -> None:
    """S-CAR-06 variant."""
    g = Game(2, ["M"], tiny_city=tiny)
    g.tile(0, -1, 2, "c0")
    assert g.state.finished
    assert g.scores == [3, 0]


def test_car_22_occupied_feature() -> None:
    """S-CAR-07."""
    g = Game(2, ["U", "U"])
    g.tile(1, 0, 0, "r0")
    g.move({"type": "PlaceTile", "x": -1, "y": 0, "r": 0})
    with pytest.raises(IllegalMove, match="CAR-22"):
        g.move({"type": "PlaceFigure", "x": -1, "y": 0, "segment": "r0", "kind": "follower"})
    g.move({"type": "PlaceFigure", "x": -1, "y": 0, "segment": "f0", "kind": "follower"})


def test_car_28_29_36_road_loop() -> None:
    """S-CAR-08."""
    g = Game(2, ["V", "V", "V", "V"])
    g.tile(0, 1, 3, "r0")
    g.tile(1, 1, 0)
    g.tile(1, 2, 1)
    assert g.scores == [0, 0]
    g.tile(0, 2, 2)
    ev = g.of("FeatureScored")[0]
    assert ev["feature"] == "road" and ev["tiles"] == 4 and ev["seats"] == [0]
    assert g.scores[0] >= 4 and g.state.followers[0] == 7
    assert g.scores[1] == 0


def test_car_23_37_shared_road() -> None:
    """S-CAR-09."""
    g = Game(2, ["V", "U", "V", "V", "V"], farm_scoring="off")
    g.tile(1, 0, 0, "r0")
    g.tile(0, 1, 0, "r0")
    g.tile(1, 1, 1)
    g.tile(-1, 0, 3)
    g.tile(-1, 1, 2)
    road = [e for e in g.of("FeatureScored") if e["feature"] == "road" and not e["final"]]
    assert road[0]["tiles"] == 6 and road[0]["seats"] == [0, 1]
    assert g.scores == [6, 6]


def test_car_37_29_majority() -> None:
    """S-CAR-10."""
    g = Game(2, ["U", "U", "U", "V", "V", "V", "V", "W", "W"], farm_scoring="off")
    g.tile(1, 0, 0, "r0")
    g.tile(0, 1, 0, "r0")
    g.tile(0, 2, 0, "r0")
    g.tile(-1, 0, 3)
    g.tile(-1, 1, 2)
    g.tile(1, 1, 0)
    g.tile(1, 2, 1)
    g.tile(2, 0, 0)
    before = g.scores
    g.tile(-1, 2, 0)
    road = [e for e in g.of("FeatureScored") if e["tiles"] == 10]
    assert road and road[0]["seats"] == [0] and road[0]["points"] == 10
    assert len(road[0]["returned"]) == 3
    assert g.state.followers == [7, 7]
    assert before == [0, 0]


def test_car_29_39_road_between_junctions() -> None:
    """S-CAR-11."""
    g = Game(2, ["W", "W"])
    g.tile(1, 0, 0, "r2")
    g.tile(-1, 0, 0)
    assert g.of("FeatureScored")[0]["tiles"] == 3
    assert g.scores == [3, 0]


def test_car_31_41_cloister() -> None:
    """S-CAR-12."""
    g = Game(2, ["B", "U", "U", "B", "B", "E", "E", "E"])
    g.tile(0, 1, 0, "cl")
    for x, y, r in ((-1, 0, 0), (1, 0, 0), (-1, 1, 0), (1, 1, 0), (-1, 2, 2), (0, 2, 2)):
        g.tile(x, y, r)
    assert g.scores == [0, 0]
    g.tile(1, 2, 2)
    assert g.of("FeatureScored")[0]["feature"] == "cloister"
    assert g.scores[0] == 9 and g.state.followers[0] == 7


def test_car_46_incomplete_cloister() -> None:
    """S-CAR-12 variant."""
    g = Game(2, ["B", "U", "U", "B", "B"])
    g.tile(0, 1, 0, "cl")
    for x, y, r in ((-1, 0, 0), (1, 0, 0), (-1, 1, 0), (1, 1, 0)):
        g.tile(x, y, r)
    assert g.state.finished and g.scores == [6, 0]


@pytest.mark.parametrize(("rule", "points"), [("third", 6), ("second", 6), ("first", 8)])
def test_car_48_34_49_farm_with_two_cities(rule: str, points: int) -> None:
    """S-CAR-13."""
    g = Game(2, ["D", "E", "E"], farm_scoring=rule)
    g.tile(1, 0, 0, "f0")
    g.tile(0, -1, 2)
    g.tile(1, -1, 2)
    assert g.state.finished
    assert g.scores == [points, 0]


@pytest.mark.parametrize(("rule", "points"), [("third", 6), ("second", 3), ("first", 4)])
def test_car_48_one_city_two_farms(rule: str, points: int) -> None:
    """S-CAR-14."""
    g = Game(2, ["G", "E", "B"], farm_scoring=rule)
    g.tile(0, -1, 1, "f0")
    g.tile(0, -2, 2)
    g.tile(0, -3, 0, "f0")
    assert g.state.finished
    assert g.scores == [points, 0]


def test_car_21_no_farmers_when_off() -> None:
    """S-CAR-14 with farm_scoring off."""
    g = Game(2, ["G", "E", "B"], farm_scoring="off")
    g.move({"type": "PlaceTile", "x": 0, "y": -1, "r": 1})
    with pytest.raises(IllegalMove, match="CAR-21"):
        g.move({"type": "PlaceFigure", "x": 0, "y": -1, "segment": "f0", "kind": "follower"})


@pytest.mark.parametrize(("rule", "points"), [("third", 6), ("second", 6), ("first", 8)])
def test_car_37_48_50_shared_farm(rule: str, points: int) -> None:
    """S-CAR-15."""
    g = Game(2, ["D", "E", "E", "V", "V"], farm_scoring=rule)
    g.tile(1, 0, 0, "f0")
    g.tile(0, -1, 2)
    g.tile(1, -1, 2)
    g.tile(-1, -1, 0, "f0")
    g.tile(-1, 0, 2)
    assert g.state.finished
    assert g.scores == [points, points]
    assert ENGINE.outcome(g.state).winners == [0, 1]  # type: ignore[union-attr]


def test_car_17_unplaceable_tile() -> None:
    """S-CAR-16."""
    g = Game(2, ["E", "C", "U"])
    g.tile(0, -1, 2)
    assert g.state.discards == ("C",)
    assert g.of("TileDiscarded")[0]["tile"] == "C"
    assert g.actor == 1 and g.state.ctx["tile"] == "U"
    g.tile(1, 0, 0)
    assert g.state.finished
