"""A private game is never rated (issue 24.2), in real Chromium: the new-lobby form never asks
for both; ticking one of the two boxes unticks the other, and the lobby made is what it says."""

from __future__ import annotations

import pytest

from tests.browser.api import get
from tests.support.lobby_page import create_lobby

pytestmark = pytest.mark.browser


def test_the_new_lobby_form_never_asks_for_a_private_rated_game(guest, problems):  # type: ignore[no-untyped-def]
    page = guest("Uma", "/lobbies/new?kind=grand-bazaar", viewport={"width": 390, "height": 844})
    private, rated = page.get_by_label("Private", exact=False), page.get_by_test_id("rated")
    private.check()
    rated.check()
    assert rated.is_checked() and not private.is_checked()
    private.check()
    assert private.is_checked() and not rated.is_checked()
    create_lobby(page)
    lobby = get(page, "/api/lobbies/" + page.url.rsplit("/", 1)[1])
    assert lobby["private"] is True and lobby["rated"] is False
    page.locator("#lobby-meta").filter(has_text="private").wait_for()
    assert problems.errors == []
