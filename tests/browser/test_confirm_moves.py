""""Confirm moves" (issue 13, point 15): on a touch screen a tap that would play a move (a
follower, a purchase, a trade, an elephant) only selects it; the page says in words what will
be played, with Confirm in view, and only Confirm sends it (the game's seq, read over the API,
stays put until then). With a mouse the setting is off by default and a click plays at once;
the setting is kept across a reload. Screenshots of the pending state go to the git-ignored
test-results/confirm/."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.browser.api import GameEnded, advance_to, start_against_bots, wait_for_seq_after
from tests.browser.games import IN_VIEW
from tests.support.sent_moves import moves_sent, record_moves_sent

pytestmark = pytest.mark.browser

OUT = Path(__file__).resolve().parents[2] / "test-results" / "confirm"
PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True}
DESKTOP = {"viewport": {"width": 1280, "height": 800}}
# the first tile is a straight road (test_keyboard.py): a follower can go on the road or a field
STACK = ["U", "V", "E", "K", "B", "D", "U", "V", "E", "A", "W", "X", "U"]


@pytest.fixture
def guest(guest):  # type: ignore[no-untyped-def]
    """The suite's guest, whose pages count the moves they send (tests/support/sent_moves.py)."""

    def make(*args, **options):  # type: ignore[no-untyped-def]
        page = guest(*args, **options)
        record_moves_sent(page)
        return page

    return make


def bazaar_at_buy(page) -> str:  # type: ignore[no-untyped-def]
    """A Bazaar game against a bot in which the person has a Buy to make. Rolling every turn
    reaches one in about 99 games of 100 (measured over the engine: in the rest the bot sells
    out two stalls first and the game ends), so a game that ends first is replaced by a new one."""
    for _ in range(4):
        game_id = start_against_bots(page, "bazaar", 2, {"first_player": 0})
        try:
            advance_to(page, game_id, "Buy", tries=400)
        except GameEnded:
            continue
        return game_id
    raise AssertionError("the person never had a Buy to make in four games")


def setting(page):  # type: ignore[no-untyped-def]
    """The "Confirm moves" checkbox, once the page has shown it (and set it from the setting)."""
    page.locator("#confirm-moves-setting").wait_for()
    return page.get_by_test_id("confirm-moves")


def seq(page, game_id: str) -> int:  # type: ignore[no-untyped-def]
    return int(page.evaluate(f"async () => (await (await fetch('/api/games/{game_id}')).json()).seq"))


def game(page, game_id: str) -> dict:  # type: ignore[no-untyped-def]
    return dict(page.evaluate(f"async () => (await fetch('/api/games/{game_id}')).json()"))


def press(page, locator, touch: bool) -> None:  # type: ignore[no-untyped-def]
    """A tap on a touch screen, a click with a mouse."""
    if touch:
        locator.tap()
    else:
        locator.click()


# the chosen control, found again (boards rebuild their elements), is in view above the bar
ABOVE_BAR = """(sel) => { const n = document.querySelector(sel);
  const r = n.getBoundingClientRect(), bar = document.querySelector('#move-confirm').getBoundingClientRect();
  return {top: r.top, bottom: r.bottom, bar: bar.top, ok: r.top >= 0 && r.bottom <= bar.top}; }"""


def assert_pending(page, game_id: str, before: int, words: str, shot: str,  # type: ignore[no-untyped-def]
                   chosen: str, sent: int) -> None:
    """The move is selected, said in words, with Confirm and the chosen control (a CSS selector)
    in view, and not sent."""
    bar = page.get_by_test_id("move-confirm-bar")
    bar.wait_for()
    assert words in page.get_by_test_id("move-confirm-text").inner_text()
    assert moves_sent(page) == sent, "the tap sent the move before Confirm"
    assert seq(page, game_id) == before
    assert all(page.evaluate(IN_VIEW, "[data-testid=move-confirm]")), "Confirm is out of view"
    assert all(page.evaluate(IN_VIEW, "[data-testid=move-cancel]")), "Cancel is out of view"
    place = page.evaluate(ABOVE_BAR, chosen)
    assert place["ok"], f"the chosen control is hidden under the bar or out of view: {place}"
    # the board shows no refusal for a move that only waits
    errors = page.locator("#board .form-error, #move-error").evaluate_all("(els) => els.map((e) => e.textContent.trim())")
    assert not any(errors), errors
    OUT.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(OUT / f"{shot}.png"))


