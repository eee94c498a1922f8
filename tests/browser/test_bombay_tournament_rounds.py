"""Bombay Bazar tournament (issue 25, point 27), at 1280x800 and 390x844: the Trunks table's
Medals column was cut off at both sizes (the Trunks table, which listed the players a second
time, is gone: the players panel says each elephant and status, and the medals are the
tournament table's, shown whole), and the end of a round is marked on the
page (the server clears the board for the next round at once): a panel over the board says the
round's places and medals until the player dismisses it."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.browser.api import start_against_bots
from tests.support.screens import SIZES

pytestmark = pytest.mark.browser

OUT = Path(__file__).resolve().parents[2] / "test-results" / "bombay-tournament"

CUT = """() => ['bb-tournament'].map((id) => {
  const panel = document.querySelector(`[data-testid=${id}]`);
  const edge = panel.getBoundingClientRect().right;
  return {panel: id, overflow: panel.scrollWidth - panel.clientWidth,
          cut: [...panel.querySelectorAll('th, td')].filter((c) => c.getBoundingClientRect().right > edge + 0.5)
            .map((c) => c.textContent)};
})"""


@pytest.mark.parametrize("size", list(SIZES))
def test_round_end_is_shown_until_dismissed_and_the_medals_column_is_whole(guest, problems, size):
    OUT.mkdir(parents=True, exist_ok=True)
    extra = {"has_touch": True, "is_mobile": True} if size == "phone" else {}
    fay = guest("Fay", viewport=SIZES[size], **extra)
    game_id = start_against_bots(fay, "bombay-bazar", 4, {"format": "tournament", "rounds": 3})
    fay.goto(f"/games/{game_id}")
    fay.get_by_test_id("bb-tournament").get_by_text("Medals").wait_for()
    measured = fay.evaluate(CUT)
    assert fay.get_by_test_id("bb-players").count() == 0
    # the board's own player details replace the view's raw figures once the board is mounted
    fay.get_by_test_id("players").filter(has_text="elephant").wait_for()
    fay.screenshot(path=str(OUT / f"tournament-{size}.png"), full_page=True)  # the board redraws
    # every column of the tournament table is whole, Medals included
    assert all(m["overflow"] == 0 and m["cut"] == [] for m in measured), measured
    # the bots play every seat from here; the page must mark the end of round 1
    fay.get_by_test_id("resign").click()
    fay.get_by_test_id("resign-confirm").click()
    panel = fay.get_by_test_id("bb-round-end")
    panel.wait_for(timeout=60000)
    assert "Round 1 of 3 is over" in panel.inner_text()
    assert panel.locator(".bb-medal", has_text="gold medal").count() >= 1
    # where the player looks: the panel is in the window
    # (the board redraws with each move, so the panel is read in one go)
    top = fay.evaluate("() => document.querySelector('[data-testid=bb-round-end]').getBoundingClientRect().top")
    assert -1 <= top < SIZES[size]["height"] - 100, top
    fay.screenshot(path=str(OUT / f"round-end-{size}.png"))
    # it stays while the game goes on: the next round's moves do not take it away
    seq = int(fay.locator("#page").get_attribute("data-seq") or 0)
    fay.wait_for_function(f"() => Number(document.getElementById('page').dataset.seq) > {seq}")
    assert panel.is_visible()
    fay.get_by_test_id("bb-round-end-dismiss").click()
    # gone (a later round's end may already stand in its place)
    fay.locator("[data-testid=bb-round-end]", has_text="Round 1 of 3").wait_for(state="detached")
    assert problems.errors == []
