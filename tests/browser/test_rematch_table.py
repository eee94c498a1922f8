"""One rematch for the whole table (issue 14, part 3), in real Chromium.

Three friends finish a stand-alone auction (a Cancel ends it at once). Ann presses Another
auction: a lobby hosted by Ann, with Bob's and Cat's seats kept for them. Bob's page is told over
its socket and shows "Join the rematch"; Bob presses Another auction too and lands in the same
lobby, in his own seat. Cat, who has not answered, sees the prompt on the finished game; so does
a spectator, who is offered the lobby to look at. An auction's next round is "another auction"
(issue 25, point 28), and on a phone the offer heads the end card (point 19). Cat joins from the lobby; Ann starts; every
page of the old game then offers the new game.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.browser.api import get, post
from tests.support.screens import DESKTOP, PHONE

pytestmark = pytest.mark.browser
SHOTS = Path("/tmp/shots")
TABLE = {"players": ["Red", "Blue", "Green"], "scores": [10, 5, 7], "placer": 1,
         "tiles": [{"type": "U"}, {"label": "river bend"}, {"type": "U"}]}


def open_game(page, game_id: str) -> None:  # type: ignore[no-untyped-def]
    page.goto(f"/games/{game_id}")
    page.locator("#conn-status[data-state=open]").wait_for()


def test_two_rematches_make_one_lobby_and_everyone_at_the_table_is_told(guest, problems):  # type: ignore[no-untyped-def]
    ann = guest("Ann", viewport=DESKTOP)
    bob = guest("Bob", viewport=DESKTOP)
    cat = guest("Cat", viewport=PHONE, has_touch=True, is_mobile=True)
    eve = guest("Eve", viewport=PHONE, has_touch=True, is_mobile=True)
    lobby = post(ann, "/api/lobbies", {"kind": "carcassonne-auction", "players": 3, "options": TABLE})
    post(bob, f"/api/lobbies/{lobby['id']}/join", {})
    post(cat, f"/api/lobbies/{lobby['id']}/join", {})
    game_id = post(ann, f"/api/lobbies/{lobby['id']}/start")["game_id"]
    for page in (ann, bob, cat, eve):
        open_game(page, game_id)
    assert ann.evaluate("window.bazaar.conn.move({type: 'Cancel'})").get("ok")
    for page in (ann, bob, cat, eve):
        page.locator("#page[data-status=finished]").wait_for()
    assert eve.get_by_test_id("rematch").is_hidden()  # a spectator cannot offer one

    ann.get_by_test_id("rematch").click()
    ann.wait_for_url(re.compile(r"/lobbies/[A-Za-z0-9_-]+$"))
    lobby_id = ann.url.rsplit("/", 1)[1]
    ann.get_by_test_id("seat-1").filter(has_text="Bob").filter(has_text="kept for the next auction").wait_for()

    # Bob's page heard it over the socket: the prompt, in place of a second Rematch button
    offer = bob.get_by_test_id("rematch-offer")
    offer.filter(has_text="Ann offers another auction").wait_for()
    assert bob.get_by_test_id("rematch").is_hidden()
    bob.get_by_test_id("rematch-join").click()
    bob.wait_for_url(re.compile(rf"/lobbies/{lobby_id}$"))  # the same lobby, not a second one
    bob.get_by_test_id("seat-1").filter(has_text="you").wait_for()

    # Cat has not answered: the prompt is in view on her phone; the spectator may look at the lobby
    cat.get_by_test_id("rematch-offer").filter(has_text="Ann offers another auction").wait_for()
    # on Cat's phone the offer is at the top of the end card, above the scores (issue 25, point 19)
    assert cat.evaluate("""() => document.getElementById('rematch-offer').getBoundingClientRect().bottom
        <= document.getElementById('ranking').getBoundingClientRect().top""")
    # the prompt's container stays while the page redraws its button (presence, moves)
    cat.get_by_test_id("rematch-offer").scroll_into_view_if_needed()
    cat.screenshot(path=str(SHOTS.joinpath("rematch-offer-390.png")))
    eve.get_by_test_id("rematch-offer").filter(has_text="Ann offered the players another auction").wait_for()
    assert eve.get_by_test_id("rematch-join").count() == 0
    assert eve.get_by_test_id("rematch-go").get_attribute("href") == f"/lobbies/{lobby_id}"

    # the host waits for Cat; the lobby says so in words
    ann.locator("#lobby-hint").filter(has_text="Waiting for Cat to accept the rematch").wait_for()
    assert ann.get_by_test_id("start-game").is_disabled()
    cat.goto(f"/lobbies/{lobby_id}")
    cat.get_by_test_id("accept-seat-2").click()
    cat.get_by_test_id("seat-2").filter(has_text="you").wait_for()

    # the placer and the tiles of the next auction (CAR-110), then the start
    ann.evaluate("""async ([id, options]) => {
        const r = await fetch('/api/lobbies/' + id, {method: 'PATCH',
          headers: {'Content-Type': 'application/json'}, body: JSON.stringify({options})});
        if (!r.ok) throw new Error(await r.text());
    }""", [lobby_id, TABLE])
    ann.get_by_test_id("start-game").and_(ann.locator(":enabled")).click()
    ann.wait_for_url(re.compile(r"/games/[A-Za-z0-9_-]+$"))
    new_game = ann.url.rsplit("/", 1)[1]
    assert new_game != game_id
    # the old game's page tells the spectator where the rematch is played
    eve.get_by_test_id("rematch-go").filter(has_text="Watch the next auction").wait_for()
    assert eve.get_by_test_id("rematch-go").get_attribute("href") == f"/games/{new_game}"
    eve.screenshot(path=str(SHOTS.joinpath("rematch-begun-390.png")))
    rematch = get(eve, f"/api/games/{game_id}")["rematch"]
    assert rematch["game_id"] == new_game and rematch["lobby_id"] == lobby_id
    assert problems.errors == []
