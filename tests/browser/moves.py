"""How a test person makes a move on the game page: through the game's board, like a player.

The Grand Bazaar board (static/games/grand-bazaar/board.js) is driven through its trade panel;
any other board (or the generic fallback) through its legal-move buttons.
"""

from __future__ import annotations

import random


def page_seq(page) -> int:  # type: ignore[no-untyped-def]
    """The last move number the game page shows."""
    return int(page.locator("#page").get_attribute("data-seq") or 0)


def page_state(page) -> dict:  # type: ignore[no-untyped-def]
    """The game page's move number, status and turn line, read in one round trip."""
    return page.evaluate(  # type: ignore[no-any-return]
        """() => {
          const main = document.getElementById('page');
          return {seq: Number(main.dataset.seq || 0), status: main.dataset.status || '',
                  turn: document.getElementById('turn').textContent};
        }"""
    )


def wait_seq(page, seq: int) -> None:  # type: ignore[no-untyped-def]
    """Wait until the page has received move ``seq``; on a hot-seat page whose turn passed to
    another seat of the device, the next player then takes the device (`take_the_device`)."""
    page.wait_for_function(
        "n => Number(document.getElementById('page').dataset.seq) >= n", arg=seq, timeout=15000
    )
    take_the_device(page)


def take_the_device(page) -> None:  # type: ignore[no-untyped-def]
    """Hot-seat: the page asks to pass the device to the next player (issue 25, point 32); that
    player says they have it, and the board shows again."""
    handover = page.get_by_test_id("handover")
    if handover.is_visible():
        page.get_by_test_id("handover-go").click()
        handover.wait_for(state="hidden")


def make_move(page, rng: random.Random) -> None:  # type: ignore[no-untyped-def]
    """Make one legal move on this page's board."""
    take_the_device(page)
    board = page.locator("#board")
    kind = board.get_attribute("data-board")
    if kind == "grand-bazaar":
        _grand_bazaar(page, rng)
        return
    buttons = page.locator("[data-testid=legal-move]:enabled")
    buttons.first.wait_for()
    buttons.nth(rng.randrange(buttons.count())).click()


def _grand_bazaar(page, rng: random.Random) -> None:  # type: ignore[no-untyped-def]
    """Trade through the board's trade panel: sometimes with the +/- steppers, like a person
    buying one gem, else by picking a legal bundle from the panel's list; then submit."""
    trade = page.get_by_test_id("gb-trade")
    trade.wait_for()
    submit = page.get_by_test_id("gb-submit")
    if rng.random() < 0.3:
        pluses = trade.locator("[data-testid^=gb-buy-][data-testid$=-plus]:enabled")
        if pluses.count():
            pluses.nth(rng.randrange(pluses.count())).click()
            if submit.is_enabled():
                assert page.get_by_test_id("gb-reason").inner_text() == "This bundle is legal."
                submit.click()
                return
            page.get_by_test_id("gb-clear").click()
    bundles = page.get_by_test_id("gb-bundles")
    count = bundles.locator("option").count() - 1  # the first option is the prompt
    assert count > 0, "the trade panel offers no legal bundle"
    bundles.select_option(str(rng.randrange(count)))
    page.get_by_test_id("gb-reason").filter(has_text="This bundle is legal.").wait_for()
    submit.click()
