"""Names and chat are user input: shown as text, never run or parsed as HTML (docs/design.md)."""

from __future__ import annotations

import pytest

from tests.support.lobby_page import create_lobby, start_game

pytestmark = pytest.mark.browser

IMG_NAME = "<img src=x onerror=alert(1)>"
SCRIPT_NAME = "<script>alert(2)</script>"
CHAT = "<img src=y onerror=alert(3)><script>alert(4)</script> hi"


def _no_injected_nodes(page) -> None:  # type: ignore[no-untyped-def]
    assert page.locator("img[src=x], img[src=y]").count() == 0
    assert page.locator("body script:not([src])").count() == 0
    assert page.evaluate("[...document.scripts].every(s => s.src || !s.textContent.includes('alert'))")


def test_hostile_names_and_chat_are_shown_as_text(guest, problems):
    ann = guest(IMG_NAME, "/lobbies/new?kind=grand-bazaar")
    create_lobby(ann)
    bob = guest(SCRIPT_NAME, ann.url)
    bob.get_by_test_id("join-seat-1").click()

    for page in (ann, bob):
        seats = page.locator("#seats")
        seats.get_by_text(IMG_NAME, exact=True).wait_for()
        seats.get_by_text(SCRIPT_NAME, exact=True).wait_for()
        _no_injected_nodes(page)
    assert ann.locator("#whoami").inner_text() == f"You: {IMG_NAME}"

    start_game(ann)
    bob.wait_for_url(ann.url)
    for page in (ann, bob):
        players = page.get_by_test_id("players")
        players.get_by_text(IMG_NAME, exact=True).wait_for()
        players.get_by_text(SCRIPT_NAME, exact=True).wait_for()
        page.locator("#conn-status[data-state=open]").wait_for()

    bob.get_by_test_id("chat-input").fill(CHAT)
    bob.get_by_test_id("chat-send").click()
    for page in (ann, bob):
        line = page.get_by_test_id("chat").locator(".chat-line").last
        line.locator(".chat-text").filter(has_text=CHAT).wait_for()
        assert line.locator(".chat-name").inner_text() == SCRIPT_NAME
        assert line.locator(".chat-text").inner_text() == CHAT
        _no_injected_nodes(page)

    # the chat survives a reload (it comes back from GET /api/games/{id})
    ann.reload()
    ann.get_by_test_id("chat").get_by_text(CHAT, exact=True).wait_for()
    _no_injected_nodes(ann)
    # Bob resigns: the bot plays his seat on, and Ann's page says so
    bob.get_by_test_id("resign").click()
    bob.get_by_test_id("resign-confirm").click()
    bob.get_by_test_id("resign").wait_for(state="hidden")
    ann.get_by_test_id("players").locator(".player", has_text=SCRIPT_NAME).get_by_text("resigned").wait_for()
    assert problems.dialogs == []
    assert problems.errors == []
