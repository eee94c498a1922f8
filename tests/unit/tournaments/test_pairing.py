"""Seating properties of Swiss and round robin rounds (app/tournaments/pairing.py)."""

from __future__ import annotations

from itertools import combinations, permutations

from hypothesis import given, settings
from hypothesis import strategies as st

from app.tournaments import pairing
from app.tournaments.pairing import Table


def names(n: int) -> list[str]:
    return [f"p{i}" for i in range(n)]


@st.composite
def histories(draw: st.DrawFn, max_players: int = 12) -> tuple[list[str], int, frozenset]:
    """Players in a standings order, a table size, and pairs that met before."""
    size = draw(st.integers(2, 7))
    n = draw(st.integers(1, max_players))
    players = draw(st.permutations(names(n)))
    all_pairs = [frozenset(p) for p in combinations(players, 2)]
    met = draw(st.sets(st.sampled_from(all_pairs), max_size=len(all_pairs))) if all_pairs \
        else set()
    return list(players), size, frozenset(met)


@given(histories())
@settings(max_examples=200, deadline=None)
def test_every_registered_player_is_seated_once_per_round(h: tuple) -> None:
    players, size, met = h
    tables = pairing.swiss_round(players, size, met, "seed")
    seated = [p for t in tables for p in t.players]
    assert sorted(seated) == sorted(players)


@given(histories())
@settings(max_examples=200, deadline=None)
def test_tables_have_the_chosen_size_and_the_fewest_bots(h: tuple) -> None:
    players, size, met = h
    tables = pairing.swiss_round(players, size, met, "seed")
    assert all(len(t.seats) == size for t in tables)
    bots = sum(t.seats.count(None) for t in tables)
    # fewer tables could not seat everyone; one table less would leave someone out
    assert len(tables) == -(-len(players) // size)
    assert 0 <= bots < size
    # no table is all bots, and bots are spread (a table never has two more than another)
    counts = [t.seats.count(None) for t in tables]
    assert max(counts) - min(counts) <= 1 and all(c < size for c in counts)


def repeat_free_exists(players: list[str], caps: list[int], met: frozenset) -> bool:
    """Brute force: is there any seating at tables of these capacities with no repeat?"""
    for perm in permutations(players):
        groups, start = [], 0
        for cap in caps:
            groups.append(perm[start:start + cap])
            start += cap
        if not any(frozenset(p) in met for g in groups for p in combinations(g, 2)):
            return True
    return False


@given(histories(max_players=7))
@settings(max_examples=150, deadline=None)
def test_no_repeat_table_mates_when_a_seating_avoids_them(h: tuple) -> None:
    players, size, met = h
    tables = pairing.swiss_round(players, size, met, "seed")
    repeats = pairing.pairs_of(tables) & met
    if repeat_free_exists(players, pairing.capacities(len(players), size), met):
        assert not repeats


def test_leaders_share_the_top_table_when_nobody_has_met() -> None:
    players = names(9)
    tables = pairing.swiss_round(players, 3, frozenset(), "s")
    assert [sorted(t.players) for t in tables] == [players[0:3], players[3:6], players[6:9]]


def test_a_bye_falls_on_the_bottom_table() -> None:
    tables = pairing.swiss_round(names(8), 3, frozenset(), "s")
    assert [t.seats.count(None) for t in tables] == [0, 0, 1]
    assert "p7" in tables[2].players


@given(st.integers(2, 12))
@settings(max_examples=20, deadline=None)
def test_round_robin_at_tables_of_two_meets_every_pair_exactly_once(n: int) -> None:
    rounds = pairing.round_robin(names(n), 2, "s")
    met = [frozenset(p) for rnd in rounds for t in rnd for p in combinations(t.players, 2)]
    assert len(met) == len(set(met)) == n * (n - 1) // 2
    for rnd in rounds:
        assert sorted(p for t in rnd for p in t.players) == sorted(names(n))


@given(st.integers(2, 9), st.integers(3, 5))
@settings(max_examples=30, deadline=None)
def test_round_robin_at_larger_tables_meets_every_pair(n: int, size: int) -> None:
    rounds = pairing.round_robin(names(n), size, "s")
    met = {frozenset(p) for rnd in rounds for t in rnd for p in combinations(t.players, 2)}
    assert met == {frozenset(p) for p in combinations(names(n), 2)}
    for rnd in rounds:
        assert sorted(p for t in rnd for p in t.players) == sorted(names(n))
        assert all(len(t.seats) == size for t in rnd)


def test_a_table_size_outside_two_to_seven_is_refused() -> None:
    for size in (1, 8):
        try:
            pairing.swiss_round(names(4), size, frozenset(), "s")
        except ValueError:
            continue
        raise AssertionError(f"size {size} was accepted")


def test_table_players_leave_out_bots() -> None:
    assert Table(("a", None, "b")).players == ["a", "b"]
