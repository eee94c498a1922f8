"""The end of a Grand Bazaar game ranks the players once (issue 25, point 23 leftover): the end
card's ranking, not a second "Final ranking" table drawn by the board under it. What only the
board's table said stays on the card: each player's money before the final sale (GB-19) and the
gems sold at 10, by kind, in the breakdown's "Final sale" row (GB-19, GB-20). The replay, which
has no end card, keeps the board's table at its last step, where a player who resigned is
marked so and never as a winner."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.browser.api import get, start_against_bots, wait_finished
from tests.support.screens import SIZES

pytestmark = pytest.mark.browser

SHOTS = Path("/tmp/shots/polish")
GEMS = {"S": ("sapphire", "sapphires"), "R": ("ruby", "rubies"), "E": ("emerald", "emeralds")}

# each column of right-aligned numbers whose heading is aligned otherwise
HEADS_OVER_NUMBERS = """(table) => { const t = document.querySelector(table);
  const heads = [...t.querySelectorAll('thead th')];
  return [...t.querySelectorAll('tbody tr:first-child td.num')].map((td) => {
    const th = heads[td.cellIndex], want = getComputedStyle(td).textAlign, got = getComputedStyle(th).textAlign;
    return got !== want ? `${th.textContent}: ${got}, its numbers ${want}` : null;
  }).filter(Boolean); }"""
RANKING_TITLES = """() => [...document.querySelectorAll('h2, h3')]
  .filter((h) => h.getClientRects().length > 0 && h.textContent.trim() === 'Final ranking').length"""


@pytest.mark.parametrize("size", SIZES)
def test_grand_bazaar_end_ranks_the_players_once(guest, problems, size) -> None:  # type: ignore[no-untyped-def]
    SHOTS.mkdir(parents=True, exist_ok=True)
    ann = guest("Ann", viewport=SIZES[size])
    game_id = start_against_bots(ann, "grand-bazaar", 2, resign=True)
    wait_finished(ann, game_id)
    outcome = get(ann, f"/api/games/{game_id}")["view"]["outcome"]
    details = outcome["details"]
    ann.goto(f"/games/{game_id}")
    ranking = ann.get_by_test_id("ranking")
    ranking.locator("li[data-seat]").nth(1).wait_for()
    ann.get_by_test_id("breakdown").wait_for()
    ann.locator("#board[data-board='grand-bazaar'] [data-testid=gb-round]").wait_for()
    assert ann.evaluate(RANKING_TITLES) == 1
    assert ann.get_by_test_id("gb-final").count() == 0
    assert ann.locator(".gb-final-table").count() == 0

    for seat in (0, 1):
        line = ranking.locator(f"li[data-seat='{seat}']").inner_text()
        assert f"money before the final sale: {details['money_before_sale'][seat]}" in line, line
        sold = details["sold"][seat]
        count = sum(sold.values())
        assert (f"{count} gem" in line) if count else ("no gem left to sell" in line), line
    # the gems sold, by kind, in the breakdown's final-sale row of each player
    sale = ann.locator("[data-testid=breakdown] tr[data-source='final-sale']")
    texts = " ".join(sale.locator("li").all_text_contents())
    for seat in (0, 1):
        for gem, n in details["sold"][seat].items():
            if n:
                assert f"{n} {GEMS[gem][0 if n == 1 else 1]} at 10: {10 * n}" in texts, texts
    ann.locator("#outcome").screenshot(path=str(SHOTS / f"gb-end-card-{size}.png"))
    ann.locator("#board").scroll_into_view_if_needed()
    ann.screenshot(path=str(SHOTS / f"gb-end-board-{size}.png"))

    # the replay has no end card: its last step keeps the board's own ranking
    ann.goto(f"/games/{game_id}/replay")
    ann.get_by_test_id("step-label").filter(has_text="Setup").wait_for()
    ann.get_by_test_id("to-end").click()
    ann.get_by_test_id("gb-final").locator("tbody tr").nth(1).wait_for()
    # Ann resigned at once: her row keeps the place her bot reached, marked "resigned", and never
    # the winner's mark, even where the rules' ranking puts her first (docs/decisions.md, "Resigning")
    ann_row = ann.get_by_test_id("gb-final").locator("tbody tr[data-seat='0']")
    assert "resigned" in (ann_row.text_content() or "")
    assert "winner" not in (ann_row.text_content() or "") and "winner" not in (ann_row.get_attribute("class") or "")
    other = ann.get_by_test_id("gb-final").locator("tbody tr[data-seat='1']")
    assert ("winner" in (other.text_content() or "")) == (1 in outcome["winners"])
    # a column of numbers and its heading line up on the right, in both of the board's tables
    for table in ("[data-testid=gb-deck-left]", ".gb-final-table"):
        assert ann.evaluate(HEADS_OVER_NUMBERS, table) == [], table
    assert problems.errors == []
