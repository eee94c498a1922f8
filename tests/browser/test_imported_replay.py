"""An imported game on the replay page (issue 25, point 31): an imported game has no players
here, so nobody is "you" in it, bots included; on a phone the step controls and the board are in
view together; and the replay's move list (the log, in words, beside the board) is clickable
with the current move highlighted (the issue's "Beyond the defects")."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.browser.api import get, post, start_against_bots, wait_finished
from tests.support.screens import PHONE

pytestmark = pytest.mark.browser

OUT = Path(__file__).resolve().parents[2] / "test-results" / "replay"


def imported_replay(page) -> str:  # type: ignore[no-untyped-def]
    """A finished Bazaar game against a bot, exported and imported again: the new game's id."""
    played = start_against_bots(page, "bazaar", 2, resign=True)
    wait_finished(page, played)
    record = get(page, f"/api/games/{played}/export")
    return str(post(page, "/api/games/import", {"record": record})["game_id"])


def test_an_imported_game_marks_no_seat_as_you(guest, problems):
    ann = guest("Ann")
    imported = imported_replay(ann)
    ann.goto(f"/games/{imported}/replay")
    players = ann.get_by_test_id("players")
    players.locator(".player").nth(1).wait_for()
    assert players.locator(".tag", has_text=re.compile(r"^you$", re.I)).count() == 0, \
        players.inner_text()
    ann.goto(f"/games/{imported}")
    ann.get_by_test_id("players").locator(".player").nth(1).wait_for()
    assert ann.get_by_test_id("players").locator(".tag", has_text=re.compile(r"^you$", re.I)).count() == 0
    assert problems.errors == []


def test_phone_replay_keeps_the_step_controls_and_the_board_in_view_together(guest, problems):
    OUT.mkdir(parents=True, exist_ok=True)
    ann = guest("Ann", viewport=PHONE, has_touch=True, is_mobile=True)
    imported = imported_replay(ann)
    ann.goto(f"/games/{imported}/replay?at=3")
    ann.get_by_test_id("step-label").filter(has_text="Move 3").wait_for()
    # the person scrolls down to look at the board, then steps on
    ann.locator("#board").evaluate("b => window.scrollTo(0, b.getBoundingClientRect().top + scrollY)")
    ann.wait_for_function("() => scrollY > 100")
    controls = ann.get_by_role("group", name="Replay controls").bounding_box()
    board = ann.locator("#board").bounding_box()
    assert controls is not None and board is not None
    ann.screenshot(path=str(OUT / "imported-phone-scrolled.png"))
    assert 0 <= controls["y"] and controls["y"] + controls["height"] <= PHONE["height"], controls
    # at least half the screen shows the board, below the controls
    shown_top = max(board["y"], controls["y"] + controls["height"])
    shown_bottom = min(board["y"] + board["height"], PHONE["height"])
    assert shown_bottom - shown_top >= PHONE["height"] / 2, (controls, board)
    ann.get_by_test_id("step-forward").click()  # reachable where it is: nothing lies over it
    ann.get_by_test_id("step-label").filter(has_text="Move 4").wait_for()
    assert problems.errors == []


def test_replay_move_list_in_words_is_clickable_and_highlights_the_current_move(guest, problems):
    ann = guest("Ann")
    imported = imported_replay(ann)
    ann.goto(f"/games/{imported}/replay")
    ann.get_by_test_id("step-label").filter(has_text="Setup").wait_for()
    moves = ann.get_by_test_id("log").locator(".log-entry.pickable")
    moves.nth(4).wait_for()
    # beside the board in the window as the page opens, not below the chart
    opened = ann.get_by_test_id("log").bounding_box()
    assert opened is not None and opened["y"] + 100 < 800, opened
    words = moves.nth(4).inner_text()
    assert re.search(r"[A-Za-z]{3}", words) and "{" not in words, words
    moves.nth(4).click()
    ann.get_by_test_id("step-label").filter(has_text=re.compile(r"^Move \d+ of")).wait_for()
    current = ann.get_by_test_id("log").locator(".log-entry[aria-current=step]")
    assert current.count() == 1 and current.inner_text() == words
    # beside the board on a desktop: the list starts in the window, right of the board
    box = ann.get_by_test_id("log").bounding_box()
    board = ann.locator("#board").bounding_box()
    assert box is not None and board is not None
    assert box["x"] >= board["x"] + board["width"] - 1 and box["y"] < 800, (box, board)
    ann.screenshot(path=str(OUT / "imported-desktop.png"))
    ann.evaluate("scrollTo(0, 0)")
    ann.screenshot(path=str(OUT / "imported-desktop-top.png"))
    assert problems.errors == []
