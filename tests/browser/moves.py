"""How a test person makes a move on the game page: through the game's board, like a player.

The Grand Bazaar board (static/games/grand-bazaar/board.js) is driven through its trade panel;
any other board (or the generic fallback) through its legal-move buttons.
"""

from __future__ import annotations

import random


def page_seq(page) -> int:  # type: ignore[no-untyped-def]
    """The last move number the game page shows."""
    return int(page.locator("#page").get_attribute("data-seq") or 0)


def wait_seq(page, seq: int) -> None:  # type: ignore[no-untyped-def]
    """Wait until the page has received move ``seq``."""
    page.wait_for_function(
        "n => Number(document.getElementById('page').dataset.seq) >= n", arg=seq, timeout=15000
    )


def make_move(page, rng: random.Random) -> None:  # type: ignore[no-untyped-def]
    """Make one legal move on this page's board."""
    board = page.locator("#board")
    kind = board.get_attribute("data-board")
    if kind == "grand-bazaar":
        _grand_bazaar(page, rng)
        return
    buttons = page.locator("[data-testid=legal-move]:enabled")
    buttons.first.wait_for()
    buttons.nth(rng.randrange(buttons.count())).click()


def _grand_bazaar(page, rng: random.Random) -> None:  # type: ignore[no-untyped-def]
    raise NotImplementedError("the Grand Bazaar board is not there yet")
