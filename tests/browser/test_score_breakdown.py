"""The end panel's score breakdown (issue 14, part 1), in real Chromium: for each of the five
kinds, a game played out by bots, then the panel's table compared with the outcome read over the
API (GET /api/games/{id}): one column per player, the winner first and ties in the outcome's
rank order, one row per source with the points and the scored items behind a <details>; on a
390x844 phone one block per player instead. Screenshots go to test-results/breakdown/."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.browser.api import start_against_bots
from tests.browser.games import STACK
from tests.support.screens import SIZES

pytestmark = pytest.mark.browser

OUT = Path(__file__).resolve().parents[2] / "test-results" / "breakdown"
KINDS = [
    ("bazaar", 2, {}),
    ("grand-bazaar", 2, {}),
    ("bombay-bazar", 2, {}),
    ("carcassonne", 2, {"first_player": 0, "stack": STACK}),
    ("carcassonne-auction", 3, {"players": ["Red", "Blue", "Black"], "placer": 0,
                                "scores": [12, 7, 30],
                                "tiles": [{"type": "U"}, {"type": "BZ4"}, {"label": "River"}]}),
]

READ_TABLE = """() => {
  const t = document.querySelector('[data-testid=breakdown-table]');
  const heads = [...t.querySelectorAll('thead th[data-seat]')];
  return {
    visible: t.getClientRects().length > 0,
    seats: heads.map((h) => Number(h.dataset.seat)),
    heads: heads.map((h) => h.textContent),
    rows: [...t.querySelectorAll('tbody tr')].map((r) => ({source: r.dataset.source,
      label: r.querySelector('th').textContent,
      cells: [...r.querySelectorAll('td')].map((c) => ({seat: Number(c.dataset.seat),
        points: c.dataset.points, shown: (c.querySelector('.bd-points') || c).textContent,
        items: [...c.querySelectorAll('li')].map((li) => li.textContent)}))})),
    totals: [...t.querySelectorAll('tfoot td')].map((c) => ({seat: Number(c.dataset.seat), text: c.textContent})),
  }; }"""

READ_CARDS = """() => {
  const box = document.querySelector('[data-testid=breakdown-cards]');
  return {visible: box.getClientRects().length > 0,
    cards: [...box.querySelectorAll('.bd-card')].map((c) => ({seat: Number(c.dataset.seat),
      total: c.querySelector('h3 .bd-total').textContent,
      rows: [...c.querySelectorAll('tr')].map((r) => ({source: r.dataset.source, points: r.dataset.points,
        label: r.querySelector('th').textContent}))}))}; }"""


def game_state(page, game_id: str) -> dict[str, Any]:  # type: ignore[no-untyped-def]
    return page.evaluate(f"async () => (await fetch('/api/games/{game_id}')).json()")  # type: ignore[no-any-return]


def finished_game(page, kind: str, players: int, options: dict[str, Any]) -> dict[str, Any]:  # type: ignore[no-untyped-def]
    """A game of the page's person, resigned at once so that the bots play it to the end."""
    game_id = start_against_bots(page, kind, players, options, resign=True)
    for _ in range(1800):
        game = game_state(page, game_id)
        if game["status"] == "finished":
            return game
        page.wait_for_timeout(100)
    raise AssertionError(f"{kind}: the bots did not finish the game")


def minus(points: int | float) -> str:
    return f"−{-points}" if points < 0 else str(points)


def words(score: Any) -> str:
    if isinstance(score, list):
        return f"{score[0]} gold, {score[1]} silver, {score[2]} bronze"
    return minus(score)


def expected_order(outcome: dict[str, Any]) -> list[int]:
    """The winner first, ties by the outcome's ranks then table order (no ranks: table order)."""
    ranks = outcome["ranks"]
    seats = [b["seat"] for b in outcome["breakdown"]]
    return sorted(seats, key=lambda s: (ranks[s] if ranks else 0, s))


