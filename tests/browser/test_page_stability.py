"""The game page does not jump while it loads (issue 13, point 19): for every kind, at 1280x800
and on a 390x844 phone, the cumulative layout shift from navigation until the page has settled
is below 0.1 (the side column and the footer stay where they were when the board appears).

CLS is measured as Chromium reports it: a PerformanceObserver for ``layout-shift`` entries
(buffered, without those after an input) installed before the page's first script runs. The
person is the one to act in each game, so nothing on the page changes once it has loaded.

And the text the page is made of travels compressed: pages, scripts, styles and JSON are gzipped
for a client that accepts it (the CLS test's socket reaching "Connected" shows that the
WebSocket still passes through)."""

from __future__ import annotations

import gzip

import httpx
import pytest

from tests.browser.api import start_against_bots
from tests.support.screens import SIZES

pytestmark = pytest.mark.browser

KINDS = [
    ("grand-bazaar", 2, {}),
    ("bazaar", 2, {}),
    ("bombay-bazar", 2, {}),
    ("carcassonne", 2, {"first_player": 0}),
    ("carcassonne-auction", 3, {"players": ["Red", "Blue", "Black"], "placer": 0,
                                "tiles": [{"type": "U"}, {"type": "BZ4"}, {"label": "River"}]}),
]

# Installed before any of the page's own scripts: every layout shift of the page's life.
OBSERVE = """
window.__shifts = [];
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    if (entry.hadRecentInput) continue;
    window.__shifts.push({value: entry.value, at: Math.round(entry.startTime),
      nodes: (entry.sources || []).map((s) => s.node ? (s.node.id || s.node.className || s.node.nodeName) : '?')});
  }
}).observe({type: 'layout-shift', buffered: true});
"""


def person_to_act(page, game_id: str) -> None:  # type: ignore[no-untyped-def]
    """Wait until the bots have moved and the person is to act: the page then stays still."""
    for _ in range(200):
        game = page.evaluate(f"async () => (await fetch('/api/games/{game_id}')).json()")
        if game["legal"]:
            return
        page.wait_for_timeout(100)
    raise AssertionError("the person never had a move to make")


def settled_shifts(page, game_id: str) -> list[dict]:  # type: ignore[no-untyped-def]
    """Load the game page afresh and return its layout shifts once it has settled."""
    page.goto(f"/games/{game_id}")
    page.locator("#board[data-board]").wait_for(state="attached")
    page.get_by_test_id("players").locator(".player").first.wait_for()
    page.locator("#conn-status[data-state=open]").wait_for()
    page.wait_for_timeout(1000)  # late stylesheets, the log, fonts and resize observers
    return page.evaluate("window.__shifts")  # type: ignore[no-any-return]


@pytest.mark.parametrize("size", list(SIZES), ids=list(SIZES))
@pytest.mark.parametrize(("kind", "players", "options"), KINDS, ids=[k[0] for k in KINDS])
def test_the_game_page_does_not_shift_while_it_loads(guest, problems, kind, players, options, size):
    page = guest("Fay", viewport=SIZES[size])
    game_id = start_against_bots(page, kind, players, options)
    person_to_act(page, game_id)
    page.add_init_script(OBSERVE)
    shifts = settled_shifts(page, game_id)
    cls = sum(s["value"] for s in shifts)
    print(f"CLS {kind} {size}: {cls:.4f} {shifts}")
    assert cls < 0.1, f"{kind} at {size}: cumulative layout shift {cls:.3f}: {shifts}"
    assert page.locator("#board").inner_html().strip(), "the board is empty"
    assert problems.errors == []


TEXT = ["/", "/games/0123456789abcdef", "/static/js/game.js", "/static/css/app.css",
        "/static/games/carcassonne/board.js", "/static/games/carcassonne/tile-svg.js",
        "/static/games/grand-bazaar/board.css", "/api/catalog"]


@pytest.mark.parametrize("path", TEXT)
def test_text_responses_are_gzipped_when_the_client_accepts_it(server, path):
    raw = httpx.get(server + path, headers={"Accept-Encoding": "identity"})
    assert raw.status_code == 200 and "content-encoding" not in raw.headers
    packed = httpx.get(server + path, headers={"Accept-Encoding": "gzip"})
    assert packed.status_code == 200
    assert packed.headers.get("content-encoding") == "gzip"
    assert "accept-encoding" in packed.headers.get("vary", "").lower()  # caches keep both apart
    wire = int(packed.headers["content-length"])
    assert wire < len(raw.content) / 2, f"{path}: {wire} of {len(raw.content)} bytes"
    assert packed.content == raw.content  # httpx unpacks it: the same page
    with httpx.stream("GET", server + path, headers={"Accept-Encoding": "gzip"}) as response:
        assert gzip.decompress(b"".join(response.iter_raw())) == raw.content
