"""Lobbies in words (issue 13, points 4, 5, 6, 9, 10): each game's own option labels, the first
player offered by seat name, option values in words with real controls, no Join on full
lobbies, plurals, options that apply to the player count, what an invitee sees, a rules link."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.support.lobby_page import create_lobby

pytestmark = pytest.mark.browser

SHOTS = Path("/tmp/shots")
RAW = re.compile(r"\b(null|true|false|auction-first|builder-first|third|fewest-tokens)\b|\[|\{|BOM-|BAZ-|CAR-")


def _create(page, kind: str) -> None:  # type: ignore[no-untyped-def]
    page.goto(f"/lobbies/new?kind={kind}")
    page.get_by_test_id("create-lobby").wait_for()
    page.wait_for_function("() => !document.getElementById('create-lobby').disabled")


def _submit(page) -> None:  # type: ignore[no-untyped-def]
    create_lobby(page)
    page.get_by_test_id("seat-0").wait_for()
    page.locator("#lobby-options dt").first.wait_for()


def _summary(page) -> dict[str, str]:  # type: ignore[no-untyped-def]
    terms = page.locator("#lobby-options dt").all_inner_texts()
    values = page.locator("#lobby-options dd").all_inner_texts()
    return dict(zip(terms, values, strict=True))


def _choices(page, select_id: str) -> list[str]:  # type: ignore[no-untyped-def]
    return page.locator(f"#{select_id} option").all_inner_texts()


def test_point_4_each_game_has_its_own_option_labels(guest, problems):
    ann = guest("Ann", "/")
    for kind, label in [("carcassonne", "First player"), ("bazaar", "First player"),
                        ("grand-bazaar", "Player number 1")]:
        _create(ann, kind)
        assert ann.locator("label[for=opt-first_player]").inner_text() == label
        _submit(ann)
        assert label in _summary(ann), kind
    _create(ann, "bombay-bazar")
    ann.get_by_test_id("players").select_option("2")
    _submit(ann)
    summary = _summary(ann)
    assert "Start player" in summary and "Player number 1" not in summary
    assert problems.errors == []


def test_point_5_first_player_offers_the_seats_by_name(guest, problems):
    ann = guest("Ann", "/")
    _create(ann, "carcassonne")
    assert _choices(ann, "opt-first_player") == ["Random", "Ann", "Seat 2 (open)"]
    ann.get_by_test_id("players").select_option("3")
    ann.get_by_test_id("holder-2").select_option("bot")
    assert _choices(ann, "opt-first_player") == ["Random", "Ann", "Seat 2 (open)", "Seat 3 (bot)"]
    ann.locator("#opt-first_player").select_option(label="Seat 3 (bot)")
    ann.get_by_test_id("players").select_option("2")  # the chosen seat is gone: back to Random
    assert _choices(ann, "opt-first_player") == ["Random", "Ann", "Seat 2 (open)"]
    assert ann.locator("#opt-first_player option:checked").inner_text() == "Random"
    ann.get_by_test_id("players").select_option("3")
    ann.get_by_test_id("holder-2").select_option("bot")
    ann.locator("#opt-first_player").select_option(label="Seat 2 (open)")
    _submit(ann)
    assert ann.locator("#lobby-error").inner_text() == ""
    assert _summary(ann)["First player"] == "Seat 2 (open)"
    # the host's settings name the seats by their holders, and follow the player count
    ann.locator("#lobby-settings summary").click()
    bot = ann.get_by_test_id("seat-2").locator(".seat-name").inner_text()
    assert _choices(ann, "opt-first_player") == ["Random", "Ann", "Seat 2 (open)", bot]
    ann.get_by_test_id("settings-players").select_option("5")
    assert _choices(ann, "opt-first_player")[-1] == "Seat 5 (open)"
    ann.get_by_test_id("settings-players").select_option("2")
    assert _choices(ann, "opt-first_player") == ["Random", "Ann", "Seat 2 (open)"]
    assert problems.errors == []


def test_point_6_option_values_in_words_and_card_pickers(guest, problems):
    ann = guest("Ann", "/")
    _create(ann, "bazaar")
    assert ann.locator("textarea").count() == 0  # no raw JSON box
    picker = ann.get_by_test_id("opt-exchange_cards")
    assert picker.locator("option:checked").inner_text() == "Drawn at random"
    assert ann.get_by_test_id("opt-exchange_cards-0").is_hidden()
    assert "Classic" in ann.locator("#opt-scale option:checked").inner_text()
    _submit(ann)
    summary = _summary(ann)
    assert summary["Exchange cards"] == "Drawn at random"
    assert summary["Penalty Bazaar"] == "Yes"
    assert not any(RAW.search(v) for v in summary.values()), summary
    # the host picks two cards; the same card twice is refused in words
    ann.locator("#lobby-settings summary").click()
    ann.get_by_test_id("opt-exchange_cards").select_option("pick")
    ann.get_by_test_id("opt-exchange_cards-0").select_option("3")
    ann.get_by_test_id("opt-exchange_cards-1").select_option("3")
    ann.get_by_test_id("settings-save").click()
    assert "different" in ann.locator("#settings-error").inner_text()
    ann.get_by_test_id("opt-exchange_cards-1").select_option("7")
    ann.locator("#opt-penalty").uncheck()
    ann.get_by_test_id("settings-save").click()
    ann.locator("#lobby-options dd").filter(has_text="Card 7").wait_for()
    summary = _summary(ann)
    assert summary["Exchange cards"].startswith("Card 3: ") and "; Card 7: " in summary["Exchange cards"]
    assert summary["Penalty Bazaar"] == "No"
    assert not any(RAW.search(v) for v in summary.values()), summary

    _create(ann, "carcassonne")
    _submit(ann)
    summary = _summary(ann)
    assert summary["Farm scoring"].endswith("(3rd edition)")
    assert summary["Bazaars (12 expansion tiles)"] == "Yes"
    assert summary["Bazaar with builder"] == "The auction, then the builder's extra turn"
    assert not any(RAW.search(v) for v in summary.values()), summary
    for shot, size in [("lobby-desktop", {"width": 1280, "height": 800}),
                       ("lobby-phone", {"width": 390, "height": 844})]:
        ann.set_viewport_size(size)
        SHOTS.mkdir(exist_ok=True)
        ann.screenshot(path=str(SHOTS / f"{shot}.png"), full_page=True)
        assert ann.evaluate("document.documentElement.scrollWidth") <= size["width"]
    for shot, size in [("new-bazaar-desktop", {"width": 1280, "height": 800}),
                       ("new-bazaar-phone", {"width": 390, "height": 844})]:
        ann.set_viewport_size(size)
        _create(ann, "bazaar")
        ann.get_by_test_id("opt-exchange_cards").select_option("pick")
        ann.screenshot(path=str(SHOTS / f"{shot}.png"), full_page=True)
        assert ann.evaluate("document.documentElement.scrollWidth") <= size["width"]
    assert problems.errors == []


def test_point_9_full_and_solo_lobbies_offer_no_join(guest, problems):
    ann = guest("Ann", "/")
    _create(ann, "bombay-bazar")
    ann.get_by_test_id("players").select_option("1")
    _submit(ann)
    solo = ann.url.rsplit("/", 1)[1]
    _create(ann, "bazaar")
    ann.get_by_test_id("holder-1").select_option("bot")
    _submit(ann)
    full = ann.url.rsplit("/", 1)[1]
    _create(ann, "bazaar")
    _submit(ann)
    open_one = ann.url.rsplit("/", 1)[1]
    bob = guest("Bob", "/")
    bob.locator(f'#open-lobbies a[href="/lobbies/{open_one}"]').wait_for()
    assert bob.locator(f'#open-lobbies a[href="/lobbies/{solo}"]').count() == 0
    assert bob.locator(f'#open-lobbies a[href="/lobbies/{full}"]').count() == 0
    assert problems.errors == []


def test_point_10_plurals_solo_options_invitee_and_rules_link(guest, new_context, problems):
    ann = guest("Ann", "/")
    ann.get_by_test_id("create-bombay-bazar").wait_for()
    assert "1 players" not in ann.locator("#catalog").inner_text()
    _create(ann, "bombay-bazar")
    ann.get_by_test_id("players").select_option("1")
    assert "1 player" in _choices(ann, "players") and "1 players" not in _choices(ann, "players")
    for name in ["format", "rounds", "medal_tiebreak", "first_player"]:
        assert ann.locator(f'[data-option="{name}"]').is_hidden(), name
    assert ann.locator('[data-option="elephants"]').is_visible()
    ann.get_by_test_id("players").select_option("3")
    assert ann.locator('[data-option="format"]').is_visible()
    assert ann.locator('[data-option="rounds"]').is_hidden()  # only for a tournament
    ann.locator("#opt-format").select_option(label="A tournament with medals")
    assert ann.locator('[data-option="rounds"]').is_visible()
    ann.get_by_test_id("players").select_option("1")
    _submit(ann)  # a tournament chosen, then hidden, is not sent for a solo game
    assert ann.locator("#lobby-error").inner_text() == ""
    assert "1 player ·" in ann.locator("#lobby-meta").inner_text()
    summary = _summary(ann)
    assert "Format" not in summary and "Tournament rounds" not in summary, summary
    rules = ann.get_by_test_id("lobby-rules")
    rules.wait_for()
    assert rules.get_attribute("href") == "/rules/bombay-bazar"

    _create(ann, "bazaar")
    ann.get_by_test_id("new-rules").wait_for()
    _submit(ann)
    invite = ann.get_by_test_id("invite-link").input_value()
    # an invitee who has no name yet sees what they are invited to, beside the name form
    page = problems.watch(new_context(viewport={"width": 390, "height": 844}, is_mobile=True).new_page())
    page.goto(invite)
    preview = page.get_by_test_id("invite-preview")
    preview.wait_for()
    text = preview.inner_text()
    assert "Ann invites you to a game of Bazaar" in text
    assert "Seat 1: Ann" in text and "Seat 2: open" in text
    assert preview.get_by_role("link", name="Rules of Bazaar").get_attribute("href") == "/rules/bazaar"
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / "invitee-phone.png"), full_page=True)
    page.get_by_label("Your name").fill("Bob")
    page.get_by_role("button", name="Take a seat").click()  # the name takes the seat (issue 25)
    page.get_by_test_id("seat-1").filter(has_text="Bob").wait_for()
    assert problems.errors == []


@pytest.mark.parametrize("size", [{"width": 1280, "height": 800}, {"width": 390, "height": 844}],
                         ids=["desktop", "phone"])
def test_the_lobby_says_penalty_bazaar_is_on_with_its_rule_and_the_guard_has_its_unit(guest, problems, size):  # type: ignore[no-untyped-def]
    """Issue 25, point 20."""
    from tests.browser.api import post

    ann = guest("Ann", viewport=size)
    lobby = post(ann, "/api/lobbies", {"kind": "bazaar", "players": 2, "options": {}})
    ann.goto(f"/lobbies/{lobby['id']}")
    note = ann.get_by_test_id("option-note")
    note.wait_for()
    assert note.inner_text().startswith("Penalty Bazaar is on, as the rules ask for it")
    rule = note.get_by_role("link", name="The rule: Penalty Bazaar")
    assert rule.get_attribute("href") == "/rules/bazaar#penalty-bazaar"
    guard = ann.locator("#lobby-options dt", has_text="Stuck-game guard")
    assert guard.locator("xpath=following-sibling::dd[1]").inner_text() == "30 full rounds without a purchase end the game"
    SHOTS.mkdir(exist_ok=True)
    ann.screenshot(path=str(SHOTS / f"penalty-note-{size['width']}.png"), full_page=True)
    rule.click()
    ann.wait_for_url("**/rules/bazaar#penalty-bazaar")
    ann.locator("#penalty-bazaar").wait_for()

    # the host turns it off: the sentence goes
    ann.evaluate("""async (id) => { const r = await fetch(`/api/lobbies/${id}`, {method: 'PATCH',
      headers: {'Content-Type': 'application/json'}, body: JSON.stringify({options: {penalty: false}})});
      if (!r.ok) throw new Error(await r.text()); }""", lobby["id"])
    ann.goto(f"/lobbies/{lobby['id']}")
    ann.locator("#lobby-options dt", has_text="Penalty Bazaar").wait_for()
    assert ann.get_by_test_id("option-note").count() == 0
    assert problems.errors == []