def carcassonne_at_figure(page, touch: bool) -> str:  # type: ignore[no-untyped-def]
    """Carcassonne against a bot; the person places the first tile (Place tile is two steps
    already: it goes at once, no Confirm) and is to put a figure on it."""
    game_id = start_against_bots(page, "carcassonne", 2, {"first_player": 0, "bazaar": False, "stack": STACK})
    page.goto(f"/games/{game_id}")
    press(page, page.get_by_test_id("legal-square").first, touch)
    before = seq(page, game_id)
    press(page, page.get_by_test_id("place-tile"), touch)
    wait_for_seq_after(page, game_id, before)
    assert page.get_by_test_id("move-confirm-bar").is_hidden()
    page.get_by_test_id("figure-spot").first.wait_for()
    return game_id


@pytest.mark.parametrize("size", ["phone", "desktop"])
def test_a_carcassonne_follower_waits_for_confirm(guest, problems, size):
    touch = size == "phone"
    page = guest("Cara", **(PHONE if touch else DESKTOP))
    game_id = carcassonne_at_figure(page, touch)
    toggle = setting(page)
    assert toggle.is_checked() == touch  # on for a touch screen, off for a mouse
    if not touch:
        toggle.check()
    spots = page.get_by_test_id("figure-spot")
    labels = spots.evaluate_all("(els) => els.map((e) => e.getAttribute('aria-label'))")
    before = seq(page, game_id)
    sent = moves_sent(page)
    press(page, spots.first, touch)
    # the spot's words: "follower on the road (east, west)" -> "Place your follower on the road ..."
    key = spots.first.get_attribute("data-key")
    assert_pending(page, game_id, before, f"Place your {labels[0]}", f"carcassonne-follower-{size}",
                   f'[data-key="{key}"]', sent)
    # Cancel drops it; another tap selects again, a different tap replaces the selection
    press(page, page.get_by_test_id("move-cancel"), touch)
    assert page.get_by_test_id("move-confirm-bar").is_hidden()
    press(page, spots.first, touch)
    page.get_by_test_id("move-confirm-bar").wait_for()
    chosen = 0
    if spots.count() > 1:
        chosen = spots.count() - 1
        press(page, spots.nth(chosen), touch)
        page.get_by_test_id("move-confirm-text").filter(has_text=labels[chosen].split(" on ", 1)[1]).wait_for()
    assert seq(page, game_id) == before
    segment = spots.nth(chosen).get_attribute("data-segment")
    press(page, page.get_by_test_id("move-confirm"), touch)
    wait_for_seq_after(page, game_id, before)
    figures = game(page, game_id)["view"]["figures"]
    assert [f["segment"] for f in figures if f["seat"] == 0] == [segment], figures
    page.get_by_test_id("move-confirm-bar").wait_for(state="hidden")
    assert problems.errors == []


