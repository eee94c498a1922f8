"""The log's colours (issue 25, point 29): each line of the log carries the colour of the seat it
is about. A bot's move ends with "Fay's turn", which sat under the bot's colour bar; the line
about the next turn now carries the next player's colour, at 1280x800 where it was seen."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.browser.api import play_moves, start_against_bots

pytestmark = pytest.mark.browser

OUT = Path(__file__).resolve().parents[2] / "test-results" / "log"

BARS = """() => [...document.querySelectorAll('#log .log-text')]
  .filter((line) => / turn$/.test(line.textContent))
  .map((line) => {
    // the bar a reader sees beside the line: its own, else its entry's
    const own = getComputedStyle(line);
    const bar = line.classList.contains('log-other') ? own.borderLeftColor
      : getComputedStyle(line.closest('.log-entry').querySelector('.log-seq')).borderLeftColor;
    return {text: line.textContent, bar};
  })"""


def test_each_log_line_about_a_turn_has_that_players_colour(guest, problems):
    OUT.mkdir(parents=True, exist_ok=True)
    fay = guest("Fay")
    live = start_against_bots(fay, "carcassonne", 2, {"first_player": 1, "bazaar": False})
    play_moves(fay, live, 3)
    fay.goto(f"/games/{live}")
    fay.locator("#log .log-text", has_text="Fay's turn").first.wait_for()
    colours = fay.evaluate("""() => [0, 1].map((s) => {
      const probe = document.createElement('span');
      probe.style.color = `var(--seat-${s})`;
      document.body.append(probe);
      const c = getComputedStyle(probe).color;
      probe.remove();
      return c;
    })""")
    lines = fay.evaluate(BARS)
    fay.locator("#log .log-entry").first.scroll_into_view_if_needed()
    fay.screenshot(path=str(OUT / "carcassonne-log-desktop.png"))
    assert lines
    for line in lines:
        owner = 0 if line["text"].startswith("Fay") else 1
        assert line["bar"] == colours[owner], (line, colours)
    assert problems.errors == []
