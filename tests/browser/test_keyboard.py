"""Every board can be played with the keyboard alone (issue 13, point 16): the arrow keys move
between the legal targets, R rotates, Enter chooses and plays, Escape cancels, the focus stays
on the board after each redraw (never back to the top of the page), and the targets are named
in words for a screen reader."""

from __future__ import annotations

import re

import pytest

from tests.browser.api import game, start_against_bots
from tests.browser.games import bombay_game_at_placement

pytestmark = pytest.mark.browser

ACTIVE = """() => { const a = document.activeElement;
  return {tag: a.tagName.toLowerCase(), key: a.dataset ? a.dataset.key || null : null,
          testid: a.dataset ? a.dataset.testid || null : null, label: a.getAttribute('aria-label'),
          text: a.textContent, inBoard: Boolean(a.closest('#board')), disabled: Boolean(a.disabled)}; }"""
# the first tile is a straight road: it fits east, west and south of the start tile
STACK = ["U", "V", "E", "K", "B", "D", "U", "V", "E", "A", "W", "X", "U"]
RAW = re.compile(r"\b(c|r|f)\d\b|\bcl\b|[{}\[\]]|at -?\d+, -?\d+")


def active(page) -> dict:  # type: ignore[no-untyped-def]
    return dict(page.evaluate(ACTIVE))


def tab_into_board(page, inside: str) -> dict:  # type: ignore[no-untyped-def]
    """Press Tab until the focus is on an element inside ``inside`` (a CSS selector)."""
    for _ in range(80):
        page.keyboard.press("Tab")
        if page.evaluate(f"() => Boolean(document.activeElement.closest({inside!r}))"):
            return active(page)
    raise AssertionError(f"Tab never reached {inside}")


def test_a_carcassonne_turn_with_the_keyboard_alone(guest, problems):
    page = guest("Kim", viewport={"width": 1280, "height": 900})
    game_id = start_against_bots(page, "carcassonne", 2, {"first_player": 0, "bazaar": False, "stack": STACK})
    page.goto(f"/games/{game_id}")
    page.get_by_test_id("legal-square").first.wait_for()
    page.wait_for_timeout(150)
    tab_into_board(page, "[data-testid=cc-canvas]")
    # the arrows move from square to square; each is named in words
    seen = set()
    for key in ["ArrowRight", "ArrowRight", "ArrowLeft", "ArrowLeft", "ArrowDown", "ArrowUp", "ArrowUp"]:
        page.keyboard.press(key)
        now = active(page)
        assert now["key"] and now["key"].startswith("square:"), now
        seen.add(now["key"])
    assert len(seen) == page.get_by_test_id("legal-square").count() == 3, seen
    assert now["key"] and now["key"].startswith("square:"), now
    label = now["label"]
    assert label.startswith("legal square") and "of the start tile" in label and "fits" in label, label
    assert re.search(r"\b(north|south|east|west)\b", label) and not RAW.search(label), label
    # R turns the tile; the focus stays on the same square, whose words say the new turn
    square = now["key"]
    for _ in range(4):
        page.keyboard.press("R")
        now = active(page)
        assert now["key"] == square, now
        if "not as it is turned now" not in now["label"]:
            break
    assert "not as it is turned now" not in now["label"], now
    turned = re.search(r"turned (\d+)°", now["label"]).group(1)
    # Enter chooses the square: the focus goes to Place tile; Escape cancels and comes back
    page.keyboard.press("Enter")
    now = active(page)
    assert now["testid"] == "place-tile" and not now["disabled"] and now["inBoard"], now
    assert page.locator(".cc-selected").count() == 1
    page.keyboard.press("Escape")
    now = active(page)
    assert now["key"] == square, now
    assert page.locator(".cc-selected").count() == 0
    assert page.get_by_test_id("place-tile").is_disabled()
    page.keyboard.press("Enter")
    assert active(page)["testid"] == "place-tile"
    # Enter on Place tile: the tile lands where chosen, turned as chosen
    before = len(game(page, game_id)["view"]["board"])
    page.keyboard.press("Enter")
    page.get_by_test_id("figure-spot").first.wait_for()
    page.wait_for_timeout(200)
    state = game(page, game_id)
    x, y = (int(n) for n in square.split(":")[1].split(","))
    assert len(state["view"]["board"]) == before + 1
    placed = [t for t in state["view"]["board"] if (t["x"], t["y"]) == (x, y)]
    assert placed and placed[0]["r"] * 90 == int(turned), (placed, turned)
    # the focus is on a figure spot of the new tile, named in words, not on the page's body
    now = active(page)
    assert now["inBoard"] and now["key"] and now["key"].startswith("spot:"), now
    spot_labels = page.locator("[data-testid=figure-spot]").evaluate_all(
        "(els) => els.map((e) => e.getAttribute('aria-label'))")
    for text in spot_labels:
        assert re.match(r"(follower|builder) on the (city|road|field|cloister)", text), text
        assert not RAW.search(text), text
    # arrows move between the spots; Enter puts the follower there
    seen = {now["key"]}
    for key in ["ArrowRight", "ArrowDown", "ArrowLeft", "ArrowUp"]:
        page.keyboard.press(key)
        seen.add(active(page)["key"])
    if len(spot_labels) > 1:
        assert len(seen) > 1, seen
    spot = active(page)
    assert spot["key"].startswith("spot:"), spot
    _, kind, segment = spot["key"].split(":")
    page.keyboard.press("Enter")
    for _ in range(50):
        figures = game(page, game_id)["view"]["figures"]
        if any(f["seat"] == 0 and (f["x"], f["y"]) == (x, y) for f in figures):
            break
        page.wait_for_timeout(100)
    mine = [f for f in figures if f["seat"] == 0 and (f["x"], f["y"]) == (x, y)]
    assert mine and mine[0]["segment"] == segment and mine[0]["kind"] == kind, figures
    page.wait_for_timeout(300)
    now = active(page)
    assert now["tag"] != "body" and now["inBoard"], now
    assert problems.errors == []


