"""Scenario checks S-CAR-17 to S-CAR-24 and S-CAR-30: bazaars and the auction in the game."""

from __future__ import annotations

import pytest

from app.games.base import GameError, IllegalMove, NotYourTurn
from app.games.carcassonne.engine import ENGINE

from .helpers import Game, any_place, seed_auction


def bazaar_game(stack: list[str], n: int = 4, **opts: object) -> Game:
    g = Game(n, stack, **opts)
    g.tile(0, 1, 0)  # the bazaar tile below the start tile
    return g


def test_car_55_to_66_69_73_the_seeds_example() -> None:
    """S-CAR-17 and the seed's 4-player example (§10.6): CAR-55, CAR-57, CAR-59, CAR-60,
    CAR-61, CAR-62, CAR-63, CAR-64, CAR-65, CAR-66, CAR-69, CAR-73."""
    g = bazaar_game(["BZ4", "U", "V", "W", "B", "U"])
    assert g.of("TilesRevealed")[0]["tiles"] == ["U", "V", "W", "B"]
    assert g.state.phase == "auction" and g.actor == 1  # Blue, left of Red (CAR-60)
    seed_auction(g)
    changes = [c for e in g.of("AuctionSettled") for c in e["changes"]]
    assert [(c["seat"], c["points"]) for c in changes] == [(1, -3), (0, 3), (3, -3), (2, 3),
                                                           (0, -3)]
    assert g.scores == [0, -3, 3, -3]
    settled = g.of("AuctionSettled")
    assert [e["auctioneer"] for e in settled] == [1, 2, 0, None]
    assert settled[-1]["settlement"] == "free" and settled[-1]["owner"] == 2
    won = ENGINE.view(g.state, None)["bazaar"]["won_tiles"]
    assert [(w["seat"], w["tile"]) for w in won] == [(2, "B"), (3, "V"), (0, "W")]  # Blue plays
    for seat, tile in ((1, "U"), (2, "B"), (3, "V"), (0, "W")):
        assert g.actor == seat and g.state.ctx["tile"] == tile
        assert not g.state.ctx["drawn"]
        any_place(g)
    assert not g.of("TileDrawn")[1:]  # nobody draws in the bazaar round
    assert g.actor == 1 and g.state.ctx["tile"] == "U" and g.state.ctx["drawn"]


def test_car_63_66_two_players() -> None:
    """S-CAR-18."""
    g = bazaar_game(["BZ4", "U", "V", "U"], 2)
    g.move({"type": "AuctionOpen", "tile": 1, "bid": 2}, 1)
    g.move({"type": "AuctionRaise", "bid": 4}, 0)
    g.move({"type": "AuctionSettle", "choice": "sell"}, 1)
    assert g.scores == [-4, 4]
    assert g.actor == 1 and g.state.ctx["tile"] == "U"
    any_place(g)
    assert g.actor == 0 and g.state.ctx["tile"] == "V"
    any_place(g)
    assert g.actor == 1 and g.state.ctx["tile"] == "U" and g.state.ctx["drawn"]


def test_car_68_61_62_rejected_auction_moves() -> None:
    """S-CAR-19."""
    g = bazaar_game(["BZ4", "U", "V", "W", "B", "U"])
    before = ENGINE.dump_state(g.state)
    for move, seat in (({"type": "AuctionPass"}, 1),
                       ({"type": "AuctionOpen", "tile": 0, "bid": -1}, 1),
                       ({"type": "AuctionOpen", "tile": 0, "bid": 1000}, 1),
                       ({"type": "AuctionOpen", "tile": 4, "bid": 0}, 1),
                       ({"type": "AuctionOpen", "tile": "U", "bid": 0}, 1),
                       ({"type": "AuctionRaise", "bid": 5}, 3)):
        with pytest.raises(GameError):
            g.move(move, seat)
    assert ENGINE.dump_state(g.state) == before
    g.move({"type": "AuctionOpen", "tile": 0, "bid": 1}, 1)
    with pytest.raises(IllegalMove, match="CAR-62"):
        g.move({"type": "AuctionRaise", "bid": 1}, 2)
    g.move({"type": "AuctionPass"}, 2)
    g.move({"type": "AuctionRaise", "bid": 2}, 3)
    g.move({"type": "AuctionRaise", "bid": 3}, 0)
    g.move({"type": "AuctionSettle", "choice": "buy"}, 1)
    g.move({"type": "AuctionOpen", "tile": 1, "bid": 2}, 2)
    with pytest.raises(NotYourTurn):
        g.move({"type": "AuctionRaise", "bid": 9}, 1)  # Blue holds a tile
    g.move({"type": "AuctionRaise", "bid": 3}, 3)
    g.move({"type": "AuctionPass"}, 0)
    g.move({"type": "AuctionSettle", "choice": "sell"}, 2)
    with pytest.raises(IllegalMove):
        g.move({"type": "AuctionOpen", "tile": 0, "bid": 0}, 0)  # tile 0 is taken
    g.move({"type": "AuctionOpen", "tile": 2, "bid": 3}, 0)
    with pytest.raises(GameError):
        g.move({"type": "AuctionSettle", "choice": "buy"}, 0)  # Black has not acted yet
    g.move({"type": "AuctionPass"}, 2)  # nobody else bid: settled at once, no AuctionSettle
    assert g.of("AuctionSettled")[-2]["settlement"] == "kept"
    with pytest.raises(GameError):
        g.move({"type": "AuctionSettle", "choice": "buy"}, 0)


