"""The end of a game where the player looks, and the auction's end in words (issue 25, points
23, 25, 26 and 28), in real Chromium.

Point 26: on a 390x844 phone the end card appeared at the top of the page while the player was
scrolled to the board: it now comes into view when the game ends. Points 25, 28 and 23: the
stand-alone auction's Report numbers tiles from 1 like the tile row, its reminders are words
only, the end card names each won tile, and negative numbers carry a minus sign (U+2212)."""

from __future__ import annotations

import re

import pytest

from tests.browser.api import post, start_against_bots, wait_finished
from tests.support.screens import PHONE

pytestmark = pytest.mark.browser

AUCTION = {"players": ["Red", "Blue", "Black"], "placer": 0,
           "tiles": [{"type": "U"}, {"type": "BZ4"}, {"label": "River"}]}
HYPHEN_MINUS = re.compile(r"(?<![\w-])-\d")


def test_the_end_card_comes_to_a_phone_player_scrolled_to_the_board(guest, problems):
    page = guest("Fay", viewport=PHONE, is_mobile=True, has_touch=True)
    game_id = start_against_bots(page, "bazaar", 2, {})
    page.goto(f"/games/{game_id}")
    page.locator("#conn-status[data-state=open]").wait_for()
    page.locator("#board [data-testid]").first.wait_for()
    page.evaluate("document.getElementById('board').scrollIntoView({block: 'end'})")
    page.wait_for_timeout(200)
    assert page.evaluate("document.getElementById('outcome').getBoundingClientRect().top") < 0 or \
        page.evaluate("window.scrollY") > 300
    post(page, f"/api/games/{game_id}/resign", {})  # the bots play it out while Fay looks on
    page.locator("#page[data-status=finished]").wait_for(timeout=90000)
    page.locator("#outcome").wait_for()
    page.wait_for_timeout(300)
    top = page.evaluate("document.getElementById('outcome').getBoundingClientRect().top")
    # (scrolled to its top, it may sit a fraction of a pixel above the window's edge)
    assert -1 < top < PHONE["height"] - 200, f"the end card is at {top} px"
    assert problems.errors == []


def test_the_auction_end_names_tiles_from_1_in_words_with_minus_signs(guest, problems):
    page = guest("Fay", viewport=PHONE, is_mobile=True, has_touch=True)
    game_id = start_against_bots(page, "carcassonne-auction", 3, AUCTION, resign=True)
    wait_finished(page, game_id)
    page.goto(f"/games/{game_id}")
    page.locator("#outcome").wait_for()
    page.get_by_test_id("ca-report-table").wait_for()
    # the Report's tiles are #1-#3, as in the tile row above it
    cells = page.locator("[data-testid=ca-report-table] tbody td:nth-child(2)").all_inner_texts()
    numbers = sorted(int(re.search(r"#(\d)", c).group(1)) for c in cells)  # type: ignore[union-attr]
    assert numbers == [1, 2, 3], cells
    reminders = page.get_by_test_id("ca-reminders").inner_text()
    assert reminders and not re.search(r"\b[A-Z]{2,4}-\d", reminders), reminders
    # the end card names each won tile; none is "won tile 3" alone
    ranking = page.get_by_test_id("ranking").inner_text()
    won = re.findall(r"won tile #(\d), ([^·\n]+)", ranking)
    assert len(won) == 3 and {w[0] for w in won} == {"1", "2", "3"}, ranking
    assert any("road tile" in w[1] for w in won) and any("River" in w[1] for w in won), won
    # one minus sign everywhere: the ranking, the players panel and the report
    for selector in ("#ranking", "#players", "[data-testid=ca-report]", "[data-testid=auction-changes]"):
        text = page.locator(selector).inner_text()
        assert not HYPHEN_MINUS.search(text), (selector, text)
    assert "tile: #" in page.get_by_test_id("players").inner_text()  # numbered from 1 there too
    assert problems.errors == []
