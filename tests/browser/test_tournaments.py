"""Tournaments in real Chromium (issue 32's "done when"): nine accounts play a three-round Swiss
of Carcassonne at tables of three, with a withdrawal and a bot-filled bye, at 1280x800 and
390x844. Ann organises it with the form, registers on its page, hears that her table is ready,
watches another table, plays her first turn on the board and resigns (her bot plays on); the
eight others are accounts that register and resign through the API. Then the standings (read
while the round plays, each player's games opened), the withdrawal, the bye, the podium, every
game kept for replay, and the list. (Turn-based tables: tests/api/test_tournaments.py.)"""

from __future__ import annotations

from itertools import combinations
from pathlib import Path

import pytest

from tests.browser.api import advance_to, get, post, wait_for_seq_after
from tests.support.tournaments import accounts, resign_seated

pytestmark = pytest.mark.browser

AXE = Path(__file__).resolve().parent / "vendor" / "axe.min.js"
AXE_RUN = """async () => {
  const r = await axe.run(document, {runOnly: {type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']},
    resultTypes: ['violations']});
  return r.violations.filter((v) => v.impact === 'critical' || v.impact === 'serious')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}"""
FITS = """() => {
  const box = document.getElementById('t-standings').getBoundingClientRect();
  const table = document.querySelector('#t-standings table').getBoundingClientRect();
  return table.left >= box.left - 0.5 && table.right <= box.right + 0.5;
}"""
SHOTS = Path("test-results")
OTHERS = ["Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal", "Ivy"]
ROUND_MS = 180_000  # three tables of Carcassonne played out by bots on a loaded machine


def serious_violations(page) -> list[str]:  # type: ignore[no-untyped-def]
    """axe-core's critical and serious WCAG 2.1 AA violations on the page as it is now."""
    page.add_script_tag(path=str(AXE))
    return list(page.evaluate(AXE_RUN))


def pairs(tables: list[dict]) -> set[frozenset[str]]:  # type: ignore[type-arg]
    return {frozenset(p) for x in tables for p in combinations(
        [s["user_id"] for s in x["seats"] if not s["bot"]], 2)}


def play_first_turn_and_resign(page, game_id: str) -> None:  # type: ignore[no-untyped-def]
    """Ann's turn on the Carcassonne board: a tile on a legal square, then she resigns from the
    page and her bot plays the rest (a bazaar bid before her tile goes over the API)."""
    advance_to(page, game_id, "PlaceTile")
    page.get_by_test_id("legal-square").first.click()
    before = int(page.locator("#page").get_attribute("data-seq") or 0)
    page.get_by_test_id("place-tile").click()
    wait_for_seq_after(page, game_id, before)
    page.get_by_test_id("resign").click()
    page.get_by_test_id("resign-confirm").click()
    page.locator("#players .tag.warn", has_text="resigned").first.wait_for()


@pytest.mark.parametrize("viewport", [{"width": 1280, "height": 800}, {"width": 390, "height": 844}],
                         ids=["desktop", "phone"])
