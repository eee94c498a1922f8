"""Playing by text (issue 31) in real Chromium: a whole game against a bot played only by
typing into the move box, at 1280x800 and on a 390x844 phone (where "Confirm moves" is on, so
every typed move is confirmed with Enter); refusals said in words with the rule; the short
commands answered in the live region; text mode read through the accessibility tree."""

from __future__ import annotations

import re

import pytest

from tests.browser.api import start_against_bots
from tests.support.axe import serious_violations
from tests.support.sent_moves import moves_sent, record_moves_sent
from tests.support.typed_play import play_by_typing, type_move

pytestmark = pytest.mark.browser

PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True}
DESKTOP = {"viewport": {"width": 1280, "height": 800}}
SIZES = [("desktop", DESKTOP, False), ("phone", PHONE, True)]
AUCTION = {"players": ["Red", "Blue", "Black"], "placer": 1,
           "tiles": [{"type": "U"}, {"type": "BZ4"}, {"label": "River"}]}
KINDS = [("bazaar", 2, {"first_player": 0}), ("grand-bazaar", 2, {"first_player": 0}),
         ("bombay-bazar", 2, {}), ("carcassonne", 2, {"first_player": 0}),
         ("carcassonne-auction", 3, AUCTION)]


@pytest.mark.parametrize(("kind", "players", "options"), KINDS, ids=[k for k, _, _ in KINDS])
@pytest.mark.parametrize(("size", "device", "confirm"), SIZES, ids=[s for s, _, _ in SIZES])
def test_a_whole_game_is_played_against_a_bot_by_typing_only(
        guest, problems, kind, players, options, size, device, confirm):  # type: ignore[no-untyped-def]
    page = guest("Ann", **device)
    record_moves_sent(page)
    game_id = start_against_bots(page, kind, players, options)
    page.goto(f"/games/{game_id}")
    typed = play_by_typing(page, seed=3, confirm=confirm)
    page.get_by_test_id("ranking").wait_for()
    assert typed > 0 and moves_sent(page) == typed  # every move of the seat came from the box
    log = page.evaluate(f"async () => (await (await fetch('/api/games/{game_id}/log')).json()).entries")
    assert sum(1 for e in log if e["seq"] > 0 and e["seat"] == 0) == typed
    assert not problems.errors


def test_bad_entries_are_refused_in_words_with_the_rule_and_nothing_is_sent(
        guest, problems):  # type: ignore[no-untyped-def]
    page = guest("Ann", **DESKTOP)
    record_moves_sent(page)
    game_id = start_against_bots(page, "bazaar", 2, {"first_player": 0})
    page.goto(f"/games/{game_id}")
    page.locator("#move-box[data-legal-seq='0']").wait_for()
    error = page.get_by_test_id("move-box-error")
    type_move(page, "dance", False)
    error.filter(has_text="is not a Bazaar move").wait_for()
    assert "BAZ-21" not in error.inner_text().split("Rule")[0]  # the id only in the link
    assert error.get_by_role("link", name="Rule BAZ-21").is_visible()
    type_move(page, "buy 1", False)  # before rolling: not legal now
    error.filter(has_text="Rule BAZ-").wait_for()
    assert moves_sent(page) == 0
    assert page.evaluate(f"async () => (await (await fetch('/api/games/{game_id}')).json()).seq") == 0


def test_the_short_commands_answer_in_the_live_region(guest, problems):  # type: ignore[no-untyped-def]
    page = guest("Ann", **DESKTOP)
    game_id = start_against_bots(page, "grand-bazaar", 2, {"first_player": 0})
    page.goto(f"/games/{game_id}")
    page.locator("#move-box[data-legal-seq='0']").wait_for()
    live = page.get_by_test_id("textplay-live")
    assert live.get_attribute("aria-live") == "polite"
    for command, said in [("/turn", "It is your turn."), ("/scores", re.compile(r"Scores: you \d+ points; Bot")),
                          ("/legal", "Your "), ("/clock", "This game has no clock."),
                          ("/last", "No move has been made yet."),
                          ("/dance", "is not a command")]:
        type_move(page, command, False)
        live.filter(has_text=said).wait_for()
    assert not problems.errors


TEXT_READY = """() => { const t = document.getElementById('text-view');
  return !t.hidden && t.dataset.seq === document.getElementById('page').dataset.seq; }"""


@pytest.mark.parametrize(("size", "device", "confirm"), SIZES, ids=[s for s, _, _ in SIZES])
def test_text_mode_reads_the_seats_own_view_through_the_accessibility_tree(
        guest, problems, size, device, confirm):  # type: ignore[no-untyped-def]
    page = guest("Ann", **device)
    game_id = start_against_bots(page, "bazaar", 2, {"first_player": 0})
    page.goto(f"/games/{game_id}")
    page.locator("#move-box[data-legal-seq='0']").wait_for()
    toggle = page.get_by_test_id("text-mode")
    toggle.check()
    page.wait_for_function(TEXT_READY)
    assert not page.get_by_test_id("board").is_visible()  # the drawn board gives way
    tree = page.get_by_test_id("text-view").aria_snapshot()
    for heading in ("The game in words", "Your tokens", "The market stalls", "Players", "Scores"):
        assert f'heading "{heading}"' in tree, tree
    assert "- listitem: Ann (you, to play)" in tree
    # the same sections the server writes from this seat's view, no more
    said = page.evaluate(f"async () => (await (await fetch('/api/games/{game_id}/text-view')).json()).sections")
    for s in said:
        for line in s["items"]:
            # the snapshot is YAML: a line with a colon in it is quoted
            assert f"- listitem: {line}\n" in f"{tree}\n" or f'- listitem: "{line}"' in tree, line
    assert page.get_by_test_id("log").get_attribute("aria-live") == "off"  # one polite region
    found = serious_violations(page)
    assert not found, found
    # the setting is kept, like "Confirm moves"; a typed move redraws the text
    page.reload()
    page.wait_for_function(TEXT_READY)
    type_move(page, "roll", confirm)
    page.wait_for_function("() => document.getElementById('page').dataset.seq !== '0'")
    page.wait_for_function(TEXT_READY)
    assert "The die shows" in page.get_by_test_id("text-view").inner_text()
    assert not problems.errors


def test_the_other_players_moves_and_your_turn_are_announced_once(
        guest, problems):  # type: ignore[no-untyped-def]
    page = guest("Ann", **DESKTOP)
    game_id = start_against_bots(page, "grand-bazaar", 2, {"first_player": 0})
    page.goto(f"/games/{game_id}")
    page.locator("#move-box[data-legal-seq='0']").wait_for()
    live = page.get_by_test_id("textplay-live")
    moves = page.evaluate("() => [...document.querySelectorAll('#move-texts option')].map((o) => o.value)")
    type_move(page, moves[0], False)
    live.filter(has_text="It is your turn.").wait_for()
    said = live.inner_text()
    assert said.count("It is your turn.") == 1
    log = page.evaluate(f"async () => (await (await fetch('/api/games/{game_id}/log')).json()).entries")
    bot_words = [e["text"] for entry in log if entry["seq"] > 1 for e in entry["events"]]
    assert bot_words and all(w in said for w in bot_words)  # the bot's move, in the log's words
    assert not problems.errors
