"""The controls of the current decision sit next to the board, in view without scrolling, at
1280x800 and on a 390x844 phone (issue 13, point 2)."""

from __future__ import annotations

import pytest

from tests.browser.api import game, start_against_bots, wait_finished, wait_for_seq_after
from tests.browser.games import IN_VIEW, bombay_game_at_placement, carcassonne_game_at_a_bid

pytestmark = pytest.mark.browser


@pytest.mark.parametrize("size", [{"width": 1280, "height": 800}, {"width": 390, "height": 844}],
                         ids=["desktop", "phone"])
def test_bombay_orientation_and_place_are_in_view_with_the_preview(guest, problems, size):
    page = guest("Fay", viewport=size)
    game_id = bombay_game_at_placement(page)
    page.goto(f"/games/{game_id}")
    # the last pile of the list (the one furthest down) is the hardest case
    pile = page.locator(".bb-pile:not([disabled])").last
    pile.click()
    page.locator("[data-testid^=bb-orient-]").first.click()
    page.wait_for_timeout(200)
    assert all(page.evaluate(IN_VIEW, "[data-testid=bb-place]")), "Place is out of view"
    assert all(page.evaluate(IN_VIEW, "[data-testid^=bb-orient-]")), "orientations out of view"
    preview = page.evaluate(IN_VIEW, "[data-testid=bb-preview]")
    assert preview and all(preview), "the preview on the board is out of view"
    before = game(page, game_id)["seq"]
    page.get_by_test_id("bb-place").click()
    wait_for_seq_after(page, game_id, before)
    assert problems.errors == []


@pytest.mark.parametrize("size", [{"width": 1280, "height": 800}, {"width": 390, "height": 844}],
                         ids=["desktop", "phone"])
def test_carcassonne_bid_controls_are_in_view(guest, problems, size):
    page = guest("Fay", viewport=size)
    game_id = carcassonne_game_at_a_bid(page)
    page.goto(f"/games/{game_id}")
    page.get_by_test_id("bid-button").wait_for()
    page.wait_for_timeout(200)
    assert all(page.evaluate(IN_VIEW, "[data-testid=bid-button]")), "Raise is out of view"
    assert all(page.evaluate(IN_VIEW, "[data-testid=pass-button]")), "Pass is out of view"
    if size["width"] >= 1000:  # on a desktop the board stays in view beside the auction
        assert all(page.evaluate(IN_VIEW, "[data-testid=cc-canvas]")), "the board is pushed away"
    before = game(page, game_id)["seq"]
    page.get_by_test_id("pass-button").click()
    wait_for_seq_after(page, game_id, before)
    assert problems.errors == []


@pytest.mark.parametrize("size", [{"width": 1280, "height": 800}, {"width": 390, "height": 844}],
                         ids=["desktop", "phone"])
def test_bombay_tournament_table_shows_every_medal_and_place(guest, problems, size):
    """Issue 13, point 3: the tournament table cut its Medals column at 1280 px."""
    page = guest("Fay", viewport=size)
    game_id = start_against_bots(page, "bombay-bazar", 4,
                                 {"format": "tournament", "rounds": 4}, resign=True)
    wait_finished(page, game_id)
    page.goto(f"/games/{game_id}")
    table = page.get_by_test_id("bb-tournament-table")
    table.wait_for()
    box = page.evaluate("""() => { const t = document.querySelector('[data-testid=bb-tournament-table]');
      const p = t.closest('.bb-panel').getBoundingClientRect();
      const cells = [...t.querySelectorAll('td.bb-tally, td.bb-tally + td')].map((c) => c.getBoundingClientRect());
      return {fits: t.scrollWidth <= t.parentElement.clientWidth + 1,
              visible: cells.every((c) => c.left >= p.left - 1 && c.right <= p.right + 1), cells: cells.length}; }""")
    assert box["cells"] == 8 and box["visible"] and box["fits"], box
    assert table.locator("tbody tr").count() == 4
    assert problems.errors == []
