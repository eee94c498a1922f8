"""The stand-alone auction's lobby in words and pictures (issue 13, points 7 and 8), in real
Chromium: the seats carry the table's names, the tiles are pictures, the placer is named, an
invitee takes a named seat, the hot-seat switcher uses the same names, the score boxes name
their players; another auction's lobby says what is missing and shows the host the form."""

from __future__ import annotations

import re
import time
from pathlib import Path

import pytest

from tests.support.lobby_page import create_lobby, start_game

pytestmark = pytest.mark.browser

SHOTS = Path("/tmp/shots")
RAW = re.compile(r"\[|\{|\bnull\b|CAR-\d|Placer|\(seat\)|Seat \d")
SIZES = [("desktop", {"width": 1280, "height": 800}), ("phone", {"width": 390, "height": 844})]


def _summary(page) -> dict[str, str]:  # type: ignore[no-untyped-def]
    """The lobby's option summary, read in one go (the page may redraw it between two reads)."""
    page.locator("#lobby-options dt").filter(has_text="Placed by").wait_for()
    pairs = page.evaluate("""() => [...document.querySelectorAll('#lobby-options dt')].map(
        (dt) => [dt.innerText, dt.nextElementSibling ? dt.nextElementSibling.innerText : ''])""")
    return {term: value for term, value in pairs}


def _fits(page) -> None:  # type: ignore[no-untyped-def]
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= page.viewport_size["width"], f"{width} px wide"


@pytest.mark.parametrize(("size", "viewport"), SIZES)
def test_point_7_auction_lobby_names_seats_shows_tiles_and_invitee_takes_a_named_seat(
        guest, problems, size, viewport) -> None:  # type: ignore[no-untyped-def]
    SHOTS.mkdir(exist_ok=True)
    ann = guest("Ann", "/lobbies/new?kind=carcassonne-auction", viewport=viewport)
    ann.get_by_test_id("auction-setup").wait_for()
    ann.select_option("#players", "3")
    ann.check("#auction-scores-on")
    # the complaint about names goes once every player has one
    ann.get_by_test_id("create-lobby").click()
    assert ann.inner_text("#form-error") == "Every player needs a name."
    for i, name in enumerate(["Red", "Blue", "Black"]):
        ann.locator(f'[data-name="{i}"]').press_sequentially(name)
    assert ann.inner_text("#form-error") == ""
    # each score box has its player's name beside it
    for i, name in enumerate(["Red", "Blue", "Black"]):
        assert ann.inner_text(f'label[for="auction-score-{i}"]') == name
        ann.get_by_label(name, exact=True).fill(str([12, -3, 7][i]))
    assert ann.locator("#auction-placer option").all_inner_texts() == [
        "Choose a player", "Red", "Blue", "Black"]
    ann.select_option("#auction-placer", label="Blue")
    slots = ann.locator(".tile-slot")
    for i, tile in ((0, "U"), (1, "BZ4")):
        slots.nth(i).locator("summary").click()
        slots.nth(i).locator(f'button[data-tile="{tile}"]').click()
    ann.fill('[data-label="2"]', "River bend")
    slots.nth(2).get_by_text("Use label").click()
    ann.select_option("#holder-1", "host")
    create_lobby(ann)
    ann.locator("#lobby-options [data-testid=auction-tiles]").wait_for()

    # the host's lobby: the seats by the table's names, the placer by name, tiles as pictures
    for seat, name in enumerate(["Red", "Blue", "Black"]):
        assert ann.get_by_test_id(f"seat-{seat}").locator(".seat-no").inner_text() == name
    summary = _summary(ann)
    assert summary["Placed by"] == "Blue"
    assert summary["Current scores"] == "Red 12 · Blue -3 · Black 7"
    assert "Red" in summary["Players (clockwise)"] and "Black" in summary["Players (clockwise)"]
    assert ann.locator("#lobby-options [data-testid=auction-tiles] svg.tile-icon").count() == 3
    assert not RAW.search(ann.inner_text("#lobby-options")), ann.inner_text("#lobby-options")
    assert "Waiting for 1 more player" in ann.inner_text("#lobby-hint")
    _fits(ann)
    ann.screenshot(path=str(SHOTS / f"auction-lobby-host-{size}.png"), full_page=True)

    # the invitee sees which seat is which and takes Black by its name
    bob = guest("Bob", ann.url.replace(ann.url.split("/lobbies/")[0], ""), viewport=viewport)
    bob.get_by_test_id("seat-2").wait_for()
    assert bob.get_by_test_id("seat-2").locator(".seat-no").inner_text() == "Black"
    assert bob.locator("[data-testid^=join-seat-]").all_inner_texts() == ["Play as Black"]
    assert _summary(bob)["Placed by"] == "Blue"
    _fits(bob)
    bob.screenshot(path=str(SHOTS / f"auction-lobby-invitee-{size}.png"), full_page=True)
    bob.get_by_test_id("join-seat-2").click()
    bob.get_by_test_id("seat-2").filter(has_text="Bob").wait_for()

    # the hot-seat switcher of the host's two seats says the table's names, as the panel does
    ann.get_by_test_id("seat-2").filter(has_text="Bob").wait_for()
    assert ann.inner_text("#lobby-hint") == "Everyone is here: start when you are ready."
    start_game(ann)
    ann.get_by_test_id("seat-switch-1").wait_for()
    assert ann.inner_text("[data-testid=seat-switch-0]") == "Red"
    assert ann.inner_text("[data-testid=seat-switch-1]") == "Blue"
    assert not problems.errors and not problems.dialogs


