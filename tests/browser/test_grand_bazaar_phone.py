"""Grand Bazaar on a 390x844 phone (issue 25, point 11): the -/+ steppers are finger-sized
(they were 32x35 px), the legal bundles are listed in words ("buy 1 sapphire → 29 grands", not
"buy S1 → 29 grands"), and the price track's numbers are readable (they were about 7 px)."""

from __future__ import annotations

import re

import pytest

from tests.browser.api import game, start_against_bots
from tests.support.screens import PHONE

pytestmark = pytest.mark.browser

CODES = re.compile(r"\b[SRE]\d\b|\b1 grands\b")


def test_steppers_bundles_and_price_numbers_on_a_phone(guest, problems):
    page = guest("Fay", viewport=PHONE, is_mobile=True, has_touch=True)
    game_id = start_against_bots(page, "grand-bazaar", 2, {"first_player": 0})
    for _ in range(100):
        if game(page, game_id)["legal"]:
            break
        page.wait_for_timeout(100)
    page.goto(f"/games/{game_id}")
    page.get_by_test_id("gb-bundles").wait_for()
    page.wait_for_timeout(200)
    steps = page.evaluate("""() => [...document.querySelectorAll('.gb-step')].map((b) => {
        const r = b.getBoundingClientRect(); return [r.width, r.height]; })""")
    assert steps and all(w >= 44 and h >= 44 for w, h in steps), steps
    options = page.locator("[data-testid=gb-bundles] option").all_inner_texts()
    assert len(options) > 2 and not any(CODES.search(o) for o in options), options[:6]
    assert any(re.search(r"buy \d (sapphire|ruby|emerald)", o) for o in options), options[:6]
    sizes = page.evaluate("""() => [...document.querySelectorAll('.gb-cell-label')].map((t) =>
        t.getBoundingClientRect().height)""")
    assert len(sizes) == 19 and min(sizes) >= 10, sizes
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    assert problems.errors == []
