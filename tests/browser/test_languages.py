"""Languages in real Chromium (issue 29), at 1280x800 and 390x844: a German browser gets the
home page in German; the header's picker switches it to French; a Bazaar game's log, written as
messages, reads in German after switching and its replay keeps the ids, so the same replay reads
in French. Screenshots go to /tmp/shots/i18n/."""

from __future__ import annotations

import pytest

from tests.browser.api import start_against_bots, wait_finished
from tests.support.no_english import page_problems
from tests.support.screens import SIZES, shot

pytestmark = pytest.mark.browser



def pick_language(page, code: str) -> None:  # type: ignore[no-untyped-def]
    """Choose ``code`` in the header's picker, as a person does; the page reloads in it."""
    picker = page.get_by_test_id("language-picker")
    box = picker.bounding_box()
    viewport = page.viewport_size
    assert box and viewport and box["x"] >= 0 and box["x"] + box["width"] <= viewport["width"], \
        "the language picker is not in view"
    picker.select_option(code)
    page.locator(f"html[lang={code}]").wait_for(state="attached")
    page.get_by_test_id("language-picker").and_(page.locator(f"[data-current={code}]")).wait_for()


@pytest.mark.smoke
@pytest.mark.parametrize("size", SIZES)
def test_a_german_browser_gets_german_and_the_picker_switches_to_french(
        guest, size: str) -> None:  # type: ignore[no-untyped-def]
    page = guest("Anna", "/", locale="de-DE", viewport=SIZES[size])
    page.locator("html[lang=de]").wait_for(state="attached")
    page.get_by_role("heading", name="Offene Lobbys").wait_for()
    page.get_by_role("link", name="Partien", exact=True).wait_for()
    assert page.get_by_test_id("language-picker").input_value() == "de"
    shot(page, "i18n", f"home-de-{size}")
    pick_language(page, "fr")
    page.get_by_role("heading", name="Salons ouverts").wait_for()
    assert page.get_by_role("heading", name="Offene Lobbys").count() == 0
    shot(page, "i18n", f"home-fr-{size}")
    page.reload()  # the choice is kept (the cookie wins over the browser's German)
    page.get_by_role("heading", name="Salons ouverts").wait_for()


@pytest.mark.parametrize("size", SIZES)
def test_a_game_s_log_switches_language_and_its_replay_keeps_the_ids(
        guest, size: str) -> None:  # type: ignore[no-untyped-def]
    page = guest("Ann", "/", viewport=SIZES[size])
    game_id = start_against_bots(page, "bazaar", 2, resign=True)
    wait_finished(page, game_id)
    page.goto(f"/games/{game_id}")
    log = page.get_by_test_id("log")
    log.locator(".log-text", has_text="rolled").first.wait_for()
    pick_language(page, "de")
    log = page.get_by_test_id("log")
    log.locator(".log-text", has_text="würfelte").first.wait_for()
    texts = log.locator(".log-text").all_inner_texts()
    assert texts and not any(" rolled " in t or " traded " in t or "{" in t for t in texts), texts
    # the whole finished page too: the end card, its breakdown by source (BAZ-23, BAZ-26), chart
    page.get_by_test_id("breakdown").wait_for()
    assert page_problems(page, "de", ["Ann", "Bot 2"]) == []
    shot(page, "i18n", f"game-de-{size}")

    page.goto(f"/games/{game_id}/replay?at=3")
    page.get_by_test_id("step-label").filter(has_text="Zug 3 von").wait_for()
    page.get_by_test_id("log").locator(".log-text", has_text="würfelte").first.wait_for()
    pick_language(page, "fr")
    page.get_by_test_id("step-label").filter(has_text="Coup 3 sur").wait_for()
    replay_log = page.get_by_test_id("log")
    replay_log.locator(".log-text", has_text="a fait").first.wait_for()
    texts = replay_log.locator(".log-text").all_inner_texts()
    assert not any("würfelte" in t or " rolled " in t or "{" in t for t in texts), texts
    shot(page, "i18n", f"replay-fr-{size}")


def test_a_new_lobby_s_options_are_in_the_page_s_language(guest) -> None:  # type: ignore[no-untyped-def]
    """The engines declare their options in English; each word of them is a message id
    (app/i18n/tool.py option_words) that the lobby form says in the page's language."""
    page = guest("Anna", "/lobbies/new?kind=carcassonne", locale="de-DE",
                 viewport=SIZES["phone"])
    page.locator("html[lang=de]").wait_for(state="attached")
    form = page.locator("[data-option=farm_scoring]")
    form.get_by_text("Wertung der Wiesen").wait_for()
    assert "Keine Bauern" in form.locator("select").inner_text()
    page.locator("[data-option=builder]").get_by_text("Baumeister", exact=True).wait_for()
    assert page.locator("[data-option=farm_scoring]").get_by_text("Farm scoring").count() == 0
    shot(page, "i18n", "new-lobby-options-de-phone")
    pick_language(page, "fr")
    page.locator("[data-option=builder]").get_by_text("Bâtisseur", exact=True).wait_for()
    page.locator("[data-option=farm_scoring]").get_by_text("Décompte des prés").wait_for()