def _finished_auction(page) -> str:  # type: ignore[no-untyped-def]
    """A 2-player auction with scores, played to its end by two bots; returns the game id."""
    script = """async () => {
      const post = (url, body, method = "POST") => fetch(url, {method, headers: {"Content-Type": "application/json",
        "X-Requested-With": "test"}, body: body === undefined ? undefined : JSON.stringify(body)}).then((r) => r.json());
      const lobby = await post("/api/lobbies", {kind: "carcassonne-auction", players: 2, options: {
        players: ["Red", "Blue"], scores: [10, 4], placer: 0, tiles: [{type: "U"}, {label: "River bend"}]}});
      await post(`/api/lobbies/${lobby.id}`, {seats: [{seat: 0, holder: "bot"}, {seat: 1, holder: "bot"}]}, "PATCH");
      return (await post(`/api/lobbies/${lobby.id}/start`)).game_id;
    }"""
    game_id = page.evaluate(script)
    deadline = time.monotonic() + 20
    while not page.evaluate(f"fetch('/api/games/{game_id}').then((r) => r.json())")["view"]["finished"]:
        assert time.monotonic() < deadline, "the bots did not finish the auction"
        time.sleep(0.2)
    return str(game_id)


@pytest.mark.parametrize(("size", "viewport"), SIZES)
def test_point_8_another_auction_says_what_is_missing_and_shows_the_host_the_form(
        guest, problems, size, viewport) -> None:  # type: ignore[no-untyped-def]
    SHOTS.mkdir(exist_ok=True)
    ann = guest("Ann", "/", viewport=viewport)
    game_id = _finished_auction(ann)
    game = ann.evaluate(f"fetch('/api/games/{game_id}').then((r) => r.json())")
    final = [p["score"] for p in game["view"]["report"]["players"]]
    lobby_id = ann.evaluate(f"""fetch('/api/games/{game_id}/rematch', {{method: 'POST',
      headers: {{'X-Requested-With': 'test'}}}}).then((r) => r.json()).then((r) => r.lobby_id)""")
    ann.goto(f"/lobbies/{lobby_id}")
    ann.get_by_test_id("seat-1").wait_for()
    ann.locator("#lobby-hint").filter(has_text="Before the start").wait_for()
    hint = ann.inner_text("#lobby-hint")
    assert "Everyone is here" not in hint
    assert "who placed the bazaar tile" in hint and "the 2 tiles drawn" in hint, hint
    assert not RAW.search(hint), hint
    assert ann.get_by_test_id("start-game").is_disabled()
    # the host gets the auction's form, open, with the names and the final scores carried over
    ann.get_by_test_id("auction-setup").wait_for()
    assert ann.evaluate("document.getElementById('lobby-settings').open")
    assert [ann.input_value(f'[data-name="{i}"]') for i in (0, 1)] == ["Red", "Blue"]
    assert ann.is_checked("#auction-scores-on")
    assert [int(ann.input_value(f'[data-score="{i}"]')) for i in (0, 1)] == final
    assert ann.inner_text('label[for="auction-score-1"]') == "Blue"
    assert ann.locator("#auction-placer option:checked").inner_text() == "Choose a player"
    _fits(ann)
    ann.screenshot(path=str(SHOTS / f"auction-rematch-lobby-{size}.png"), full_page=True)
    # filling it in makes the lobby ready, and then Start succeeds
    ann.select_option("#auction-placer", label="Blue")
    slots = ann.locator(".tile-slot")
    for i, tile in ((0, "V"), (1, "BZ2")):
        slots.nth(i).locator("summary").click()
        slots.nth(i).locator(f'button[data-tile="{tile}"]').click()
    ann.get_by_test_id("settings-save").click()
    ann.locator("#lobby-hint").filter(has_text="Everyone is here").wait_for()
    assert ann.inner_text("#lobby-error") == ""
    assert _summary(ann)["Placed by"] == "Blue"
    assert ann.get_by_test_id("start-game").is_enabled()
    start_game(ann)
    ann.locator("#board[data-board=carcassonne-auction]").wait_for()
    assert not problems.errors and not problems.dialogs
