"""Every board, looked at (issue 13, "Done when"; issue 25, "Done when"): each kind, on a desktop
and a phone, in the middle of a game, at its end and in its replay, is rendered in real Chromium
and written as a screenshot to test-results/boards/ (git-ignored; docs/client.md), so that anyone
can look at every board after one test run. The test also checks that each board drew something and raised no page error."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.browser.api import game, play_moves, start_against_bots
from tests.support.screens import SIZES

pytestmark = pytest.mark.browser

OUT = Path(__file__).resolve().parents[2] / "test-results" / "boards"
KINDS = [
    ("grand-bazaar", 2, {}),
    ("bazaar", 2, {}),
    ("bombay-bazar", 2, {}),
    ("carcassonne", 2, {}),
    ("carcassonne-auction", 3, {"players": ["Red", "Blue", "Black"], "placer": 0,
                                "tiles": [{"type": "U"}, {"type": "BZ4"}, {"label": "River"}]}),
]


def shoot(page, game_id: str, name: str) -> None:  # type: ignore[no-untyped-def]
    for size, viewport in SIZES.items():
        page.set_viewport_size(viewport)
        page.goto(f"/games/{game_id}")
        page.locator("#board[data-board]").wait_for(state="attached")
        page.get_by_test_id("players").locator(".player").first.wait_for()
        page.wait_for_timeout(300)
        assert page.locator("#board").inner_html().strip(), f"{name}: the board is empty"
        page.screenshot(path=str(OUT / f"{name}-{size}.png"), full_page=True)


def shoot_replay(page, game_id: str, name: str) -> None:  # type: ignore[no-untyped-def]
    """The finished game's replay half way through, at both sizes (issue 25, "Done when")."""
    last = game(page, game_id)["seq"]
    for size, viewport in SIZES.items():
        page.set_viewport_size(viewport)
        page.goto(f"/games/{game_id}/replay?at={last // 2}")
        page.get_by_test_id("step-label").filter(has_text=f"Move {last // 2} of").wait_for()
        page.get_by_test_id("players").locator(".player").first.wait_for()
        assert page.locator("#board").inner_html().strip(), f"{name}: the board is empty"
        page.screenshot(path=str(OUT / f"{name}-{size}.png"), full_page=True)


@pytest.mark.parametrize(("kind", "players", "options"), KINDS, ids=[k[0] for k in KINDS])
def test_every_board_mid_game_and_at_the_end_is_written_as_a_screenshot(
        guest, problems, kind, players, options):
    OUT.mkdir(parents=True, exist_ok=True)
    page = guest("Fay")
    live = start_against_bots(page, kind, players, options)
    play_moves(page, live, 3)
    shoot(page, live, f"{kind}-mid-game")
    ended = start_against_bots(page, kind, players, options, resign=True)  # the bots play it out
    for _ in range(1800):
        if game(page, ended)["status"] == "finished":
            break
        page.wait_for_timeout(100)
    else:
        pytest.fail(f"{kind}: the bots did not finish the game")
    shoot(page, ended, f"{kind}-end")
    shoot_replay(page, ended, f"{kind}-replay")
    for state in ("mid-game", "end", "replay"):
        for size in SIZES:
            assert (OUT / f"{kind}-{state}-{size}.png").stat().st_size > 5000
    assert problems.errors == []
