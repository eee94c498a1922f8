"""How open features end, as measured: the hard bot's priors (issue 17; CAR-36 to CAR-46).

The hard bot (hard_bot.py) estimates what an open road, city or cloister will be worth at the
end of the game. Its first estimate, a completion chance of ``(rem / (rem + 3 + n)) ** open``,
was far too hopeful: it gave a city with three open sides and 30 tiles left a 63 % chance,
where games show 35 %, so the bot put followers on cities that never closed and ran out of them
(at the end of twenty two-player games it had 6.9 of its 7 followers stuck, the normal bot 5.7).

These tables were measured instead, from games of the normal bot against itself
(300 two-player and 150 four-player games, every third turn, features holding a follower):

* the share of roads and cities with ``open`` open sides that were completed by the end;
* their mean *growth*: the points they ended with, less the points they had, less the doubling
  of a completed city's points so far (CAR-39), so that a city's expected worth is
  ``now + p * now + growth``;
* the share of a cloister's empty neighbouring squares that were filled by the end.

Rows are by tiles left in the stack, one column per ten tiles (0-9, 10-19, ... 70+), read at
the middle of each band and interpolated in between; with no tile left nothing changes any more.
The two-player table is used with two players, the four-player one with three to five.
"""

from __future__ import annotations

Row = tuple[float, ...]

# completion share by open sides (1, 2, 3, 4 or more), per band of tiles left
_CITY_P: dict[int, tuple[Row, ...]] = {
    2: ((0.22, 0.45, 0.61, 0.73, 0.83, 0.87, 0.91, 0.94),
        (0.05, 0.22, 0.35, 0.44, 0.54, 0.60, 0.67, 0.71),
        (0.02, 0.13, 0.25, 0.35, 0.49, 0.50, 0.53, 0.65),
        (0.00, 0.02, 0.10, 0.20, 0.21, 0.36, 0.48, 0.58)),
    4: ((0.14, 0.41, 0.58, 0.68, 0.77, 0.81, 0.87, 0.90),
        (0.02, 0.08, 0.18, 0.26, 0.41, 0.51, 0.60, 0.62),
        (0.00, 0.01, 0.05, 0.09, 0.26, 0.36, 0.43, 0.52),
        (0.00, 0.01, 0.01, 0.06, 0.11, 0.15, 0.24, 0.35)),
}
_CITY_GROWTH: dict[int, tuple[Row, ...]] = {
    2: ((0.7, 1.7, 2.5, 3.8, 5.0, 4.9, 5.8, 6.3),
        (0.7, 2.9, 5.1, 6.2, 6.8, 8.7, 11.3, 11.9),
        (1.3, 3.4, 5.6, 7.8, 10.4, 10.8, 13.9, 16.8),
        (1.5, 4.0, 6.4, 8.2, 10.1, 14.0, 16.1, 18.0)),
    4: ((0.5, 1.5, 2.3, 2.6, 3.3, 3.6, 4.0, 4.8),
        (0.6, 1.7, 2.8, 3.9, 5.0, 6.4, 7.7, 8.3),
        (0.5, 2.1, 3.0, 4.1, 6.8, 7.7, 10.1, 11.1),
        (0.8, 2.2, 3.4, 4.9, 7.1, 8.4, 9.3, 10.8)),
}
# roads: one or two open ends
_ROAD_P: dict[int, tuple[Row, ...]] = {
    2: ((0.21, 0.45, 0.62, 0.73, 0.85, 0.92, 0.95, 0.97),
        (0.04, 0.22, 0.40, 0.54, 0.63, 0.73, 0.81, 0.95)),
    4: ((0.16, 0.46, 0.62, 0.76, 0.83, 0.90, 0.92, 0.96),
        (0.03, 0.14, 0.24, 0.39, 0.48, 0.63, 0.76, 0.94)),
}
_ROAD_GROWTH: dict[int, tuple[Row, ...]] = {
    2: ((0.5, 1.0, 1.3, 1.5, 2.0, 1.9, 2.1, 2.3),
        (0.7, 2.2, 3.3, 3.6, 4.1, 4.3, 4.4, 4.3)),
    4: ((0.4, 0.9, 1.0, 1.3, 1.4, 1.6, 1.9, 2.1),
        (0.5, 1.2, 1.7, 2.2, 2.6, 3.1, 3.4, 3.9)),
}
_CLOISTER_FILL: dict[int, Row] = {
    2: (0.05, 0.15, 0.24, 0.35, 0.45, 0.53, 0.61, 0.74),
    4: (0.10, 0.26, 0.38, 0.50, 0.59, 0.65, 0.75, 0.86),
}


def _table(players: int) -> int:
    return 2 if players <= 2 else 4


def _at(row: Row, rem: int) -> float:
    """The row read at ``rem`` tiles left: 0 with none left, bands read at their middles."""
    if rem <= 0:
        return 0.0
    x = (rem - 5) / 10  # band i is centred on 10 * i + 5 tiles left
    if x <= 0:
        return row[0] * rem / 5  # down to nothing as the stack runs out
    i = int(x)
    if i >= len(row) - 1:
        return row[-1]
    t = x - i
    return row[i] * (1 - t) + row[i + 1] * t


def _pick(rows: tuple[Row, ...], open_sides: int) -> Row:
    return rows[min(open_sides, len(rows)) - 1]


def city(rem: int, open_sides: int, players: int) -> tuple[float, float]:
    """(completion chance, expected growth in points) of an open city."""
    if open_sides <= 0:
        return 1.0, 0.0
    t = _table(players)
    return (_at(_pick(_CITY_P[t], open_sides), rem),
            _at(_pick(_CITY_GROWTH[t], open_sides), rem))


def road(rem: int, open_sides: int, players: int) -> tuple[float, float]:
    """(completion chance, expected growth in points) of an open road."""
    if open_sides <= 0:
        return 1.0, 0.0
    t = _table(players)
    return (_at(_pick(_ROAD_P[t], open_sides), rem),
            _at(_pick(_ROAD_GROWTH[t], open_sides), rem))


def cloister_fill(rem: int, players: int) -> float:
    """The expected share of a cloister's empty neighbouring squares filled by the end."""
    return _at(_CLOISTER_FILL[_table(players)], rem)