@pytest.mark.parametrize(("kind", "players", "options"), KINDS, ids=[k[0] for k in KINDS])
def test_the_end_panel_breakdown_is_the_outcome_in_words(guest, problems, kind, players, options):
    OUT.mkdir(parents=True, exist_ok=True)
    page = guest("Fay", viewport=SIZES["desktop"])
    game = finished_game(page, kind, players, options)
    outcome = game["view"]["outcome"]
    breakdown = {b["seat"]: b for b in outcome["breakdown"]}
    names = {p["seat"]: p["name"] for p in game["view"]["players"]}
    assert set(breakdown) == set(range(players))
    page.goto(f"/games/{game['id']}")
    page.get_by_test_id("breakdown-table").wait_for(state="attached")

    table = page.evaluate(READ_TABLE)
    assert table["visible"]
    assert table["seats"] == expected_order(outcome)
    # a resignation is never a win (docs/decisions.md, "Resigning"): Fay resigned at once, and
    # her seat keeps the place her bot reached, marked, without the winner's mark
    resigned = {s["seat"] for s in game["seats"] if s["resigned"]}
    assert resigned == {0}
    for seat, head in zip(table["seats"], table["heads"], strict=True):
        assert names[seat] in head
        assert ("winner" in head) == (seat in outcome["winners"] and seat not in resigned), head
    fay = page.locator("#ranking li[data-seat='0']")
    assert "resigned" in (fay.text_content() or "") and "winner" not in (fay.text_content() or "")
    assert "winner" not in (fay.get_attribute("class") or "")
    assert "winner" not in (page.locator("#players li[data-seat='0']").get_attribute("class") or "")
    cells = {(c["seat"], row["source"]): (row, c) for row in table["rows"] for c in row["cells"]}
    for seat, b in breakdown.items():
        for line in b["lines"]:
            row, c = cells[(seat, line["source"])]
            assert c["points"] == str(line["points"]), (kind, seat, line)
            assert c["shown"] == minus(line["points"]), (kind, seat, line)
            assert c["items"] == line["items"], (kind, seat, line)
        present = {line["source"] for line in b["lines"]}
        assert {src for (s, src), (_r, c) in cells.items() if s == seat and c["points"]} == present
    # a row takes the players' label; where their labels differ (a figure of each player's in
    # brackets, "Penalties caused (opponents lost 8; ...)"), the words before the brackets
    for row in table["rows"]:
        labels = {line["label"] for b in breakdown.values() for line in b["lines"]
                  if line["source"] == row["source"]}
        expected = labels.pop() if len(labels) == 1 else next(iter(labels)).split(" (")[0]
        assert row["label"] == expected, (kind, row)
    assert {t["seat"]: t["text"] for t in table["totals"]} == {
        s: words(b["score"]) for s, b in breakdown.items()}
    # the items open in place: the first cell that has some shows them
    opener = page.locator("[data-testid=breakdown-table] details summary").first
    opener.click()
    assert page.locator("[data-testid=breakdown-table] details[open] li").first.is_visible()
    page.screenshot(path=str(OUT / f"{kind}-desktop.png"), full_page=True)
    page.locator("#outcome").screenshot(path=str(OUT / f"{kind}-panel-desktop.png"))
    # the page redraws on every update; what the reader opened stays open
    assert page.locator("[data-testid=breakdown-table] details[open]").count() == 1

    page.set_viewport_size(SIZES["phone"])
    page.wait_for_timeout(200)  # a resize reflows the page; nothing is timed
    cards = page.evaluate(READ_CARDS)
    assert cards["visible"] and not page.evaluate(READ_TABLE)["visible"]
    assert [c["seat"] for c in cards["cards"]] == expected_order(outcome)
    for card in cards["cards"]:
        b = breakdown[card["seat"]]
        assert card["total"] == words(b["score"])
        assert [(r["source"], r["points"], r["label"]) for r in card["rows"]] == [
            (line["source"], str(line["points"]), line["label"]) for line in b["lines"]]
    width = page.evaluate("() => document.documentElement.scrollWidth")
    assert width <= SIZES["phone"]["width"], f"{kind}: the phone page scrolls sideways"
    page.locator("[data-testid=breakdown-cards] details summary").first.click()
    page.screenshot(path=str(OUT / f"{kind}-phone.png"), full_page=True)
    page.locator("#outcome").screenshot(path=str(OUT / f"{kind}-panel-phone.png"))
    assert problems.errors == []
