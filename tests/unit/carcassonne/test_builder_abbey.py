"""Scenario checks S-CAR-25 to S-CAR-29 and S-CAR-31 to S-CAR-33: builder, abbey, section 13."""

from __future__ import annotations

from typing import Any

import pytest

from app.games.base import IllegalMove
from app.games.carcassonne.engine import ENGINE

from .helpers import Game, any_place


def fig(g: Game, x: int, y: int, seg: str, kind: str) -> dict[str, Any]:
    return {"type": "PlaceFigure", "x": x, "y": y, "segment": seg, "kind": kind}


def builder_game(stack: list[str]) -> Game:
    """Steps 1-3 of S-CAR-25: Red's thief and builder on the road east of the start."""
    g = Game(2, stack)
    g.tile(1, 0, 0, "r0")
    g.move({"type": "PlaceTile", "x": 0, "y": 1, "r": 0})
    with pytest.raises(IllegalMove, match="CAR-75"):
        g.move(fig(g, 0, 1, "cl", "builder"))
    g.move({"type": "SkipFigure"})
    g.move({"type": "PlaceTile", "x": 2, "y": 0, "r": 0})
    with pytest.raises(IllegalMove, match="CAR-75"):
        g.move(fig(g, 2, 0, "f0", "builder"))
    g.move(fig(g, 2, 0, "r0", "builder"))
    assert not g.of("ExtraPartEarned")
    return g


def test_car_75_78_79_builder_double_turn() -> None:
    """S-CAR-25: CAR-74, CAR-75, CAR-78, CAR-79."""
    g = builder_game(["U", "B", "U", "U", "U", "U", "U"])
    g.move({"type": "PlaceTile", "x": -1, "y": 0, "r": 0})
    with pytest.raises(IllegalMove, match="CAR-75"):
        g.move(fig(g, -1, 0, "r0", "builder"))
    with pytest.raises(IllegalMove, match="CAR-22"):
        g.move(fig(g, -1, 0, "r0", "follower"))
    g.move({"type": "SkipFigure"})
    assert not g.of("ExtraPartEarned")
    g.tile(3, 0, 0)
    assert g.state.phase == "extra" and g.actor == 0
    g.move({"type": "Draw"})
    assert g.state.ctx["tile"] == "U" and g.state.ctx["kind"] == "extra"
    g.tile(4, 0, 0)
    assert len(g.of("ExtraPartEarned")) == 1
    assert g.actor == 1 and g.state.ctx["tile"] == "U" and g.state.ctx["kind"] == "first"


def test_car_77_80_entitlement_survives_and_decline() -> None:
    """S-CAR-26."""
    g = builder_game(["U", "B", "U", "W", "W", "U"])
    g.tile(-1, 0, 0)
    g.tile(3, 0, 0)
    road = [e for e in g.of("FeatureScored") if e["feature"] == "road"]
    assert road[0]["tiles"] == 5 and road[0]["points"] == 5 and road[0]["seats"] == [0]
    assert g.state.followers[0] == 7 and g.state.builder[0] == -1
    assert g.state.phase == "extra" and g.legal_types() == {"Draw", "DeclineExtra"}
    g.move({"type": "DeclineExtra"})
    assert g.actor == 1 and g.state.ctx["tile"] == "U"


def test_car_81_extra_part_lapses_on_empty_stack() -> None:
    """S-CAR-26 variant."""
    g = builder_game(["U", "B", "U", "W", "W"])
    g.tile(-1, 0, 0)
    g.tile(3, 0, 0)
    assert g.of("ExtraPartLapsed")
    assert g.state.finished


def abbey_game(stack: list[str], n: int = 2) -> Game:
    g = Game(n, stack)
    for x, y, r, seg in ((-1, 0, 0, None), (1, 0, 0, None), (-1, 1, 3, "r0"), (1, 1, 0, None),
                         (-1, 2, 0, None)):
        assert g.state.phase == "place"
        with pytest.raises(IllegalMove):
            g.move({"type": "PlaceAbbey", "x": 0, "y": 1})
        g.tile(x, y, r, seg)
    g.tile(0, 2, 0)
    return g