@pytest.mark.smoke
def test_a_bazaar_purchase_waits_for_confirm_on_a_phone(guest, problems):
    page = guest("Baz", **PHONE)
    game_id = bazaar_at_buy(page)
    page.goto(f"/games/{game_id}")
    buy = page.locator("[data-testid^=baz-buy-]:enabled").first
    buy.wait_for()
    stall = int(buy.get_attribute("data-testid").rsplit("-", 1)[1])
    before = seq(page, game_id)
    sent = moves_sent(page)
    press(page, buy, True)
    assert_pending(page, game_id, before, f"from stall {stall} for", "bazaar-buy-phone",
                   f"[data-testid=baz-buy-{stall}]", sent)
    assert page.get_by_test_id("move-confirm-text").inner_text().startswith("Your move: Buy ware #")
    # Escape drops the selection too
    page.keyboard.press("Escape")
    page.get_by_test_id("move-confirm-bar").wait_for(state="hidden")
    press(page, page.get_by_test_id(f"baz-buy-{stall}"), True)
    page.get_by_test_id("move-confirm-bar").wait_for()
    assert seq(page, game_id) == before
    press(page, page.get_by_test_id("move-confirm"), True)
    wait_for_seq_after(page, game_id, before)
    bought = game(page, game_id)["view"]["players"][0]["bought"]
    assert len(bought) == 1, bought
    assert problems.errors == []


@pytest.mark.parametrize("size", ["phone", "desktop"])
def test_a_grand_bazaar_trade_waits_for_confirm(guest, problems, size):
    touch = size == "phone"
    page = guest("Gem", **(PHONE if touch else DESKTOP))
    game_id = start_against_bots(page, "grand-bazaar", 2, {"first_player": 0})
    page.goto(f"/games/{game_id}")
    if not touch:
        setting(page).check()
    plus = page.locator("[data-testid^=gb-buy-][data-testid$=-plus]:enabled").first
    plus.wait_for()
    gem = plus.get_attribute("data-testid").split("-")[2]
    name = {"S": "sapphire", "R": "ruby", "E": "emerald"}[gem]
    press(page, plus, touch)
    page.get_by_test_id("gb-reason").filter(has_text="This bundle is legal.").wait_for()
    before = seq(page, game_id)
    sent = moves_sent(page)
    press(page, page.get_by_test_id("gb-submit"), touch)
    assert_pending(page, game_id, before, f"Trade: buy 1 {name}", f"grand-bazaar-trade-{size}",
                   "[data-testid=gb-submit]", sent)
    assert "grands after" in page.get_by_test_id("move-confirm-text").inner_text()
    # the bundle stays on show while it waits
    assert page.get_by_test_id(f"gb-buy-{gem}").inner_text() == "1"
    press(page, page.get_by_test_id("move-confirm"), touch)
    wait_for_seq_after(page, game_id, before)
    hand = game(page, game_id)["view"]["players"][0]["hand"]
    assert hand[gem] == 1, hand
    assert problems.errors == []


def test_a_bombay_elephant_choice_waits_for_confirm_on_a_phone(guest, problems):
    page = guest("Bo", **PHONE)
    game_id = start_against_bots(page, "bombay-bazar", 2, {})
    advance_to(page, game_id, "ChooseElephant")  # seat 0 chooses first (BOM-12)
    page.goto(f"/games/{game_id}")
    choose = page.locator("[data-testid^=bb-choose-]").first
    elephant = choose.get_attribute("data-testid").removeprefix("bb-choose-")
    before = seq(page, game_id)
    sent = moves_sent(page)
    press(page, choose, True)
    assert_pending(page, game_id, before, f"Choose elephant {elephant}", "bombay-elephant-phone",
                   f"[data-testid=bb-choose-{elephant}]", sent)
    press(page, page.get_by_test_id("move-confirm"), True)
    wait_for_seq_after(page, game_id, before)
    assert game(page, game_id)["view"]["players"][0]["elephant"] == elephant
    assert problems.errors == []


