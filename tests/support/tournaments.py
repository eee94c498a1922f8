"""A tournament's other players, for a browser test whose one person plays in Chromium: plain
HTTP clients with accounts of their own (issue 32's "nine accounts"), who register and resign
their games through the public API (their bots then play for them)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from tests.conftest import Player
from tests.support.accounts import claim


def accounts(base_url: str, names: Iterable[str], tag: str) -> dict[str, Player]:
    """A claimed account for each name (usernames made unique with ``tag``), by user id."""
    made = {}
    for name in names:
        player = Player(base_url, name)
        claim(player, f"{name.lower()}{tag}{player.user_id[:6]}")
        made[player.user_id] = player
    return made


def resign_seated(people: dict[str, Player], tournament: dict[str, Any]) -> None:
    """Everyone of ``people`` seated in the tournament's current round resigns their game:
    their bots finish it."""
    current = next(r for r in tournament["rounds_played"]
                   if r["round"] == tournament["current_round"])
    for table in current["tables"]:
        for seat in table["seats"]:
            if seat["user_id"] in people:
                reply = people[seat["user_id"]].post(f"/api/games/{table['game_id']}/resign")
                assert reply.status_code in (200, 409), reply.text  # 409: already over
