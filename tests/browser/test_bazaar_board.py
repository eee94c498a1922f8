"""The Bazaar board in real Chromium: a hot-seat game played through the board's own controls.

Checks the issue's board: the ten equations (disabled with the reason on hover when not
possible), the die, the four stalls, the bank and players, the hand-limit chooser when it comes
up, the refused-move reason, the log in words, and the 360 px phone layout.
"""

from __future__ import annotations

import random

import pytest

from tests.browser.moves import page_seq, wait_seq
from tests.support.lobby_page import create_lobby, start_game

pytestmark = pytest.mark.browser


def _start_hot_seat(guest, **context):  # type: ignore[no-untyped-def]
    ann = guest("Ann", "/lobbies/new?kind=bazaar", **context)
    ann.get_by_test_id("holder-1").select_option("host")
    create_lobby(ann)
    ann.get_by_test_id("seat-1").filter(has_text="device").wait_for()
    start_game(ann)
    ann.locator("#board[data-board=bazaar]").wait_for()
    ann.get_by_test_id("baz-prompt").wait_for()
    return ann


def _act(page, rng: random.Random) -> None:  # type: ignore[no-untyped-def]
    """One move through the board, as a person would choose it."""
    board = page.locator("#board")
    # the board enables its controls once this seat's legal moves have arrived
    board.locator("button[data-testid^=baz-]:enabled").first.wait_for()
    ret = board.get_by_test_id("baz-return-submit")
    if ret.count():
        # the hand-limit chooser: press + until exactly the surplus is chosen
        while not ret.is_enabled():
            pluses = board.locator("[data-testid^=baz-return-plus-]:enabled")
            pluses.nth(rng.randrange(pluses.count())).click()
        ret.click()
        return
    wild = board.locator("[data-testid^=baz-wild-]:enabled")
    if wild.count():
        wild.nth(rng.randrange(wild.count())).click()
        return
    buys = board.locator("[data-testid^=baz-buy-]:enabled")
    if buys.count():
        buys.first.click()
        return
    roll = board.get_by_test_id("baz-roll")
    trades = board.locator("[data-testid^=baz-trade-]:enabled")
    if roll.is_enabled():
        if trades.count() and rng.random() < 0.3:
            trades.nth(rng.randrange(trades.count())).click()
        else:
            roll.click()
        return
    board.get_by_test_id("baz-end-turn").click()


def test_bazaar_board_plays_through_its_controls(guest, problems):
    ann = _start_hot_seat(guest)
    board = ann.locator("#board")
    assert board.locator("[data-testid^=baz-eq-]").count() == 10
    assert board.locator("[data-testid^=baz-stall-]").count() == 4
    assert board.get_by_test_id("baz-bank").inner_text().count("20") == 5
    # first turn: every trade is disabled and says why (BAZ-13: roll first)
    ann.get_by_test_id("turn").filter(has_text="Your turn").wait_for()
    trade = board.locator("[data-testid^=baz-trade-]").first
    assert trade.is_disabled()
    # in words, without the rule id (issue 13, point 14)
    assert trade.get_attribute("title") == "The first turn of the game must be a roll"
    assert board.get_by_test_id("baz-buy-1").get_attribute("title") == "Roll or trade first, then buy"
    seq = page_seq(ann)
    board.get_by_test_id("baz-roll").click()
    wait_seq(ann, seq + 1)
    assert board.get_by_test_id("baz-die").inner_text().strip() != "–"
    assert board.get_by_test_id("baz-roll").get_attribute("title").startswith("Only one action per turn")
    ann.locator("#log").filter(has_text="rolled").wait_for()
    rng = random.Random(5)
    for _ in range(40):
        if ann.locator("#page").get_attribute("data-status") == "finished":
            break
        seq = page_seq(ann)
        ann.wait_for_function(
            """() => {
              const p = document.querySelector('#players .player.to-act');
              return p && p.dataset.seat === document.getElementById('page').dataset.seat;
            }""", timeout=10000)
        _act(ann, rng)
        wait_seq(ann, seq + 1)
    text = ann.get_by_test_id("players").inner_text()  # the page's one list of players
    assert "Ann" in text and "penalty" in text
    assert problems.errors == [] and problems.dialogs == []


def test_bazaar_board_fits_a_360px_phone(guest, problems):
    ann = _start_hot_seat(guest, viewport={"width": 360, "height": 740}, is_mobile=True,
                          has_touch=True)
    ann.wait_for_load_state("networkidle")
    width = ann.evaluate("document.documentElement.scrollWidth")
    assert width <= 362, f"the Bazaar game page is {width}px wide on a 360px phone"
    assert problems.errors == []


def test_bazaar_rules_page(server, new_context):  # type: ignore[no-untyped-def]
    page = new_context().new_page()
    page.goto("/rules/bazaar")
    page.locator("article.rules h1").filter(has_text="the rules").wait_for()
    assert "Penalty Bazaar" in page.locator("article.rules").inner_text()


def test_bazaar_hand_limit_chooser(guest, problems):
    """BAZ-19 on the board: roll without buying until a hand passes 10, then choose the return."""
    ann = _start_hot_seat(guest)
    board = ann.locator("#board")
    for _ in range(120):
        board.locator("button[data-testid^=baz-]:enabled").first.wait_for()
        if board.get_by_test_id("baz-return-submit").count():
            break
        seq = page_seq(ann)
        wild = board.locator("[data-testid^=baz-wild-]:enabled")
        if wild.count():
            wild.first.click()
        elif board.get_by_test_id("baz-roll").is_enabled():
            board.get_by_test_id("baz-roll").click()
        else:
            board.get_by_test_id("baz-end-turn").click()  # never buy: the hand keeps growing
        wait_seq(ann, seq + 1)
    submit = board.get_by_test_id("baz-return-submit")
    assert submit.is_disabled()
    assert submit.get_attribute("title").startswith("Choose exactly 1 token")
    ann.get_by_test_id("baz-prompt").filter(has_text="return 1 to the bank").wait_for()
    board.locator("[data-testid^=baz-return-plus-]:enabled").first.click()
    assert submit.is_enabled()
    seq = page_seq(ann)
    submit.click()
    wait_seq(ann, seq + 1)
    ann.locator("#log").filter(has_text="returned").wait_for()
    assert problems.errors == []
