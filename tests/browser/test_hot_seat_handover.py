"""Hot-seat hands the device over (issue 25, point 32), in real Chromium on a 390x844 phone.

Ann plays both seats of a Grand Bazaar game on one phone, the second seat named Bob. When the
turn passes to Bob, the page says "Pass the device to Bob." and hides the board (Bob's view is
not shown to Ann) until Bob taps "I am Bob: show my turn"."""

from __future__ import annotations

import pytest

from tests.browser.api import game, move, post
from tests.support.screens import PHONE

pytestmark = pytest.mark.browser



def test_the_turn_passing_to_another_seat_on_the_device_asks_to_hand_it_over(guest, problems):
    page = guest("Ann", viewport=PHONE, is_mobile=True, has_touch=True)
    lobby = post(page, "/api/lobbies", {"kind": "grand-bazaar", "players": 2, "private": True,
                                        "options": {"first_player": 0}})
    page.evaluate("""async (id) => { const r = await fetch(`/api/lobbies/${id}`, {method: 'PATCH',
        headers: {'Content-Type': 'application/json'},
        body: JSON.stringify({seats: [{seat: 1, holder: 'host', name: 'Bob'}]})});
        if (!r.ok) throw new Error(await r.text()); }""", lobby["id"])
    game_id = post(page, f"/api/lobbies/{lobby['id']}/start")["game_id"]
    page.goto(f"/games/{game_id}")
    page.locator("#conn-status[data-state=open]").wait_for()
    page.locator("#page[data-seat='0']").wait_for()
    assert page.get_by_test_id("handover").is_hidden()  # Ann's own first turn: no hand-over
    now = game(page, game_id)
    assert now["legal"], now
    move(page, game_id, now["seq"], now["legal"][0])
    # the turn is Bob's: the board waits behind the hand-over card
    page.get_by_test_id("handover").filter(has_text="Pass the device to Bob.").wait_for()
    page.locator("#page[data-seat='1']").wait_for()
    assert page.get_by_test_id("board").is_hidden()
    go = page.get_by_test_id("handover-go")
    assert go.inner_text() == "I am Bob: show my turn"
    go.tap()
    page.get_by_test_id("board").wait_for()
    assert page.get_by_test_id("handover").is_hidden()
    assert problems.errors == []
