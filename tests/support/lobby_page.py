"""Starting a game through the pages, as a person does: the new-lobby form's Create, then the
lobby's Start. One place for the clicks and the waits that the browser tests share; each test
sets up its own form (kind, players, seat holders) before and checks what it needs after."""

from __future__ import annotations

import re
from typing import Any

LOBBY_URL = re.compile(r"/lobbies/[A-Za-z0-9_-]+$")
GAME_URL = re.compile(r"/games/([A-Za-z0-9_-]+)(\?[^#]*)?$")


def create_lobby(page: Any) -> str:
    """Press Create on the new-lobby form the page shows; the new lobby's id, once its page is open."""
    page.get_by_test_id("create-lobby").click()
    page.wait_for_url(LOBBY_URL)
    return str(page.url.rsplit("/", 1)[1])


def start_game(page: Any) -> str:
    """Press Start in the lobby the page shows; the game's id, once its page is open."""
    page.get_by_test_id("start-game").click()
    page.wait_for_url(GAME_URL)
    match = GAME_URL.search(page.url)
    assert match, page.url
    return match.group(1)


def new_game(page: Any, kind: str | None = None, *, players: int | None = None,
             holders: dict[int, str] | None = None) -> str:
    """Fill in the new-lobby form (opened for ``kind`` first when given): the number of players,
    then each listed seat's holder ("bot", "bot-hard", "host" ...); create the lobby and start
    the game. The game's id."""
    if kind is not None:
        page.goto(f"/lobbies/new?kind={kind}")
    if players is not None:
        page.get_by_test_id("players").select_option(str(players))
    for seat, holder in (holders or {}).items():
        page.get_by_test_id(f"holder-{seat}").select_option(holder)
    create_lobby(page)
    return start_game(page)
