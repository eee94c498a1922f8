"""The score breakdown of Carcassonne (issue 14): each feature that scored, in words, on the
line of its kind (CAR-39 to CAR-41, CAR-46, CAR-48), shared majorities named (CAR-37), and the
bazaar auctions' gains and payments (CAR-63)."""

from __future__ import annotations

from typing import Any

from app.games.carcassonne.engine import ENGINE

from .helpers import Game, seed_auction


def lines(g: Game, seat: int) -> dict[str, Any]:
    return {ln.source: ln for ln in ENGINE.score_breakdown(g.state)[seat].lines}


def test_car_40_a_completed_city_with_its_pennant_is_an_item_of_the_cities_line() -> None:
    """S-CAR-06 / CAR-40: a 3-tile city with 1 pennant completed: Cities 8."""
    g = Game(2, ["M", "E"])
    g.tile(0, -1, 2, "c0")
    g.tile(1, -1, 3)
    city = lines(g, 0)["city"]
    assert (city.label, city.points) == ("Cities", 8)
    assert city.items == ("City of 3 tiles with 1 pennant, completed: 8",)


def test_car_46_an_unfinished_city_at_the_end_says_so() -> None:
    """S-CAR-06 variant / CAR-46: the 2-tile city with a pennant, unfinished: 3; the outcome
    carries the same breakdown."""
    g = Game(2, ["M"])
    g.tile(0, -1, 2, "c0")
    assert lines(g, 0)["city"].items == ("City of 2 tiles with 1 pennant, unfinished at the end: 3",)
    outcome = ENGINE.outcome(g.state)
    assert outcome is not None and outcome.breakdown is not None
    assert outcome.breakdown[0]["lines"][0]["points"] == 3 == outcome.scores[0]


def test_car_37_a_shared_road_names_the_other_scorer() -> None:
    """S-CAR-09 / CAR-37: both players score the 6-tile road, each line names the other."""
    g = Game(2, ["V", "U", "V", "V", "V"], farm_scoring="off")
    g.tile(1, 0, 0, "r0")
    g.tile(0, 1, 0, "r0")
    g.tile(1, 1, 1)
    g.tile(-1, 0, 3)
    g.tile(-1, 1, 2)
    assert lines(g, 0)["road"].items[0] == "Road of 6 tiles, completed (shared with Blue): 6"
    assert lines(g, 1)["road"].items[0] == "Road of 6 tiles, completed (shared with Red): 6"


def test_car_48_a_farm_counts_the_completed_cities_it_supplies() -> None:
    """S-CAR-13 / CAR-48 (third edition): a farm beside 2 completed cities: 6."""
    g = Game(2, ["D", "E", "E"], farm_scoring="third")
    g.tile(1, 0, 0, "f0")
    g.tile(0, -1, 2)
    g.tile(1, -1, 2)
    assert lines(g, 0)["farm"].items == ("Farm beside 2 completed cities: 6",)
    assert all(b.consistent() for b in ENGINE.score_breakdown(g.state))


def test_car_63_auction_gains_and_payments_are_two_lines_in_words() -> None:
    """S-CAR-17 / CAR-63: Blue buys tile 1 at Green's 3 (Blue -3, Red +3 ... as the seed)."""
    g = Game(4, ["BZ4", "U", "V", "W", "B", "U"])
    g.tile(0, 1, 0)
    seed_auction(g)
    assert g.scores == [0, -3, 3, -3]
    red, blue, black, green = (lines(g, s) for s in range(4))
    assert blue["auction-payments"].points == -3
    assert blue["auction-payments"].items == (
        "Bazaar of Red's tile, auction 1: bought tile 1, paying Red's bid: −3",)
    assert red["auction-gains"].items == (
        "Bazaar of Red's tile, auction 1: Blue bought tile 1, paying this bid: +3",)
    assert red["auction-payments"].points == -3 and black["auction-gains"].points == 3
    assert green["auction-payments"].items == (
        "Bazaar of Red's tile, auction 2: won tile 2 from Black: −3",)
    assert [b.score for b in ENGINE.score_breakdown(g.state)] == g.scores
