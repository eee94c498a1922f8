"""A tournament's game leads back to its tournament (issue 32): its page and its replay say
"Round 2 of <the tournament's name>" with a link to /tournaments/<id>, from the game payload's
``tournament`` (GET /api/games/{id}); a game played outside tournaments says nothing of one."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.browser.api import get, post, start_against_bots
from tests.support.screens import SIZES
from tests.support.tournaments import accounts, resign_seated

pytestmark = pytest.mark.browser

SHOTS = Path("/tmp/shots/polish")


def tournament_game(page, tid: str, number: int) -> str:  # type: ignore[no-untyped-def]
    """The page's person's game in round ``number``, once it is seated."""
    for _ in range(600):
        t = get(page, f"/api/tournaments/{tid}")
        if t["current_round"] == number and t["you"].get("game_id"):
            return str(t["you"]["game_id"])
        page.wait_for_timeout(100)
    raise AssertionError(f"round {number} was not seated")


@pytest.mark.parametrize("size", SIZES)
def test_a_tournament_game_links_back_to_its_tournament(guest, server, problems, size) -> None:  # type: ignore[no-untyped-def]
    SHOTS.mkdir(parents=True, exist_ok=True)
    ann = guest("Ann", viewport=SIZES[size])
    post(ann, "/api/account/claim", {"username": f"linkann{size}", "password": "correct horse battery"})
    others = accounts(server, ["Bob"], f"link{size}")
    name = f"Friday club {size}"
    tid = post(ann, "/api/tournaments", {"name": name, "kind": "bazaar", "table_size": 2,
                                         "rounds": 2, "format": "swiss"})["id"]
    post(ann, f"/api/tournaments/{tid}/register")
    for bob in others.values():
        bob.ok(bob.post(f"/api/tournaments/{tid}/register"))
    post(ann, f"/api/tournaments/{tid}/start")

    first = tournament_game(ann, tid, 1)
    resign_seated(others, get(ann, f"/api/tournaments/{tid}"))
    post(ann, f"/api/games/{first}/resign", {})
    second = tournament_game(ann, tid, 2)
    payload = get(ann, f"/api/games/{second}")["tournament"]
    assert payload["id"] == tid and payload["name"] == name and payload["round"] == 2, payload

    ann.goto(f"/games/{second}")
    line = ann.get_by_test_id("game-tournament")
    line.filter(has_text=f"Round 2 of {name}").wait_for()
    link = line.get_by_test_id("game-tournament-link")
    assert link.get_attribute("href") == f"/tournaments/{tid}" and link.inner_text() == name
    assert link.is_visible()
    ann.screenshot(path=str(SHOTS / f"tournament-link-game-{size}.png"))

    ann.goto(f"/games/{first}/replay")
    ann.get_by_test_id("game-tournament").filter(has_text=f"Round 1 of {name}").wait_for()
    ann.screenshot(path=str(SHOTS / f"tournament-link-replay-{size}.png"))
    ann.get_by_test_id("game-tournament-link").click()
    ann.wait_for_url(f"**/tournaments/{tid}")

    # a game outside tournaments: no such line, and the payload says none
    alone = start_against_bots(ann, "bazaar", 2)
    assert get(ann, f"/api/games/{alone}")["tournament"] is None
    ann.goto(f"/games/{alone}")
    ann.locator("#continued[data-filled=yes]").wait_for(state="attached")
    assert ann.get_by_test_id("game-tournament").count() == 0
    assert problems.errors == []