def test_nine_accounts_play_a_three_round_swiss_of_carcassonne_with_a_withdrawal_and_a_bye(  # type: ignore[no-untyped-def]
        guest, server, problems, viewport):
    size = viewport["width"]
    SHOTS.mkdir(exist_ok=True)
    ann = guest("Ann", viewport=viewport)
    post(ann, "/api/account/claim", {"username": f"tann{size}", "password": "correct horse battery"})
    others = accounts(server, OTHERS, str(size))

    name = f"Carcassonne club {size}"
    ann.goto("/tournaments")
    ann.get_by_label("Tournament name").fill(name)
    ann.get_by_label("Game", exact=True).select_option(label="Carcassonne")
    ann.get_by_label("Format").select_option("swiss")
    ann.get_by_label("Players at each table").select_option("3")
    ann.get_by_label("Rounds").select_option("3")
    # live or turn-based tables, as the clock says (the one-minute live clock is the first)
    ann.get_by_text("With days, every table is turn-based").wait_for()
    assert ann.get_by_label("Clock").locator("option", has_text="(turn-based)").count() == 2
    # by invitation and rated never go together (private games are never rated)
    private, rated = ann.get_by_test_id("t-private"), ann.get_by_test_id("t-rated")
    private.check()
    rated.check()
    assert rated.is_checked() and not private.is_checked()
    rated.uncheck()
    ann.screenshot(path=str(SHOTS / f"tournament-form-{size}.png"), full_page=True)
    ann.get_by_test_id("t-create").click()
    ann.wait_for_url("**/tournaments/*")
    ann.get_by_test_id("t-status").filter(has_text="Registration open").wait_for()
    tid = ann.url.rsplit("/", 1)[1]
    ann.get_by_test_id("t-register").click()
    ann.get_by_text("You are registered.").wait_for()
    for p in others.values():
        p.ok(p.post(f"/api/tournaments/{tid}/register"))
    ann.get_by_test_id("t-summary").filter(has_text="9 players").wait_for()

    # Ann organises it: one tap asks, the second starts; her page hears her table is ready
    ann.get_by_test_id("t-start").click()
    ann.get_by_test_id("t-start-confirm").click()
    notice = ann.get_by_test_id("notice").filter(has_text=f"Your table in {name} is ready (round 1)")
    notice.get_by_role("link", name="Play").wait_for()
    ann.get_by_test_id("t-status").filter(has_text="Round 1 of 3").wait_for()
    t = get(ann, f"/api/tournaments/{tid}")
    first = t["rounds_played"][0]["tables"]
    assert [len(x["seats"]) for x in first] == [3, 3, 3]
    assert sorted(s["user_id"] for x in first for s in x["seats"]) == sorted([*others, t["you"]["user_id"]])
    assert ann.get_by_test_id("t-watch").count() == 3
    ann.screenshot(path=str(SHOTS / f"tournament-round1-{size}.png"), full_page=True)

    # watch a table that is not hers
    mine = t["you"]["game_id"]
    other = next(x["game_id"] for x in first if x["game_id"] != mine)
    ann.locator(f"a[data-testid=t-watch][href='/games/{other}']").click()
    ann.wait_for_url(f"**/games/{other}")
    ann.locator("#conn-status[data-state=open]").wait_for()
    ann.locator("#board[data-board=carcassonne]").wait_for()
    ann.screenshot(path=str(SHOTS / f"tournament-watch-{size}.png"))
    ann.go_back()

    # play the round: the others leave theirs to their bots, Ann plays her turn on the board
    resign_seated(others, t)
    ann.get_by_test_id("t-play").click()
    ann.wait_for_url(f"**/games/{mine}")
    play_first_turn_and_resign(ann, mine)
    ann.screenshot(path=str(SHOTS / f"tournament-ann-plays-{size}.png"))
    ann.goto(f"/tournaments/{tid}")
    ann.get_by_test_id("t-status").filter(has_text="Round 2 of 3").wait_for(timeout=ROUND_MS)

    # the standings while round 2 plays: a player's games stay open across the page's readings
    t = get(ann, f"/api/tournaments/{tid}")
    assert not pairs(first) & pairs(t["rounds_played"][1]["tables"])  # no table-mate again
    rows = ann.get_by_test_id("t-standing")
    rows.first.get_by_test_id("t-player").click()
    games_of_leader = ann.get_by_role("list", name=f"{t['standings'][0]['name']}'s games")
    games_of_leader.get_by_text("Round 1, table").wait_for()
    loads = int(ann.locator("#page").get_attribute("data-loads") or 0)
    ann.wait_for_function("n => Number(document.getElementById('page').dataset.loads) > n", arg=loads)
    assert games_of_leader.is_visible()

    # the lowest player but Ann withdraws during round 2: not seated in round 3
    quitter = next(s["user_id"] for s in reversed(t["standings"]) if s["user_id"] in others)
    others[quitter].ok(others[quitter].post(f"/api/tournaments/{tid}/withdraw"))
    resign_seated(others, t)
    post(ann, f"/api/games/{t['you']['game_id']}/resign", {})
    ann.get_by_test_id("t-status").filter(has_text="Round 3 of 3").wait_for(timeout=ROUND_MS)
    t = get(ann, f"/api/tournaments/{tid}")
    third = t["rounds_played"][2]["tables"]
    seated = [s["user_id"] for x in third for s in x["seats"] if not s["bot"]]
    assert quitter not in seated and len(seated) == 8
    # eight players at tables of three: one bot, at the bottom table (the bye)
    assert [sum(s["bot"] for s in x["seats"]) for x in third] == [0, 0, 1]
    round3 = ann.get_by_test_id("t-round").first
    round3.get_by_role("heading", name="Round 3: being played").wait_for()
    round3.get_by_test_id("t-table").last.get_by_text("a bot", exact=True).wait_for()
    # round 3's card has replaced round 2's: one card of this tournament, the current one
    cards = ann.get_by_test_id("notice").filter(has_text=f"Your table in {name}")
    cards.filter(has_text="(round 3)").wait_for()
    assert cards.count() == 1
    quitter_name = next(s["name"] for s in t["standings"] if s["user_id"] == quitter)
    rows.filter(has_text=quitter_name).get_by_text("withdrew").wait_for()
    ann.get_by_test_id("t-summary").filter(has_text="9 players (1 withdrew)").wait_for()
    ann.screenshot(path=str(SHOTS / f"tournament-round3-{size}.png"), full_page=True)
    round3.screenshot(path=str(SHOTS / f"tournament-round3-tables-{size}.png"))
    resign_seated(others, t)
    post(ann, f"/api/games/{t['you']['game_id']}/resign", {})

    ann.get_by_test_id("t-status").filter(has_text="Finished").wait_for(timeout=ROUND_MS)
    assert cards.count() == 0  # no table of hers is ready any more: the card went
    t = get(ann, f"/api/tournaments/{tid}")
    podium = ann.get_by_test_id("t-podium-place")
    podium.first.wait_for()
    assert podium.count() == len(t["podium"]) >= 3
    for i, line in enumerate(t["podium"]):
        assert line["name"] in podium.nth(i).inner_text()
    assert rows.count() == 9
    for i, line in enumerate(t["standings"]):
        assert line["name"] in rows.nth(i).inner_text()
    # every game is kept for replay: nine tables in all, each a finished Carcassonne
    assert ann.get_by_test_id("t-replay").count() == 9
    for r in t["rounds_played"]:
        for x in r["tables"]:
            game = get(ann, f"/api/games/{x['game_id']}")
            assert game["status"] == "finished" and game["kind"] == "carcassonne"
    replay = ann.get_by_test_id("t-replay").first.get_attribute("href")
    ann.get_by_test_id("t-standing").filter(has_text=quitter_name).get_by_test_id("t-player").click()
    ann.get_by_role("list", name=f"{quitter_name}'s games").get_by_text("Round 2, table").wait_for()
    ann.screenshot(path=str(SHOTS / f"tournament-final-{size}.png"), full_page=True)
    # a phone's whole page is too tall to read in one picture: its parts, one by one
    ann.locator("#t-podium-box").screenshot(path=str(SHOTS / f"tournament-podium-{size}.png"))
    ann.get_by_test_id("t-standings").screenshot(path=str(SHOTS / f"tournament-standings-{size}.png"))
    ann.get_by_test_id("t-round").first.screenshot(path=str(SHOTS / f"tournament-last-round-{size}.png"))
    assert serious_violations(ann) == []
    assert ann.evaluate("document.documentElement.scrollWidth") <= size  # never sideways
    # the standings fit their card: every column, the tie-breaks too, is read without scrolling
    assert ann.evaluate(FITS), "the standings table is wider than its card"
    ann.goto(replay)
    ann.locator("#board[data-board=carcassonne]").wait_for()
    ann.screenshot(path=str(SHOTS / f"tournament-replay-{size}.png"))

    ann.goto("/tournaments")
    ann.get_by_test_id("t-finished").get_by_text(name).wait_for()
    # nine played, the one who withdrew included
    assert "9 players" in ann.get_by_test_id("t-finished").locator("li", has_text=name).inner_text()
    ann.screenshot(path=str(SHOTS / f"tournaments-list-{size}.png"), full_page=True)
    assert serious_violations(ann) == []
    assert ann.evaluate("document.documentElement.scrollWidth") <= size
    assert not problems.errors and not problems.dialogs
    for p in others.values():
        p.http.close()
