"""The Bombay Bazar board in real Chromium: a solo game played through the board's own
controls (choose an elephant, pick a picture, an orientation, see the preview, place), the
live trunk length, the end of the game with the solo score and best, the 360 px phone layout
and the rules page."""

from __future__ import annotations

import pytest

from tests.browser.moves import page_seq, wait_seq
from tests.support.lobby_page import new_game

pytestmark = pytest.mark.browser


def _start_solo(guest, **context):  # type: ignore[no-untyped-def]
    ann = guest("Ann", "/lobbies/new?kind=bombay-bazar", **context)
    new_game(ann, players=1)
    ann.locator("#board[data-board=bombay-bazar]").wait_for()
    ann.get_by_test_id("bb-svg").wait_for()
    return ann


def test_bombay_bazar_solo_game_through_the_board(guest, problems):
    ann = _start_solo(guest)
    board = ann.locator("#board")
    seq = page_seq(ann)
    board.get_by_test_id("bb-choose-A").click()
    wait_seq(ann, seq + 1)
    # BOM-13: the three other elephants are closed with end pieces
    assert board.get_by_test_id("bb-end").count() == 3
    # S-BOM-05: S3 has one orientation at the start; D2 is offered, its first orientation too
    board.get_by_test_id("bb-pile-S3").click()
    assert board.get_by_test_id("bb-orients").locator("button").count() == 1
    board.get_by_test_id("bb-orient-0").click()
    board.get_by_test_id("bb-preview").wait_for()
    seq = page_seq(ann)
    board.get_by_test_id("bb-place").click()
    wait_seq(ann, seq + 1)
    ann.get_by_test_id("score-0").filter(has_text="1").wait_for()  # the trunk, in the players panel
    for _ in range(80):
        if ann.locator("#page").get_attribute("data-status") == "finished":
            break
        seq = page_seq(ann)
        piles = board.locator("[data-testid^=bb-pile-]:enabled")
        piles.first.wait_for()
        piles.nth(piles.count() - 1).click()
        board.locator("[data-testid^=bb-orient-]").first.click()
        board.get_by_test_id("bb-place").click()
        wait_seq(ann, seq + 1)
    assert ann.locator("#page").get_attribute("data-status") == "finished"
    assert board.get_by_test_id("bb-end").count() >= 3
    score = board.get_by_test_id("bb-solo-score").inner_text()
    assert "Trunk" in score and "empty spaces" in score
    assert "best" in board.get_by_test_id("bb-solo-best").inner_text()
    assert problems.errors == [] and problems.dialogs == []


def test_bombay_bazar_board_fits_a_360px_phone(guest, problems):
    ann = _start_solo(guest, viewport={"width": 360, "height": 740}, is_mobile=True,
                      has_touch=True)
    ann.wait_for_load_state("networkidle")
    width = ann.evaluate("document.documentElement.scrollWidth")
    assert width <= 362, f"the Bombay Bazar game page is {width}px wide on a 360px phone"
    assert problems.errors == []


def test_bombay_bazar_rules_page(server, new_context):  # type: ignore[no-untyped-def]
    page = new_context().new_page()
    page.goto("/rules/bombay-bazar")
    page.locator("article.rules").filter(has_text="trunk").wait_for()
    assert "end piece" in page.locator("article.rules").inner_text()
