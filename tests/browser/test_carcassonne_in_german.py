"""Carcassonne with the Bazaar expansion in a German browser (issue 29, "Done when"), in real
Chromium at 1280x800 and 390x844: the board's status, hints and buttons, the tiles' names and
the game log are German; the replay of the finished game reads in French after switching.
Screenshots go to /tmp/shots/i18n/."""

from __future__ import annotations

import re

import pytest

from tests.browser.api import advance_to, post, start_against_bots, wait_finished
from tests.support.screens import SIZES, shot

pytestmark = pytest.mark.browser

ENGLISH = re.compile(r"\b(tile|tiles|place|placed|drew|north|south|east|west|city|road|"
                     r"cloister|follower|builder|abbey|turn|rotate|the|of|and|your)\b",
                     re.IGNORECASE)


@pytest.mark.parametrize("size", SIZES)
def test_a_german_visitor_plays_carcassonne_in_german_and_replays_it_in_french(
        guest, size: str) -> None:  # type: ignore[no-untyped-def]
    page = guest("Anna", "/", locale="de-DE", viewport=SIZES[size])
    page.locator("html[lang=de]").wait_for(state="attached")
    game_id = start_against_bots(page, "carcassonne", 2)
    advance_to(page, game_id, "PlaceTile")
    page.goto(f"/games/{game_id}")
    page.get_by_test_id("place-tile").filter(has_text="Plättchen legen").wait_for()
    status = page.get_by_test_id("cc-status")
    status.filter(has_text="(du) legt").wait_for()
    hint = page.locator(".cc-hint").inner_text()
    assert hint.startswith("Dein Plättchen: ein"), hint
    page.get_by_test_id("rotate").filter(has_text="Drehen").wait_for()
    square = page.get_by_test_id("legal-square").first.get_attribute("aria-label") or ""
    assert square.startswith("mögliches Feld ") and "des Startplättchens" in square, square
    words = " ".join([status.inner_text(), hint, square,
                      page.get_by_test_id("cc-controls").inner_text()])
    assert not ENGLISH.search(words.replace("Anna", "")), words
    log = page.get_by_test_id("log")
    log.locator(".log-text", has_text="zog").first.wait_for()
    shot(page, "i18n", f"carcassonne-de-{size}")

    post(page, f"/api/games/{game_id}/resign", {})  # the bots play the game out
    wait_finished(page, game_id)
    page.goto(f"/games/{game_id}/replay?at=4")
    replay_log = page.get_by_test_id("log")
    replay_log.locator(".log-text", has_text="legte").first.wait_for()
    page.get_by_test_id("language-picker").select_option("fr")
    page.locator("html[lang=fr]").wait_for(state="attached")
    replay_log = page.get_by_test_id("log")
    replay_log.locator(".log-text", has_text="a posé").first.wait_for()
    texts = replay_log.locator(".log-text").all_inner_texts()
    assert texts and not any(" legte " in t or " placed " in t or "{" in t for t in texts), texts
    shot(page, "i18n", f"carcassonne-replay-fr-{size}")
