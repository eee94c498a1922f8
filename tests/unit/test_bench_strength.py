"""bench/bot_strength.py's tallies (issue 28): the farm points it reports per seat.

A two-player game whose only points are a farm beside two completed cities (S-CAR-13, CAR-48
third edition: 6 points to Red): the bench credits them to the hard seat when Red is hard and
to the opponent when Blue is, and nothing to anyone in a game without farmers.
"""

from __future__ import annotations

from typing import Any

from app.games.base import SeededRng
from app.games.carcassonne.engine import ENGINE
from bench.bot_strength import farm_points


def _farm_game(farm_scoring: str) -> Any:
    options = ENGINE.validate_options(
        {"first_player": 0, "stack": ["D", "E", "E"], "farm_scoring": farm_scoring}, 2)
    state = ENGINE.setup(["Red", "Blue"], options, SeededRng(0))
    figure = "f0" if farm_scoring != "off" else None
    for x, y, r, seg in ((1, 0, 0, figure), (0, -1, 2, None), (1, -1, 2, None)):
        seat = state.actor
        if state.phase == "start":
            state, _ = ENGINE.apply(state, seat, {"type": "Draw"}, SeededRng(1))
        state, _ = ENGINE.apply(state, seat, {"type": "PlaceTile", "x": x, "y": y, "r": r},
                                SeededRng(1))
        move = {"type": "SkipFigure"} if seg is None else {
            "type": "PlaceFigure", "x": x, "y": y, "segment": seg, "kind": "follower"}
        state, _ = ENGINE.apply(state, seat, move, SeededRng(1))
    assert state.finished
    return state


def test_farm_points_go_to_the_seat_that_scored_them_car_48() -> None:
    state = _farm_game("third")
    assert state.scores == [6, 0]
    assert farm_points(state, hard=0) == [6, 0]
    assert farm_points(state, hard=1) == [0, 6]


def test_no_farm_points_without_farmers_car_21() -> None:
    state = _farm_game("off")
    assert farm_points(state, hard=0) == [0, 0]


def test_auction_judge_values_a_tile_by_its_own_measured_table_car_113() -> None:
    """CAR-113 ranks nobody, so the bench judges a stand-alone auction seat by its points plus
    its tile's worth: by default the table measured on the judge's own games (every catalogue
    type), not the hard bot's estimate; ``mean`` is the old judge, half the bot's estimate."""
    from types import SimpleNamespace

    import bench.bot_strength as strength
    from app.games.carcassonne.tiles import CATALOGUE_IDS
    from app.games.carcassonne_auction.hard_bot import tile_worth
    from bench.baselines.carcassonne_auction import tile_worth as baseline_worth

    table = strength.judge_table()
    assert set(table) == set(CATALOGUE_IDS)
    tiles = [{"type": "J"}, {"type": "U"}]
    assert table["J"] != tile_worth(tiles[0])
    outcome = SimpleNamespace(details={"owners": [1, 0]})  # seat 0 won U, seat 1 won J
    assert strength._standing(ENGINE, outcome, tiles, [3.0, 1.0]) == [3.0 + table["U"],
                                                                      1.0 + table["J"]]
    strength.JUDGE = "mean"
    try:
        mean = strength._standing(ENGINE, outcome, tiles, [3.0, 1.0])
    finally:
        strength.JUDGE = "measured"
    assert mean[1] == 1.0 + (tile_worth(tiles[0]) + baseline_worth(tiles[0])) / 2
