"""Numbered rules not covered by a §17 scenario of their own."""

from __future__ import annotations

import pytest

from app.games.base import IllegalMove, InvalidMove, RecordingRng, SeededRng
from app.games.carcassonne.engine import ENGINE
from app.games.carcassonne.tiles import TILE_TYPES

from .helpers import NAMES, Game


def test_car_5_figures_and_scores_at_start() -> None:
    g = Game(3)
    p = ENGINE.view(g.state, None)["players"]
    assert [(q["score"], q["followers"], q["builder"], q["abbey"]) for q in p] == \
        [(0, 7, "supply", True)] * 3
    h = Game(3, builder=False, abbey=False)
    p = ENGINE.view(h.state, None)["players"]
    assert [(q["builder"], q["abbey"]) for q in p] == [(None, None)] * 3  # neither in the game


def test_car_8_first_player_option() -> None:
    assert Game(3, first_player=2).actor == 2


def test_car_102_random_first_player_and_shuffle_only_at_setup() -> None:
    rng = RecordingRng(SeededRng(3))
    opts = ENGINE.validate_options({}, 3)
    s = ENGINE.setup(NAMES[:3], opts, rng)
    draws = [o for o in rng.outcomes if isinstance(o, int)]
    assert len(draws) == 83 - 1 + 1  # Fisher-Yates over 83 tiles, then the first player
    assert s.actor == draws[-1]


def test_car_14_18_draw_is_public_and_tiles_stay() -> None:
    g = Game(2, ["E", "U"])
    v = ENGINE.view(g.state, None)
    assert v["turn"]["tile"] == "E" and v["stack"] == 1
    g.tile(0, -1, 2)
    assert any(t["tile"] == "E" and (t["x"], t["y"]) == (0, -1)
               for t in ENGINE.view(g.state, None)["board"])


def test_car_24_farmers_stay_until_the_end() -> None:
    g = Game(2, ["D", "E", "U"])
    g.tile(1, 0, 0, "f0")
    g.tile(0, -1, 2)  # completes the start city: the farmer stays
    assert g.state.followers[0] == 6
    assert any(f[1] == "follower" for f in g.state.figures.values())


def test_car_25_empty_supply() -> None:
    g = Game(2, ["U", "U"])
    g.state.followers[0] = 0
    g.move({"type": "PlaceTile", "x": 1, "y": 0, "r": 0})
    assert g.legal_types() == {"SkipFigure"}
    with pytest.raises(IllegalMove, match="CAR-25"):
        g.move({"type": "PlaceFigure", "x": 1, "y": 0, "segment": "r0", "kind": "follower"})


def test_car_26_no_figure_on_a_bazaar() -> None:
    g = Game(2, ["BZ4", "U", "U"])
    g.move({"type": "PlaceTile", "x": 0, "y": 1, "r": 0})
    with pytest.raises(IllegalMove, match="CAR-26"):
        g.move({"type": "PlaceFigure", "x": 0, "y": 1, "segment": "bz", "kind": "follower"})


def test_car_53_54_bazaar_and_inn_end_a_road_inn_has_no_effect() -> None:
    g = Game(2, ["BZ5", "W"], bazaar=True)
    g.tile(1, 0, 1, "r0")
    assert TILE_TYPES["BZ5"].inns == (True,)
    # the bazaar made a bazaar due, but too few tiles: skipped
    assert g.of("BazaarSkipped")
    g.tile(-1, 0, 0)
    road = [e for e in g.of("FeatureScored") if e["feature"] == "road"][0]
    assert road["tiles"] == 3 and road["points"] == 3 and road["seats"] == [0]


def test_car_35_42_scored_once() -> None:
    g = Game(2, ["E", "U", "U"])
    g.tile(0, -1, 2, "c0")
    g.tile(1, 0, 0)
    g.tile(-1, 0, 0)
    cities = [e for e in g.of("FeatureScored") if e["feature"] == "city"]
    assert len(cities) == 1


def test_car_47_builders_score_nothing_at_the_end() -> None:
    g = Game(2, ["U", "B", "U"], farm_scoring="off")
    g.tile(1, 0, 0, "r0")
    g.tile(0, 1, 0)
    g.tile(2, 0, 0, "r0", "builder")
    assert g.state.finished
    final = [e for e in g.of("FeatureScored") if e["final"] and e["feature"] == "road"]
    assert final[0]["points"] == 3 and g.scores[0] == 3


def test_car_76_builder_does_not_occupy() -> None:
    g = Game(2, ["U", "U", "U"])
    g.tile(1, 0, 0, "r0")
    g.tile(-1, 0, 0, "f1")
    g.move({"type": "PlaceTile", "x": 2, "y": 0, "r": 0})
    g.move({"type": "PlaceFigure", "x": 2, "y": 0, "segment": "r0", "kind": "builder"})
    f = g.state.feats[g.state.find(g.state.board[(2, 0)][2])]
    assert len(f.followers) == 1 and len(f.builders) == 1


def test_car_83_abbey_is_not_in_the_stack() -> None:
    g = Game(2)
    assert "ABBEY" not in g.state.stack
    assert "ABBEY" not in ENGINE.view(g.state, None)["remaining"]


def test_car_50_ties_share_the_win() -> None:
    g = Game(2, ["U"])
    g.tile(1, 0, 0)
    out = ENGINE.outcome(g.state)
    assert out is not None and out.winners == [0, 1] and out.ranks == [1, 1]


def test_car_43_51_score_events_and_final_report() -> None:
    g = Game(2, ["E", "U"])
    g.tile(0, -1, 2, "c0")
    g.tile(1, 0, 0, "r0")
    during = g.of("FeatureScored")[0]
    assert (during["feature"], during["points"], during["seats"], during["final"]) == \
        ("city", 4, [0], False)
    final = ENGINE.view(g.state, None)["final"]
    assert final and all(e["type"] in ("FeatureScored", "FarmScored") for e in final)
    assert any(e["feature"] == "road" and e["seats"] == [1] for e in final
               if e["type"] == "FeatureScored")
    assert ENGINE.describe(during, NAMES[:2]) == "Red: 4 points for a completed city of 2 tiles"


def test_car_98_public_view_fields() -> None:
    g = Game(3)
    v = ENGINE.view(g.state, None)
    for key in ("board", "figures", "stack", "discards", "turn", "placements", "auction",
                "bazaar", "remaining", "players", "phase"):
        assert key in v
    assert v["turn"]["tile"] == g.state.ctx["tile"]
    assert v["placements"]


def test_car_112_no_timeout_move_of_its_own() -> None:
    g = Game(2)
    assert ENGINE.timeout_move(g.state, g.actor) is None
    move = ENGINE.bot_move(g.state, g.actor, SeededRng(2))
    ENGINE.apply(g.state, g.actor, move, SeededRng(2))


@pytest.mark.parametrize("kind", ["PlacePig", "PlaceBridge", "PlaceCastle", "Cancel"])
def test_car_3_82_out_of_scope_moves_are_invalid(kind: str) -> None:
    g = Game(2)
    with pytest.raises(InvalidMove):
        g.move({"type": kind})
