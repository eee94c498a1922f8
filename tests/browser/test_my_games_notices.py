""""My games" and notices (issue 15), in real Chromium: the game where it is your turn comes
first with a badge; finished games say the result in words; when another player's move makes it
your turn, the open page says so in a card and in the tab's title, and, the tab being hidden and
browser notifications turned on, shows a notification (a spy stands in for `Notification`)."""

from __future__ import annotations

import re

import pytest

from tests.browser.api import get, post
from tests.browser.conftest import name_as_guest

pytestmark = pytest.mark.browser

AUCTION = {"players": ["Red", "Blue"], "scores": [10, 5], "placer": 1,
           "tiles": [{"type": "U"}, {"label": "river bend"}]}
# a hidden tab whose notifications are allowed: every notification shown is kept for the test
SPY = """
Object.defineProperty(document, 'hidden', {get: () => window.__hidden === true});
Object.defineProperty(document, 'visibilityState', {get: () => window.__hidden ? 'hidden' : 'visible'});
window.__shown = [];
window.Notification = class {
  constructor(title, options) { window.__shown.push({title, body: options && options.body}); }
  static get permission() { return window.__asked ? 'granted' : 'default'; }
  static async requestPermission() { window.__asked = true; return 'granted'; }
};
"""

def game_between(ann, bob, kind: str = "grand-bazaar", options: dict | None = None) -> str:  # type: ignore[no-untyped-def]
    lobby = post(ann, "/api/lobbies", {"kind": kind, "players": 2, "options": options or {}})
    post(bob, f"/api/lobbies/{lobby['id']}/join")
    return str(post(ann, f"/api/lobbies/{lobby['id']}/start")["game_id"])


@pytest.mark.parametrize("viewport", [{"width": 1280, "height": 800}, {"width": 390, "height": 844}])
def test_my_games_puts_your_turn_first_and_a_hidden_tab_is_notified(new_context, guest, problems, viewport):  # type: ignore[no-untyped-def]
    context = new_context(viewport=viewport)
    context.add_init_script(SPY)
    ann = problems.watch(context.new_page())
    ann.goto("/me")
    ann.get_by_label("Your name").fill("Ann")
    ann.get_by_role("button", name="Continue").click()
    ann.locator("#whoami").filter(has_text="Ann").wait_for()
    bob = guest("Bob")
    done = game_between(ann, bob, "carcassonne-auction", AUCTION)
    seq = get(ann, f"/api/games/{done}")["seq"]
    post(ann, f"/api/games/{done}/moves", {"seq": seq, "move": {"type": "Cancel"}})
    mine = game_between(ann, bob, options={"first_player": 0})
    theirs = game_between(ann, bob, options={"first_player": 1})

    ann.goto("/me")
    first = ann.get_by_test_id("my-turn").get_by_test_id("my-game").first
    first.wait_for()
    assert first.get_attribute("data-game-id") == mine
    assert "Your turn" in first.inner_text()
    assert ann.get_by_test_id("my-turn-count").inner_text() == "1"
    assert ann.get_by_test_id("my-live").get_by_test_id("my-game").first.get_attribute("data-game-id") == theirs
    ended = ann.get_by_test_id("my-finished").get_by_test_id("my-game").first
    assert ended.get_attribute("data-game-id") == done
    assert "Cancelled: no ranking" in ended.inner_text()
    ann.screenshot(path=f"/tmp/shots/my-games-{viewport['width']}.png", full_page=True)

    # browser notifications: asked for only once the player turns them on
    assert ann.evaluate("window.__asked === undefined")
    ann.get_by_test_id("notice-browser").check()
    ann.wait_for_function("window.__asked === true && localStorage.getItem('bazaar.notices.browser') === 'on'")
    ann.evaluate("window.__hidden = true")
    game = get(bob, f"/api/games/{theirs}")
    post(bob, f"/api/games/{theirs}/moves", {"seq": game["seq"], "move": game["legal"][0]})
    ann.wait_for_function("window.__shown.length === 1")
    shown = ann.evaluate("window.__shown[0]")
    assert shown == {"title": "Bazaar: Grand Bazaar", "body": "Your turn in Grand Bazaar with Bob."}
    assert re.match(r"^\(1\) ", ann.title()), ann.title()
    notice = ann.get_by_test_id("notice")
    assert notice.inner_text().startswith("Your turn in Grand Bazaar with Bob.")
    assert notice.get_by_role("link", name="Play").get_attribute("href") == f"/games/{theirs}"
    ann.screenshot(path=f"/tmp/shots/notice-{viewport['width']}.png")
    # the lists follow: both games now wait for Ann
    ann.get_by_test_id("my-turn-count").filter(has_text="2").wait_for()
    # back on the tab: the count goes
    ann.evaluate("window.__hidden = false; document.dispatchEvent(new Event('visibilitychange'))")
    ann.wait_for_function("!document.title.startsWith('(')")
    assert problems.errors == []


@pytest.mark.parametrize("viewport", [{"width": 1280, "height": 800}, {"width": 390, "height": 844}],
                         ids=["desktop", "phone"])
