"""The open table (issue 25: getting in) in real Chromium, at 1280x800 and on a 390x844 phone.

A visitor with no name opens a shared game link (live, finished, its replay) and the home page:
everything shows, and no identity is made until the visitor acts; chatting, creating a lobby or
answering an invitation asks for the name then, and an invitee's name takes the seat at once.
Pictures go to the git-ignored test-results/open-table/.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.browser.api import post, start_against_bots, wait_finished
from tests.browser.conftest import name_as_guest

pytestmark = pytest.mark.browser
SHOTS = Path("test-results/open-table")
SIZES = {
    "desktop": {"viewport": {"width": 1280, "height": 800}},
    "phone": {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True},
}
GAME_READY = """() => { const main = document.getElementById('page');
  return document.querySelector('#board[data-board]') && document.querySelector('#players .player')
    && main.dataset.seq !== undefined && (main.dataset.status === 'finished'
      || document.getElementById('conn-status').dataset.state === 'open'); }"""
REPLAY_READY = """() => document.querySelector('#board[data-board]') && document.querySelector('#players .player')
  && document.getElementById('step-label').textContent"""


def shot(page, name: str) -> None:  # type: ignore[no-untyped-def]
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"))


def has_identity(context) -> bool:  # type: ignore[no-untyped-def]
    return any(c["name"] == "bazaar_token" for c in context.cookies())


def asked_for_name(page) -> bool:  # type: ignore[no-untyped-def]
    return bool(page.evaluate("() => document.getElementById('identity').open"))


@pytest.mark.parametrize("size", list(SIZES))
def test_a_shared_game_link_opens_without_a_name_and_chat_asks_for_one(guest, new_context, problems, size):  # type: ignore[no-untyped-def]
    ann = guest("Ann", **SIZES["desktop"])
    live = start_against_bots(ann, "grand-bazaar", 2, private=False)
    done = start_against_bots(ann, "grand-bazaar", 2, resign=True)
    wait_finished(ann, done)

    context = new_context(**SIZES[size])
    page = problems.watch(context.new_page())
    for path, ready, name in ((f"/games/{live}", GAME_READY, "live"), (f"/games/{done}", GAME_READY, "finished"),
                              (f"/games/{done}/replay", REPLAY_READY, "replay")):
        page.goto(path)
        page.wait_for_function(ready)
        assert not asked_for_name(page), path
        assert "Ann" in page.get_by_test_id("players").inner_text()
        shot(page, f"{name}-anonymous-{size}")
    assert page.get_by_role("link", name="Sign in").is_visible()
    assert not has_identity(context)  # looking made nobody

    page.goto(f"/games/{live}")
    page.wait_for_function(GAME_READY)
    page.get_by_test_id("chat-input").fill("Hello from the rail")
    page.get_by_test_id("chat-send").click()
    page.locator("#identity[open]").wait_for()
    assert "Pick a name to chat" in page.locator("#identity").inner_text()
    shot(page, f"chat-asks-name-{size}")
    page.get_by_label("Your name").fill("Vic")
    page.get_by_role("button", name="Continue").click()
    page.get_by_test_id("chat").filter(has_text="Hello from the rail").wait_for()
    assert "Vic" in page.get_by_test_id("chat").inner_text()
    assert not asked_for_name(page)
    assert has_identity(context)
    page.locator("#whoami").filter(has_text="Vic").wait_for()
    # the socket opened again with the name: the next line goes over it and is shown once
    page.locator("#conn-status[data-state=open]").wait_for()
    page.get_by_test_id("chat-input").fill("And again")
    page.get_by_test_id("chat-send").click()
    page.get_by_test_id("chat").filter(has_text="And again").wait_for()
    assert page.locator("#chat li").filter(has_text="And again").count() == 1
    assert problems.errors == []


@pytest.mark.smoke
@pytest.mark.parametrize("size", list(SIZES))
def test_the_home_page_shows_the_games_first_and_creating_asks_the_name(guest, new_context, problems, size):  # type: ignore[no-untyped-def]
    ann = guest("Ann", **SIZES["desktop"])
    post(ann, "/api/lobbies", {"kind": "bazaar", "players": 2, "options": {}})
    start_against_bots(ann, "grand-bazaar", 2, private=False)

    context = new_context(**SIZES[size])
    page = problems.watch(context.new_page())
    page.goto("/")
    page.get_by_test_id("create-grand-bazaar").wait_for()
    assert not asked_for_name(page)
    page.locator("#open-lobbies").filter(has_text="hosted by Ann").wait_for()
    page.locator("#live-games").get_by_role("link", name="Watch").first.wait_for()
    shot(page, f"home-anonymous-{size}")
    assert not has_identity(context)

    page.get_by_test_id("create-grand-bazaar").click()
    page.locator("#identity[open]").wait_for()
    assert "Pick a name to open a lobby" in page.locator("#identity").inner_text()
    page.get_by_label("Your name").fill("Gil")
    page.get_by_role("button", name="Continue").click()
    page.locator("#whoami").filter(has_text="Gil").wait_for()
    assert not asked_for_name(page)
    page.get_by_test_id("create-lobby").click()
    page.get_by_test_id("invite-link").wait_for()
    assert "Gil" in page.get_by_test_id("seat-0").inner_text()
    assert problems.errors == []


@pytest.mark.parametrize("size", list(SIZES))
def test_giving_a_name_from_an_invitation_takes_the_seat(guest, new_context, problems, size):  # type: ignore[no-untyped-def]
    ann = guest("Ann", **SIZES["desktop"])
    lobby = post(ann, "/api/lobbies", {"kind": "bazaar", "players": 2, "options": {}, "private": True})

    context = new_context(**SIZES[size])
    page = problems.watch(context.new_page())
    page.goto(f"/lobbies/{lobby['id']}")
    page.locator("#identity[open]").wait_for()
    assert "Ann invites you to a game of Bazaar" in page.get_by_test_id("invite-preview").inner_text()
    shot(page, f"invite-asks-name-{size}")
    page.get_by_label("Your name").fill("Bob")
    page.get_by_role("button", name="Take a seat").click()
    # one step: no "Take this seat" to press after the name
    page.get_by_test_id("seat-1").filter(has_text="Bob").wait_for()
    assert page.get_by_test_id("seat-1").get_by_text("you").is_visible()
    assert page.get_by_test_id("join-seat-1").count() == 0
    shot(page, f"invite-seated-{size}")
    assert problems.errors == []


def test_the_invite_has_a_share_button_where_the_phone_can_share(guest, new_context, problems):  # type: ignore[no-untyped-def]
    context = new_context(**SIZES["phone"])
    context.add_init_script("""navigator.share = (data) => { window.__shared = data; return Promise.resolve(); };
      navigator.canShare = () => true;""")
    page = problems.watch(context.new_page())
    name_as_guest(context, "Ann")
    page.goto("/lobbies/new?kind=bazaar")
    page.get_by_test_id("create-lobby").click()
    # the lobby page's script has run once the link is filled in (the input is in the HTML before)
    page.wait_for_function("() => (document.getElementById('invite-link') || {value: ''}).value.includes('/lobbies/')")
    share = page.get_by_test_id("share-invite")
    share.wait_for()  # shown, since this browser has a share sheet
    # both measured at once: the page above may still be settling
    copy_box, share_box = page.evaluate("""() => ['copy-invite', 'share-invite'].map((id) => {
      const r = document.getElementById(id).getBoundingClientRect();
      return {x: r.x, y: r.y, width: r.width, height: r.height}; })""")
    assert abs(copy_box["y"] - share_box["y"]) < 8 and share_box["x"] > copy_box["x"]  # beside Copy
    assert share_box["width"] >= 44 and share_box["height"] >= 40
    share.click()
    page.wait_for_function("() => window.__shared")
    shared = page.evaluate("() => window.__shared")
    assert shared["url"] == page.get_by_test_id("invite-link").input_value()
    assert "Bazaar" in shared["title"]
    shot(page, "invite-share-phone")
    assert problems.errors == []


def test_without_a_share_sheet_there_is_no_share_button(guest, problems):  # type: ignore[no-untyped-def]
    ann = guest("Ann", "/lobbies/new?kind=bazaar", **SIZES["desktop"])
    ann.get_by_test_id("create-lobby").click()
    ann.get_by_test_id("invite-link").wait_for()
    assert ann.evaluate("() => typeof navigator.share") == "undefined"
    assert ann.get_by_test_id("share-invite").is_hidden()
    assert problems.errors == []


@pytest.mark.parametrize("size", list(SIZES))
def test_the_home_page_says_who_is_waiting_and_plays_a_bot_in_one_click(guest, new_context, problems, size):  # type: ignore[no-untyped-def]
    """Issue 25, beyond the defects: who is waiting per game, and "Play a bot now"."""
    host = f"Wendy {size}"  # a name no other test hosts with
    wendy = guest(host, **SIZES["desktop"])
    lobby = post(wendy, "/api/lobbies", {"kind": "bombay-bazar", "players": 2, "options": {}})

    context = new_context(**SIZES[size])
    page = problems.watch(context.new_page())
    page.goto("/")
    waiting = page.get_by_test_id("waiting-bombay-bazar")
    waiting.filter(has_text=host).wait_for()
    assert waiting.inner_text().startswith("Waiting for players:")
    assert waiting.get_by_role("link").first.get_attribute("href", timeout=1000) is not None
    shot(page, f"home-waiting-{size}")
    # the seat goes to a bot: Wendy waits no more, and the list says so by itself
    post(wendy, f"/api/lobbies/{lobby['id']}/bots", {"seat": 1})
    page.wait_for_function("(name) => !document.querySelector('[data-testid=waiting-bombay-bazar]').textContent.includes(name)",
                           arg=host, timeout=15000)

    page.get_by_test_id("bot-now-grand-bazaar").click()
    page.locator("#identity[open]").wait_for()
    page.get_by_label("Your name").fill("Pia")
    page.get_by_role("button", name="Continue").click()
    page.wait_for_url("**/games/*")
    page.wait_for_function(GAME_READY)
    players = page.get_by_test_id("players").inner_text()
    assert "Pia" in players and "Bot 2" in players
    assert page.locator("#page").get_attribute("data-status") == "live"
    assert page.locator("#page").get_attribute("data-seat") == "0"
    shot(page, f"bot-now-game-{size}")
    assert problems.errors == []


def test_play_a_bot_now_opens_the_form_of_a_game_that_needs_settings(guest, problems):  # type: ignore[no-untyped-def]
    """The stand-alone auction needs its table's names and tiles: its form asks for them."""
    page = guest("Ann", **SIZES["desktop"])
    page.get_by_test_id("bot-now-carcassonne-auction").click()
    page.wait_for_url("**/lobbies/new?kind=carcassonne-auction")
    page.get_by_test_id("create-lobby").wait_for()
    assert page.get_by_test_id("bot-now-error-carcassonne-auction").count() == 0
    assert problems.errors == []