def test_car_67_negative_scores() -> None:
    """S-CAR-20 and its variant."""
    g = bazaar_game(["BZ4", "U", "V", "U"], 2)
    g.move({"type": "AuctionOpen", "tile": 0, "bid": 5}, 1)
    g.move({"type": "AuctionPass"}, 0)
    assert g.scores == [0, -5]
    assert g.actor == 1 and g.state.ctx["tile"] == "U"
    any_place(g)
    assert g.state.ctx["tile"] == "V" and g.actor == 0
    h = bazaar_game(["BZ4", "U", "V", "U"], 2)
    h.move({"type": "AuctionOpen", "tile": 0, "bid": 5}, 1)
    h.move({"type": "AuctionRaise", "bid": 7}, 0)


def test_car_58_too_few_tiles() -> None:
    """S-CAR-21 (a)."""
    g = bazaar_game(["BZ4", "U", "U", "U"])
    assert g.of("BazaarSkipped")
    assert g.actor == 1 and g.state.ctx["tile"] == "U" and g.state.ctx["drawn"]


def test_car_44_45_bazaar_empties_the_stack() -> None:
    """S-CAR-21 (b)."""
    g = bazaar_game(["BZ4", "U", "U", "U", "U"])
    g.move({"type": "AuctionOpen", "tile": 0, "bid": 0}, 1)
    for seat in (2, 3, 0):
        g.move({"type": "AuctionPass"}, seat)
    g.move({"type": "AuctionOpen", "tile": 1, "bid": 0}, 2)
    for seat in (3, 0):
        g.move({"type": "AuctionPass"}, seat)
    g.move({"type": "AuctionOpen", "tile": 2, "bid": 0}, 3)
    g.move({"type": "AuctionPass"}, 0)
    for _ in range(4):
        any_place(g)
    assert g.of("RegularPlayEnded")
    assert not [e for e in g.of("TurnStarted") if e["seat"] == 1]
    assert g.state.finished  # no hole, so no abbey round


def test_car_56_discarded_bazaar_tile() -> None:
    """S-CAR-22."""
    g = Game(2, ["E", "BZ1", "U", "U"])
    g.tile(0, -1, 2)
    assert g.state.discards == ("BZ1",)
    assert g.actor == 1 and g.state.ctx["tile"] == "U"
    any_place(g)
    assert not g.of("TilesRevealed") and not g.of("BazaarSkipped")
    assert g.actor == 0


def test_car_56_won_bazaar_tile() -> None:
    """S-CAR-23."""
    g = bazaar_game(["BZ4", "BZ6", "U", "U"], 2)
    g.move({"type": "AuctionOpen", "tile": 0, "bid": 0}, 1)
    g.move({"type": "AuctionPass"}, 0)
    g.move({"type": "PlaceTile", "x": 1, "y": 0, "r": 1})
    g.move({"type": "SkipFigure"})
    any_place(g)
    assert len(g.of("TilesRevealed")) == 1 and not g.of("BazaarQueued")
    assert g.actor == 1 and g.state.ctx["tile"] == "U" and g.state.ctx["drawn"]


def test_car_70_84_73_won_tile_that_does_not_fit() -> None:
    """S-CAR-24."""
    g = Game(2, ["E", "BZ4", "C", "U", "U", "U"])
    g.tile(0, -1, 2)
    g.tile(0, 1, 0)
    assert g.of("TilesRevealed")[0]["tiles"] == ["C", "U"]
    g.move({"type": "AuctionOpen", "tile": 1, "bid": 0}, 0)
    g.move({"type": "AuctionPass"}, 1)
    assert g.actor == 0 and g.state.ctx["tile"] == "U"
    g.tile(1, 0, 0)
    assert g.state.discards == ("C",)
    assert g.state.remaining() == 1  # U, U were left; Red's regular turn drew one
    assert g.of("TileDrawn")[-1] == {"type": "TileDrawn", "seat": 0, "tile": "U"}
    assert g.of("TileDiscarded")[-1]["rule"] == "CAR-70"
    assert g.actor == 0 and g.state.ctx["tile"] == "U" and g.state.ctx["drawn"]
    assert g.scores == [0, 0]
    any_place(g)
    assert g.actor == 1 and g.state.ctx["tile"] == "U"


