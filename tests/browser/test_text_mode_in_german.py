"""Text mode and the move box in German, in real Chromium (issue 29 with issue 31): a German
browser reads the game in words with German headings and lines (the server's messages said by
the page), a typed move of the wrong shape is refused in German with its rule, the players
panel and the "Confirm moves" bar of a typed move speak German, and the 404 page is German; at 1280x800 and 390x844 the page is no wider than the window. Screenshots go to
/tmp/shots/i18n/."""

from __future__ import annotations

import re

import pytest

from tests.browser.api import start_against_bots
from tests.support.screens import SIZES, shot
from tests.support.typed_play import type_move

pytestmark = pytest.mark.browser

TEXT_READY = """() => { const t = document.getElementById('text-view');
  return !t.hidden && t.dataset.seq === document.getElementById('page').dataset.seq; }"""
ENGLISH = re.compile(r"\b(Your tokens|The market stalls|Players|Scores|The bank|Stall \d|costs|"
                     r"cards? left|to play|you|The die|Exchange equations|wares? bought)\b")


@pytest.mark.parametrize("size", SIZES)
def test_text_mode_reads_in_german(guest, problems, size: str) -> None:  # type: ignore[no-untyped-def]
    page = guest("Anna", "/", locale="de-DE", viewport=SIZES[size])
    game_id = start_against_bots(page, "bazaar", 2, {"first_player": 0})
    page.goto(f"/games/{game_id}")
    page.locator("html[lang=de]").wait_for(state="attached")
    page.locator("#move-box[data-legal-seq='0']").wait_for()
    page.get_by_test_id("text-mode").check()
    page.wait_for_function(TEXT_READY)
    view = page.get_by_test_id("text-view")
    tree = view.aria_snapshot()
    for heading in ("Die Partie in Worten", "Deine Steine", "Die Marktstände", "Spieler",
                    "Punktestand"):
        assert f'heading "{heading}"' in tree, tree
    assert "- listitem: Anna (du, am Zug)" in tree, tree
    words = view.inner_text().replace("Anna", "")
    assert not ENGLISH.search(words), ENGLISH.search(words)
    assert page.evaluate("() => document.documentElement.scrollWidth <= window.innerWidth + 1")
    shot(page, "i18n", f"text-mode-de-{size}", full_page=True)

    # a move of the wrong shape ("buy 9": there are four stalls) is refused in German
    type_move(page, "buy 9", False)  # refused on reading: nothing to confirm
    error = page.get_by_test_id("move-box-error")
    error.filter(has_text="der Stand muss 1 bis 4 sein").wait_for()
    assert error.get_by_role("link", name=re.compile("BAZ-21")).is_visible()
    shot(page, "i18n", f"text-mode-de-refused-{size}", full_page=True)

    # the players panel beside the text says the tokens, points and wares in German
    panel = page.get_by_test_id("baz-player-0").inner_text()
    assert "0 Steine" in panel and "0 Punkte − 0 Strafe" in panel and "0 Waren" in panel, panel
    # with "Confirm moves" on, a typed move waits under its German words
    page.get_by_test_id("confirm-moves").check()
    type_move(page, "roll", False)
    bar = page.get_by_test_id("move-confirm-bar")
    bar.filter(has_text="Würfeln").wait_for()
    shot(page, "i18n", f"text-mode-de-confirm-{size}", full_page=True)
    page.get_by_test_id("move-confirm").click()
    page.wait_for_function("() => document.getElementById('page').dataset.seq !== '0'")
    page.wait_for_function(TEXT_READY)
    assert "Der Würfel zeigt" in view.inner_text()
    assert not problems.errors


@pytest.mark.parametrize("size", SIZES)
def test_the_404_page_is_german(guest, size: str) -> None:  # type: ignore[no-untyped-def]
    page = guest("Anna", "/", locale="de-DE", viewport=SIZES[size])
    reply = page.goto("/rules/no-such-game")
    assert reply is not None and reply.status == 404
    page.locator("html[lang=de]").wait_for(state="attached")
    assert page.get_by_role("heading", name="Nicht gefunden").is_visible()
    assert page.get_by_role("link", name="Zurück zu den Spielen").is_visible()
    assert page.evaluate("() => document.documentElement.scrollWidth <= window.innerWidth + 1")
    shot(page, "i18n", f"not-found-de-{size}", full_page=True)


BOARD_ENGLISH = re.compile(r"\b(Stalls?|Buy|give|take|sold out|cards? left|left|Die|Roll the die|"
                           r"End turn|Exchange (cards|equations)|Scoring chart|Penalty Bazaar on|"
                           r"Turns without|Star level|level|Your (first )?turn|is to act|"
                           r"Not possible now|lack|the bank)\b")


@pytest.mark.parametrize("size", SIZES)
def test_the_bazaar_board_speaks_german(guest, problems, size: str) -> None:  # type: ignore[no-untyped-def]
    """The board itself, not only text mode: its prompt, headings, buttons, the reasons on the
    disabled buttons and the scoring chart are German (the rule ids stay in the details)."""
    page = guest("Anna", "/", locale="de-DE", viewport=SIZES[size])
    game_id = start_against_bots(page, "bazaar", 2, {"first_player": 0})
    page.goto(f"/games/{game_id}")
    page.locator("html[lang=de]").wait_for(state="attached")
    board = page.locator("#board")
    page.get_by_test_id("baz-prompt").filter(has_text="Dein erster Zug: Würfle.").wait_for()
    assert page.get_by_test_id("baz-roll").inner_text() == "Würfeln"
    assert page.get_by_test_id("baz-stalls").get_by_role("heading").inner_text() == "Stände"
    board.locator("details summary").click()  # the scoring chart and the game's status
    words = board.inner_text().replace("Anna", "")
    assert not BOARD_ENGLISH.search(words), BOARD_ENGLISH.search(words)
    titles = board.locator("button[disabled][title]").evaluate_all(
        "(bs) => bs.map((b) => b.title).filter(Boolean)")
    assert "Der erste Zug der Partie muss ein Wurf sein" in titles, titles
    assert [t for t in titles if BOARD_ENGLISH.search(t)] == [], titles
    shot(page, "i18n", f"bazaar-board-de-{size}", full_page=True)
    assert not problems.errors
