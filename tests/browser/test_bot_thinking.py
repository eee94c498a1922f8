"""The game page says when a bot is thinking (issue 28, point 3), in real Chromium: after the
person's move, the hard bot's search is announced under the turn line in words ("Bot 2 is
thinking…"), and the line goes once the bot has moved."""

from __future__ import annotations

import pytest

from tests.browser.api import game, move, post

pytestmark = pytest.mark.browser

RECORD = """() => {
  const line = document.getElementById("thinking");
  window.thoughts = [];
  new MutationObserver(() => { if (!line.hidden) window.thoughts.push(line.textContent); })
    .observe(line, {attributes: true, childList: true, characterData: true, subtree: true});
}"""


def test_the_game_page_says_in_words_when_the_hard_bot_thinks(guest, problems):
    ann = guest("Ann", viewport={"width": 1280, "height": 800})
    lobby = post(ann, "/api/lobbies", {"kind": "grand-bazaar", "players": 2, "private": True,
                                       "options": {"first_player": 0}})
    post(ann, f"/api/lobbies/{lobby['id']}/bots", {"seat": 1, "level": "hard"})
    game_id = str(post(ann, f"/api/lobbies/{lobby['id']}/start")["game_id"])
    ann.goto(f"/games/{game_id}")
    ann.get_by_test_id("turn").filter(has_text="Your turn").wait_for()
    line = ann.get_by_test_id("thinking")
    assert line.is_hidden()
    ann.evaluate(RECORD)
    now = game(ann, game_id)
    bot = now["seats"][1]["name"]
    assert move(ann, game_id, now["seq"], now["legal"][0])["status"] == 200
    # the line was shown while the bot thought, and is gone now that it has moved
    ann.wait_for_function("() => window.thoughts.length > 0 && document.getElementById('thinking').hidden")
    thoughts = ann.evaluate("() => window.thoughts")
    assert thoughts[0] == f"{bot} is thinking…", thoughts
    ann.get_by_test_id("turn").filter(has_text="Your turn").wait_for()
    assert problems.errors == []
