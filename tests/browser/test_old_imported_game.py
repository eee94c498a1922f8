"""An imported game stored before its seats became the record's (issue 25, point 31): its seats
still say holder "host", the importer being its host. Its page and its replay call nobody "you"
(bots included) and the page offers the importer no seat to play, exactly as for a game imported
today; "My games" gives the importer no place in it."""

from __future__ import annotations

import re
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.browser.api import get, post, start_against_bots, wait_finished
from tests.support.instances import Instance
from tests.support.old_rows import old_style_import
from tests.support.screens import SIZES

pytestmark = pytest.mark.browser

SHOTS = Path("/tmp/shots/polish")
YOU = re.compile(r"^you$", re.I)


@pytest.fixture(scope="module")
def site() -> Iterator[tuple[str, Path]]:
    """A server of its own on a SQLite file the test can write old rows into."""
    with tempfile.TemporaryDirectory(prefix="bazaar-old-rows-") as tmp:
        path = Path(tmp) / "old.db"
        instance = Instance(f"sqlite+aiosqlite:///{path}", Path(tmp) / "server.log")
        try:
            yield instance.url, path
        finally:
            instance.stop()


@pytest.mark.parametrize("size", SIZES)
def test_an_old_imported_game_calls_nobody_you(guest, problems, site, size) -> None:  # type: ignore[no-untyped-def]
    url, path = site
    ann = guest("Ann", f"{url}/", base_url=url, viewport=SIZES[size])
    played = start_against_bots(ann, "bazaar", 2, resign=True)
    wait_finished(ann, played)
    record = get(ann, f"/api/games/{played}/export")
    imported = str(post(ann, "/api/games/import", {"record": record})["game_id"])
    old = old_style_import(path, imported)

    game = get(ann, f"/api/games/{old}")
    assert [s["holder"] for s in game["seats"]] == ["record", "record"]
    assert game["you"]["seats"] == [] and game["you"]["seat"] is None
    ann.goto(f"/games/{old}")
    players = ann.get_by_test_id("players")
    players.locator(".player").nth(1).wait_for()
    ann.locator("#page[data-status='finished']").wait_for()
    assert players.locator(".tag", has_text=YOU).count() == 0, players.inner_text()
    assert ann.locator("#page").get_attribute("data-seat") in (None, "")
    ann.screenshot(path=str(SHOTS / f"old-import-{size}.png"))
    ann.goto(f"/games/{old}/replay")
    players = ann.get_by_test_id("players")
    players.locator(".player").nth(1).wait_for()
    assert players.locator(".tag", has_text=YOU).count() == 0, players.inner_text()
    # "My games" lists it without a place for the importer, who played no seat of it
    mine = [g for g in get(ann, "/api/me/games")["games"] if g["id"] == old]
    assert all((g.get("result") or {}).get("rank") is None for g in mine), mine
    assert problems.errors == []
