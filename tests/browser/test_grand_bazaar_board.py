"""The Grand Bazaar board in real Chromium: a hot-seat game with a fixed deck (rules/grand-bazaar.md).

Ann holds both seats on one device. Through the board alone she checks the price track
(GB-10, S-GB-02), the compulsory buy (GB-13f, S-GB-06), the money limit (GB-13d, S-GB-07),
the no-buy-and-sell rule (GB-13b) and the refusal reasons, then plays the game to the end and
sees the final ranking (GB-19, GB-20), and the replay shows the deck order (GB-23, S-GB-24).
"""

from __future__ import annotations

import random
import re

import pytest

from tests.browser.games import ORDER, start_hot_seat_game
from tests.browser.moves import page_seq, wait_seq

pytestmark = pytest.mark.browser


def trade_through_board(page, **counts: int) -> None:  # type: ignore[no-untyped-def]
    """Add to the steppers (e.g. buy_R=1, sell_S=2) and make the trade."""
    for key, n in counts.items():
        kind, gem = key.split("_")
        for _ in range(n):
            page.get_by_test_id(f"gb-{kind}-{gem}-plus").click()
    page.get_by_test_id("gb-reason").filter(has_text="legal").wait_for()
    seq = page_seq(page)
    page.get_by_test_id("gb-submit").click()
    wait_seq(page, seq + 1)


