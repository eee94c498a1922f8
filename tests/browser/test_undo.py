"""A misclick undone on the game page, and a takeback asked and accepted, in Chromium (issue 27,
point 3). The Undo button is in view at 1280x800 and 390x844 while the step can be undone,
and gone once it is; the log says the undo in words; the other player's page asks in words and
takes two taps to accept."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.browser.api import game, move, post, start_against_bots
from tests.support.screens import SIZES
from tests.support.undo import BAZAAR, CARCASSONNE

pytestmark = pytest.mark.browser

SHOTS = Path("/tmp/shots/undo")


@pytest.mark.parametrize("size", sorted(SIZES))
def test_a_misplaced_tile_is_undone_from_the_page(guest, problems, size: str) -> None:
    page = guest("Fay", viewport=SIZES[size], is_mobile=size == "phone", has_touch=size == "phone")
    game_id = start_against_bots(page, "carcassonne", 2, CARCASSONNE)
    page.goto(f"/games/{game_id}")
    before = game(page, game_id)
    tile = next(m for m in before["legal"] if m["type"] == "PlaceTile")
    assert move(page, game_id, before["seq"], tile)["status"] == 200  # the misclick
    page.locator(f"#page[data-seq='{before['seq'] + 1}']").wait_for()
    button = page.get_by_test_id("undo")
    button.wait_for()
    assert button.is_visible() and button.bounding_box()["y"] + 44 <= SIZES[size]["height"]
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"undo-{size}.png"))
    button.click()
    page.locator(f"#page[data-seq='{before['seq'] + 2}']").wait_for()
    page.locator("[data-testid=undo-bar][data-undo=no]").wait_for(state="attached")
    assert not page.get_by_test_id("undo").is_visible()
    page.get_by_test_id("log").get_by_text(re.compile(r"Fay undid their last step")).wait_for()
    after = game(page, game_id)
    assert after["view"] == before["view"] and after["legal"] == before["legal"]
    assert problems.errors == []


@pytest.mark.smoke
def test_a_takeback_is_asked_and_accepted_between_two_pages(guest, problems) -> None:
    ann = guest("Ann", viewport=SIZES["desktop"])
    bob = guest("Bob", viewport=SIZES["phone"], is_mobile=True, has_touch=True)
    lobby = post(ann, "/api/lobbies", {"kind": "bazaar", "players": 2, "options": BAZAAR})
    post(bob, f"/api/lobbies/{lobby['id']}/join")
    game_id = str(post(ann, f"/api/lobbies/{lobby['id']}/start")["game_id"])
    ann.goto(f"/games/{game_id}")
    bob.goto(f"/games/{game_id}")
    for _ in range(8):  # Ann rolls and ends her turn (a colour chosen if the dice ask)
        now = game(ann, game_id)
        if now["view"]["to_act"] != [0]:
            break
        kinds = [m["type"] for m in now["legal"]]
        kind = "Roll" if "Roll" in kinds else "EndTurn" if "EndTurn" in kinds else kinds[0]
        move(ann, game_id, now["seq"], next(m for m in now["legal"] if m["type"] == kind))
    passed = game(ann, game_id)
    assert passed["view"]["to_act"] == [1]
    ann.locator(f"#page[data-seq='{passed['seq']}']").wait_for()
    ann.get_by_test_id("takeback-ask").click()
    ann.locator("[data-testid=undo-bar][data-takeback=asked]").wait_for()
    bob.locator("[data-testid=undo-bar][data-takeback=asked]").wait_for()
    prompt = bob.get_by_test_id("undo-note")
    assert prompt.inner_text() == ("Ann asks to take back their last move. "
                                   "Waiting for Bob to answer.")
    bob.screenshot(path=str(SHOTS / "takeback-prompt-phone.png"))
    bob.get_by_test_id("takeback-accept").click()  # one tap commits nothing
    assert game(bob, game_id)["seq"] == passed["seq"]
    bob.get_by_test_id("takeback-confirm").click()
    ann.locator(f"#page[data-seq='{passed['seq'] + 1}']").wait_for()
    ann.get_by_test_id("log").get_by_text(re.compile(r"Ann took back a move")).wait_for()
    assert game(ann, game_id)["view"]["to_act"] == [0]
    ann.screenshot(path=str(SHOTS / "takeback-done-desktop.png"))
    assert problems.errors == []


def test_the_lobby_says_whether_takebacks_are_allowed(guest, problems) -> None:
    page = guest("Ann", viewport=SIZES["phone"], is_mobile=True, has_touch=True)
    lobby = post(page, "/api/lobbies", {"kind": "bazaar", "players": 2, "rated": True})
    page.goto(f"/lobbies/{lobby['id']}")
    said = page.get_by_test_id("lobby-takebacks")
    said.filter(has_text="No takebacks").wait_for()
    page.screenshot(path=str(SHOTS / "lobby-rated-phone.png"))
    page.evaluate("""(id) => fetch(`/api/lobbies/${id}`, {method: 'PATCH',
        headers: {'content-type': 'application/json'}, body: JSON.stringify({rated: false})})""",
                  lobby["id"])
    page.reload()
    said.filter(has_text="Takebacks allowed").wait_for()
    assert problems.errors == []
