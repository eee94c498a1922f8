"""Two players with one display name are told apart (issue 24.5), in real Chromium: the lobby's
seats and the game's players panel show an account's @username and a guest's "guest #tag"."""

from __future__ import annotations

import re
import uuid

import pytest

from tests.browser.api import post
from tests.support.lobby_page import create_lobby, start_game

pytestmark = pytest.mark.browser


@pytest.mark.parametrize("viewport", [{"width": 1280, "height": 800}, {"width": 390, "height": 844}])
def test_two_players_named_alike_show_their_marks_in_lobby_and_game(guest, problems, viewport):  # type: ignore[no-untyped-def]
    username = f"sam_{uuid.uuid4().hex[:8]}"
    host = guest("Sam", "/lobbies/new?kind=grand-bazaar", viewport=viewport)
    post(host, "/api/account/claim", {"username": username, "password": "correct horse battery"})
    host.reload()
    create_lobby(host)
    other = guest("Sam", host.url, viewport=viewport)  # a guest who took the same name
    other.get_by_test_id("join-seat-1").click()
    host.get_by_test_id("seat-1").filter(has_text="Sam").wait_for()
    marks = [host.get_by_test_id(f"seat-mark-{n}") for n in (0, 1)]
    assert marks[0].inner_text() == f"@{username}"
    guest_mark = marks[1].inner_text()
    assert re.fullmatch(r"guest #[0-9a-f]{4}", guest_mark), guest_mark
    host.screenshot(path=f"/tmp/shots/name-marks-lobby-{viewport['width']}.png", full_page=True)
    start_game(host)
    players = host.get_by_test_id("players")
    players.get_by_test_id("mark-1").filter(has_text=guest_mark).wait_for()
    assert players.get_by_test_id("mark-0").inner_text() == f"@{username}"
    host.screenshot(path=f"/tmp/shots/name-marks-game-{viewport['width']}.png", full_page=True)
    assert problems.errors == []
