"""Carcassonne's Bazaar auction beside the board (issue 25, points 5 and 24), in real Chromium.

Point 24: at 1280x800 the auctioneer's Buy and Sell buttons were cut off in the auction column,
so the price could not be read: every word of both buttons is inside the panel.
Point 5: on a 390x844 phone the board started below the fold under the auction panel: a bidder
who brings the board to the top of the window sees the bid controls and the whole board at once;
on a desktop the auction column clips no tile caption.
Screenshots go to test-results/auction/ (git-ignored)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.browser.api import advance_to, start_against_bots
from tests.browser.games import IN_VIEW, STACK, carcassonne_game_at_a_bid
from tests.support.screens import DESKTOP, PHONE

pytestmark = pytest.mark.browser

OUT = Path(__file__).resolve().parents[2] / "test-results" / "auction"

# Whether each element's text is wholly inside the element and the element inside the panel.
INSIDE = """(sel) => [...document.querySelectorAll(sel)].filter((e) => e.getClientRects().length).map((e) => {
  const box = e.closest('.cc-auction').getBoundingClientRect(), r = e.getBoundingClientRect();
  return {text: e.textContent, fits: e.scrollWidth <= e.clientWidth + 1 && e.scrollHeight <= e.clientHeight + 1,
          inside: r.left >= box.left - 1 && r.right <= box.right + 1}; })"""


def shoot(page, name: str) -> None:  # type: ignore[no-untyped-def]
    OUT.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(OUT / f"{name}.png"))


def test_buy_sell_and_tile_captions_are_readable_in_the_auction_column_at_1280x800(guest, problems):
    page = guest("Fay", viewport=DESKTOP)
    # three players: the person is the second auctioneer, and a bot bids on that tile
    for _ in range(4):
        game_id = start_against_bots(page, "carcassonne", 3, {"first_player": 0, "stack": STACK})
        try:
            advance_to(page, game_id, "AuctionSettle")
            break
        except AssertionError:
            continue
    else:
        pytest.fail("no bot bid on the person's tile in four games")
    page.goto(f"/games/{game_id}")
    page.get_by_test_id("buy-button").wait_for()
    page.wait_for_timeout(200)
    shoot(page, "settle-desktop")
    for found in page.evaluate(INSIDE, "[data-testid=buy-button], [data-testid=sell-button]"):
        assert found["fits"] and found["inside"], found
        assert "point" in found["text"], found  # the price is said
    assert all(page.evaluate(IN_VIEW, "[data-testid=buy-button], [data-testid=sell-button]"))
    # point 5 on a desktop: the auction column clips no tile caption, the board stays in view
    captions = page.evaluate(INSIDE, ".cc-auction .tile-name, .cc-auction .tile-index, .cc-auction .auction-lot strong")
    assert len(captions) >= 7 and all(c["fits"] and c["inside"] for c in captions), captions
    assert all(page.evaluate(IN_VIEW, "[data-testid=cc-canvas]")), "the board is pushed away"
    assert problems.errors == []


def test_a_bidder_on_a_phone_sees_the_board_and_the_bid_controls_at_once(guest, problems):
    page = guest("Fay", viewport=PHONE, is_mobile=True, has_touch=True)
    game_id = carcassonne_game_at_a_bid(page)
    page.goto(f"/games/{game_id}")
    page.get_by_test_id("bid-button").wait_for()
    page.wait_for_timeout(300)
    shoot(page, "bid-phone-top")
    # unscrolled: the controls in view, and the board begins on the first screen
    assert all(page.evaluate(IN_VIEW, "[data-testid=bid-button], [data-testid=pass-button]"))
    top = page.evaluate("document.querySelector('[data-testid=cc-canvas]').getBoundingClientRect().top")
    assert top < PHONE["height"] - 150, f"the board starts at {top} px"
    # the board brought to the top: the whole board and the controls in view together
    page.evaluate("document.querySelector('.cc-main').scrollIntoView({block: 'start'})")
    page.wait_for_timeout(200)
    shoot(page, "bid-phone-board")
    assert all(page.evaluate(IN_VIEW, "[data-testid=cc-canvas]")), "the board is not wholly in view"
    assert all(page.evaluate(IN_VIEW, "[data-testid=bid-button], [data-testid=pass-button]"))
    assert problems.errors == []
