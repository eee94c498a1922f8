"""Continue from here (issue 14, part 4) in real Chromium, at 1280x800 and on a 390x844 phone.

Ann plays Grand Bazaar against a bot to its end. Bob, who did not play, opens the replay, steps
to move k and presses "Continue from here" (at the final position the button is disabled and
says why); the lobby says what it is, Bob gives the open seat to a bot and starts; the game page
shows the board, says where the game came from, and its log starts with the origin. The new
game's view at its start is Bob's view of the source's position at k (replayed here from the
source's record), and the source's page links the continuation.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from app.games.base import ReplayRng, get_engine
from tests.browser.api import get, post, start_against_bots
from tests.support.screens import DESKTOP, PHONE

pytestmark = pytest.mark.browser
SHOTS = Path("/tmp/shots")
K = 4



def wait_finished(page, game_id: str) -> None:  # type: ignore[no-untyped-def]
    for _ in range(600):
        if get(page, f"/api/games/{game_id}")["status"] == "finished":
            return
        page.wait_for_timeout(100)
    raise AssertionError("the bots did not finish the game")


def in_view(page, selector: str) -> bool:  # type: ignore[no-untyped-def]
    return bool(page.evaluate(
        """(sel) => { const r = document.querySelector(sel).getBoundingClientRect();
                      return r.height > 0 && r.top >= 0 && r.bottom <= window.innerHeight
                             && r.left >= 0 && r.right <= window.innerWidth; }""", selector))


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_continue_a_finished_game_from_a_step(guest, problems, viewport) -> None:  # type: ignore[no-untyped-def]
    ann = guest("Ann", viewport=viewport)
    source = start_against_bots(ann, "grand-bazaar", 2, {}, resign=True)
    wait_finished(ann, source)
    name = "desktop" if viewport is DESKTOP else "phone"

    bob = guest("Bob", f"/games/{source}/replay", viewport=viewport)
    label = bob.get_by_test_id("step-label")
    label.filter(has_text="Setup").wait_for()
    button = bob.get_by_role("button", name="Continue from here")
    note = bob.get_by_test_id("continue-note")
    # the final position: nothing left to play, said in words
    bob.get_by_role("button", name="Go to the end").click()
    label.filter(has_text="final position").wait_for()
    assert button.is_disabled()
    assert "The game is over at this move" in note.inner_text()
    bob.get_by_role("button", name="Go to the start").click()
    label.filter(has_text="Setup").wait_for()
    for step in range(1, K + 1):
        bob.get_by_role("button", name="Next move").click()
        label.filter(has_text=f"Move {step} of").wait_for()
    assert button.is_enabled() and f"from move {K}" in note.inner_text()
    assert in_view(bob, "#continue-here"), "the button is in view at the step"
    SHOTS.mkdir(parents=True, exist_ok=True)
    bob.screenshot(path=str(SHOTS / f"continue-replay-{name}.png"))
    button.click()

    # the lobby of the new game says what it is; Bob holds the first seat, the other is open
    bob.wait_for_url("**/lobbies/*")
    line = bob.get_by_test_id("lobby-continuing")
    line.wait_for()
    assert f"Continuing Grand Bazaar from move {K} of the game of Ann and Bot 2" in line.inner_text()
    assert bob.locator("#lobby-settings").is_hidden(), "the position fixes players and options"
    bob.get_by_test_id("seat-holder-1").select_option("bot")
    start = bob.get_by_test_id("start-game")
    bob.locator("#lobby-hint[data-ready=yes]").wait_for()
    bob.screenshot(path=str(SHOTS / f"continue-lobby-{name}.png"))
    start.click()

    # the new game: the board, where it came from, and a log that starts there
    bob.wait_for_url("**/games/*")
    game_id = bob.url.rstrip("/").split("/")[-1]
    bob.locator("#board .gb-board, #board > *").first.wait_for()
    origin = bob.get_by_test_id("continued-from")
    origin.wait_for()
    assert f"Continued from move {K} of the game of Ann and Bot 2." in origin.inner_text()
    href = bob.get_by_test_id("continued-from-link").get_attribute("href")
    assert href == f"/games/{source}/replay?at={K}"
    first = bob.locator("#log li").first
    first.wait_for()
    assert f"Continued from move {K} of an earlier game" in first.inner_text()
    you = bob.locator("#players li").filter(has_text="Bob").first
    you.wait_for()
    assert "YOU" in you.inner_text().upper() and "Ann" not in bob.locator("#players").inner_text()
    bob.screenshot(path=str(SHOTS / f"continue-game-{name}.png"))

    # the view at its start is the source's position at K, as Bob's seat sees it
    record = get(bob, f"/api/games/{source}/export")
    engine = get_engine("grand-bazaar")
    state = engine.load_state(record["initial_state"])
    for entry in record["moves"][:K]:
        state, _ = engine.apply(state, entry["seat"], entry["move"], ReplayRng(entry["chance"]))
    started = get(bob, f"/api/games/{game_id}/replay?at=0")
    position = engine.rename_seats(state, ["Bob", "Bot 2"])  # Bob sits where Ann sat
    assert started["view"] == json.loads(json.dumps(engine.view(position, 0)))

    # the new game's replay starts at that position, and says so
    bob.goto(f"/games/{game_id}/replay?at=0")
    events = bob.get_by_test_id("step-events")
    events.filter(has_text="The position this game was continued from.").wait_for()
    assert f"Continued from move {K} of an earlier game" in events.inner_text()

    # and the source's page links the continuation for Bob, who hosts it; Ann's game was
    # private, so its continuation is too, and Ann, who is not in it, is not shown it
    bob.goto(f"/games/{source}/replay?at={K}")
    later = bob.get_by_test_id("continued-as")
    later.wait_for()
    assert f"Continued as: from move {K} (Bob and Bot 2)." in later.inner_text()
    assert later.get_by_role("link").get_attribute("href") == f"/games/{game_id}"
    ann.goto(f"/games/{source}")
    ann.locator("#continued[data-filled=yes]").wait_for(state="attached")
    assert ann.get_by_test_id("continued-as").count() == 0
    assert not problems.errors and not problems.dialogs


def test_continuing_keeps_the_other_players_seats_for_them_to_accept(guest, problems) -> None:  # type: ignore[no-untyped-def]
    """Issue 25, point 3: the continuation's lobby keeps Bob's seat for him, as a rematch does;
    the host cannot start until Bob has accepted, and Bob is told wherever he is."""
    ann = guest("Ann", viewport=DESKTOP)
    bob = guest("Bob", viewport=PHONE, has_touch=True, is_mobile=True)
    lobby = post(ann, "/api/lobbies", {"kind": "grand-bazaar", "players": 2, "options": {}, "private": True})
    post(bob, f"/api/lobbies/{lobby['id']}/join")
    source = post(ann, f"/api/lobbies/{lobby['id']}/start")["game_id"]
    post(ann, f"/api/games/{source}/resign", {})
    post(bob, f"/api/games/{source}/resign", {})  # the bots play both seats to the end
    wait_finished(ann, source)
    bob.goto("/")  # Bob looks at the home page meanwhile

    ann.goto(f"/games/{source}/replay?at=2")
    ann.get_by_test_id("step-label").filter(has_text="Move 2 of").wait_for()
    ann.get_by_role("button", name="Continue from here").click()
    ann.wait_for_url("**/lobbies/*")
    seat = ann.get_by_test_id("seat-1")
    seat.filter(has_text="Bob").wait_for()
    hint = ann.locator("#lobby-hint")
    hint.filter(has_text="Waiting for Bob to accept the continued game").wait_for()
    assert "Everyone is here" not in hint.inner_text()
    assert ann.get_by_test_id("start-game").is_disabled()
    assert "kept for the player" in seat.inner_text().lower()
    assert ann.get_by_test_id("seat-holder-1").input_value() == "invited"  # "Bob (not here yet)"
    SHOTS.mkdir(parents=True, exist_ok=True)
    ann.screenshot(path=str(SHOTS / "continue-kept-seat-host-desktop.png"))

    notice = bob.get_by_test_id("notice").filter(has_text="Ann continues your game of Grand Bazaar from move 2")
    notice.wait_for()
    notice.get_by_role("link", name="See the lobby").click()
    bob.wait_for_url("**/lobbies/*")
    bob.locator("#lobby-hint").filter(has_text="Ann continues the game from move 2: your seat is kept for you.").wait_for()
    bob.screenshot(path=str(SHOTS / "continue-kept-seat-invitee-phone.png"))
    bob.get_by_test_id("accept-seat-1").click()
    bob.locator("#lobby-hint").filter(has_text="You are in").wait_for()

    hint.filter(has_text="Everyone is here").wait_for(timeout=20000)
    assert ann.get_by_test_id("start-game").is_enabled()
    assert not problems.errors and not problems.dialogs
