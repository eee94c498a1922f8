"""Boards (issue 31): every board usable without a drag and without colour alone, with its
squares and pieces named by what they are, at a desktop and a phone size.

* Carcassonne's board moves by taps on arrows (WCAG 2.2, 2.5.7: a drag is never the only way);
  a tile is placed by a tap on a square, then Place tile (CAR-15, CAR-16), and a follower by a
  tap on a spot (CAR-19); tiles, squares and figures are named in words.
* Every seat's mark in the players panel and on the board carries a shape as well as its colour:
  two seats' marks differ in that shape (data-symbol), not in colour only.
* Grand Bazaar's gems are cut differently per gem kind; Bombay Bazar's trunk tips and elephants
  carry their seat's shape (BOM-9) and its trunk lines a pattern per seat.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.browser.api import advance_to, game, move, start_against_bots
from tests.browser.games import bombay_game_at_placement

pytestmark = pytest.mark.browser

SIZES = [pytest.param({"width": 1280, "height": 800}, id="desktop"),
         pytest.param({"width": 390, "height": 844}, id="phone")]
SHOTS = Path("/tmp/shots/boards31")
# the first tile is a straight road: it fits east, west and south of the start tile
STACK = ["U", "V", "E", "K", "B", "D", "U", "V", "E", "A", "W", "X", "U"]
COORDS = re.compile(r"\(-?\d+, ?-?\d+\)|row -?\d+, column")


def shot(page, name: str, viewport: dict) -> None:  # type: ignore[no-untyped-def]
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}-{viewport['width']}.png"))


def panel_symbols(page) -> list[str]:  # type: ignore[no-untyped-def]
    dots = page.locator("li.player .seat-dot")
    dots.nth(1).wait_for(state="attached")
    return [str(s) for s in dots.evaluate_all("(els) => els.map((e) => e.dataset.symbol)")]


def confirm_if_asked(page) -> None:  # type: ignore[no-untyped-def]
    """A phone asks to confirm a one-tap move (the confirm setting): the second tap."""
    bar = page.get_by_test_id("move-confirm")
    if bar.count() and bar.is_visible():
        bar.click()


@pytest.mark.parametrize("viewport", SIZES)
def test_carcassonne_by_taps_alone_with_shapes_and_names_in_words(guest, problems, viewport):
    page = guest("Kim", viewport=viewport)
    game_id = start_against_bots(page, "carcassonne", 2, {"first_player": 0, "bazaar": False, "stack": STACK})
    page.goto(f"/games/{game_id}")
    page.get_by_test_id("legal-square").first.wait_for()
    # the two seats' marks differ by shape, not by colour alone
    symbols = panel_symbols(page)
    assert symbols[0] != symbols[1] and all(symbols), symbols
    # the start tile is named by what it is and where, not by coordinates
    canvas = page.get_by_test_id("cc-canvas")
    start = canvas.get_by_role("img", name=re.compile(r"^an? [a-z -]+ tile( with [a-z ]+)? on the start square$"))
    assert start.count() == 1
    squares = canvas.get_by_role("button", name=re.compile(
        r"^legal square \d+ (north|south|east|west).* of the start tile, next to an? [a-z ]+ tile to the (north|south|east|west)"))
    assert squares.count() == page.get_by_test_id("legal-square").count() == 3
    for label in page.get_by_test_id("legal-square").evaluate_all("(els) => els.map((e) => e.getAttribute('aria-label'))"):
        assert not COORDS.search(label), label
    # the board moves by a tap on an arrow (no drag): the frame shifts east, then back
    before = [float(n) for n in canvas.get_attribute("viewBox").split()]
    page.get_by_role("button", name="Show more to the east").click()
    page.wait_for_function("(x) => Number(document.querySelector('[data-testid=cc-canvas]').getAttribute('viewBox').split(' ')[0]) > x",
                           arg=before[0])
    after = [float(n) for n in canvas.get_attribute("viewBox").split()]
    assert after[0] == pytest.approx(before[0] + before[2] / 4) and after[1] == before[1]
    tops = page.locator(".cc-zoom button").evaluate_all("(bs) => bs.map((b) => Math.round(b.getBoundingClientRect().top))")
    assert len(tops) == 7 and len(set(tops)) == 1, tops  # the arrows, zoom and fit on one line
    page.get_by_role("button", name="Show more to the west").click()
    page.get_by_role("button", name="Show my options").click()
    # tap a square (the one the tile fits as it is turned), then Place tile
    fits = page.locator("[data-testid=legal-square].fits").first
    fits.click()
    page.get_by_test_id("place-tile").click()
    confirm_if_asked(page)
    page.get_by_test_id("figure-spot").first.wait_for()
    assert canvas.get_by_role("img", name=re.compile(r"^a road tile \d+ (north|south|east|west).* of the start tile$")).count() == 1
    # a tap on a spot puts the follower there: its figure has the seat's shape and a name in words
    spot = page.get_by_test_id("figure-spot").filter(has=page.locator("xpath=self::*[contains(@aria-label, 'road')]")).first
    if not spot.count():
        spot = page.get_by_test_id("figure-spot").first
    spot.click()
    confirm_if_asked(page)
    mine = canvas.get_by_role("img", name=re.compile(r"^Kim's follower on the (road|field|city|cloister).* of a road tile \d+ .*of the start tile$"))
    mine.wait_for()
    assert mine.get_attribute("data-symbol") == symbols[0]
    assert mine.locator(f"[data-symbol={symbols[0]}]").count() == 1
    figures = game(page, game_id)["view"]["figures"]
    assert any(f["seat"] == 0 for f in figures), figures
    shot(page, "carcassonne", viewport)
    page.locator(".cc-zoom").screenshot(path=str(SHOTS / f"carcassonne-bar-{viewport['width']}.png"))
    assert problems.errors == []


@pytest.mark.parametrize("viewport", SIZES)
def test_bombay_tips_and_elephants_carry_their_seats_shapes(guest, problems, viewport):
    page = guest("Max", viewport=viewport)
    game_id = bombay_game_at_placement(page)
    # one piece each: the person's first legal placement, then the bot's (BOM-26)
    now = game(page, game_id)
    move(page, game_id, now["seq"], next(m for m in now["legal"] if m["type"] == "PlacePiece"))
    advance_to(page, game_id, "PlacePiece")
    page.goto(f"/games/{game_id}")
    page.locator(".bb-pile:not([disabled])").first.wait_for()
    # the bot's trunk lines carry its white pattern; the person's (seat 1) are plain
    assert page.locator(".bb-seg-pattern[data-seat='1']").count() >= 1
    assert page.locator(".bb-seg-pattern[data-seat='0']").count() == 0
    tips = [page.get_by_test_id(f"bb-tip-{s}") for s in (0, 1)]
    marks = [t.get_attribute("data-symbol") for t in tips]
    assert marks[0] and marks[1] and marks[0] != marks[1], marks
    for tip, mark in zip(tips, marks, strict=True):
        assert tip.locator(f"path.seat-shape[data-symbol={mark}]").count() == 1
    elephants = {p["seat"]: p["elephant"] for p in game(page, game_id)["view"]["players"]}
    for seat, elephant in elephants.items():
        body = page.get_by_test_id(f"bb-elephant-{elephant}")
        assert body.get_attribute("data-symbol") == marks[seat]
        assert body.locator(".seat-shape").count() == 1
    assert panel_symbols(page)[:2] == marks
    shot(page, "bombay", viewport)
    assert problems.errors == []


@pytest.mark.parametrize("viewport", SIZES)
def test_grand_bazaar_gems_differ_by_cut_as_well_as_colour(guest, problems, viewport):
    page = guest("Gus", viewport=viewport)
    game_id = start_against_bots(page, "grand-bazaar", 2, {})
    advance_to(page, game_id, "Trade")
    page.goto(f"/games/{game_id}")
    page.get_by_test_id("gb-price-S").wait_for()
    cuts = {t: page.get_by_test_id(f"gb-price-{t}").locator(".gb-gem").get_attribute("data-symbol") for t in "SRE"}
    assert len(set(cuts.values())) == 3 and all(cuts.values()), cuts
    symbols = panel_symbols(page)
    assert symbols[0] != symbols[1], symbols
    shot(page, "grand-bazaar", viewport)
    assert problems.errors == []


@pytest.mark.parametrize("viewport", SIZES)
def test_bazaar_tokens_carry_their_letter_and_a_name(guest, problems, viewport):
    page = guest("Bea", viewport=viewport)
    game_id = start_against_bots(page, "bazaar", 2, {"first_player": 0})
    page.goto(f"/games/{game_id}")
    bank = page.get_by_test_id("baz-bank")
    bank.locator(".baz-chip").first.wait_for()
    seen = {}
    for name in ["red", "white", "blue", "green", "yellow"]:
        token = bank.get_by_role("img", name=name).first
        seen[name] = token.locator(".baz-letter").text_content()
    assert seen == {"red": "R", "white": "W", "blue": "B", "green": "G", "yellow": "Y"}, seen
    symbols = panel_symbols(page)
    assert symbols[0] != symbols[1], symbols
    shot(page, "bazaar", viewport)
    assert problems.errors == []