def test_carcassonne_skip_figure_with_the_keyboard(guest, problems):
    page = guest("Lou", viewport={"width": 1280, "height": 900})
    game_id = start_against_bots(page, "carcassonne", 2, {"first_player": 0, "bazaar": False, "stack": STACK})
    page.goto(f"/games/{game_id}")
    page.get_by_test_id("legal-square").first.wait_for()
    tab_into_board(page, "[data-testid=cc-canvas]")
    page.keyboard.press("ArrowRight")
    for _ in range(4):  # turn the tile until it fits the square as it is turned
        if "not as it is turned now" not in active(page)["label"]:
            break
        page.keyboard.press("r")
    page.keyboard.press("Enter")
    page.keyboard.press("Enter")
    page.get_by_test_id("figure-spot").first.wait_for()
    # Shift+Tab from the spots reaches "no figure"; Enter skips
    for _ in range(10):
        if active(page)["testid"] == "skip-figure":
            break
        page.keyboard.press("Shift+Tab")
    assert active(page)["testid"] == "skip-figure"
    seq = game(page, game_id)["seq"]
    page.keyboard.press("Enter")
    for _ in range(50):
        if game(page, game_id)["seq"] > seq:
            break
        page.wait_for_timeout(100)
    state = game(page, game_id)
    assert state["seq"] > seq and not any(f["seat"] == 0 for f in state["view"]["figures"]), state["view"]["figures"]
    page.wait_for_timeout(300)
    now = active(page)
    assert now["tag"] != "body" and now["inBoard"], now
    assert problems.errors == []


def test_a_bombay_bazar_placement_with_the_keyboard_alone(guest, problems):
    page = guest("Max", viewport={"width": 1280, "height": 900})
    game_id = bombay_game_at_placement(page)
    page.goto(f"/games/{game_id}")
    page.locator(".bb-pile:not([disabled])").first.wait_for()
    now = tab_into_board(page, ".bb-piles")
    assert now["testid"].startswith("bb-pile-"), now
    # a pile is named in words: its picture's shapes and how many are left
    assert re.match(r"[A-Z]\d+, \d+ left: (a straight line|a bend|a tight hook)", now["label"]), now
    enabled = page.locator(".bb-pile:not([disabled])").count()
    page.keyboard.press("ArrowRight")
    if enabled > 1:
        assert active(page)["testid"] != now["testid"], active(page)
    page.keyboard.press("ArrowLeft")
    pile = active(page)["testid"]
    assert pile.startswith("bb-pile-")
    # Enter picks the picture: the focus goes on to its orientations (or Place if only one)
    page.keyboard.press("Enter")
    now = active(page)
    assert now["inBoard"] and (now["testid"].startswith("bb-orient-") or now["testid"] == "bb-place"), now
    # Escape cancels the picture and goes back to its pile
    page.keyboard.press("Escape")
    assert page.get_by_test_id("bb-orients").count() == 0
    assert active(page)["testid"] == pile
    page.keyboard.press("Enter")
    now = active(page)
    orients = page.locator("[data-testid^=bb-orient-]").count()
    if now["testid"].startswith("bb-orient-"):
        assert re.search(r"orientation 1 of \d+: your trunk goes on to the (north|south|east|west)", now["label"]), now
        # R turns: the next orientation is selected and has the focus
        page.keyboard.press("R")
        now = active(page)
        assert now["testid"].startswith("bb-orient-"), now
        assert page.locator(".bb-orient.selected").count() == 1
        if orients > 1:
            assert "orientation 2 of" in now["label"], now
        page.keyboard.press("Enter")
        now = active(page)
    assert now["testid"] == "bb-place" and not now["disabled"], now
    before = game(page, game_id)
    page.keyboard.press("Enter")
    for _ in range(50):
        after = game(page, game_id)
        if len(after["view"]["board"]["pieces"]) > len(before["view"]["board"]["pieces"]):
            break
        page.wait_for_timeout(100)
    assert len(after["view"]["board"]["pieces"]) > len(before["view"]["board"]["pieces"])
    page.wait_for_timeout(300)
    now = active(page)
    assert now["tag"] != "body" and now["inBoard"], now
    assert problems.errors == []


def test_bazaar_roll_with_the_keyboard_keeps_the_focus_on_the_board(guest, problems):
    page = guest("Ned", viewport={"width": 1280, "height": 900})
    game_id = start_against_bots(page, "bazaar", 2, {"first_player": 0})
    page.goto(f"/games/{game_id}")
    page.locator("[data-testid=baz-roll]:enabled").wait_for()
    for _ in range(80):  # Tab reaches the Roll button
        page.keyboard.press("Tab")
        if active(page)["testid"] == "baz-roll":
            break
    assert active(page)["testid"] == "baz-roll"
    seq = game(page, game_id)["seq"]
    page.keyboard.press("Enter")
    for _ in range(50):
        if game(page, game_id)["seq"] > seq:
            break
        page.wait_for_timeout(100)
    assert game(page, game_id)["seq"] > seq
    page.wait_for_timeout(300)
    now = active(page)
    assert now["tag"] != "body" and now["inBoard"], now
    assert problems.errors == []
