"""The hard bot's value of joining features that carry followers (hard_contest.py, issue 28,
point 1): CAR-28, CAR-37. Split from test_hard_bot.py, which is at the size limit."""

from __future__ import annotations

import pytest

from app.games.carcassonne import hard_contest
from app.games.carcassonne.parts import do_place_tile

from .helpers import Game


def _join_position() -> Game:
    """Red (seat 0) holds a `G` (a city from west to east) that joins its one-tile city at
    (1, -1) to Blue's two-sided city piece at (3, -1), each with one follower (CAR-28); 19
    tiles are still to come."""
    g = Game(2, stack=["U", "U", "U", "N", "E", "U", "G"] + list("BBBBAAJJJKKKLLLEEEE"), builder=False,
             abbey=False, bazaar=False)
    g.tile(1, 0)
    g.tile(2, 0)
    g.tile(3, 0)
    g.tile(3, -1, 0, "c0")  # Blue: cities north and west
    g.tile(1, -1, 1, "c0")  # Red: a city to the east
    g.tile(-1, 0)
    if g.state.phase == "start":
        g.move({"type": "Draw"})
    assert g.state.ctx["tile"] == "G" and g.actor == 0
    return g


def test_car_37_hard_values_joining_its_city_to_an_opponents() -> None:
    """Joining the two pieces ties the city (CAR-37: both score it in full), so Red gains what
    Blue's piece was worth and gives up its own piece's lead: `hard_contest.contest` is Blue's
    piece's worth less Red's, and the opposite for Blue; a placement that joins nothing is
    worth nothing there."""
    g = _join_position()
    before = g.state
    red = before.feats[before.find(before.board[(1, -1)][2])]
    blue = before.feats[before.find(before.board[(3, -1)][2])]
    expected = hard_contest.worth(before, blue) - hard_contest.worth(before, red)
    assert expected > 0  # Blue's piece is open on two sides, Red's on one: 2 + growth each
    after = before.clone()
    do_place_tile(after, 2, -1, 0)
    joined = after.feats[after.find(after.board[(2, -1)][2])]
    assert sorted(s for s, _n in joined.followers) == [0, 1] and joined.open == 1
    assert hard_contest.contest(before, after, 0, (2, -1)) == pytest.approx(expected)
    assert hard_contest.contest(before, after, 1, (2, -1)) == pytest.approx(-expected)
    apart = before.clone()
    do_place_tile(apart, 1, -2, 0)  # beside Red's city, joining nothing
    assert hard_contest.contest(before, apart, 0, (1, -2)) == 0.0


def test_car_37_contest_share_counts_the_majority() -> None:
    """A feature's worth per point for a seat (`hard_contest.share`): all of it when the seat
    alone holds the majority, none when tied with two players, minus all when an opponent
    alone holds it; with three players an opponent's majority counts half."""
    two = Game(2).state
    assert hard_contest.share(two, 0, [0]) == 1.0
    assert hard_contest.share(two, 0, [0, 1]) == 0.0
    assert hard_contest.share(two, 0, [1]) == -1.0
    assert hard_contest.share(two, 0, []) == 0.0
    three = Game(3).state
    assert hard_contest.share(three, 0, [2]) == -0.5
