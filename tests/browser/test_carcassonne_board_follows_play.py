"""Carcassonne's board follows the area of play (issue 25, points 6, 9, 10 and 29), in Chromium.

Point 6: on a 390x844 phone the board uses the screen's height, and over a whole game (bots
play the other seat; the person's moves go over the API) every legal square is at least 44 px
at each of the person's placements, with the frame on the legal squares (some in view, none
under the zoom buttons). Point 9 and 29: the hint names the tile in words, not by its id, and a
phone's hint names no keyboard keys. Point 10: at 1280x800 choosing a square does not move the
board, whose foot stays in the window."""

from __future__ import annotations

import re

import pytest

from tests.browser.api import game, move, start_against_bots
from tests.support.screens import DESKTOP, PHONE

pytestmark = pytest.mark.browser

TILE_ID = re.compile(r"\b(?:Tile|tile:?) (?:BZ\d+|[A-X])\b|\bBZ\d+\b")

MEASURE = """() => {
  const canvas = document.querySelector('[data-testid=cc-canvas]').getBoundingClientRect();
  const zoom = [...document.querySelectorAll('.cc-zoom button')].map((b) => b.getBoundingClientRect());
  const squares = [...document.querySelectorAll('[data-testid=legal-square]')].map((e) => e.getBoundingClientRect());
  const inside = (r) => r.left >= canvas.left - 1 && r.right <= canvas.right + 1 && r.top >= canvas.top - 1 && r.bottom <= canvas.bottom + 1;
  const under = (r) => zoom.some((z) => r.left + r.width / 2 > z.left && r.left + r.width / 2 < z.right
                                     && r.top + r.height / 2 > z.top && r.top + r.height / 2 < z.bottom);
  return {canvasHeight: canvas.height, sizes: squares.map((r) => Math.min(r.width, r.height)),
          inView: squares.filter(inside).length, underZoom: squares.filter((r) => inside(r) && under(r)).length};
}"""


def start(page) -> str:  # type: ignore[no-untyped-def]
    return start_against_bots(page, "carcassonne", 2, {"first_player": 0, "bazaar": False})


def test_every_legal_square_stays_finger_sized_and_framed_over_a_whole_game_on_a_phone(guest, problems):
    page = guest("Fay", viewport=PHONE, is_mobile=True, has_touch=True)
    game_id = start(page)
    page.goto(f"/games/{game_id}")
    measured = []
    for _ in range(3000):
        now = game(page, game_id)
        if now["status"] != "live":
            break
        placing = [m for m in now["legal"] if m["type"] == "PlaceTile"]
        if placing:
            page.locator(f"#page[data-seq='{now['seq']}']").wait_for()
            page.get_by_test_id("legal-square").first.wait_for()
            page.wait_for_timeout(50)
            m = page.evaluate(MEASURE)
            measured.append(m)
            assert m["canvasHeight"] >= 0.5 * PHONE["height"], m  # the screen's height
            assert min(m["sizes"]) >= 44, (len(measured), m)
            assert m["inView"] >= 1 and m["underZoom"] == 0, (len(measured), m)
            hint = page.get_by_test_id("cc-controls").inner_text()
            assert not TILE_ID.search(hint), hint
            assert not re.search(r"\b(?:Escape|arrow keys|Enter|R rotates|R turns)\b", hint), hint
        if now["legal"]:
            made = placing[len(placing) // 2] if placing else now["legal"][0]
            move(page, game_id, now["seq"], made)
        else:
            page.wait_for_timeout(50)
    assert game(page, game_id)["status"] == "finished"
    assert len(measured) >= 25, len(measured)  # the person's placements over the whole game
    assert problems.errors == []


def test_choosing_a_square_does_not_push_the_board_down_at_1280x800(guest, problems):
    page = guest("Fay", viewport=DESKTOP)
    game_id = start(page)
    page.goto(f"/games/{game_id}")
    page.get_by_test_id("legal-square").first.wait_for()
    page.wait_for_timeout(200)
    rect = "(() => { const r = document.querySelector('[data-testid=cc-canvas]').getBoundingClientRect(); return [r.top, r.bottom]; })()"
    before = page.evaluate(rect)
    hint = page.get_by_test_id("cc-controls").inner_text()
    assert not TILE_ID.search(hint), hint
    page.get_by_test_id("legal-square").first.click()
    page.get_by_test_id("place-tile").wait_for()
    page.wait_for_timeout(200)
    after = page.evaluate(rect)
    assert abs(after[0] - before[0]) < 1, (before, after)
    assert after[1] <= DESKTOP["height"], after
    hint = page.get_by_test_id("cc-controls").inner_text()
    assert not TILE_ID.search(hint), hint
    assert problems.errors == []
