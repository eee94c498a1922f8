import re
from tests.browser.moves import page_seq, wait_seq
from tests.browser.test_bombay_bazar_board import _start_solo

def test_shot(guest):
    ann = _start_solo(guest, viewport={"width": 1200, "height": 900})
    board = ann.locator("#board")
    seq = page_seq(ann)
    board.get_by_test_id("bb-choose-A").click()
    wait_seq(ann, seq + 1)
    for i in range(12):
        seq = page_seq(ann)
        piles = board.locator("[data-testid^=bb-pile-]:enabled")
        piles.nth((i * 7) % piles.count()).click()
        board.locator("[data-testid^=bb-orient-]").first.click()
        if ann.locator("#page").get_attribute("data-status") == "finished":
            break
        board.get_by_test_id("bb-place").click()
        wait_seq(ann, seq + 1)
        if ann.locator("#page").get_attribute("data-status") == "finished":
            break
    piles = board.locator("[data-testid^=bb-pile-]:enabled")
    if piles.count():
        piles.nth(piles.count()-1).click()
        board.locator("[data-testid^=bb-orient-]").first.click()
    ann.screenshot(path="/tmp/bb1.png", full_page=True)
    ann.set_viewport_size({"width": 360, "height": 740})
    ann.screenshot(path="/tmp/bb2.png", full_page=True)
