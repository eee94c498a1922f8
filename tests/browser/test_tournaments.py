"""Tournaments in real Chromium (issue 32): organise one with the form, register, start it, play
a round (the people resign: their bots finish), watch another table, read the standings and
the podium, at desktop and phone sizes."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.browser.api import post

pytestmark = pytest.mark.browser

AXE = Path(__file__).resolve().parent / "vendor" / "axe.min.js"
AXE_RUN = """async () => {
  const r = await axe.run(document, {runOnly: {type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']},
    resultTypes: ['violations']});
  return r.violations.filter((v) => v.impact === 'critical' || v.impact === 'serious')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}"""


def serious_violations(page) -> list[str]:  # type: ignore[no-untyped-def]
    """axe-core's critical and serious WCAG 2.1 AA violations on the page as it is now."""
    page.add_script_tag(path=str(AXE))
    return list(page.evaluate(AXE_RUN))


def resign_everyone(pages: dict[str, object], tournament: dict) -> None:  # type: ignore[type-arg]
    for table in tournament["rounds_played"][-1]["tables"]:
        for seat in table["seats"]:
            if not seat["bot"]:
                post(pages[seat["user_id"]], f"/api/games/{table['game_id']}/resign")


@pytest.mark.parametrize("viewport", [{"width": 1280, "height": 800}, {"width": 390, "height": 844}])
def test_a_small_swiss_is_played_through_and_its_podium_shown(guest, problems, viewport):  # type: ignore[no-untyped-def]
    from tests.browser.api import get

    size = viewport["width"]
    ann, bob, cat = (guest(n, viewport=viewport) for n in ("Ann", "Bob", "Cat"))
    for page, name in ((ann, "ann"), (bob, "bob")):
        post(page, "/api/account/claim", {"username": f"t{name}{size}", "password": "correct horse battery"})
    ann.goto("/tournaments")
    ann.get_by_label("Tournament name").fill(f"Friday club {size}")
    ann.get_by_label("Game", exact=True).select_option(label="Grand Bazaar")
    ann.get_by_label("Players at each table").select_option("2")
    ann.get_by_label("Rounds").select_option("2")
    ann.screenshot(path=f"/tmp/shots/tournaments-form-{size}.png", full_page=True)
    ann.get_by_test_id("t-create").click()
    ann.wait_for_url("**/tournaments/*")
    ann.get_by_test_id("t-status").filter(has_text="Registration open").wait_for()
    url = ann.url
    for page in (ann, bob, cat):
        if page is not ann:
            page.goto(url)
        page.get_by_test_id("t-register").click()
        page.get_by_text("You are registered.").wait_for()
    # the organiser starts it: one tap asks, the second starts
    ann.get_by_test_id("t-start").click()
    ann.get_by_test_id("t-start-confirm").click()
    ann.get_by_test_id("t-status").filter(has_text="Round 1 of 2").wait_for()
    ann.get_by_test_id("t-play").wait_for()
    # the others hear of their table on the page they have open (/ws/me)
    notice = bob.get_by_test_id("notice").filter(has_text=f"Your table in Friday club {size} is ready")
    notice.get_by_role("link", name="Play").wait_for()
    tid = url.rsplit("/", 1)[1]
    t = get(ann, f"/api/tournaments/{tid}")
    pages = {p["user_id"]: page for p, page in zip(
        sorted(t["players"], key=lambda p: p["name"]), (ann, bob, cat), strict=True)}
    # three players at tables of two: two tables, the bot at the bottom one
    assert [sum(s["bot"] for s in x["seats"]) for x in t["rounds_played"][0]["tables"]] == [0, 1]
    ann.screenshot(path=f"/tmp/shots/tournament-round1-{size}.png", full_page=True)

    # watch a table that is not yours
    mine = t["you"]["game_id"]
    other = next(x["game_id"] for x in t["rounds_played"][0]["tables"] if x["game_id"] != mine)
    ann.locator(f"a[data-testid=t-watch][href='/games/{other}']").click()
    ann.wait_for_url(f"**/games/{other}")
    ann.locator("#conn-status[data-state=open]").wait_for()
    ann.go_back()

    resign_everyone(pages, t)
    ann.get_by_test_id("t-status").filter(has_text="Round 2 of 2").wait_for(timeout=60_000)
    t = get(ann, f"/api/tournaments/{tid}")
    resign_everyone(pages, t)
    ann.get_by_test_id("t-status").filter(has_text="Finished").wait_for(timeout=60_000)
    podium = ann.get_by_test_id("t-podium-place")
    podium.first.wait_for()
    t = get(ann, f"/api/tournaments/{tid}")
    assert podium.count() == len(t["podium"]) >= 1
    assert podium.first.inner_text().startswith("1st")
    rows = ann.get_by_test_id("t-standing")
    assert rows.count() == 3
    names = [s["name"] for s in t["standings"]]
    for i, name in enumerate(names):
        assert name in rows.nth(i).inner_text()
    # a player's results open under their name
    rows.first.get_by_test_id("t-player").click()
    ann.get_by_role("list", name=f"{names[0]}'s games").get_by_text("Round 1, table").wait_for()
    assert ann.get_by_test_id("t-replay").count() == 4
    ann.screenshot(path=f"/tmp/shots/tournament-final-{size}.png", full_page=True)
    assert serious_violations(ann) == []
    # the list shows it as finished
    ann.goto("/tournaments")
    ann.get_by_test_id("t-finished").get_by_text(f"Friday club {size}").wait_for()
    ann.screenshot(path=f"/tmp/shots/tournaments-list-{size}.png", full_page=True)
    assert serious_violations(ann) == []
    # the page never scrolls sideways
    assert ann.evaluate("document.documentElement.scrollWidth") <= size
    assert not problems.errors and not problems.dialogs
