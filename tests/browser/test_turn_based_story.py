"""Issue 27's "Done when" as one story in real Chromium: Ann and Bob, each with a verified
address and a push subscription, play a turn-based Carcassonne (1 day per move; on a timeout
the bot plays for the seat) over simulated days. Every "your turn" and the reminder arrive by
push (decrypted at the local push service) and by mail (read at the in-process SMTP server);
Ann's misclick is undone with the page's Undo button; Bob's vacation, taken on his account
page, pauses his clock (the game page says so and the scheduler times nothing out while he is
away); at last, with no page open, Bob's time runs out: he is reminded first, then the bot
plays for him and Ann is told it is her turn."""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from app.play.turn_clock import DAY
from tests.browser.api import game, move, post
from tests.conftest import database_url
from tests.support.outside import Outside, outside_server
from tests.support.turn_story import Person, due_row, sign_up, simulate, tick
from tests.support.undo import CARCASSONNE

pytestmark = pytest.mark.browser
SHOTS = Path("/tmp/shots/turnstory")
TITLE = "Carcassonne"


@pytest.fixture(scope="module")
def story(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Outside]:
    """A server in this process (its scheduler's clock can be moved) with e-mail and Web Push
    sending to the test's own SMTP server and push service."""
    url = database_url("sqlite", tmp_path_factory.mktemp("story"))
    # the scheduler ticks once at its start, then only when the story ticks it (tick()): a
    # simulated day must not time out the turns that begin after it at the real time
    with outside_server(url, turn_tick_seconds=3600) as out:
        yield out


def finish_turn(page: Any, game_id: str, seat: int) -> None:
    """The page's person makes the first legal move until the seat is no longer to act."""
    for _ in range(20):
        now = game(page, game_id)
        if seat not in now["view"]["to_act"]:
            return
        assert move(page, game_id, now["seq"], now["legal"][0])["status"] == 200
    raise AssertionError("the turn did not pass")


def test_a_turn_based_game_over_simulated_days_told_by_push_and_mail(
        browser: Any, story: Outside, problems: Any) -> None:
    ann: Person = sign_up(story, browser, "Ann", "ann_story")
    bob: Person = sign_up(story, browser, "Bob", "bob_story")
    try:
        play_the_story(story, ann, bob, problems)
    finally:
        ann.context.close()
        bob.context.close()


def play_the_story(story: Outside, ann: Person, bob: Person, problems: Any) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    ann_page, bob_page = problems.watch(ann.page()), problems.watch(bob.page())
    ann_page.goto("/")
    bob_page.goto("/")
    lobby = post(ann_page, "/api/lobbies", {
        "kind": "carcassonne", "players": 2, "options": CARCASSONNE,
        "clock": {"mode": "turn", "days": 1, "on_timeout": "bot"}})
    post(bob_page, f"/api/lobbies/{lobby['id']}/join")
    game_id = str(post(ann_page, f"/api/lobbies/{lobby['id']}/start")["game_id"])
    ann_page.goto(f"/games/{game_id}")
    bob_page.goto(f"/games/{game_id}")

    # Ann misclicks a tile and takes it back with the page's Undo button
    before = game(ann_page, game_id)
    tile = next(m for m in before["legal"] if m["type"] == "PlaceTile")
    assert move(ann_page, game_id, before["seq"], tile)["status"] == 200
    ann_page.locator(f"#page[data-seq='{before['seq'] + 1}']").wait_for()
    ann_page.get_by_test_id("undo").click()
    ann_page.locator(f"#page[data-seq='{before['seq'] + 2}']").wait_for()
    ann_page.get_by_test_id("log").get_by_text(re.compile(r"Ann undid their last step")).wait_for()
    after = game(ann_page, game_id)
    assert after["view"] == before["view"] and after["legal"] == before["legal"]
    ann_page.screenshot(path=str(SHOTS / "undone-1280.png"))
    finish_turn(ann_page, game_id, 0)
    payload, _ = bob.told(f"Your turn in {TITLE} with Ann.")
    assert payload["url"] == f"/games/{game_id}"

    # a day and more later Bob has not moved: he is reminded before his time runs out
    due = due_row(story, game_id, 1)
    simulate(story, due.remind_at + 60)
    assert tick(story) == 1
    bob.told(f"Your turn in {TITLE}:")
    assert "left before the timeout" in str(bob.outside.mail.to(bob.address)[-1]["Subject"])
    simulate(story, time.time())
    finish_turn(bob_page, game_id, 1)
    ann.told(f"Your turn in {TITLE} with Bob.")
    finish_turn(ann_page, game_id, 0)
    bob.told(f"Your turn in {TITLE} with Ann.")

    # Bob goes on vacation for five days from today, on his account page
    running = due_row(story, game_id, 1)
    bob_page.goto("/account")
    bob_page.locator("#vacation").wait_for()
    today = datetime.now(UTC).date()
    bob_page.get_by_test_id("vacation-start").fill(today.isoformat())
    bob_page.get_by_test_id("vacation-days").fill("5")
    bob_page.get_by_test_id("vacation-take").click()
    bob_page.get_by_test_id("vacation-note").filter(has_text="Taken: 5 days").wait_for()
    # his clock stops: his due time moves past the vacation's end
    back = datetime(today.year, today.month, today.day, tzinfo=UTC).timestamp() + 5 * DAY
    paused = due_row(story, game_id, 1)
    assert paused.due_at >= back + (running.due_at - time.time()) - 60
    ann_page.reload()
    away = ann_page.get_by_test_id("vacation-1")
    away.wait_for()
    assert away.inner_text().strip().startswith("Bob is on vacation until ")
    # and his clock says the paused days: more than the 1 day per move and its reserve
    clock = ann_page.get_by_test_id("clock-1").inner_text().strip()
    said = re.fullmatch(r"has (\d+) days( \d+ hours?)? to play", clock)
    assert said and int(said.group(1)) >= int((paused.due_at - time.time()) // DAY) >= 5, clock
    ann_page.get_by_test_id("players").scroll_into_view_if_needed()
    ann_page.screenshot(path=str(SHOTS / "vacation-1280.png"))
    # days later, well past his time had there been no vacation: nothing is due
    seq = game(ann_page, game_id)["seq"]
    simulate(story, running.due_at + DAY)
    assert tick(story) == 0
    assert game(ann_page, game_id)["seq"] == seq and 1 in game(ann_page, game_id)["view"]["to_act"]
    ann.nothing_more()
    bob.nothing_more()

    # no page open from here on; after the vacation Bob is reminded, then runs out of time
    ann_page.close()
    bob_page.close()
    assert ann.context.pages == [] and bob.context.pages == []
    simulate(story, paused.remind_at + 60)
    assert tick(story) == 1
    bob.told(f"Your turn in {TITLE}:")
    simulate(story, paused.due_at + 60)
    assert tick(story) == 1
    simulate(story, time.time())
    ann.told(f"Your turn in {TITLE} with Bob.")  # the bot played for Bob, as the lobby chose
    look = ann.page()
    look.goto("/")
    now = game(look, game_id)
    assert now["away"] == [1] and now["view"]["to_act"] == [0] and now["seq"] > seq
    look.close()
    assert problems.errors == []
