"""The stand-alone auction's set-up form (CAR-105) in real Chromium: the host types the names,
scores and placer, picks tiles from the catalogue pictures or types a label, and starts."""

from __future__ import annotations

import pytest

from tests.support.lobby_page import create_lobby, start_game

pytestmark = pytest.mark.browser


def test_car_105_host_sets_up_an_auction_from_pictures_and_labels(guest, problems) -> None:  # type: ignore[no-untyped-def]
    ann = guest("Ann", "/lobbies/new?kind=carcassonne-auction",
                viewport={"width": 390, "height": 900})
    ann.get_by_test_id("auction-setup").wait_for()
    ann.select_option("#players", "3")
    for i, name in enumerate(["Red", "Blue", "Black"]):
        ann.fill(f'[data-name="{i}"]', name)
    ann.check("#auction-scores-on")
    for i, score in enumerate([10, -3, 7]):
        ann.fill(f'[data-score="{i}"]', str(score))
    ann.select_option("#auction-placer", "1")
    # a create before every tile is chosen is refused with a reason, and nothing is sent
    ann.get_by_test_id("create-lobby").click()
    assert "Choose all 3 tiles" in ann.inner_text("#form-error")
    slots = ann.locator(".tile-slot")
    for i, tile in ((0, "U"), (1, "BZ4")):
        slots.nth(i).locator("summary").click()
        slots.nth(i).locator(f'button[data-tile="{tile}"]').click()
    ann.fill('[data-label="2"]', "River bend")
    ann.locator(".tile-slot").nth(2).get_by_text("Use label").click()
    for seat in (1, 2):
        ann.select_option(f"#holder-{seat}", "host")
    create_lobby(ann)
    lobby_id = ann.url.rsplit("/", 1)[1]
    lobby = ann.evaluate(f"fetch('/api/lobbies/{lobby_id}').then((r) => r.json())")
    assert lobby["options"] == {
        "players": ["Red", "Blue", "Black"], "scores": [10, -3, 7], "placer": 1,
        "tiles": [{"type": "U"}, {"type": "BZ4"}, {"label": "River bend"}]}
    start_game(ann)
    ann.locator("#board[data-board=carcassonne-auction]").wait_for()
    game_id = ann.url.rstrip("/").rsplit("/", 1)[1]
    game = ann.evaluate(f"fetch('/api/games/{game_id}').then((r) => r.json())")
    assert [p["name"] for p in game["view"]["players"]] == ["Red", "Blue", "Black"]
    assert game["you"]["seats"] == [0, 1, 2]  # the host holds every seat of this table
    ann.locator("#board").filter(has_text="Blue").wait_for()
    assert not problems.errors and not problems.dialogs
