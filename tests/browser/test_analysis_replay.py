"""The analysis of a finished Carcassonne game on its replay page (issue 28, point 4): asked for
with one button, it draws each player's chance to win beside the score chart, marks the moves
that lost the most (a click goes there), and says in words what the bot would have played; on a
desktop and on a phone, where another visitor sees the same analysis."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.browser.api import start_against_bots, wait_finished
from tests.browser.games import STACK
from tests.support.screens import PHONE

pytestmark = pytest.mark.browser

SHOTS = Path("/tmp/shots/analysis")
DONE = "[data-testid=analysis][data-status=done]"


def test_an_analysed_carcassonne_replay_shows_the_chance_chart_and_the_marked_moves(guest,
                                                                                    problems):
    SHOTS.mkdir(parents=True, exist_ok=True)
    ann = guest("Ann", viewport={"width": 1280, "height": 800})
    game_id = start_against_bots(ann, "carcassonne", 2, {"first_player": 0, "stack": STACK},
                                 resign=True)
    wait_finished(ann, game_id)
    ann.goto(f"/games/{game_id}/replay")
    ask = ann.get_by_test_id("analyse")
    ask.click()
    ann.locator("[data-testid=analysis][data-status=pending]," + DONE).first.wait_for()
    ann.locator(DONE).wait_for(timeout=240_000)
    chart = ann.get_by_test_id("analysis-chart-svg")
    chart.wait_for()
    assert ask.is_hidden()
    # one line per player, beside the score chart
    assert chart.locator(".score-line").count() == 2
    assert ann.get_by_test_id("score-chart-svg").is_visible()
    marked = ann.get_by_test_id("analysis-chart").get_attribute("data-marked") or ""
    assert marked.split(), "no move was marked as one that lost the most"
    assert chart.locator(".score-marked").count() == len(marked.split())
    worst = ann.get_by_test_id("analysis-worst").locator("button")
    assert worst.count() == len(marked.split())
    assert "lost" in worst.first.inner_text() and "chance to win" in worst.first.inner_text()
    seq = worst.first.get_attribute("data-seq")
    worst.first.click()
    ann.locator(f"#page[data-at='{seq}']").wait_for()
    here = ann.locator(f"[data-testid=analysis-here][data-seq='{seq}']")
    here.wait_for()
    said = here.inner_text()
    assert "lost" in said and "chance to win" in said, said
    assert "The bot would have played:" in said, said  # a marked move is one it would not play
    assert "{" not in said and "type" not in said, said  # words, not the move's JSON
    here.scroll_into_view_if_needed()
    ann.screenshot(path=str(SHOTS / "desktop.png"))
    chart.scroll_into_view_if_needed()
    ann.screenshot(path=str(SHOTS / "desktop-chart.png"))

    # another visitor, on a phone, sees the same analysis without asking
    bob = guest("Bob", f"/games/{game_id}/replay?at={seq}", viewport=PHONE, has_touch=True,
                is_mobile=True)
    bob.locator(DONE).wait_for()
    phone_chart = bob.get_by_test_id("analysis-chart-svg")
    phone_chart.wait_for()
    assert bob.get_by_test_id("analysis-chart").get_attribute("data-marked") == marked
    bob.locator(f"[data-testid=analysis-here][data-seq='{seq}']").wait_for()
    phone_chart.scroll_into_view_if_needed()
    box = phone_chart.bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"], box
    bob.screenshot(path=str(SHOTS / "phone-chart.png"))
    bob.get_by_test_id("analysis-here").scroll_into_view_if_needed()
    bob.screenshot(path=str(SHOTS / "phone-here.png"))
    assert problems.errors == []