def test_car_84_to_91_abbey() -> None:
    """S-CAR-27: CAR-84, CAR-85, CAR-86, CAR-87, CAR-88, CAR-89, CAR-90, CAR-91."""
    g = abbey_game(["U", "U", "A", "B", "B", "B", "U"])
    assert g.state.phase == "start" and g.actor == 0
    assert g.legal_types() == {"Draw", "PlaceAbbey"}
    with pytest.raises(IllegalMove, match="CAR-86"):
        g.move({"type": "PlaceAbbey", "x": 2, "y": 0})
    g.move({"type": "PlaceAbbey", "x": 0, "y": 1})
    assert g.state.phase == "figure"
    g.move({"type": "SkipFigure"})
    road = g.of("FeatureScored")[0]
    assert road["feature"] == "road" and road["tiles"] == 1 and road["points"] == 1
    assert g.scores[0] == 1 and g.state.followers[0] == 7
    assert not g.state.feats[g.state.board[(0, 1)][2]].complete
    assert not g.of("ExtraPartEarned") and not g.of("TilesRevealed")
    assert g.actor == 1 and g.state.ctx["tile"] == "U"


def test_car_84_93_no_abbey_for_a_won_tile() -> None:
    """S-CAR-28."""
    g = abbey_game(["U", "U", "A", "B", "B", "B", "BZ4", "U", "V", "U"])
    g.move({"type": "Draw"})
    g.tile(-1, -1, 0)
    g.move({"type": "AuctionOpen", "tile": 0, "bid": 0}, 1)
    g.move({"type": "AuctionPass"}, 0)
    assert g.actor == 1 and g.state.ctx["kind"] == "bazaar"
    assert g.legal_types() == {"PlaceTile"}
    with pytest.raises(IllegalMove, match="CAR-84"):
        g.move({"type": "PlaceAbbey", "x": 0, "y": 1})


@pytest.mark.parametrize("green_places", [True, False])
def test_car_45_end_of_game_abbey_round(green_places: bool) -> None:
    """S-CAR-29."""
    g = Game(3, ["U", "U", "A", "B", "B", "B", "U", "V"])
    g.state.abbey[1] = False  # Given: Blue has used his abbey
    for x, y, r in ((-1, 0, 0), (1, 0, 0), (-1, 1, 3), (1, 1, 0), (-1, 2, 0), (0, 2, 0)):
        g.tile(x, y, r)
    assert g.actor == 0 and g.state.phase == "start"
    g.move({"type": "Draw"})
    g.tile(2, 0, 0)
    assert g.actor == 1 and g.state.phase == "place"  # Blue: no abbey, automatic draw
    any_place(g)
    assert g.of("RegularPlayEnded")
    assert g.state.phase == "abbey_round" and g.actor == 2
    assert g.legal_types() == {"PlaceAbbey", "PassAbbey"}
    if green_places:
        g.move({"type": "PlaceAbbey", "x": 0, "y": 1})
        g.move(fig(g, 0, 1, "cl", "follower"))
        assert g.state.finished
        monk = [e for e in g.of("FeatureScored") if e["feature"] == "cloister" and e["final"]]
        assert monk and monk[0]["seats"] == [2]
    else:
        g.move({"type": "PassAbbey"})
        assert g.actor == 0 and g.state.phase == "abbey_round"
        g.move({"type": "PassAbbey"})
        assert g.state.finished


SEC13 = ["G", "U", "U", "F", "U", "U", "BZ2"]


def sec13_game(row: list[str], tail: list[str], order: str) -> Game:
    """A has a knight and his builder on an open city; A places BZ2 extending it."""
    g = Game(3, SEC13 + row + tail, bazaar_builder_order=order)
    g.tile(0, -1, 1, "c0")
    g.tile(1, 0, 0)
    g.tile(-1, 0, 0)
    g.tile(0, -2, 1, "c0", "builder")
    g.tile(2, 0, 0)
    g.tile(-2, 0, 0)
    g.events.clear()
    g.tile(0, -3, 1)
    assert g.of("ExtraPartEarned")
    return g


def auction_ab(g: Game) -> None:
    """B takes tile 0, C tile 1, A gets tile 2 free."""
    g.move({"type": "AuctionOpen", "tile": 0, "bid": 0}, 1)
    g.move({"type": "AuctionPass"}, 2)
    g.move({"type": "AuctionPass"}, 0)
    g.move({"type": "AuctionOpen", "tile": 1, "bid": 0}, 2)
    g.move({"type": "AuctionPass"}, 0)


