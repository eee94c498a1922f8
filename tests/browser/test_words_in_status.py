"""Player-facing text in words, in real Chromium (issue 13, point 14).

Rule ids (GB-13f, BAZ-13, CAR-60 …) belong in error details and rules pages, not in status
lines, hints or button titles; the log says what happened in players' terms (tile names and
readable positions, no raw coordinates) and leaves out zero-point scoring lines; Grand Bazaar
shows no red "Not legal" before the player has chosen anything.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.browser.api import start_against_bots
from tests.browser.games import start_hot_seat_game

pytestmark = pytest.mark.browser

SHOTS = Path(__file__).resolve().parents[2] / "test-results" / "words"
RULE_ID = re.compile(r"\b[A-Z]{2,4}-\d+")
RAW = [
    (RULE_ID, "a rule id"),
    (re.compile(r"(?<![\d.])0 points?\b"), "a zero-point line"),
    (re.compile(r"\(\s*-?\d+\s*,\s*-?\d+\s*\)"), "raw coordinates"),
    (re.compile(r"\bturned \d\b"), "a rotation number"),
    (re.compile(r"\b(?:drew|placed|tile) (?:BZ\d+|[A-X])\b"), "a tile type id"),
    (re.compile(r"\b(?:None|null|undefined|True|False)\b"), "a raw value"),
    (re.compile(r"\b[A-Za-z]+_[A-Za-z_]+\b|\b[a-z]*[A-Z][a-z]+[A-Z]\w*\b"), "an identifier"),
]
SIZES = [{"width": 1280, "height": 800}, {"width": 390, "height": 844}]


def shoot(page, name: str) -> None:  # type: ignore[no-untyped-def]
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)


@pytest.mark.parametrize("size", SIZES, ids=["desktop", "phone"])
def test_grand_bazaar_says_nothing_is_illegal_before_a_choice(server, guest, problems, size):
    ann = guest("Ann", viewport=size)
    ann.goto(start_hot_seat_game(ann, server))
    reason = ann.get_by_test_id("gb-reason")
    reason.wait_for()
    # round 1, compulsory buy: the empty bundle is not legal, but nothing has been chosen yet
    assert ann.get_by_test_id("gb-submit").is_disabled()
    shoot(ann, f"grand-bazaar-before-choice-{size['width']}")
    text = reason.inner_text()
    assert "Not legal" not in text, text
    assert not RULE_ID.search(text), text
    colour = reason.evaluate("(e) => getComputedStyle(e).color")
    assert colour != "rgb(179, 38, 30)", "the hint is in the error red"
    # the compulsory-buy reminder and the disabled buttons' titles are words without rule ids
    note = ann.get_by_test_id("gb-compulsory").inner_text()
    assert "must buy at least one gem" in note and not RULE_ID.search(note), note
    for button in (ann.get_by_test_id("gb-submit"), ann.get_by_test_id("gb-sell-S-plus")):
        title = button.get_attribute("title") or ""
        assert title and not RULE_ID.search(title), title
    # once a gem is chosen the panel judges the bundle
    ann.get_by_test_id("gb-buy-S-plus").click()
    reason.filter(has_text="This bundle is legal.").wait_for()
    assert problems.errors == []


def test_bazaar_first_turn_hints_are_words(guest, problems):
    page = guest("Fay")
    game_id = start_against_bots(page, "bazaar", 2, {"first_player": 0})
    page.goto(f"/games/{game_id}")
    prompt = page.get_by_test_id("baz-prompt")
    prompt.filter(has_text="first turn").wait_for()
    assert not RULE_ID.search(prompt.inner_text()), prompt.inner_text()
    titles = page.locator("#board button[disabled][title]").evaluate_all(
        "(bs) => bs.map((b) => b.title).filter(Boolean)")
    assert titles, "no disabled button says why"
    assert "The first turn of the game must be a roll" in titles, titles
    assert [t for t in titles if RULE_ID.search(t)] == []
    assert problems.errors == []


def test_carcassonne_log_is_in_players_words(guest, problems):
    page = guest("Fay")
    # the bots play every seat to the end (the person resigns hers at once)
    game_id = start_against_bots(page, "carcassonne", 2, {}, resign=True)
    page.goto(f"/games/{game_id}")
    page.locator("#page[data-status='finished']").wait_for(timeout=180_000)
    page.locator("#log .log-entry").last.wait_for()
    texts = page.locator("#log .log-text").all_inner_texts()
    shoot(page, "carcassonne-log-finished")
    assert any(" placed a" in t and "of the start tile" in t for t in texts), texts[:20]
    assert any(re.search(r"\d+ points? for a", t) for t in texts), "no scoring line in the log"
    bad = {why: t for t in texts for pattern, why in RAW if pattern.search(t)}
    assert bad == {}, bad
    # the zero-point scorings the engine reported are left out, yet every move has a line
    log = page.evaluate(f"async () => (await fetch('/api/games/{game_id}/log')).json()")
    entries = log["entries"] if isinstance(log, dict) else log
    zero = [e for entry in entries for e in entry.get("events", [])
            if e.get("type") in ("FeatureScored", "FarmScored")
            and (not e.get("points") or not e.get("seats"))]
    assert all(not e.get("text") for e in zero)
    assert problems.errors == []


SPLIT = """async () => {
  const {splitRule, showError} = await import('/static/js/words.js');
  const box = document.createElement('p');
  document.body.append(box);
  showError(box, 'CAR-15: the tile must touch a placed tile (CAR-16)', 'carcassonne');
  const link = box.querySelector('a.rule-ref');
  return {split: splitRule('Compulsory buy (GB-13f): Ann must buy (can buy: ruby).'),
          text: box.textContent, links: [...box.querySelectorAll('a')].map((a) => a.textContent),
          href: link && link.getAttribute('href')}; }"""


def test_a_refusal_shows_its_words_and_the_rule_as_a_small_link(guest, problems):
    """The helper every board's move error goes through (static/js/words.js)."""
    page = guest("Fay")
    got = page.evaluate(SPLIT)
    assert got["split"] == {"words": "Compulsory buy: Ann must buy (can buy: ruby).",
                            "rules": ["GB-13f"]}
    assert got["text"].startswith("The tile must touch a placed tile Rule CAR-15")
    assert got["links"] == ["Rule CAR-15", "Rule CAR-16"]
    assert got["href"] == "/rules/carcassonne"
    assert problems.errors == []
