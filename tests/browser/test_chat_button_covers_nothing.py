"""The Chat button never covers a control on a phone (issue 25, point 4), in real Chromium.

On every game page (all five kinds) at 390x844, as the player to act, the page is scrolled from
top to bottom; at each position the centre of every visible control (buttons, links, inputs,
the boards' SVG targets) is hit-tested with ``elementFromPoint``: the Chat button must never be
what lies there. The button is still there to take the player to the chat in one tap."""

from __future__ import annotations

import pytest

from tests.browser.api import game, start_against_bots
from tests.support.screens import PHONE

pytestmark = pytest.mark.browser

KINDS = [
    ("grand-bazaar", 2, {"first_player": 0}),
    ("bazaar", 2, {}),
    ("bombay-bazar", 2, {}),
    ("carcassonne", 2, {"first_player": 0}),
    ("carcassonne-auction", 3, {"players": ["Red", "Blue", "Black"], "placer": 2,
                                "tiles": [{"type": "U"}, {"type": "BZ4"}, {"label": "River"}]}),
]

# For each control whose centre is in the window (and not clipped by a scrolling ancestor):
# what elementFromPoint finds at that centre, when it is the Chat button or inside it.
COVERED = """() => {
  const jump = document.querySelector('[data-testid=chat-jump]');
  const controls = document.querySelectorAll(
    'button, a[href], input, select, textarea, summary, [role=button], [tabindex]:not([tabindex="-1"])');
  const out = [];
  for (const c of controls) {
    if (c === jump || jump.contains(c) || !c.getClientRects().length) continue;
    const r = c.getBoundingClientRect();
    if (r.width < 1 || r.height < 1) continue;
    const x = r.left + r.width / 2, y = r.top + r.height / 2;
    if (x < 0 || y < 0 || x >= innerWidth || y >= innerHeight) continue;
    let clipped = false;
    for (let p = c.parentElement; p && p !== document.body; p = p.parentElement) {
      const style = getComputedStyle(p);
      if (style.overflowX === 'visible' && style.overflowY === 'visible') continue;
      const b = p.getBoundingClientRect();
      if (x < b.left || x > b.right || y < b.top || y > b.bottom) { clipped = true; break; }
    }
    if (clipped) continue;
    const hit = document.elementFromPoint(x, y);
    if (hit && (hit === jump || jump.contains(hit))) {
      out.push((c.getAttribute('aria-label') || c.textContent || c.tagName).trim().slice(0, 60));
    }
  }
  return out;
}"""


def person_to_act(page, game_id: str) -> None:  # type: ignore[no-untyped-def]
    for _ in range(200):
        if game(page, game_id)["legal"]:
            return
        page.wait_for_timeout(100)
    raise AssertionError("the person never had a move to make")


@pytest.mark.parametrize(("kind", "players", "options"), KINDS, ids=[k[0] for k in KINDS])
def test_the_chat_button_covers_no_control_anywhere_on_the_page_of_a_phone(
        guest, problems, kind, players, options):
    page = guest("Fay", viewport=PHONE, is_mobile=True, has_touch=True)
    game_id = start_against_bots(page, kind, players, options)
    person_to_act(page, game_id)
    page.goto(f"/games/{game_id}")
    page.locator("#conn-status[data-state=open]").wait_for()
    page.get_by_test_id("players").locator(".player").first.wait_for()
    page.wait_for_timeout(300)
    jump = page.get_by_test_id("chat-jump")
    assert jump.is_visible()  # the button is there to be covered-or-not
    height = page.evaluate("document.documentElement.scrollHeight")
    covered: dict[int, list[str]] = {}
    for y in range(0, height, 120):
        page.evaluate(f"window.scrollTo(0, {y})")
        page.wait_for_timeout(30)
        found = page.evaluate(COVERED)
        if found:
            covered[y] = found
    assert covered == {}, f"{kind}: controls under the Chat button: {covered}"
    # and it still takes the player to the chat in one tap
    page.evaluate("window.scrollTo(0, 0)")
    jump.click()
    page.get_by_test_id("chat-input").wait_for()
    page.wait_for_timeout(300)
    assert page.evaluate("""() => { const r = document.querySelector('[data-testid=chat-input]')
        .getBoundingClientRect(); return r.top >= 0 && r.bottom <= innerHeight; }""")
    assert problems.errors == []
