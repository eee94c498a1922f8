"""Bombay Bazar tournament's breakdown (issue 25, point 27), at 1280x800: a round's row was
labelled with the first column's medal ("Round 1: silver" when another seat won gold); the row
now says what the players share ("Round 1"), each player's medal staying in their own cell."""

from __future__ import annotations

import pytest

from tests.browser.api import start_against_bots, wait_finished

pytestmark = pytest.mark.browser


def test_a_rounds_row_names_no_single_players_medal(guest, problems):
    page = guest("Fay", viewport={"width": 1280, "height": 800})
    game_id = start_against_bots(page, "bombay-bazar", 3, {"format": "tournament", "rounds": 2}, resign=True)
    wait_finished(page, game_id)
    page.goto(f"/games/{game_id}")
    page.get_by_test_id("breakdown").wait_for()
    # breakdown.css comes after the panel (breakdown.js loads it): until then the phone's blocks show too
    page.wait_for_function("() => getComputedStyle(document.querySelector('[data-testid=breakdown-cards]')).display === 'none'")
    rows = page.evaluate("""() => [...document.querySelectorAll('[data-testid=breakdown] tr[data-source^="round-"]')]
        .filter((tr) => tr.getClientRects().length)  // the table of a wide screen, not the phone's blocks
        .map((tr) => ({head: tr.querySelector('th').textContent,
                       own: [...tr.querySelectorAll('td[title]')].map((td) => td.title).filter(Boolean)}))""")
    assert len(rows) == 2, rows
    for row in rows:
        assert row["own"], row
        # the row's label is every player's own, or the part all of them begin with
        assert all(own == row["head"] or own.startswith(row["head"] + ":") for own in row["own"]), row
    assert problems.errors == []
