"""Issue 25, point 23, in Chromium: the Bazaar page listed its players twice (a table in the
board and the page's players panel) at 1280x800, as did Grand Bazaar and Carcassonne; now the
players panel alone lists them, with each game's figures in words (Bazaar: tokens by colour,
points, penalties and wares; Grand Bazaar: grands and gems; Carcassonne: followers, builder and
abbey). On a 390x844 phone the score
breakdown's long row labels were squeezed into half the card; the label now takes most of the
width and a long label's parenthesis goes on a line of its own."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.browser.api import play_moves, start_against_bots, wait_finished
from tests.support.screens import PHONE

pytestmark = pytest.mark.browser

OUT = Path(__file__).resolve().parents[2] / "test-results" / "bazaar"

# the tables or lists in the board whose rows name every player (Grand Bazaar's order of play
# this round is a part of the game, not a list of the players)
TWICE = """(b) => [...b.querySelectorAll('table, ol:not(.gb-order), ul')].filter((t) =>
  ['Fay', 'Bot 2'].every((n) => [...t.querySelectorAll('tr, li')].some((r) => r.textContent.trim().startsWith(n)))).length"""

LABELS = """() => [...document.querySelectorAll('[data-testid=breakdown-cards] .bd-card tr')].map((row) => {
  const th = row.querySelector('th');
  const head = th.querySelector('.bd-label') || th;
  const lines = Math.round(head.getBoundingClientRect().height / parseFloat(getComputedStyle(head).lineHeight));
  return {label: th.textContent, share: th.getBoundingClientRect().width / row.getBoundingClientRect().width, lines};
})"""


def test_bazaar_lists_its_players_once_with_their_tokens(guest, problems):
    OUT.mkdir(parents=True, exist_ok=True)
    fay = guest("Fay")
    live = start_against_bots(fay, "bazaar", 2)
    play_moves(fay, live, 2)
    fay.goto(f"/games/{live}")
    panel = fay.get_by_test_id("players")
    panel.get_by_test_id("baz-tokens-1").wait_for()
    assert panel.get_by_test_id("baz-tokens-0").is_visible()
    assert "penalty" in panel.inner_text() and "wares" in panel.inner_text()
    board = fay.locator("#board")
    # no list of the players in the board: no table or list whose rows name every player
    twice = board.evaluate(TWICE)
    assert twice == 0
    fay.screenshot(path=str(OUT / "players-once-desktop.png"))
    assert problems.errors == []


@pytest.mark.parametrize(("kind", "options", "details", "figures"), [
    ("grand-bazaar", {}, "gb-player", ["grands", "of 4 gems"]),
    ("carcassonne", {"bazaar": False}, "cc-player", ["followers in supply", "builder", "abbey"]),
])
def test_other_boards_list_their_players_once(guest, problems, kind, options, details, figures):
    OUT.mkdir(parents=True, exist_ok=True)
    fay = guest("Fay")
    live = start_against_bots(fay, kind, 2, options)
    fay.goto(f"/games/{live}")
    panel = fay.get_by_test_id("players")
    # the board's own words for each player (the view's raw figures show until it is mounted)
    panel.get_by_test_id(f"{details}-1").wait_for()
    for words in figures:
        assert words in panel.inner_text(), (words, panel.inner_text())
    twice = fay.locator("#board").evaluate(TWICE)
    assert twice == 0
    fay.screenshot(path=str(OUT / f"players-once-{kind}-desktop.png"), full_page=True)
    assert problems.errors == []


def test_breakdown_row_labels_take_the_phones_width(guest, problems):
    OUT.mkdir(parents=True, exist_ok=True)
    fay = guest("Fay", viewport=PHONE, has_touch=True, is_mobile=True)
    ended = start_against_bots(fay, "bazaar", 3, resign=True)
    wait_finished(fay, ended)
    fay.goto(f"/games/{ended}")
    fay.get_by_test_id("breakdown-cards").locator(".bd-card tr").first.wait_for()
    rows = fay.evaluate(LABELS)
    fay.get_by_test_id("breakdown-cards").screenshot(path=str(OUT / "breakdown-phone.png"))
    assert rows
    for row in rows:
        assert row["share"] >= 0.6 and row["lines"] <= 1, row
    assert problems.errors == []