def trace(g: Game) -> list[tuple[Any, ...]]:
    keep = {"TileDrawn": "tile", "TilesRevealed": "tiles", "BazaarTurn": "tile",
            "ExtraPartStarted": "seat", "BazaarDrawn": "face_down"}
    return [(e["type"], e.get("seat"), str(e[keep[e["type"]]])) for e in g.events
            if e["type"] in keep]


def play_out(g: Game, extra_draws: bool = True) -> None:
    """Play bazaar turns and extra parts until a regular turn holds a tile."""
    while not (g.state.phase == "place" and g.state.ctx["kind"] == "first"):
        if g.state.phase == "extra":
            g.move({"type": "Draw"} if extra_draws else {"type": "DeclineExtra"})
        elif g.state.phase == "auction":
            auction_ab(g)
        else:
            any_place(g)


def test_car_94_auction_first() -> None:
    """S-CAR-31: CAR-92, CAR-94."""
    g = sec13_game(["V", "V", "V"], ["W", "X"], "auction-first")
    play_out(g)
    assert trace(g) == [
        ("BazaarDrawn", None, "False"), ("TilesRevealed", None, "['V', 'V', 'V']"),
        ("BazaarTurn", 1, "V"), ("BazaarTurn", 2, "V"), ("BazaarTurn", 0, "V"),
        ("ExtraPartStarted", 0, "0"), ("TileDrawn", 0, "W"), ("TileDrawn", 1, "X")]
    assert g.actor == 1


def test_car_95_100_builder_first() -> None:
    """S-CAR-32."""
    g = sec13_game(["V", "V", "V"], ["W", "X"], "builder-first")
    assert g.state.phase == "extra" and g.actor == 0
    for seat in (None, 0, 1, 2):
        v = ENGINE.view(g.state, seat)
        assert v["face_down"] == 3 and v["remaining"] == {"V": 3, "W": 1, "X": 1}
        assert "V" not in str(v["auction"]) and v["auction"] is None
    assert "V" not in str(g.events)
    assert "V" not in str(g.outcomes)  # not even the recorded outcome names them (CAR-100)
    g.move({"type": "Draw"})
    v = ENGINE.view(g.state, None)
    assert v["remaining"] == {"V": 3, "X": 1}  # the face-down tiles stay unseen
    play_out(g)
    assert {"w": "V"} in [o for out in g.outcomes for o in out]  # witnessed at the reveal
    assert trace(g) == [
        ("BazaarDrawn", None, "True"), ("ExtraPartStarted", 0, "0"), ("TileDrawn", 0, "W"),
        ("TilesRevealed", None, "['V', 'V', 'V']"),
        ("BazaarTurn", 1, "V"), ("BazaarTurn", 2, "V"), ("BazaarTurn", 0, "V"),
        ("TileDrawn", 1, "X")]


@pytest.mark.parametrize("order", ["auction-first", "builder-first"])
def test_car_96_79_triple_turn(order: str) -> None:
    """S-CAR-33: A's won tile E closes A's city: another extra part."""
    g = sec13_game(["V", "V", "E"], ["W", "W", "X"], order)

    def act() -> None:
        if g.state.phase == "extra":
            g.move({"type": "Draw"})
        elif g.state.phase == "auction":
            auction_ab(g)
        elif g.state.ctx.get("tile") == "E":
            g.tile(0, -4, 2)
        else:
            any_place(g)

    while not (g.state.phase == "place" and g.state.ctx["kind"] == "first"):
        act()
    drawn = [(e["seat"], e["tile"]) for e in g.of("TileDrawn")]
    assert drawn == [(0, "W"), (0, "W"), (1, "X")]
    extras = [e["seat"] for e in g.of("ExtraPartStarted")]
    assert extras == [0, 0]
    t = trace(g)
    if order == "auction-first":
        assert t.index(("BazaarTurn", 0, "E")) < t.index(("TileDrawn", 0, "W"))
    else:
        assert t.index(("TileDrawn", 0, "W")) < t.index(("TilesRevealed", None,
                                                           "['V', 'V', 'E']"))


