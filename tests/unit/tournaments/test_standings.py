"""Rank points and standings (app/tournaments/standings.py), against a recomputation."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from app.tournaments.standings import Seat, rank_points, standings

PLAYERS = [f"p{i}" for i in range(6)]


@st.composite
def tournaments(draw: st.DrawFn) -> list[list[list[Seat]]]:
    """Rounds of finished tables: random players (or bots), places with ties, scores."""
    rounds = []
    for _ in range(draw(st.integers(1, 4))):
        size = draw(st.integers(2, 4))
        order = draw(st.permutations(PLAYERS))
        tables = []
        for start in range(0, len(order) - size + 1, size):
            places = draw(st.lists(st.integers(1, size), min_size=size, max_size=size))
            tables.append([Seat(order[start + i] if draw(st.booleans()) or i == 0 else None,
                                places[i], draw(st.integers(0, 30)),
                                draw(st.integers(0, 9)) == 0)
                           for i in range(size)])
        rounds.append(tables)
    return rounds


def recomputed_points(rounds: list[list[list[Seat]]]) -> dict[str, float]:
    """Rank points as docs/decisions.md states them, counted seat by seat."""
    points = dict.fromkeys(PLAYERS, 0.0)
    for tables in rounds:
        for table in tables:
            for seat in table:
                if seat.player is None or seat.forfeit:
                    continue
                for other in table:
                    if other is seat:
                        continue
                    points[seat.player] += (1 if other.place > seat.place else
                                            0.5 if other.place == seat.place else 0)
    return points


@given(tournaments())
@settings(max_examples=200, deadline=None)
def test_standings_equal_a_recomputation_from_the_results(rounds: list) -> None:
    rows = standings(PLAYERS, rounds)
    points = recomputed_points(rounds)
    assert {r.player: r.points for r in rows} == points
    scores = dict.fromkeys(PLAYERS, 0.0)
    for tables in rounds:
        for table in tables:
            for seat in table:
                if seat.player:
                    scores[seat.player] += seat.score
    assert {r.player: r.score for r in rows} == scores
    for row in rows:
        opponents = sum(points[o.player] for tables in rounds for table in tables
                        if any(s.player == row.player for s in table)
                        for o in table if o.player and o.player != row.player)
        assert row.opponents == opponents


@given(tournaments())
@settings(max_examples=200, deadline=None)
def test_ties_are_broken_by_opponents_points_then_game_score(rounds: list) -> None:
    rows = standings(PLAYERS, rounds)
    keys = [(r.points, r.opponents, r.score) for r in rows]
    assert keys == sorted(keys, reverse=True)
    for before, after in zip(rows, rows[1:], strict=False):
        if (before.points, before.opponents, before.score) == (after.points, after.opponents,
                                                               after.score):
            assert after.place == before.place  # equal on every count: a shared place
        else:
            assert after.place == rows.index(after) + 1


def test_rank_points_give_one_per_table_mate_below_and_half_per_tie() -> None:
    table = [Seat("a", 1), Seat("b", 2), Seat("c", 2), Seat(None, 4)]
    assert rank_points(table) == [3, 1.5, 1.5, 0]


def test_a_forfeit_scores_nothing_and_the_others_keep_their_places() -> None:
    table = [Seat("a", 1, forfeit=True), Seat("b", 2), Seat("c", 3)]
    assert rank_points(table) == [0, 1, 0]


def test_withdrawn_players_keep_their_line() -> None:
    rows = standings(["a", "b"], [[[Seat("a", 1), Seat("b", 2)]]], frozenset({"b"}))
    assert [(r.player, r.points, r.withdrawn) for r in rows] == [("a", 1, False),
                                                                 ("b", 0, True)]
