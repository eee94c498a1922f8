"""Bombay Bazar and Grand Bazaar in German, in real Chromium (issue 29): a German browser sees
each board's panels, buttons, hints and refusals, the game's log and the end panel's breakdown
in German, and a refused move's reason comes back in German with its rule first; at 1280x800 and
390x844 the page is no wider than the window and no board button clips its words. Screenshots
go to /tmp/shots/i18n/."""

from __future__ import annotations

import re

import pytest

from tests.browser.api import start_against_bots, wait_finished
from tests.browser.games import start_hot_seat_game
from tests.browser.moves import page_seq, wait_seq
from tests.support.screens import SIZES, shot

pytestmark = pytest.mark.browser

# buttons whose words no longer fit, and a page wider than the window
OVERFLOW = """() => ({
  wide: document.documentElement.scrollWidth > window.innerWidth + 1,
  clipped: [...document.querySelectorAll('#board button')].filter((b) => b.getClientRects().length
    && b.scrollWidth > b.clientWidth + 1).map((b) => b.textContent),
})"""
GRAND_ENGLISH = re.compile(r"\b(Price track|Your trade|Compulsory|sapphires?|rub(y|ies)|"
                           r"emeralds?|Round \d|Price cards|legal bundle|grands needed|stock)\b")
BOMBAY_ENGLISH = re.compile(r"\b(Piles|Solo score|Trunk length|Empty cells|Unused openings|"
                            r"placed a|piece|elephant|Your best|segments?|Ended)\b")


@pytest.mark.parametrize("size", SIZES)
def test_grand_bazaar_board_log_and_refusal_in_german(server, guest, size: str) -> None:  # type: ignore[no-untyped-def]
    page = guest("Anna", "/", locale="de-DE", viewport=SIZES[size])
    url = start_hot_seat_game(page, server)
    page.goto(url)
    page.locator("html[lang=de]").wait_for(state="attached")
    page.get_by_test_id("gb-trade").wait_for()
    assert "Runde 1 von 27" in page.get_by_test_id("gb-round").inner_text()
    duty = page.get_by_test_id("gb-compulsory").inner_text()
    assert "Pflichtkauf" in duty and "mindestens einen Edelstein" in duty, duty
    assert page.get_by_test_id("gb-sell-S-plus").get_attribute("title") == \
        "In Runde 1 kann nichts verkauft werden"
    board = page.locator("#board").inner_text()
    assert "Preisleiste" in board and "Dein Handel" in board, board
    assert not GRAND_ENGLISH.search(board), GRAND_ENGLISH.search(board)
    assert page.evaluate(OVERFLOW) == {"wide": False, "clipped": []}
    shot(page, "i18n", f"grand-bazaar-de-{size}", full_page=True)

    # a refused move (no buy in round 1, GB-13f) is said in German, its rule first
    seq = page_seq(page)
    game_id = url.rsplit("/", 1)[1]
    refused = page.context.request.post(
        f"{server}/api/games/{game_id}/moves",
        # the context's request API sends no Accept-Language of its own: say it, as the page does
        headers={"origin": server, "x-requested-with": "test", "accept-language": "de-DE"},
        data={"seq": seq, "move": {"type": "Trade", "sell": {}, "buy": {}}})
    assert refused.status == 409
    body = refused.json()["detail"]
    assert body["rule"] == "GB-13f" and body["message"]["id"].startswith("you must buy")
    assert body["reason"].startswith("GB-13f: du musst in dieser Runde mindestens einen "
                                     "Edelstein kaufen"), body["reason"]

    page.get_by_test_id("gb-buy-R-plus").click()
    page.get_by_test_id("gb-reason").filter(has_text="Dieses Paket ist erlaubt").wait_for()
    page.get_by_test_id("gb-submit").click()
    wait_seq(page, seq + 1)
    log = page.get_by_test_id("log")
    log.locator(".log-text", has_text="kaufte 1 Rubin zu 9").first.wait_for()
    texts = log.locator(".log-text").all_inner_texts()
    assert not any(" bought " in t or "price card" in t or "{" in t for t in texts), texts


@pytest.mark.parametrize("size", SIZES)
def test_bombay_bazar_solo_board_log_and_breakdown_in_german(guest, size: str) -> None:  # type: ignore[no-untyped-def]
    page = guest("Anna", "/", locale="de-DE", viewport=SIZES[size])
    game_id = start_against_bots(page, "bombay-bazar", 1, resign=True)
    wait_finished(page, game_id)
    page.goto(f"/games/{game_id}")
    page.locator("html[lang=de]").wait_for(state="attached")
    breakdown = page.get_by_test_id("breakdown")
    # a phone shows the breakdown as cards, a desktop as a table: the one in view
    breakdown.locator(":visible", has_text="Rüssellänge (T)").first.wait_for()
    text = breakdown.inner_text()
    assert "Leere Felder (E)" in text and "Offene Öffnungen (U)" in text, text
    solo = page.get_by_test_id("bb-solo-score").inner_text()
    assert solo.startswith("Rüssel ") and "leere Felder" in solo, solo
    log = page.get_by_test_id("log")
    log.locator(".log-text", has_text="legte ein").first.wait_for()
    texts = log.locator(".log-text").all_inner_texts()
    assert not any(BOMBAY_ENGLISH.search(t) or "{" in t for t in texts), texts
    board = page.locator("#board").inner_text()
    assert not BOMBAY_ENGLISH.search(board), BOMBAY_ENGLISH.search(board)
    assert not BOMBAY_ENGLISH.search(text), BOMBAY_ENGLISH.search(text)
    assert page.evaluate(OVERFLOW) == {"wide": False, "clipped": []}
    shot(page, "i18n", f"bombay-bazar-solo-de-{size}", full_page=True)
