"""Rank points and standings from the tables' results (docs/decisions.md, "Tournaments").

Rank points: at a table, a player earns one point for each table-mate (bots included) who
finished below them and half a point for each who tied with them: at two, a win is 1, a draw
1/2, a loss 0; at three, 2, 1 and 0. A player who forfeits (missing, with the tournament set to
forfeit) earns nothing, and the table-mates keep the points of their places.

Standings: most rank points first; tie-breaks, in order: (1) the sum of the rank points of
every opponent met (each person met, once per game; bots count nothing), (2) the total of the
player's game scores. Players equal on all three share the place. Pure: no I/O.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Seat:
    """One seat's result at a finished table: its player (None for a bot), the place the game
    gave it (1 is best, ties share), its game score, and whether it forfeited."""

    player: str | None
    place: int
    score: float = 0
    forfeit: bool = False


@dataclass
class Row:
    """One player's line of the standings."""

    player: str
    points: float = 0
    opponents: float = 0
    score: float = 0
    games: int = 0
    place: int = 0
    withdrawn: bool = False
    results: list[dict[str, Any]] = field(default_factory=list)

    def key(self) -> tuple[float, float, float]:
        """The order of the standings, best first when sorted descending."""
        return (self.points, self.opponents, self.score)


def rank_points(table: Sequence[Seat]) -> list[float]:
    """Each seat's rank points at a finished table."""
    points = []
    for seat in table:
        if seat.forfeit:
            points.append(0.0)
            continue
        below = sum(1 for o in table if o is not seat and o.place > seat.place)
        tied = sum(1 for o in table if o is not seat and o.place == seat.place)
        points.append(below + tied / 2)
    return points


def standings(players: Sequence[str], rounds: Sequence[Sequence[Sequence[Seat]]],
              withdrawn: frozenset[str] = frozenset()) -> list[Row]:
    """The standings after the finished tables of ``rounds``, best first, places shared."""
    rows = {p: Row(p, withdrawn=p in withdrawn) for p in players}
    met: dict[str, list[str]] = {p: [] for p in players}
    for number, tables in enumerate(rounds, start=1):
        for t, table in enumerate(tables, start=1):
            points = rank_points(table)
            for seat, got in zip(table, points, strict=True):
                if seat.player is None or seat.player not in rows:
                    continue
                row = rows[seat.player]
                row.points += got
                row.score += seat.score
                row.games += 1
                tied = any(o is not seat and o.place == seat.place for o in table)
                row.results.append({"round": number, "table": t, "place": seat.place,
                                    "tied": tied, "points": got, "score": seat.score,
                                    "forfeit": seat.forfeit, "of": len(table)})
                met[seat.player].extend(o.player for o in table
                                        if o.player is not None and o is not seat)
    for player, row in rows.items():
        row.opponents = sum(rows[o].points for o in met[player] if o in rows)
    registered = {p: i for i, p in enumerate(players)}
    ordered = sorted(rows.values(), key=lambda r: (r.key(), -registered[r.player]),
                     reverse=True)
    # the order among players equal on every count is registration order; they share a place
    for i, row in enumerate(ordered):
        row.place = ordered[i - 1].place if i and ordered[i - 1].key() == row.key() else i + 1
    return ordered


def order(rows: Sequence[Row]) -> list[str]:
    """The players still in, in standings order: the next Swiss round's seating order."""
    return [r.player for r in rows if not r.withdrawn]
