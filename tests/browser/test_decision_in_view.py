"""The controls of the current decision sit next to the board, in view without scrolling, at
1280x800 and on a 390x844 phone (issue 13, point 2)."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.browser

IN_VIEW = """(sel) => [...document.querySelectorAll(sel)].filter((e) => e.getClientRects().length).map((e) => {
  const r = e.getBoundingClientRect();
  return r.top >= 0 && r.bottom <= window.innerHeight && r.left >= 0 && r.right <= window.innerWidth; })"""


START = """async ([kind, players, options, resign]) => {
  const post = async (url, body) => { const r = await fetch(url, {method: 'POST',
    headers: {'Content-Type': 'application/json'}, body: JSON.stringify(body || {})});
    if (!r.ok) throw new Error(url + ' ' + await r.text()); return r.json(); };
  const lobby = await post('/api/lobbies', {kind, players, private: true, options});
  for (let seat = 1; seat < players; seat++) await post(`/api/lobbies/${lobby.id}/bots`, {seat});
  const id = (await post(`/api/lobbies/${lobby.id}/start`)).game_id;
  if (resign) await post(`/api/games/${id}/resign`, {});  // the bots play the person's seat too
  return id; }"""


def start_against_bots(page, kind: str, players: int, options: dict,  # type: ignore[no-untyped-def]
                       resign: bool = False) -> str:
    """A game of the page's person in seat 0 against bots in the other seats."""
    return str(page.evaluate(START, [kind, players, options, resign]))


def advance_to(page, game_id: str, move_type: str) -> None:  # type: ignore[no-untyped-def]
    """Play the person's first legal move until ``move_type`` is among its legal moves."""
    for _ in range(100):
        game = page.evaluate(f"async () => (await fetch('/api/games/{game_id}')).json()")
        if any(m["type"] == move_type for m in game["legal"]):
            return
        if game["legal"]:
            page.evaluate("""async ([id, seq, move]) => fetch(`/api/games/${id}/moves`, {method: 'POST',
              headers: {'Content-Type': 'application/json'}, body: JSON.stringify({seq, move})})""",
                          [game_id, game["seq"], game["legal"][0]])
        page.wait_for_timeout(100)
    raise AssertionError(f"the person never had a {move_type} to make")


def wait_for_seq_after(page, game_id: str, seq: int) -> None:  # type: ignore[no-untyped-def]
    """Wait until the move made from the page has landed (a bot may answer at once, so the
    controls can come back before a test sees them go)."""
    for _ in range(100):
        now = page.evaluate(f"async () => (await (await fetch('/api/games/{game_id}')).json()).seq")
        if now > seq:
            return
        page.wait_for_timeout(100)
    raise AssertionError("the move did not land")


def bombay_game_at_placement(page) -> str:  # type: ignore[no-untyped-def]
    """A Bombay Bazar game against a bot, advanced (elephant choices) to the person's placement."""
    game_id = start_against_bots(page, "bombay-bazar", 2, {})
    advance_to(page, game_id, "PlacePiece")
    return game_id


@pytest.mark.parametrize("size", [{"width": 1280, "height": 800}, {"width": 390, "height": 844}],
                         ids=["desktop", "phone"])
def test_bombay_orientation_and_place_are_in_view_with_the_preview(guest, problems, size):
    page = guest("Fay", viewport=size)
    game_id = bombay_game_at_placement(page)
    page.goto(f"/games/{game_id}")
    # the last pile of the list (the one furthest down) is the hardest case
    pile = page.locator(".bb-pile:not([disabled])").last
    pile.click()
    page.locator("[data-testid^=bb-orient-]").first.click()
    page.wait_for_timeout(200)
    assert all(page.evaluate(IN_VIEW, "[data-testid=bb-place]")), "Place is out of view"
    assert all(page.evaluate(IN_VIEW, "[data-testid^=bb-orient-]")), "orientations out of view"
    preview = page.evaluate(IN_VIEW, "[data-testid=bb-preview]")
    assert preview and all(preview), "the preview on the board is out of view"
    before = page.evaluate(f"async () => (await (await fetch('/api/games/{game_id}')).json()).seq")
    page.get_by_test_id("bb-place").click()
    wait_for_seq_after(page, game_id, before)
    assert problems.errors == []


STACK = ["BZ1", "U", "V", "E", "BZ2", "K", "B", "D", "U", "V", "BZ3", "E", "A", "W", "X", "U"]


def carcassonne_game_at_a_bid(page) -> str:  # type: ignore[no-untyped-def]
    """Carcassonne against a bot with a bazaar tile drawn first: the person places it, the bot
    opens the auction, and the person is to raise or pass."""
    game_id = start_against_bots(page, "carcassonne", 2, {"first_player": 0, "stack": STACK})
    advance_to(page, game_id, "AuctionRaise")
    return game_id


@pytest.mark.parametrize("size", [{"width": 1280, "height": 800}, {"width": 390, "height": 844}],
                         ids=["desktop", "phone"])
def test_carcassonne_bid_controls_are_in_view(guest, problems, size):
    page = guest("Fay", viewport=size)
    game_id = carcassonne_game_at_a_bid(page)
    page.goto(f"/games/{game_id}")
    page.get_by_test_id("bid-button").wait_for()
    page.wait_for_timeout(200)
    assert all(page.evaluate(IN_VIEW, "[data-testid=bid-button]")), "Raise is out of view"
    assert all(page.evaluate(IN_VIEW, "[data-testid=pass-button]")), "Pass is out of view"
    if size["width"] >= 1000:  # on a desktop the board stays in view beside the auction
        assert all(page.evaluate(IN_VIEW, "[data-testid=cc-canvas]")), "the board is pushed away"
    before = page.evaluate(f"async () => (await (await fetch('/api/games/{game_id}')).json()).seq")
    page.get_by_test_id("pass-button").click()
    wait_for_seq_after(page, game_id, before)
    assert problems.errors == []


@pytest.mark.parametrize("size", [{"width": 1280, "height": 800}, {"width": 390, "height": 844}],
                         ids=["desktop", "phone"])
def test_bombay_tournament_table_shows_every_medal_and_place(guest, problems, size):
    """Issue 13, point 3: the tournament table cut its Medals column at 1280 px."""
    page = guest("Fay", viewport=size)
    game_id = start_against_bots(page, "bombay-bazar", 4,
                                 {"format": "tournament", "rounds": 4}, resign=True)
    for _ in range(600):
        game = page.evaluate(f"async () => (await fetch('/api/games/{game_id}')).json()")
        if game["status"] == "finished":
            break
        page.wait_for_timeout(100)
    page.goto(f"/games/{game_id}")
    table = page.get_by_test_id("bb-tournament-table")
    table.wait_for()
    box = page.evaluate("""() => { const t = document.querySelector('[data-testid=bb-tournament-table]');
      const p = t.closest('.bb-panel').getBoundingClientRect();
      const cells = [...t.querySelectorAll('td.bb-tally, td.bb-tally + td')].map((c) => c.getBoundingClientRect());
      return {fits: t.scrollWidth <= t.parentElement.clientWidth + 1,
              visible: cells.every((c) => c.left >= p.left - 1 && c.right <= p.right + 1), cells: cells.length}; }""")
    assert box["cells"] == 8 and box["visible"] and box["fits"], box
    assert table.locator("tbody tr").count() == 4
    assert problems.errors == []
