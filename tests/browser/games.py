"""Ready-made positions for browser tests: games advanced over the API to the decision a test
looks at, and the page probes those tests share."""

from __future__ import annotations

from typing import Any

from tests.browser.api import advance_to, start_against_bots

IN_VIEW = """(sel) => [...document.querySelectorAll(sel)].filter((e) => e.getClientRects().length).map((e) => {
  const r = e.getBoundingClientRect();
  return r.top >= 0 && r.bottom <= window.innerHeight && r.left >= 0 && r.right <= window.innerWidth; })"""
"""For each visible element matching a selector: whether it is wholly inside the viewport."""

STACK = ["BZ1", "U", "V", "E", "BZ2", "K", "B", "D", "U", "V", "BZ3", "E", "A", "W", "X", "U"]
"""A Carcassonne stack that opens with a bazaar tile (an auction at once)."""


def bombay_game_at_placement(page: Any) -> str:
    """A Bombay Bazar game against a bot, advanced (elephant choices) to the person's placement."""
    game_id = start_against_bots(page, "bombay-bazar", 2, {})
    advance_to(page, game_id, "PlacePiece")
    return game_id


def carcassonne_game_at_a_bid(page: Any) -> str:
    """Carcassonne against a bot with a bazaar tile drawn first: the person places it, the bot
    opens the auction, and the person is to raise or pass."""
    game_id = start_against_bots(page, "carcassonne", 2, {"first_player": 0, "stack": STACK})
    advance_to(page, game_id, "AuctionRaise")
    return game_id


def start_hot_seat_game(page, server: str) -> str:  # type: ignore[no-untyped-def]
    """A two-seat game held by the page's user, with a fixed deck; returns the game URL."""
    api = page.context.request
    # with the page's cookie, so as the site's own pages send it (app/web/csrf.py)
    own = {"origin": server, "x-requested-with": "test"}
    lobby = api.post(f"{server}/api/lobbies", headers=own, data={
        "kind": "grand-bazaar", "players": 2,
        "options": {"first_player": 0, "price_order": ORDER},
    }).json()
    patched = api.patch(f"{server}/api/lobbies/{lobby['id']}", headers=own,
                        data={"seats": [{"seat": 1, "holder": "host"}]})
    assert patched.ok, patched.text()
    started = api.post(f"{server}/api/lobbies/{lobby['id']}/start", headers=own)
    assert started.ok, started.text()
    return f"{server}/games/{started.json()['game_id']}"


ORDER = [20, 14, *(c for c in range(1, 28) if c not in (20, 14))]
