"""Bot levels on the pages (issue 17), in real Chromium: the host gives a seat to the hard bot and
chooses who plays a seat taken over, on the new-lobby form and in the lobby, with the keyboard
and at phone and desktop sizes; the seat, the game's player list and the log say the level in
words.
"""

from __future__ import annotations

import pytest

from tests.browser.api import post

pytestmark = pytest.mark.browser
SIZES = [{"width": 390, "height": 844}, {"width": 1280, "height": 800}]


def tab_to(page, testid: str) -> None:  # type: ignore[no-untyped-def]
    """Press Tab until the element of ``testid`` has the focus (it is keyboard reachable)."""
    for _ in range(60):
        page.keyboard.press("Tab")
        if page.evaluate("id => document.activeElement && document.activeElement.dataset.testid === id",
                         testid):
            return
    raise AssertionError(f"Tab never reached {testid}")


@pytest.mark.parametrize("size", SIZES, ids=["phone", "desktop"])
def test_the_host_chooses_a_hard_bot_and_the_takeover_level_and_the_lobby_says_so(
        guest, problems, size) -> None:  # type: ignore[no-untyped-def]
    ann = guest("Ann", "/lobbies/new?kind=grand-bazaar", viewport=size)
    ann.wait_for_function("() => !document.getElementById('create-lobby').disabled")
    ann.get_by_test_id("players").select_option("3")
    holder = ann.get_by_test_id("holder-1")
    assert holder.locator("option").all_inner_texts() == [
        "Open for a friend", "Bot (normal)", "Bot (hard)", "Keep on my device"]
    tab_to(ann, "holder-1")
    holder.select_option("bot-hard")
    ann.get_by_test_id("holder-2").select_option("bot")
    tab_to(ann, "takeover-level")
    ann.get_by_test_id("takeover-level").select_option("hard")
    assert ann.get_by_test_id("takeover-level").is_visible()
    ann.get_by_test_id("create-lobby").click()

    ann.get_by_test_id("seat-tag-1").filter(has_text="Bot (hard)").wait_for()
    assert ann.get_by_test_id("seat-tag-2").text_content() == "Bot (normal)"
    ann.locator("#lobby-meta").filter(has_text="timeouts and resignations: hard bot").wait_for()
    # the host changes the level of a bot seat from its holder choice
    choice = ann.get_by_test_id("seat-holder-1")
    tab_to(ann, "seat-holder-1")
    choice.select_option("bot")
    ann.get_by_test_id("seat-tag-1").filter(has_text="Bot (normal)").wait_for()
    ann.get_by_test_id("seat-holder-2").select_option("bot-hard")
    ann.get_by_test_id("seat-tag-2").filter(has_text="Bot (hard)").wait_for()
    # and the takeover level from the settings
    ann.locator("#lobby-settings summary").click()
    assert ann.get_by_test_id("settings-takeover").input_value() == "hard"
    ann.get_by_test_id("settings-takeover").select_option("normal")
    ann.get_by_test_id("settings-save").click()
    ann.locator("#lobby-meta").filter(has_text="timeouts and resignations: normal bot").wait_for()
    # nothing overflows the phone's width
    assert ann.evaluate("() => document.documentElement.scrollWidth <= window.innerWidth + 1")
    assert problems.errors == []


def test_the_game_page_and_its_log_name_the_hard_bot(guest, problems) -> None:  # type: ignore[no-untyped-def]
    ann = guest("Ann")
    made = post(ann, "/api/lobbies", {"kind": "grand-bazaar", "players": 2,
                                      "options": {"first_player": 1}})
    post(ann, f"/api/lobbies/{made['id']}/bots", {"seat": 1, "level": "hard"})
    game_id = post(ann, f"/api/lobbies/{made['id']}/start")["game_id"]
    ann.goto(f"/games/{game_id}")
    ann.locator("#players .tag").filter(has_text="bot (hard)").wait_for()
    entry = ann.locator("#log .log-entry[data-seq='1'] .log-actor")
    entry.wait_for()
    ann.locator("#log .log-entry[data-seq='1'] .log-actor").filter(has_text="bot (hard)").wait_for()
    assert problems.errors == []


def test_the_expert_bot_is_offered_only_at_a_turn_based_table(guest, problems) -> None:  # type: ignore[no-untyped-def]
    ann = guest("Ann", "/lobbies/new?kind=grand-bazaar")
    ann.wait_for_function("() => !document.getElementById('create-lobby').disabled")
    holder = ann.get_by_test_id("holder-1")
    takeover = ann.get_by_test_id("takeover-level")
    expert = takeover.locator("option[value='expert']")
    assert "Bot (expert)" not in holder.locator("option").all_inner_texts()
    assert expert.evaluate("o => o.hidden")
    ann.get_by_test_id("clock-mode").select_option("turn")
    assert holder.locator("option").all_inner_texts() == [
        "Open for a friend", "Bot (normal)", "Bot (hard)", "Bot (expert)", "Keep on my device"]
    assert not expert.evaluate("o => o.hidden")
    ann.get_by_test_id("holder-1").select_option("bot-expert")
    takeover.select_option("expert")
    ann.get_by_test_id("create-lobby").click()
    ann.get_by_test_id("seat-tag-1").filter(has_text="Bot (expert)").wait_for()
    ann.locator("#lobby-meta").filter(has_text="timeouts and resignations: expert bot").wait_for()
    # the lobby page offers the expert at this table, and the settings keep it as the takeover
    assert "Bot (expert)" in ann.get_by_test_id("seat-holder-1").locator("option").all_inner_texts()
    ann.locator("#lobby-settings summary").click()
    assert ann.get_by_test_id("settings-takeover").input_value() == "expert"
    assert problems.errors == []