def test_with_a_mouse_a_click_plays_at_once_and_the_setting_is_kept(guest, problems):
    page = guest("Mo", **DESKTOP)
    game_id = start_against_bots(page, "bazaar", 2, {"first_player": 0})
    page.goto(f"/games/{game_id}")
    toggle = setting(page)
    assert not toggle.is_checked()
    assert "Confirm moves" in page.locator("#confirm-moves-setting").inner_text()
    before = seq(page, game_id)
    sent = moves_sent(page)
    page.locator("[data-testid=baz-roll]:enabled").click()
    assert moves_sent(page) == sent + 1  # sent at once (and counted: the other tests rely on it)
    wait_for_seq_after(page, game_id, before)
    assert page.get_by_test_id("move-confirm-bar").is_hidden()
    # turned on, the setting survives a reload: the next move waits for Confirm
    toggle.check()
    page.reload()
    assert setting(page).is_checked()
    advance_to(page, game_id, "Roll")
    page.reload()
    before = seq(page, game_id)
    sent = moves_sent(page)
    page.locator("[data-testid=baz-roll]:enabled").click()
    assert_pending(page, game_id, before, "Roll the die", "bazaar-roll-desktop", "[data-testid=baz-roll]",
                   sent)
    page.get_by_test_id("move-confirm").click()
    wait_for_seq_after(page, game_id, before)
    assert problems.errors == []


def test_on_a_phone_turned_off_a_tap_plays_at_once_after_a_reload(guest, problems):
    page = guest("Pat", **PHONE)
    game_id = start_against_bots(page, "bazaar", 2, {"first_player": 0})
    page.goto(f"/games/{game_id}")
    toggle = setting(page)
    assert toggle.is_checked()
    toggle.tap()
    assert not toggle.is_checked()
    page.reload()
    assert not setting(page).is_checked()
    before = seq(page, game_id)
    page.locator("[data-testid=baz-roll]:enabled").tap()
    wait_for_seq_after(page, game_id, before)
    assert page.get_by_test_id("move-confirm-bar").is_hidden()
    assert problems.errors == []


def test_keyboard_enter_selects_and_enter_again_confirms(guest, problems):
    page = guest("Kay", **DESKTOP)
    page.goto("/")
    page.evaluate("() => localStorage.setItem('bazaar:confirm-moves', 'on')")
    game_id = carcassonne_at_figure(page, False)
    page.wait_for_timeout(200)
    focused = page.evaluate("() => document.activeElement.dataset.key || ''")
    assert focused.startswith("spot:"), focused
    before = seq(page, game_id)
    sent = moves_sent(page)
    page.keyboard.press("Enter")
    page.get_by_test_id("move-confirm-bar").wait_for()
    assert page.evaluate("() => document.activeElement.dataset.testid") == "move-confirm"
    # Escape cancels and the focus goes back to the spot
    page.keyboard.press("Escape")
    page.get_by_test_id("move-confirm-bar").wait_for(state="hidden")
    assert page.evaluate("() => document.activeElement.dataset.key") == focused
    page.keyboard.press("Enter")
    page.get_by_test_id("move-confirm-bar").wait_for()
    assert moves_sent(page) == sent  # Enter on the spot selects; only Enter on Confirm sends
    assert seq(page, game_id) == before
    page.keyboard.press("Enter")
    wait_for_seq_after(page, game_id, before)
    segment = focused.split(":")[2]
    assert [f["segment"] for f in game(page, game_id)["view"]["figures"] if f["seat"] == 0] == [segment]
    assert problems.errors == []


def test_carcassonne_the_tile_just_placed_stays_marked_after_a_reload(guest, problems):
    """In the figure step the board marks the tile just placed; the view no longer repeats its
    square in `turn` (issue 16), so a page opened at that step reads it from the board's last
    entry, the tiles being listed in the order they were placed."""
    page = guest("Cara", **DESKTOP)
    game_id = carcassonne_at_figure(page, False)
    page.reload()
    page.get_by_test_id("figure-spot").first.wait_for()
    last = game(page, game_id)["view"]["board"][-1]
    assert (last["x"], last["y"]) != (0, 0)  # the person's tile, not the start tile
    mark = page.locator("rect.cc-last")
    assert mark.count() == 1
    assert (mark.get_attribute("x"), mark.get_attribute("y")) == (
        str(last["x"] * 100 + 2), str(last["y"] * 100 + 2))
    assert not problems.errors and not problems.dialogs