def test_my_games_lists_the_rematch_and_continuation_lobbies_one_holds_or_is_invited_to(guest, problems, viewport):  # type: ignore[no-untyped-def]
    """Issue 25, point 18."""
    ann = guest("Ann", viewport=viewport)
    bob = guest("Bob", viewport=viewport)
    done = game_between(ann, bob, "carcassonne-auction", AUCTION)
    seq = get(ann, f"/api/games/{done}")["seq"]
    post(ann, f"/api/games/{done}/moves", {"seq": seq, "move": {"type": "Cancel"}})
    rematch = post(ann, f"/api/games/{done}/rematch")["lobby_id"]
    source = game_between(ann, bob)
    post(ann, f"/api/games/{source}/resign", {})
    post(bob, f"/api/games/{source}/resign", {})
    for _ in range(600):
        if get(ann, f"/api/games/{source}")["status"] == "finished":
            break
        ann.wait_for_timeout(100)
    continued = post(bob, f"/api/games/{source}/continue", {"step": 2})["lobby_id"]

    ann.goto("/me")
    lobbies = ann.get_by_test_id("my-lobbies")
    lobbies.get_by_test_id("my-lobby").nth(1).wait_for()
    held = lobbies.locator(f"[data-lobby-id='{rematch}']")
    assert "rematch" in held.inner_text() and "waiting for 1 player" in held.inner_text()
    kept = lobbies.locator(f"[data-lobby-id='{continued}']")
    assert "continued from move 2" in kept.inner_text() and "Bob keeps a seat for you" in kept.inner_text()
    ann.screenshot(path=f"test-results/my-lobbies-{viewport['width']}.png", full_page=True)
    kept.get_by_role("link", name="See the seat").click()
    ann.wait_for_url(f"**/lobbies/{continued}")
    ann.get_by_test_id("accept-seat-0").wait_for()

    bob.goto("/me")
    bob_lobbies = bob.get_by_test_id("my-lobbies")
    bob_lobbies.get_by_test_id("my-lobby").nth(1).wait_for()
    assert "Ann keeps a seat for you" in bob_lobbies.locator(f"[data-lobby-id='{rematch}']").inner_text()
    assert problems.errors == []


def test_the_hidden_tabs_title_counts_the_games_waiting_not_the_notices(new_context, guest, problems):  # type: ignore[no-untyped-def]
    """Issue 25, point 13: two turn notices of one game and one of another make "(2)", not "(3)"."""
    context = new_context(viewport={"width": 1280, "height": 800})
    context.add_init_script(SPY + "window.__notices = []; window.addEventListener('bazaar:notice', (e) => window.__notices.push(e.detail));")
    name_as_guest(context, "Ann")
    ann = problems.watch(context.new_page())
    ann.goto("/me")
    ann.locator("#whoami").filter(has_text="Ann").wait_for()
    bob = guest("Bob")
    first = game_between(ann, bob, options={"first_player": 1})
    second = game_between(ann, bob, options={"first_player": 1})
    ann.wait_for_timeout(300)  # the /ws/me socket is open by now (the page asked who Ann is)
    ann.evaluate("window.__hidden = true")

    def turns(game_id: str) -> int:
        return int(ann.evaluate("(id) => window.__notices.filter(n => n.kind === 'your-turn' && n.game_id === id).length", game_id))

    for _ in range(40):  # play the first game on until Ann has been told of her turn twice
        if turns(first) >= 2:
            break
        game = get(bob, f"/api/games/{first}")
        mover = bob if game["legal"] else ann
        now = get(mover, f"/api/games/{first}")
        if now["legal"]:
            post(mover, f"/api/games/{first}/moves", {"seq": now["seq"], "move": now["legal"][0]})
        ann.wait_for_timeout(150)
    assert turns(first) == 2
    game = get(bob, f"/api/games/{second}")
    post(bob, f"/api/games/{second}/moves", {"seq": game["seq"], "move": game["legal"][0]})
    ann.wait_for_function("(id) => window.__notices.some(n => n.game_id === id)", arg=second)
    assert ann.evaluate("window.__notices.filter(n => n.kind === 'your-turn').length") == 3
    assert re.match(r"^\(2\) ", ann.title()), ann.title()
    ann.evaluate("window.__hidden = false; document.dispatchEvent(new Event('visibilitychange'))")
    ann.wait_for_function("!document.title.startsWith('(')")
    assert problems.errors == []


def test_a_turn_notice_reaches_every_open_page_of_the_account(new_context, guest, problems):  # type: ignore[no-untyped-def]
    """Issue 25, point 22: Ann has the home page, My games and another game's page open (two
    tabs on a phone, one on a desktop, same account); Bob's move makes it her turn in a game none
    of them shows: every page says so, also one whose notice socket was down at that moment."""
    phone = new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
    name_as_guest(phone, "Ann")
    bob = guest("Bob")
    ann_api = problems.watch(phone.new_page())
    ann_api.goto("/rules/grand-bazaar")
    watched = game_between(ann_api, bob, options={"first_player": 0})
    target = game_between(ann_api, bob, options={"first_player": 1})
    cookies = phone.cookies()
    desktop = new_context(viewport={"width": 1280, "height": 800})
    desktop.add_cookies(cookies)
    pages = {
        "home": problems.watch(phone.new_page()),
        "me": problems.watch(phone.new_page()),
        "game": problems.watch(desktop.new_page()),
    }
    pages["home"].goto("/")
    pages["me"].goto("/me")
    pages["game"].goto(f"/games/{watched}")
    for page in pages.values():
        page.locator("#whoami").filter(has_text="Ann").wait_for()
        page.wait_for_function("() => window.__bazaarNotices === 'open'")
    # the home page's notice socket drops just before the move (a network blip)
    pages["home"].evaluate("() => window.__bazaarNoticesSocket.close()")
    game = get(bob, f"/api/games/{target}")
    post(bob, f"/api/games/{target}/moves", {"seq": game["seq"], "move": game["legal"][0]})
    for name, page in pages.items():
        card = page.get_by_test_id("notice").filter(has_text="Your turn in Grand Bazaar")
        card.wait_for(timeout=20000)
        assert card.get_by_role("link", name="Play").get_attribute("href") == f"/games/{target}", name
    pages["home"].screenshot(path="test-results/notice-every-page-phone.png")
    pages["game"].screenshot(path="test-results/notice-every-page-desktop.png")
    assert problems.errors == []
