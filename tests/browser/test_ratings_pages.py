"""Ratings on the pages (issue 15), in real Chromium: a rated three-player game between accounts
shows each player's rating change on the end panel, exactly as openskill's own Plackett–Luce
`rate` computes it for the game's ranking; the profile shows the rating with its history, and
the leaderboard ranks the three."""

from __future__ import annotations

import random
import re

import pytest
from openskill.models import PlackettLuce

from app.ratings.model import shown
from tests.browser.api import get, move, post

pytestmark = pytest.mark.browser



@pytest.mark.parametrize("viewport", [{"width": 1280, "height": 800}, {"width": 390, "height": 844}])
def test_a_rated_game_shows_the_rating_changes_profile_and_leaderboard(guest, problems, viewport):  # type: ignore[no-untyped-def]
    ann, bob, cat = (guest(n, viewport=viewport) for n in ("Ann", "Bob", "Cat"))
    suffix = viewport["width"]
    for page, name in ((ann, "ann"), (bob, "bob"), (cat, "cat")):
        post(page, "/api/account/claim", {"username": f"{name}{suffix}", "password": "correct horse battery"})
    lobby = post(ann, "/api/lobbies", {"kind": "grand-bazaar", "players": 3, "rated": True})
    post(bob, f"/api/lobbies/{lobby['id']}/join")
    post(cat, f"/api/lobbies/{lobby['id']}/join")
    ann.goto(f"/lobbies/{lobby['id']}")
    ann.locator("#lobby-meta").filter(has_text="rated").wait_for()
    game_id = post(ann, f"/api/lobbies/{lobby['id']}/start")["game_id"]
    ann.goto(f"/games/{game_id}")
    ann.locator("#conn-status[data-state=open]").wait_for()
    rng = random.Random(4)
    for _ in range(2000):  # both play random legal moves over the API until the game ends
        state = get(ann, f"/api/games/{game_id}")
        if state["status"] == "finished":
            break
        for page in (ann, bob, cat):
            mine = get(page, f"/api/games/{game_id}")
            if mine["legal"]:
                move(page, game_id, mine["seq"], rng.choice(mine["legal"]))
    ann.locator("#page[data-status=finished]").wait_for()
    finished = get(ann, f"/api/games/{game_id}")
    model = PlackettLuce()
    expected = model.rate([[model.rating()] for _ in range(3)], ranks=finished["view"]["outcome"]["ranks"])
    ratings = {r["seat"]: r for r in finished["ratings"]}
    assert sorted(ratings) == [0, 1, 2]
    for seat, r in ratings.items():
        after = shown(expected[seat][0].mu, expected[seat][0].sigma)
        assert (r["mu"], r["sigma"], r["after"]) == (expected[seat][0].mu, expected[seat][0].sigma, after)
        change = after - 1000
        sign = "+" if change > 0 else "−" if change < 0 else "±"
        line = ann.get_by_test_id(f"rating-change-{seat}")
        line.wait_for()
        # after one game every rating is provisional, and said so as lichess does (issue 25, 12)
        assert r["provisional"] and r["provisional_before"]
        assert line.inner_text() == f"rating 1000? → {after}? ({sign}{abs(change)})"
        assert "provisional" in (line.get_attribute("title") or "")  # on hover
    # and on a tap: "Why?" opens the same words
    why = ann.get_by_test_id("rating-why-0")
    why.get_by_text("Why?").click()
    words = why.locator("p")
    words.wait_for()
    assert "A rating marked ? is provisional" in words.inner_text()
    assert f"by {abs(ratings[0]['change'])} after" in words.inner_text()
    ann.screenshot(path=f"/tmp/shots/rated-end-{suffix}.png", full_page=True)

    ann.get_by_test_id("rating-change-0").click()
    ann.wait_for_url(re.compile(r"/players/[A-Za-z0-9_-]+$"))
    card = ann.get_by_test_id("rating-grand-bazaar")
    card.filter(has_text=f"Rating {ratings[0]['after']}?").wait_for()
    assert "1 rated game" in card.inner_text()
    assert card.locator("svg.rating-chart polyline").count() == 1
    recent = ann.get_by_test_id("recent-games")
    assert recent.locator("li").count() == 1 and "Grand Bazaar" in recent.inner_text()
    assert recent.get_by_role("link", name="Replay").get_attribute("href") == f"/games/{game_id}/replay"
    ann.screenshot(path=f"/tmp/shots/profile-{suffix}.png", full_page=True)
    card.get_by_role("link", name="Leaderboard").click()
    ann.get_by_test_id("leader").nth(2).wait_for()
    texts = ann.get_by_test_id("leader").all_inner_texts()
    assert all(re.search(r"\d+\? ·", t) for t in texts), texts  # provisional, marked
    listed = [int(re.match(r"(\d+)", t.split("\n")[-1].strip()).group(1))  # type: ignore[union-attr]
             for t in texts]
    assert listed == sorted(listed, reverse=True)
    assert problems.errors == []