def test_car_71_72_73_93_bazaar_during_a_bazaar() -> None:
    """S-CAR-30: a bazaar tile drawn in a bazaar round's extra part waits in the queue."""
    stack = ["U", "U", "U", "U", "U", "E", "BZ4", "U", "V", "W", "BZ6", "B", "B", "B", "X"]
    g = Game(3, stack, farm_scoring="off")
    g.tile(1, 0, 0)  # Red
    g.tile(2, 0, 0, "r0")  # Blue: thief
    g.tile(-1, 0, 0)  # Green
    g.tile(-2, 0, 0)  # Red
    g.tile(3, 0, 0, "r0", "builder")  # Blue: builder on his road
    g.tile(0, -1, 2)  # Green
    g.tile(0, 1, 0)  # Red: BZ4
    assert g.of("TilesRevealed")[0]["tiles"] == ["U", "V", "W"]
    g.move({"type": "AuctionOpen", "tile": 0, "bid": 0}, 1)
    g.move({"type": "AuctionPass"}, 2)
    g.move({"type": "AuctionPass"}, 0)
    g.move({"type": "AuctionOpen", "tile": 1, "bid": 0}, 2)
    g.move({"type": "AuctionPass"}, 0)
    assert g.actor == 1 and g.state.ctx["tile"] == "U"
    g.tile(4, 0, 0)  # extends Blue's builder road: an extra part at once (CAR-93)
    assert g.state.phase == "extra" and g.actor == 1
    assert g.legal_types() == {"Draw", "DeclineExtra"}
    g.move({"type": "Draw"})
    assert g.state.ctx["tile"] == "BZ6"
    g.tile(5, 0, 1)
    assert g.of("BazaarQueued") == [{"type": "BazaarQueued", "placer": 1}]
    assert g.state.queue == (1,)
    assert len(g.of("TilesRevealed")) == 1
    assert g.actor == 2 and g.state.ctx["tile"] == "V"
    any_place(g)
    assert g.actor == 0 and g.state.ctx["tile"] == "W"
    any_place(g)
    # the window closed; the queued bazaar: 4 tiles >= 3, first auctioneer Green
    assert len(g.of("TilesRevealed")) == 2 and g.of("TilesRevealed")[1]["tiles"] == ["B"] * 3
    assert g.state.phase == "auction" and g.actor == 2
    g.move({"type": "AuctionOpen", "tile": 0, "bid": 0}, 2)
    g.move({"type": "AuctionPass"}, 0)
    g.move({"type": "AuctionPass"}, 1)
    g.move({"type": "AuctionOpen", "tile": 1, "bid": 0}, 0)
    g.move({"type": "AuctionPass"}, 1)
    order = []
    while g.state.ctx.get("kind") == "bazaar":
        order.append(g.actor)
        any_place(g)
        if g.state.phase == "extra":
            g.move({"type": "DeclineExtra"})
    assert order == [2, 0, 1]
    assert g.actor == 1 and g.state.ctx["tile"] == "X" and g.state.ctx["drawn"]


def test_car_58_72_queued_bazaar_skipped() -> None:
    """S-CAR-30 variant: only 2 tiles left when the queued bazaar is due."""
    stack = ["U", "U", "U", "U", "U", "E", "BZ4", "U", "V", "W", "BZ6", "B", "X"]
    g = Game(3, stack, farm_scoring="off")
    for x, y, r, seg, kind in ((1, 0, 0, None, ""), (2, 0, 0, "r0", "follower"),
                               (-1, 0, 0, None, ""), (-2, 0, 0, None, ""),
                               (3, 0, 0, "r0", "builder"), (0, -1, 2, None, ""),
                               (0, 1, 0, None, "")):
        g.tile(x, y, r, seg, kind or "follower")
    g.move({"type": "AuctionOpen", "tile": 0, "bid": 0}, 1)
    g.move({"type": "AuctionPass"}, 2)
    g.move({"type": "AuctionPass"}, 0)
    g.move({"type": "AuctionOpen", "tile": 1, "bid": 0}, 2)
    g.move({"type": "AuctionPass"}, 0)
    g.tile(4, 0, 0)
    g.move({"type": "Draw"})
    g.tile(5, 0, 1)
    any_place(g)
    any_place(g)
    assert g.of("BazaarSkipped")[0]["placer"] == 1
    assert g.actor == 1 and g.state.ctx["tile"] == "B"
