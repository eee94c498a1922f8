"""The player's journey in words (issue 13, points 11, 12 and 13), in real Chromium.

A resigned seat says the bot plays it and offers no control; a hot-seat address can be shared
(no ?seat= in it; a stranger opening one gets their own view) and the host's device seats are not
"not connected"; the connection and the game's status are two badges; live log entries carry the
bot / resigned tags; no game page makes a HEAD request for its board's stylesheet.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.browser.api import post
from tests.browser.moves import wait_seq
from tests.support.layout import sticks_out

pytestmark = pytest.mark.browser
SHOTS = Path("/tmp/shots")



def lobby(page, players: int, seats: dict[int, str] | None = None) -> dict:  # type: ignore[no-untyped-def]
    made = post(page, "/api/lobbies", {"kind": "grand-bazaar", "players": players,
                                       "options": {"first_player": 0}, "private": False})
    for seat, holder in (seats or {}).items():
        if holder == "bot":
            post(page, f"/api/lobbies/{made['id']}/bots", {"seat": seat})
        else:
            page.evaluate(
                """async ([url, body]) => {
                  const r = await fetch(url, {method: 'PATCH', headers: {'Content-Type': 'application/json'},
                                              body: JSON.stringify(body)});
                  if (!r.ok) throw new Error(await r.text());
                }""",
                [f"/api/lobbies/{made['id']}", {"seats": [{"seat": seat, "holder": holder}]}])
    return made


def watch_requests(page) -> list[str]:  # type: ignore[no-untyped-def]
    """HEAD requests and failed requests of a page, as 'METHOD url' lines."""
    seen: list[str] = []
    page.on("request", lambda r: seen.append(f"{r.method} {r.url}") if r.method == "HEAD" else None)
    page.on("requestfailed", lambda r: seen.append(f"FAILED {r.method} {r.url} {r.failure}"))
    return seen


def shoot(page, name: str) -> None:  # type: ignore[no-untyped-def]
    SHOTS.mkdir(parents=True, exist_ok=True)
    for width, height in ((1280, 800), (390, 844)):
        page.set_viewport_size({"width": width, "height": height})
        page.wait_for_timeout(150)
        page.screenshot(path=str(SHOTS / f"{name}-{width}.png"), full_page=True)
    page.set_viewport_size({"width": 1280, "height": 900})


def test_after_resigning_the_page_says_the_bot_plays_and_nothing_acts_for_the_seat(guest, problems):
    ann = guest("Ann")
    requests = watch_requests(ann)
    made = lobby(ann, 3, {1: "bot"})
    bob = guest("Bob")
    post(bob, f"/api/lobbies/{made['id']}/join", {"seat": 2})
    game_id = post(ann, f"/api/lobbies/{made['id']}/start")["game_id"]
    ann.goto(f"/games/{game_id}")
    ann.locator("#conn-status[data-state=open]").wait_for()
    ann.get_by_test_id("turn").filter(has_text="Your turn").wait_for()
    ann.get_by_test_id("gb-trade").wait_for()

    # the confirmation says what resigning does
    ann.get_by_test_id("resign").click()
    note = ann.get_by_test_id("resign-note")
    note.wait_for()
    assert "bot plays" in note.inner_text() and "may still win" in note.inner_text()
    ann.get_by_test_id("resign-confirm").click()
    ann.get_by_test_id("turn").filter(has_text="You resigned").wait_for()
    assert "the bot plays this seat" in ann.get_by_test_id("turn").inner_text()
    assert note.is_hidden() and ann.get_by_test_id("resign").is_hidden()

    # the bots play Ann's seat (resigned) and seat 2 (bot) live; Bob's turn stops the game
    wait_seq(ann, 2)
    ann.locator("#log .log-entry[data-seq='2'] .log-actor").wait_for(timeout=5000)
    actors = ann.locator("#log .log-entry:not([data-seq='0'])").evaluate_all(
        "items => items.map(i => [Number(i.dataset.seq), (i.querySelector('.log-actor') || {}).textContent || ''])")
    # each with the level of the bot that moved (the takeover level, and the bot seat's own)
    assert actors[0] == [1, "resigned seat, normal bot"] and actors[1] == [2, "bot (normal)"], actors
    # nothing on the page acts for the resigned seat, and it never says "Your turn" again
    assert ann.get_by_test_id("gb-trade").is_hidden()
    assert ann.locator("[data-testid=legal-move]:enabled").count() == 0
    assert "Your turn" not in ann.get_by_test_id("turn").inner_text()
    assert not ann.title().startswith("●")
    # three players at 1280x800: the side column is short, and the chat's form stays inside its
    # panel (it hung 18 px below the panel's edge)
    ann.set_viewport_size({"width": 1280, "height": 800})
    ann.wait_for_timeout(150)
    assert sticks_out(ann, "#chat-form", "#chat-panel") == 0
    shoot(ann, "after-resign")

    assert not [r for r in requests if "board.css" in r], requests
    assert problems.errors == []


def test_a_finished_game_shows_its_status_apart_from_the_connection(guest, problems):
    ann = guest("Ann")
    made = lobby(ann, 2, {1: "bot"})
    game_id = post(ann, f"/api/lobbies/{made['id']}/start")["game_id"]
    post(ann, f"/api/games/{game_id}/resign", {})
    ann.goto(f"/games/{game_id}")
    ann.get_by_test_id("ranking").locator("li").first.wait_for(timeout=60000)
    for _ in range(2):  # as it ends live, and after a reload
        ann.locator("#conn-status[data-state=open]").wait_for()
        ann.get_by_test_id("game-status").filter(has_text="Finished").wait_for()
        assert ann.locator("#conn-status").inner_text() != "Live"
        assert ann.locator("#page").get_attribute("data-status") == "finished"
        requests = watch_requests(ann)
        ann.reload()
        ann.get_by_test_id("ranking").locator("li").first.wait_for()
    ann.locator("#conn-status[data-state=open]").wait_for()
    assert ann.get_by_test_id("game-status").inner_text() == "Finished"
    assert "Live" not in ann.locator(".game-head").inner_text()
    # the log loaded over HTTP tags the moves the bots made
    ann.locator("#log .log-actor", has_text="bot").first.wait_for()
    ann.locator("#log .log-actor", has_text="resigned seat").first.wait_for()
    shoot(ann, "finished")
    assert not [r for r in requests if "board.css" in r], requests
    assert problems.errors == []


def test_a_hot_seat_address_is_shareable_and_the_hosts_device_is_connected(guest, problems):
    ann = guest("Ann")
    made = lobby(ann, 2, {1: "host"})
    game_id = post(ann, f"/api/lobbies/{made['id']}/start")["game_id"]
    ann.goto(f"/games/{game_id}")
    ann.locator("#seat-switch").wait_for()
    ann.locator("#conn-status[data-state=open]").wait_for()
    # both of Ann's seats are on her device: neither is "not connected"
    ann.locator("#players .presence.on").first.wait_for()
    assert ann.locator("#players .presence.off").count() == 0
    assert ann.locator("#players .presence.on").count() == 2

    ann.get_by_label("follow the turn").uncheck()
    ann.get_by_test_id("seat-switch-1").click()
    ann.locator("#page[data-seat='1']").wait_for()
    assert "seat=" not in ann.url  # the address stays the game's, for anyone
    assert ann.evaluate(f"sessionStorage.getItem('bazaar:seat:{game_id}')") == "1"
    # the tab keeps its seat in its own storage: a reload asks for it (then follows the turn)
    with ann.expect_request(re.compile(rf"/api/games/{game_id}\?seat=1$")):
        ann.reload()
    ann.locator("#conn-status[data-state=open]").wait_for()
    assert "seat=" not in ann.url

    # an old address with ?seat= still opens: for a stranger, as a spectator
    cat = guest("Cat", f"/games/{game_id}?seat=1")
    cat.locator("#conn-status[data-state=open]").wait_for()
    cat.get_by_test_id("turn").filter(has_text=re.compile("to play$")).wait_for()
    assert cat.locator("#page").get_attribute("data-seat") == ""
    assert "seat=" not in cat.url
    assert cat.get_by_test_id("players").locator(".player").count() == 2
    assert cat.get_by_test_id("gb-trade").is_hidden()
    assert "cannot be shown" not in cat.get_by_test_id("turn").inner_text()
    cat.locator("#players .presence.on").first.wait_for()
    assert cat.locator("#players .presence.off").count() == 0
    assert problems.errors == []


def test_chat_said_while_the_socket_was_down_arrives_once_on_resume(guest, problems):
    ann = guest("Ann")
    made = lobby(ann, 2, {1: "bot"})
    game_id = post(ann, f"/api/lobbies/{made['id']}/start")["game_id"]
    post(ann, f"/api/games/{game_id}/chat", {"text": "before the page"})
    ann.goto(f"/games/{game_id}")
    ann.locator("#conn-status[data-state=open]").wait_for()
    ann.get_by_test_id("chat-input").fill("while open")
    ann.get_by_test_id("chat-send").click()
    ann.locator("#chat .chat-text", has_text="while open").wait_for()
    ann.evaluate("window.bazaar.conn._drop()")  # the socket goes down without a reconnect
    post(ann, f"/api/games/{game_id}/chat", {"text": "missed one"})
    post(ann, f"/api/games/{game_id}/chat", {"text": "missed two"})
    ann.wait_for_timeout(300)
    assert ann.locator("#chat .chat-text", has_text="missed").count() == 0
    ann.evaluate("window.bazaar.conn._open()")
    ann.locator("#chat .chat-text", has_text="missed two").wait_for()
    ann.wait_for_timeout(300)
    texts = ann.locator("#chat .chat-text").all_inner_texts()
    assert texts == ["before the page", "while open", "missed one", "missed two"], texts
    assert problems.errors == []
