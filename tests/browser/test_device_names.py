"""The host names the seats on their device (issue 13, point 12), in real Chromium: the lobby
has a name box on each such seat, and the game's players panel and seat switcher use the name."""

from __future__ import annotations

import pytest

from tests.support.lobby_page import create_lobby, start_game

pytestmark = pytest.mark.browser


@pytest.mark.parametrize("viewport", [{"width": 1280, "height": 800}, {"width": 390, "height": 844}])
def test_a_seat_on_the_hosts_device_is_named_and_plays_under_that_name(guest, problems, viewport):  # type: ignore[no-untyped-def]
    ann = guest("Ann", "/lobbies/new?kind=grand-bazaar", viewport=viewport)
    create_lobby(ann)
    ann.get_by_test_id("seat-holder-1").select_option("host")
    box = ann.get_by_test_id("device-name-1")
    box.fill("Grandma")
    ann.get_by_test_id("device-name-save-1").click()
    ann.get_by_test_id("seat-1").filter(has_text="Grandma").wait_for()
    ann.screenshot(path=f"/tmp/shots/device-name-{viewport['width']}.png", full_page=True)
    start_game(ann)
    ann.get_by_test_id("players").filter(has_text="Grandma").wait_for()
    switch = ann.locator("#seat-buttons")
    switch.filter(has_text="Grandma").wait_for()
    assert "Ann (2)" not in ann.inner_text("#page")
    assert problems.errors == []
