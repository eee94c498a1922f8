"""The score breakdown of Bazaar (issue 14): BAZ-23, BAZ-24 (purchases by star level), BAZ-26
(penalties paid and caused)."""

from __future__ import annotations

from app.games.bazaar import ENGINE
from app.games.bazaar.state import PURCHASE

from .helpers import buy, given, new_game, play

STALLS = [[21, 2, 3], [36, 6, 7], [41, 11, 12], [45, 16, 17]]


def lines(state, seat):  # type: ignore[no-untyped-def]
    return {line.source: line for line in ENGINE.score_breakdown(state)[seat].lines}


def test_baz_24_a_purchase_is_a_line_of_its_star_level_with_the_ware_in_words() -> None:
    """BAZ-23/BAZ-24: ware 21 (2 red, 2 white, 1 blue) bought with 0 left: +5 at no star."""
    state = given(new_game(2), hands={0: "RRWWB"}, phase=PURCHASE, stalls=STALLS)
    after, _ = play(state, 0, buy(1))
    got = lines(after, 0)
    assert list(got) == ["purchases-0"]
    assert got["purchases-0"].label == "Purchases (no star)"
    assert got["purchases-0"].points == 5
    assert got["purchases-0"].items == ("2 red, 2 white and 1 blue from stall 1, 0 tokens left: 5",)
    assert ENGINE.score_breakdown(after)[0].score == after.score(0) == 5


def test_baz_23_a_starred_ware_scores_on_the_one_star_line() -> None:
    """BAZ-23: ware 36 is starred: level 1, with 1 token left +5 (S-BAZ-11)."""
    state = given(new_game(2), hands={0: "RRRRWG"}, phase=PURCHASE, stalls=STALLS)
    after, _ = play(state, 0, buy(2))
    got = lines(after, 0)
    assert got["purchases-1"].label == "Purchases (1 star)"
    assert got["purchases-1"].items == ("★ 4 red and 1 white from stall 2, 1 token left: 5",)


def test_baz_26_penalties_paid_are_negative_and_caused_ones_earn_nothing() -> None:
    """BAZ-26: Ann buys with 0 left while Bob holds 5: Bob loses 2 (5 - (0 + 3)); Ann's line of
    caused penalties counts 0, Bob's paid line counts -2, and both sum to the scores."""
    state = given(new_game(2), hands={0: "RRWWB", 1: "GGGYY"}, phase=PURCHASE, stalls=STALLS)
    after, _ = play(state, 0, buy(1))
    ann, bob = lines(after, 0), lines(after, 1)
    assert ann["penalties-caused"].points == 0
    assert ann["penalties-caused"].items == ("Bob held 5 tokens: −2",)
    assert bob["penalties-paid"].points == -2
    assert bob["penalties-paid"].items == ("Ann bought with 0 tokens left while Bob held 5: −2",)
    assert [b.score for b in ENGINE.score_breakdown(after)] == [5, -2]
    assert all(b.consistent() for b in ENGINE.score_breakdown(after))


def test_baz_24_an_old_snapshot_without_the_ledger_keeps_its_points_as_one_line() -> None:
    """A state stored before the ledger existed: its points are one line, the sum still holds."""
    state = given(new_game(2), hands={0: "RRWWB"}, phase=PURCHASE, stalls=STALLS)
    after, _ = play(state, 0, buy(1))
    old = {k: v for k, v in ENGINE.dump_state(after).items() if k != "ledger"}
    loaded = ENGINE.load_state(old)
    assert [(line.source, line.points) for line in ENGINE.score_breakdown(loaded)[0].lines] == [
        ("earlier", 5)]
