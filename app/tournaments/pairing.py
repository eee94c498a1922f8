"""Who sits at which table in a round (docs/decisions.md, "Tournaments"): pure, no I/O.

Swiss: players in standings order are seated at tables of the chosen size, the leaders at
table 1, the next group at table 2 and so on (as Board Game Arena does for multiplayer games);
table-mates of an earlier round are not seated together again when some seating avoids it
(an exhaustive search, bounded). Every table has exactly the chosen size: the seats left over
go to bots, as few as possible, spread one a table from the bottom table up (a bye falls on the
lowest standings, as in chess Swiss systems).

Round robin: every pair meets. At tables of two, the circle method (Berger tables): ``n - 1``
rounds for an even count, ``n`` with a bot for an odd one. At larger tables, rounds of the
same table search without standings until every pair has met; a group no larger than a
table plays one round at one table.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from itertools import combinations

MIN_TABLE, MAX_TABLE = 2, 7
SEARCH_LIMIT = 200_000
"""Placements tried before the search gives up avoiding every repeat (then: fewest repeats)."""

Player = str
Pairs = frozenset[frozenset[Player]]
BOT: None = None
"""A seat the seating leaves to a bot."""


@dataclass(frozen=True)
class Table:
    """One table of a round: its players (in seat order), ``None`` for a bot seat."""

    seats: tuple[Player | None, ...]

    @property
    def players(self) -> list[Player]:
        return [p for p in self.seats if p is not None]


def table_count(players: int, size: int) -> int:
    """Tables needed to seat ``players`` at tables of ``size`` (the fewest bots)."""
    return max(1, -(-players // size))


def capacities(players: int, size: int) -> list[int]:
    """The people each table seats: bots spread from the bottom table up, fewest in all."""
    tables = table_count(players, size)
    bots = tables * size - players
    caps = [size] * tables
    for i in range(bots):
        caps[tables - 1 - i % tables] -= 1
    return caps


def pairs_of(tables: Iterable[Table]) -> set[frozenset[Player]]:
    """Every pair of people who share a table."""
    return {frozenset(p) for t in tables for p in combinations(t.players, 2)}


def _seat(order: Sequence[Player], caps: list[int], met: Pairs) -> list[list[Player]] | None:
    """Tables without a pair in ``met``: each player in ``order`` goes to the first table with
    room and no earlier table-mate, backtracking; None if none exists (or the search is too
    long)."""
    groups: list[list[Player]] = [[] for _ in caps]
    budget = [SEARCH_LIMIT]

    def place(i: int) -> bool:
        if i == len(order):
            return True
        budget[0] -= 1
        if budget[0] < 0:
            return False
        player = order[i]
        tried_empty: set[int] = set()
        for t, group in enumerate(groups):
            if len(group) >= caps[t]:
                continue
            if not group:
                # two empty tables of one capacity are the same choice: try one of them
                if caps[t] in tried_empty:
                    continue
                tried_empty.add(caps[t])
            if any(frozenset((player, other)) in met for other in group):
                continue
            group.append(player)
            if place(i + 1):
                return True
            group.pop()
        return False

    return groups if place(0) else None


def _seat_fewest_repeats(order: Sequence[Player], caps: list[int], met: Pairs
                         ) -> list[list[Player]]:
    """Tables when every seating repeats a pair: each player to the table with room where
    they meet the fewest earlier table-mates (the nearer table on a tie)."""
    groups: list[list[Player]] = [[] for _ in caps]
    for player in order:
        open_tables = [t for t in range(len(caps)) if len(groups[t]) < caps[t]]
        best = min(open_tables, key=lambda t: (
            sum(frozenset((player, o)) in met for o in groups[t]), t))
        groups[best].append(player)
    return groups


def _tables(groups: list[list[Player]], size: int, rng: random.Random) -> list[Table]:
    """Tables of ``size`` from groups of people: bots fill the seats left, and the seat order
    is drawn (who plays first is luck, not standing)."""
    tables = []
    for group in groups:
        seats: list[Player | None] = [*group, *[BOT] * (size - len(group))]
        rng.shuffle(seats)
        tables.append(Table(tuple(seats)))
    return tables


def swiss_round(order: Sequence[Player], size: int, met: Pairs, seed: str) -> list[Table]:
    """A Swiss round: ``order`` is the standings (best first), ``met`` the pairs that have
    shared a table; seats drawn from ``seed``."""
    if not MIN_TABLE <= size <= MAX_TABLE:
        raise ValueError(f"tables seat {MIN_TABLE} to {MAX_TABLE} players")
    if len(set(order)) != len(order):
        raise ValueError("a player is listed twice")
    caps = capacities(len(order), size)
    groups = _seat(order, caps, met) or _seat_fewest_repeats(order, caps, met)
    return _tables(groups, size, random.Random(seed))


def circle_rounds(players: Sequence[Player]) -> list[list[tuple[Player | None, Player | None]]]:
    """Round robin at tables of two (the circle method): every pair once; with an odd count
    each player meets a bot once."""
    ring: list[Player | None] = list(players) + ([BOT] if len(players) % 2 else [])
    n = len(ring)
    rounds = []
    for _ in range(n - 1):
        rounds.append([(ring[i], ring[n - 1 - i]) for i in range(n // 2)])
        ring = [ring[0], ring[-1], *ring[1:-1]]
    return rounds


def round_robin(players: Sequence[Player], size: int, seed: str) -> list[list[Table]]:
    """Every round of a round robin of ``players`` at tables of ``size``."""
    if not MIN_TABLE <= size <= MAX_TABLE:
        raise ValueError(f"tables seat {MIN_TABLE} to {MAX_TABLE} players")
    rng = random.Random(seed)
    if size == 2:
        return [_tables([[p for p in pair if p is not None] for pair in rnd], 2, rng)
                for rnd in circle_rounds(players)]
    everyone = {frozenset(p) for p in combinations(players, 2)}
    met: set[frozenset[Player]] = set()
    rounds: list[list[Table]] = []
    caps = capacities(len(players), size)
    while not everyone <= met and len(rounds) < len(players):
        # the players who have met the fewest go first: they pick the tables they need
        order = sorted(players, key=lambda p: sum(frozenset((p, o)) in met for o in players))
        groups = _seat(order, caps, frozenset(met)) or _seat_fewest_repeats(
            order, caps, frozenset(met))
        tables = _tables(groups, size, rng)
        rounds.append(tables)
        met |= pairs_of(tables)
    return rounds or [_tables([list(players)], size, rng)]
