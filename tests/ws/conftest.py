"""Fixtures of the socket tests: a two-player table with a spectator."""

from __future__ import annotations

from typing import Any

import pytest

from tests.conftest import start_game


@pytest.fixture
def table(server: Any, players: Any) -> dict[str, Any]:
    ann, bob, eve = players("Ann"), players("Bob"), players("Eve")
    game_id = start_game(ann, [bob], options={"first_player": 0})
    return {"server": server, "ann": ann, "bob": bob, "eve": eve, "game_id": game_id}
