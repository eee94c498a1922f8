"""German words are longer (issue 29, "Tests"): in real Chromium at 1280x800 and 390x844, a German
browser's home, new-lobby, lobby, game (live and finished), replay and rules pages keep their
layout: nothing is wider than the window, and no button's words are cut off (a button's
``scrollWidth`` above its ``clientWidth``). The pages are checked once they are drawn in German
(no English heading left), and each is saved as a screenshot in /tmp/shots/i18n-layout/."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.browser.api import post, start_against_bots, wait_finished
from tests.support.layout import LAYOUT
from tests.support.screens import SIZES

pytestmark = pytest.mark.browser

SHOTS = Path("/tmp/shots/i18n-layout")
RULES = ["bazaar", "bombay-bazar", "carcassonne", "carcassonne-auction", "grand-bazaar"]


def check(page: Any, name: str) -> None:
    """The page as it is now keeps its layout; a screenshot of it is kept."""
    page.wait_for_load_state("networkidle")
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)
    problems = page.evaluate(LAYOUT)
    assert problems == [], f"{name}: {problems}"


@pytest.mark.parametrize("size", SIZES)
def test_german_pages_keep_their_layout(guest, size: str) -> None:  # type: ignore[no-untyped-def]
    page = guest("Annemarie", "/", locale="de-DE", viewport=SIZES[size])
    page.locator("html[lang=de]").wait_for(state="attached")
    page.get_by_test_id("create-carcassonne").filter(has_text="Lobby eröffnen").wait_for()
    check(page, f"home-{size}")

    page.goto("/lobbies/new?kind=carcassonne")
    page.get_by_text("Neue Lobby für Carcassonne").first.wait_for()
    check(page, f"lobby-new-{size}")

    lobby = post(page, "/api/lobbies", {"kind": "carcassonne", "players": 3, "options": {}})
    post(page, f"/api/lobbies/{lobby['id']}/bots", {"seat": 1})
    page.goto(f"/lobbies/{lobby['id']}")
    page.get_by_test_id("seat-1").filter(has_text="Bot (normal)").wait_for()
    page.get_by_text("Warte auf 1 weiteren Spieler").first.wait_for()
    check(page, f"lobby-{size}")

    live = start_against_bots(page, "carcassonne", 2)
    page.goto(f"/games/{live}")
    page.locator("#game-status").filter(has_text="Läuft").wait_for()
    page.locator("#board[data-board]").wait_for(state="attached")
    check(page, f"game-carcassonne-{size}")

    done = start_against_bots(page, "bazaar", 2, resign=True)
    wait_finished(page, done)
    page.goto(f"/games/{done}")
    page.locator("#outcome-title").filter(has_text="Endstand").wait_for()
    check(page, f"game-finished-{size}")

    page.goto(f"/games/{done}/replay?at=3")
    page.get_by_test_id("step-label").filter(has_text="Zug 3 von").wait_for()
    check(page, f"replay-{size}")

    for kind in RULES:
        page.goto(f"/rules/{kind}")
        page.locator("article.rules h1").filter(has_text="die Regeln").wait_for()
        assert page.locator("article.rules h2", has_text="Züge schreiben").count() == 1
        check(page, f"rules-{kind}-{size}")

    # the check sees what it looks for: a cut-off button and a block wider than the window
    page.evaluate("""() => {
      const main = document.querySelector("main");
      main.append(Object.assign(document.createElement("button"), {textContent: "Ein sehr langer Knopftext",
        style: "width: 3rem; white-space: nowrap; overflow: hidden"}));
      main.append(Object.assign(document.createElement("div"), {textContent: "breit", style: "width: 3000px"}));
    }""")
    found = page.evaluate(LAYOUT)
    assert any("clipped button" in p for p in found) and any("wide in a" in p for p in found), found