def test_grand_bazaar_board_offers_legal_bundles_and_explains_refusals(server, guest, problems):
    ann = guest("Ann")
    ann.goto(start_hot_seat_game(ann, server))
    trade = ann.get_by_test_id("gb-trade")
    trade.wait_for()
    assert ann.locator("#board").get_attribute("data-board") == "grand-bazaar"

    # S-GB-02: card 20 (+1, -1, 0) gives round-1 prices (11, 9, 10) on the track
    for gem, price in (("S", "11"), ("R", "9"), ("E", "10")):
        assert ann.get_by_test_id(f"gb-marker-{gem}").get_attribute("data-price") == price
    assert ann.get_by_test_id("gb-history").locator("li").count() == 1
    assert "26" in ann.get_by_test_id("gb-deck-count").inner_text()
    assert "Round 1 of 27" in ann.get_by_test_id("gb-round").inner_text()

    # S-GB-06 / GB-13f: the empty bundle is refused and the reminder is shown, in words; with
    # nothing chosen yet the panel gives a neutral hint, not a red "Not legal" (issue 13, 14)
    compulsory = ann.get_by_test_id("gb-compulsory").inner_text()
    assert "must buy at least one gem" in compulsory and "GB-" not in compulsory
    assert ann.get_by_test_id("gb-submit").is_disabled()
    assert "Not legal" not in ann.get_by_test_id("gb-reason").inner_text()
    assert "must buy at least one gem" in (ann.get_by_test_id("gb-submit").get_attribute("title") or "")
    # GB-13a: nothing to sell in round 1
    sell_plus = ann.get_by_test_id("gb-sell-S-plus")
    assert sell_plus.is_disabled()
    assert (sell_plus.get_attribute("title") or "") == "Nothing can be sold in round 1"
    trade_through_board(ann, buy_R=1)
    ann.get_by_test_id("gb-money-0").filter(has_text="21").wait_for()

    # seat 1 (the same device follows the turn). S-GB-07 / GB-13d: S2 then no ruby (31 > 30)
    ann.locator("#page[data-seat='1']").wait_for()
    ann.get_by_test_id("gb-buy-S-plus").click()
    ann.get_by_test_id("gb-buy-S-plus").click()
    blocked = ann.get_by_test_id("gb-buy-R-plus")
    assert blocked.is_disabled()
    assert (blocked.get_attribute("title") or "").startswith("9 grands needed, 8 left")
    ann.get_by_test_id("gb-buy-S-minus").click()
    trade_through_board(ann, buy_R=2)  # on top of S1: buy S1 R2 for 29
    ann.get_by_test_id("gb-money-1").filter(has_text=re.compile(r"^1$")).wait_for()

    # round 2: card 14 changes nothing; seat 1 moves first (GB-9) with S1 R2 and 1 grand
    ann.get_by_test_id("gb-round").filter(has_text="Round 2 of 27").wait_for()
    ann.locator("#page[data-seat='1']").wait_for()
    # a buy needs a sale first: 1 grand is not enough for anything (GB-13d on the button)
    no_money = ann.get_by_test_id("gb-buy-S-plus")
    assert no_money.is_disabled() and "grands needed" in (no_money.get_attribute("title") or "")
    # sell R2 pays for an emerald (sales first, GB-12); rubies can't then be bought (GB-13b)
    ann.get_by_test_id("gb-sell-R-plus").click()
    ann.get_by_test_id("gb-sell-R-plus").click()
    ann.get_by_test_id("gb-buy-E-plus").click()
    ann.get_by_test_id("gb-reason").filter(has_text="This bundle is legal").wait_for()
    both = ann.get_by_test_id("gb-buy-R-plus")
    assert both.is_disabled()
    assert "cannot be bought and sold" in (both.get_attribute("title") or "")
    # without the sale the same purchase is refused, and the panel says why
    ann.get_by_test_id("gb-sell-R-minus").click()
    ann.get_by_test_id("gb-sell-R-minus").click()
    reason = ann.get_by_test_id("gb-reason").inner_text()
    assert reason.startswith("Not legal: The purchases cost") and "GB-" not in reason
    assert ann.get_by_test_id("gb-submit").is_disabled()

    # play the rest through the list of legal bundles
    rng = random.Random(11)
    moves = 2
    while ann.locator("#page").get_attribute("data-status") != "finished":
        trade.wait_for()
        picker = ann.get_by_test_id("gb-bundles")
        options = picker.locator("option").count()
        assert options >= 2
        picker.select_option(index=rng.randrange(1, options))
        seq = page_seq(ann)
        ann.get_by_test_id("gb-submit").click()
        wait_seq(ann, seq + 1)
        moves += 1
        assert moves <= 54
    assert moves == 54  # 27 rounds x 2 players (GB-30)

    # the end card ranks both players; the board draws no second ranking (issue 25)
    ann.get_by_test_id("ranking").locator("li[data-seat]").nth(1).wait_for()
    assert ann.get_by_test_id("gb-final").count() == 0
    for gem in "SRE":  # GB-26: every price is back at 10
        assert ann.get_by_test_id(f"gb-marker-{gem}").get_attribute("data-price") == "10"
    assert trade.is_hidden()

    # the replay of the finished game shows the deck order at every step (S-GB-24)
    ann.goto(ann.url.split("?")[0] + "/replay")
    order = ann.get_by_test_id("gb-deck-order")
    order.wait_for()
    ann.get_by_test_id("step-label").filter(has_text="Setup").wait_for()
    order.filter(has_text=", ".join(str(c) for c in ORDER[1:])).wait_for()
    ann.get_by_test_id("step-forward").click()
    ann.get_by_test_id("step-forward").click()  # round 1 done: card 14 revealed
    order.filter(has_text=", ".join(str(c) for c in ORDER[2:])).wait_for()
    assert ann.get_by_test_id("gb-history").locator("li").count() == 2
    assert problems.errors == [] and problems.dialogs == []


def test_grand_bazaar_board_fits_a_phone(server, guest, problems):
    ann = guest("Ann", viewport={"width": 360, "height": 740})
    ann.goto(start_hot_seat_game(ann, server))
    ann.get_by_test_id("gb-trade").wait_for()
    width = ann.evaluate("document.documentElement.scrollWidth")
    assert width <= 360
    box = ann.get_by_test_id("gb-track").bounding_box()
    assert box is not None and box["width"] <= 360
    ann.get_by_test_id("gb-buy-E-plus").click()
    ann.get_by_test_id("gb-submit").click()
    ann.locator("#page[data-seat='1']").wait_for()
    assert problems.errors == []