def test_car_94_72_queued_bazaar_runs_before_the_deferred_extra_part() -> None:
    """CAR-94 steps 5-8 with a queue: bazaar turns, queued bazaar, deferred extra, next turn."""
    stack = ["G", "U", "U", "F", "U", "U", "BZ2", "U", "V", "V", "BZ4", "B", "B", "B", "W", "X"]
    g = Game(3, stack, farm_scoring="off")
    g.tile(0, -1, 1, "c0")  # A: knight
    g.tile(1, 0, 0, "r0")  # B: thief
    g.tile(-1, 0, 0)
    g.tile(0, -2, 1, "c0", "builder")  # A: builder on the city
    g.tile(2, 0, 0, "r0", "builder")  # B: builder on the road
    g.tile(-2, 0, 0)
    g.events.clear()
    g.tile(0, -3, 1)  # A: BZ2 extends the city: extra part owed, bazaar due
    auction_ab(g)  # B takes U, C the first V, A the other V
    assert g.actor == 1 and g.state.ctx["tile"] == "U"
    g.tile(3, 0, 0)  # extends B's road: B's extra part at once
    assert g.state.phase == "extra" and g.actor == 1
    g.move({"type": "Draw"})
    any_place(g)  # BZ4, drawn inside the window: queued
    while not (g.state.phase == "place" and g.state.ctx["kind"] == "first"):
        if g.state.phase == "extra":
            g.move({"type": "Draw"})
        elif g.state.phase == "auction":
            auction_ab(g) if g.actor == 1 else _auction_from(g, g.actor)
        else:
            any_place(g)
    assert trace(g) == [
        ("BazaarDrawn", None, "False"), ("TilesRevealed", None, "['U', 'V', 'V']"),
        ("BazaarTurn", 1, "U"), ("ExtraPartStarted", 1, "1"), ("TileDrawn", 1, "BZ4"),
        ("BazaarTurn", 2, "V"), ("BazaarTurn", 0, "V"),
        ("BazaarDrawn", None, "False"), ("TilesRevealed", None, "['B', 'B', 'B']"),
        ("BazaarTurn", 2, "B"), ("BazaarTurn", 0, "B"), ("BazaarTurn", 1, "B"),
        ("ExtraPartStarted", 0, "0"), ("TileDrawn", 0, "W"), ("TileDrawn", 1, "X")]
    assert g.of("BazaarQueued") == [{"type": "BazaarQueued", "placer": 1}]
    assert g.actor == 1


def _auction_from(g: Game, first: int) -> None:
    """Everyone opens or passes at 0, starting with ``first`` (3 players)."""
    a, b, c = first, (first + 1) % 3, (first + 2) % 3
    g.move({"type": "AuctionOpen", "tile": 0, "bid": 0}, a)
    g.move({"type": "AuctionPass"}, b)
    g.move({"type": "AuctionPass"}, c)
    g.move({"type": "AuctionOpen", "tile": 1, "bid": 0}, b)
    g.move({"type": "AuctionPass"}, c)


def test_car_95_72_bazaar_tile_in_the_builder_first_extra_part_is_queued() -> None:
    """CAR-95 step 4: the placer's extra part draws a bazaar tile inside the window."""
    g = sec13_game(["V", "V", "V"], ["BZ4", "B", "B", "B", "X"], "builder-first")
    g.move({"type": "Draw"})
    any_place(g)  # BZ4
    assert g.of("BazaarQueued") == [{"type": "BazaarQueued", "placer": 0}]
    play_out(g)
    assert trace(g) == [
        ("BazaarDrawn", None, "True"), ("ExtraPartStarted", 0, "0"), ("TileDrawn", 0, "BZ4"),
        ("TilesRevealed", None, "['V', 'V', 'V']"),
        ("BazaarTurn", 1, "V"), ("BazaarTurn", 2, "V"), ("BazaarTurn", 0, "V"),
        ("BazaarDrawn", None, "False"), ("TilesRevealed", None, "['B', 'B', 'B']"),
        ("BazaarTurn", 1, "B"), ("BazaarTurn", 2, "B"), ("BazaarTurn", 0, "B"),
        ("TileDrawn", 1, "X")]
