"""Playing Carcassonne with the Bazaar expansion through its game page, as a person does
(rules/carcassonne.md; the board is static/games/carcassonne/board.js, its auction panel
auction-panel.js): a highlighted square, sometimes Rotate, then Place tile; a figure on a marked
spot or "no figure"; Draw; in a bazaar auction a tile and an opening bid, a raise or a pass, buy
or sell. With "Confirm moves" on (a phone's default) the Confirm button plays the chosen move.

Which decision is the person's comes from the game as the person's seat sees it (its legal
moves, over the API, as the board itself reads them); every move is made by clicking the page.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from tests.browser.api import game

# the legal squares wholly on the canvas and not under its zoom buttons: those a person can tap
TAPPABLE_SQUARES = """() => {
  const canvas = document.querySelector('[data-testid=cc-canvas]').getBoundingClientRect();
  const zoom = [...document.querySelectorAll('.cc-zoom button')].map((b) => b.getBoundingClientRect());
  const inside = (r) => r.left >= canvas.left && r.right <= canvas.right && r.top >= canvas.top && r.bottom <= canvas.bottom;
  const under = (r) => zoom.some((z) => r.right > z.left && r.left < z.right && r.bottom > z.top && r.top < z.bottom);
  return [...document.querySelectorAll('[data-testid=legal-square]')]
    .filter((e) => inside(e.getBoundingClientRect()) && !under(e.getBoundingClientRect()))
    .map((e) => e.dataset.key);
}"""

# the page has taken the move (its move number passed ``seq``), or asks to confirm it
MOVED_OR_ASKED = """(seq) => {
  const main = document.getElementById('page');
  if (Number(main.dataset.seq) > seq || main.dataset.status === 'finished') return 'moved';
  const confirm = document.querySelector('[data-testid=move-confirm]');
  return confirm && confirm.getClientRects().length && !confirm.disabled ? 'asked' : null;
}"""


def decision_of(legal: list[dict[str, Any]]) -> str:
    """The kind of decision the person's legal moves make: place, figure, draw, extra, abbey,
    open, bid or settle."""
    types = {m["type"] for m in legal}
    for kind, marks in (("place", {"PlaceTile"}), ("figure", {"PlaceFigure", "SkipFigure"}),
                        ("open", {"AuctionOpen"}), ("bid", {"AuctionRaise", "AuctionPass"}),
                        ("settle", {"AuctionSettle"}), ("extra", {"DeclineExtra"}),
                        ("draw", {"Draw"}), ("abbey", {"PassAbbey"})):
        if types & marks:
            return kind
    raise AssertionError(f"a decision the person cannot make on the page: {sorted(types)}")


def _place(page: Any, rng: random.Random) -> None:
    page.get_by_test_id("legal-square").first.wait_for()
    keys = page.evaluate(TAPPABLE_SQUARES)
    assert keys, "no legal square can be tapped on the board"
    page.locator(f'[data-key="{rng.choice(keys)}"]').click()
    if rng.random() < 0.3:
        page.get_by_test_id("rotate").click()  # a square where the tile fits turned another way
    page.get_by_test_id("place-tile").click()


def _figure(page: Any, rng: random.Random) -> None:
    spots = page.get_by_test_id("figure-spot")
    if spots.count() and rng.random() < 0.5:
        spots.nth(rng.randrange(spots.count())).click()
    else:
        page.get_by_test_id("skip-figure").click()


def _open(page: Any, rng: random.Random) -> None:
    tiles = page.locator("button[data-testid=auction-tile]")
    tiles.first.wait_for()
    tiles.nth(rng.randrange(tiles.count())).click()
    page.get_by_test_id("bid-input").fill(str(rng.randrange(0, 3)))
    page.get_by_test_id("bid-button").click()


def _bid(page: Any, rng: random.Random) -> None:
    if rng.random() < 0.4:
        page.get_by_test_id("bid-button").click()  # the least raise, already in the box
    else:
        page.get_by_test_id("pass-button").click()


def _settle(page: Any, rng: random.Random) -> None:
    page.get_by_test_id("buy-button" if rng.random() < 0.5 else "sell-button").click()


ACTIONS: dict[str, Callable[[Any, random.Random], None]] = {
    "place": _place,
    "figure": _figure,
    "open": _open,
    "bid": _bid,
    "settle": _settle,
    # the builder's extra part is taken by drawing its tile
    "extra": lambda page, rng: page.get_by_test_id("draw").click(),
    "draw": lambda page, rng: page.get_by_test_id("draw").click(),
    "abbey": lambda page, rng: page.get_by_test_id("pass-abbey").click(),
}


def play_to_the_end(page: Any, game_id: str, rng: random.Random,
                    at_decision: Callable[[str], None] = lambda kind: None,
                    limit: int = 400) -> list[str]:
    """Play the person's seat through the page until the game ends (or ``limit`` decisions);
    ``at_decision(kind)`` is called with each decision shown, before it is made. The kinds of
    the decisions made, in order."""
    made: list[str] = []
    while len(made) < limit:
        now = game(page, game_id)
        if now["status"] != "live":
            return made
        if not now["legal"]:
            # a bot is to move: wait for the page to show the next move
            page.wait_for_function(
                "s => Number(document.getElementById('page').dataset.seq) > s "
                "|| document.getElementById('page').dataset.status === 'finished'",
                arg=now["seq"], timeout=30000)
            continue
        seq = now["seq"]
        page.locator(f"#page[data-seq='{seq}']").wait_for(state="attached")
        kind = decision_of(now["legal"])
        at_decision(kind)
        ACTIONS[kind](page, rng)
        if page.wait_for_function(MOVED_OR_ASKED, arg=seq, timeout=15000).json_value() == "asked":
            page.get_by_test_id("move-confirm").click()
            page.wait_for_function(MOVED_OR_ASKED.replace("'asked'", "null"), arg=seq, timeout=15000)
        made.append(kind)
    return made
