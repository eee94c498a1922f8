"""The end of a game and the chat in words (issue 13, points 3 (chat) and 20), in real Chromium.

Point 3: at 1280x800 the chat is in view without scrolling the page (the side column's log and
chat share its height); on a phone (390x844) one tap on the Chat button takes the player to it,
and the button counts the lines from others that arrived while the chat was out of view.
Point 20: the end panel says every end reason and detail in words (no raw reason values, medals as
gold / silver / bronze, the solo Bombay score with its formula, matching the players panel), and
the stand-alone auction's end card lists the scores and offers "Another auction".
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.browser.api import post, start_against_bots
from tests.support.screens import DESKTOP, PHONE

pytestmark = pytest.mark.browser
SHOTS = Path("/tmp/shots")

RAW = re.compile(r"two-stalls-sold-out|\bstalled\b|\btournament\b$|^solo$|\bcancelled\b$|\d+,\d+,\d+|[{}\[\]]|"
                 r"undefined|null|NaN|Seat 0|\b[A-Z]{2,4}-\d+")


def shoot(page, name: str, full: bool = True) -> None:  # type: ignore[no-untyped-def]
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=full)


def in_viewport(page, selector: str) -> bool:  # type: ignore[no-untyped-def]
    return page.evaluate(  # type: ignore[no-any-return]
        """(sel) => { const r = document.querySelector(sel).getBoundingClientRect();
                      return r.height > 0 && r.top >= 0 && r.bottom <= window.innerHeight; }""", selector)


def finish(page, game_id: str) -> None:  # type: ignore[no-untyped-def]
    """Resign; the bots play the game to its end, which the page shows."""
    post(page, f"/api/games/{game_id}/resign", {})
    page.goto(f"/games/{game_id}")
    page.locator("#page[data-status=finished]").wait_for(timeout=90000)
    page.locator("#outcome").wait_for()
    page.wait_for_timeout(300)


def end_text(page) -> str:  # type: ignore[no-untyped-def]
    return str(page.locator("#outcome").inner_text())


def assert_in_words(text: str) -> None:
    for line in text.splitlines():
        assert not RAW.search(line.strip()), (line, text)


# ------------------------------------------------------------------ point 3: chat


def test_chat_is_in_view_at_1280x800_and_one_tap_away_on_a_phone_with_an_unread_count(guest, problems):  # type: ignore[no-untyped-def]
    ann = guest("Ann", viewport=DESKTOP)
    game_id = start_against_bots(ann, "grand-bazaar", 2, {"first_player": 0}, private=False)
    bob = guest("Bob")
    for i in range(12):  # enough lines that the chat scrolls inside
        post(bob, f"/api/games/{game_id}/chat", {"text": f"earlier line {i + 1}"})
    ann.goto(f"/games/{game_id}")
    ann.locator("#conn-status[data-state=open]").wait_for()
    ann.locator("#log .log-entry").first.wait_for()
    ann.wait_for_timeout(300)
    # desktop: the chat, its input and its send button are in the window, the page unscrolled
    assert ann.evaluate("window.scrollY") == 0
    for selector in ("#chat-title", "#chat", "[data-testid=chat-input]", "[data-testid=chat-send]"):
        assert in_viewport(ann, selector), selector
    assert ann.evaluate("document.getElementById('chat').clientHeight") >= 40
    assert in_viewport(ann, "#log")
    # the newest line shows at the bottom of the chat, which scrolls inside
    ann.locator("#chat .chat-text", has_text="earlier line 12").wait_for()
    assert ann.evaluate("(() => { const c = document.getElementById('chat'); return c.scrollHeight > c.clientHeight; })()")
    # a line from someone else while the chat is in view is seen: no unread count
    post(bob, f"/api/games/{game_id}/chat", {"text": "hello Ann"})
    ann.locator("#chat .chat-text", has_text="hello Ann").wait_for()
    ann.wait_for_timeout(200)
    assert ann.get_by_test_id("chat-unread").is_hidden()
    assert ann.get_by_test_id("chat-jump").is_hidden()
    shoot(ann, "chat-desktop-1280", full=False)

    # phone: the chat is below the board; a Chat button counts what others said meanwhile
    ann.set_viewport_size(PHONE)
    ann.evaluate("window.scrollTo(0, 0)")
    jump = ann.get_by_test_id("chat-jump")
    jump.wait_for()
    assert not in_viewport(ann, "[data-testid=chat-input]")
    post(bob, f"/api/games/{game_id}/chat", {"text": "are you there?"})
    post(bob, f"/api/games/{game_id}/chat", {"text": "your move"})
    ann.get_by_test_id("chat-jump-unread").filter(has_text="2 new").wait_for()
    # Ann's own line (sent over HTTP here, as when the socket is down) is not unread
    ann.evaluate("(async () => { document.getElementById('chat-text').value = 'mine'; "
                 "document.getElementById('chat-form').requestSubmit(); })()")
    ann.locator("#chat .chat-text", has_text="mine").wait_for()
    ann.wait_for_timeout(200)
    assert ann.get_by_test_id("chat-jump-unread").inner_text() == "2 new"
    assert "2 new" in (jump.get_attribute("aria-label") or "")
    assert in_viewport(ann, "[data-testid=chat-jump]")
    shoot(ann, "chat-phone-390-unread", full=False)
    # one tap: the chat is in view and the count is gone
    jump.click()
    ann.wait_for_timeout(300)
    assert in_viewport(ann, "[data-testid=chat-input]")
    assert in_viewport(ann, "[data-testid=chat-send]")
    assert ann.get_by_test_id("chat-jump-unread").is_hidden()
    assert ann.get_by_test_id("chat-unread").is_hidden()
    ann.locator("#chat .chat-text", has_text="your move").wait_for()
    shoot(ann, "chat-phone-390-open", full=False)
    assert problems.errors == [] and problems.dialogs == []


# ------------------------------------------------------------------ point 20: the end panel


@pytest.mark.parametrize(("kind", "players", "options", "reason"), [
    ("bazaar", 2, {}, r"The game ended because (two stalls are sold out|nobody bought a ware for too long)\."),
    ("grand-bazaar", 2, {"first_player": 0}, r"ranked by their money"),
    ("bombay-bazar", 2, {"format": "tournament", "rounds": 2}, r"The tournament is over"),
])
def test_the_end_panel_says_the_reason_and_details_in_words(guest, problems, kind, players, options, reason):  # type: ignore[no-untyped-def]
    ann = guest("Ann", viewport=DESKTOP)
    game_id = start_against_bots(ann, kind, players, options, private=False)
    finish(ann, game_id)
    text = end_text(ann)
    assert re.search(reason, text), text
    assert_in_words(text)
    assert ann.get_by_test_id("rematch").inner_text() == "Rematch"
    if kind == "bazaar":
        assert re.search(r"\d+ tokens? left · \d+ wares? bought", text), text
    if kind == "grand-bazaar":
        assert "money before the final sale" in text, text
    if kind == "bombay-bazar":
        medals = ann.get_by_test_id("final-score-0").inner_text()
        assert re.fullmatch(r"\d+ gold, \d+ silver, \d+ bronze", medals), medals
        assert "Ann" in text and "Final ranking" in text
    shoot(ann, f"end-{kind}-1280")
    ann.set_viewport_size(PHONE)
    shoot(ann, f"end-{kind}-390", full=False)
    assert problems.errors == []


def test_the_solo_bombay_score_is_its_formula_and_agrees_with_the_players_panel(guest, problems):  # type: ignore[no-untyped-def]
    ann = guest("Ann", viewport=DESKTOP)
    game_id = start_against_bots(ann, "bombay-bazar", 1, private=False)
    finish(ann, game_id)
    outcome = ann.evaluate("window.bazaar.state.view.outcome")
    d, score = outcome["details"], outcome["scores"][0]
    assert score == d["T"] - d["E"] - d["U"]
    text = end_text(ann)
    assert "Solo result" in text
    shown = str(score).replace("-", "\u2212")  # a negative score with a minus sign (issue 25, point 23)
    assert ann.get_by_test_id("final-score-0").inner_text() == f"solo score {shown}"
    formula = f"trunk {d['T']} − empty spaces {d['E']} − unused openings {d['U']}"
    assert formula in text, text
    # the players panel's figure is the trunk; beside it the same solo score and formula
    assert ann.get_by_test_id("score-0").inner_text() == str(d["T"])
    assert f"(the players panel shows the trunk, {d['T']})" in text
    solo = ann.get_by_test_id("solo-score-0").inner_text()
    assert solo == f"trunk {d['T']} · solo score {shown} = {formula}", solo
    assert "Solo game over" in text
    assert_in_words(text)
    shoot(ann, "end-bombay-solo-1280")
    ann.set_viewport_size(PHONE)
    shoot(ann, "end-bombay-solo-390", full=False)
    assert problems.errors == []


@pytest.mark.parametrize("cancel", [False, True])
def test_the_auction_end_card_lists_the_scores_and_offers_another_auction(guest, problems, cancel):  # type: ignore[no-untyped-def]
    ann = guest("Ann", viewport=DESKTOP)
    options = {"players": ["Red", "Blue"], "scores": [10, 4], "placer": 0,
               "tiles": [{"type": "U"}, {"label": "River bend"}]}
    game_id = start_against_bots(ann, "carcassonne-auction", 2, options, private=False)
    if cancel:
        ann.goto(f"/games/{game_id}")
        ann.locator("#conn-status[data-state=open]").wait_for()
        result = ann.evaluate("window.bazaar.conn.move({type: 'Cancel'})")
        assert result.get("ok"), result
        ann.locator("#page[data-status=finished]").wait_for()
        ann.locator("#outcome").wait_for()
        ann.wait_for_timeout(300)
    else:
        finish(ann, game_id)
    text = end_text(ann)
    rows = ann.get_by_test_id("ranking").locator("li[data-seat]")
    assert rows.count() == 2, text
    assert "Red" in rows.nth(0).inner_text() and "Blue" in rows.nth(1).inner_text()
    assert "Final scores" in text
    if cancel:
        assert "The host cancelled the auction: nobody's score changed." in text
        assert [ann.get_by_test_id(f"final-score-{s}").inner_text() for s in (0, 1)] == ["10", "4"]
    else:
        assert "The auction is over: every tile has its owner." in text
        assert re.search(r"change [+−±]\d+", text), text
        assert "won" in text
    assert_in_words(text)
    assert ann.get_by_test_id("rematch").inner_text() == "Another auction"
    shoot(ann, f"end-auction-{'cancelled' if cancel else 'finished'}-1280")
    ann.set_viewport_size(PHONE)
    shoot(ann, f"end-auction-{'cancelled' if cancel else 'finished'}-390", full=False)
    assert problems.errors == []
