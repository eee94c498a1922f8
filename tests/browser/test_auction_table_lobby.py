"""The stand-alone auction's lobby speaks to a host at a physical table (issue 25, point 21), at
390x844 and 1280x800: no bots, clock, takeover or "Rated" (docs/decisions.md, "A lobby for a
physical table"); each player bids on their own phone or the host enters their bids here; the
host is listed once (a seat entered on the host's device is the table's player, not "Ann (2)");
"Start the auction"; a catalogue tile is captioned by what it shows, not "Tile 1"; and a typed
"D" is catalogue tile D."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

pytestmark = pytest.mark.browser

OUT = Path(__file__).resolve().parents[2] / "test-results" / "auction-lobby"
SIZES = {"phone": {"width": 390, "height": 844}, "desktop": {"width": 1280, "height": 800}}
ONLINE = re.compile(r"\bbots?\b|clock|rated|casual|timeouts?", re.I)


@pytest.mark.parametrize("size", list(SIZES))
def test_auction_lobby_is_worded_for_a_host_at_a_table(guest, problems, size):
    OUT.mkdir(parents=True, exist_ok=True)
    extra = {"has_touch": True, "is_mobile": True} if size == "phone" else {}
    ann = guest("Ann", "/lobbies/new?kind=carcassonne-auction", viewport=SIZES[size], **extra)
    ann.get_by_test_id("auction-setup").wait_for()
    ann.select_option("#players", "3")
    # the form offers what a table uses, and nothing of an online game
    assert ann.locator("#holder-1 option").all_inner_texts() == ["Bids on their own phone", "Bids entered here"]
    for hidden in ("#clock-box", "#rated", "#takeover-level"):
        assert not ann.locator(hidden).is_visible(), hidden
    assert "bids on their own phone" in ann.locator("#seat-holders").inner_text().lower()
    for i, name in enumerate(["Red", "Blue", "Black"]):
        ann.locator(f'[data-name="{i}"]').press_sequentially(name)
    ann.select_option("#auction-placer", label="Blue")
    slots = ann.locator(".tile-slot")
    slots.nth(0).locator("summary").click()
    slots.nth(0).locator('button[data-tile="U"]').click()
    ann.fill('[data-label="1"]', "D")  # the letter read off the tile list
    slots.nth(1).get_by_text("Use label").click()
    ann.fill('[data-label="2"]', "River bend")
    slots.nth(2).get_by_text("Use label").click()
    ann.select_option("#holder-1", "host")
    # the seat rows say the table's names as typed
    assert ann.locator("#seat-rows label").all_inner_texts() == ["Blue's seat", "Black's seat"]
    ann.screenshot(path=str(OUT / f"new-{size}.png"), full_page=True)
    ann.get_by_test_id("create-lobby").click()
    ann.wait_for_url(re.compile(r"/lobbies/[A-Za-z0-9_-]+$"))
    tiles = ann.locator("#lobby-options [data-testid=auction-tiles]")
    tiles.wait_for()
    ann.get_by_test_id("seat-1").wait_for()

    meta = ann.inner_text("#lobby-meta")
    assert not ONLINE.search(meta), meta
    assert ann.get_by_test_id("start-game").inner_text() == "Start the auction"
    # the host once: Blue is entered on Ann's device, not a second "Ann"
    seats = ann.inner_text("#seats")
    assert seats.count("Ann") - seats.count("Ann's") == 1, seats
    assert "Ann (2)" not in seats
    assert ann.locator("[data-testid=seat-holder-2] option").all_inner_texts() == [
        "Bids on their own phone", "Bids entered here"]
    # tiles by what they show; the typed "D" is the catalogue's city-and-road tile
    captions = tiles.locator(".auction-tile > span:last-child").all_inner_texts()
    assert captions == ["#1 road tile", "#2 city-and-road tile", "#3 “River bend”"], captions
    assert "Tile 1" not in tiles.inner_text()
    hint = ann.inner_text("#lobby-hint")
    assert "bids on their own phone" in hint and not re.search(r"\bbot\b", hint), hint
    assert not ann.locator("#settings-rated").is_visible() and not ann.locator("#settings-takeover").is_visible()
    width = ann.evaluate("document.documentElement.scrollWidth")
    assert width <= SIZES[size]["width"], width
    ann.screenshot(path=str(OUT / f"lobby-{size}.png"), full_page=True)
    assert problems.errors == [] and problems.dialogs == []
