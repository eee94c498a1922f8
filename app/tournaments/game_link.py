"""The way back from a tournament's game to its tournament (issue 32): the game page and its
replay say "Round 2 of <tournament>" with a link to the tournament's page."""

from __future__ import annotations

from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession

from app.tournaments import repository as repo


async def game_tournament(session: AsyncSession, game_id: str) -> dict[str, Any] | None:
    """The tournament a game belongs to (its id, name, round and table, counted from 1, and
    the number of rounds), or None for a game played outside tournaments. A tournament by
    invitation is reached by its link as its games are, so a viewer of the game may know it."""
    found = await repo.table_of_game(session, game_id)
    if found is None:
        return None
    table, tournament = found
    return {"id": tournament.id, "name": tournament.name, "round": table.round,
            "rounds": tournament.rounds, "table": table.table,
            "url": f"/tournaments/{tournament.id}"}
