"""Turn-based tables in real Chromium (issue 27, point 1): the lobby offers days per move and
what a timeout does, says the choice in words, and the game page says how long the player to
act has, in days and hours ("Ann has 5 days 23 hours to play"), at both viewports."""

from __future__ import annotations

import re

import pytest

VIEWPORTS = [{"width": 1280, "height": 800}, {"width": 390, "height": 844}]


@pytest.mark.parametrize("viewport", VIEWPORTS, ids=["desktop", "phone"])
def test_a_turn_based_lobby_and_its_game_page_say_the_days_in_words(guest, problems,  # type: ignore[no-untyped-def]
                                                                    viewport) -> None:
    ann = guest("Ann", "/lobbies/new?kind=grand-bazaar", viewport=viewport)
    ann.get_by_test_id("holder-1").select_option("bot")
    ann.get_by_test_id("clock-mode").select_option("turn")
    assert ann.get_by_test_id("clock-amount").is_hidden()
    ann.get_by_test_id("turn-days").select_option("3")
    ann.get_by_test_id("turn-timeout").select_option("drop")
    ann.screenshot(path=f"test-results/turn-based-lobby-new-{viewport['width']}.png",
                   full_page=True)
    ann.get_by_test_id("create-lobby").click()
    ann.wait_for_url(re.compile(r"/lobbies/[A-Za-z0-9_-]+$"))
    ann.locator("#lobby-meta").filter(has_text="turn-based, 3 days per move").wait_for()
    ann.get_by_test_id("start-game").click()
    ann.wait_for_url(re.compile(r"/games/"))
    # the bot may move first; then it is Ann's turn: 3 days per move + 3 days of reserve
    clock = ann.get_by_test_id("clock-0")
    clock.wait_for()
    # (6 days in the first second, then counting down)
    said = r"(6 days|5 days 23 hours)"
    assert re.fullmatch(f"has {said} to play", clock.inner_text().strip())
    assert re.fullmatch(f"Ann has {said} to play", clock.get_attribute("aria-label") or "")
    ann.get_by_test_id("players").scroll_into_view_if_needed()  # the clock redraws each second
    ann.screenshot(path=f"test-results/turn-based-game-{viewport['width']}.png")
    assert problems.errors == []
