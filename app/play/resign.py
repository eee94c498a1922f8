"""Resigning (docs/design.md, "Seats, clocks, resigning"; docs/api.md, "Games").

A resigned seat stays in the game: its bot plays it to the end (at the game's takeover level),
and the outcome marks the resignation. The answer is ``{seq, seat}``: the game's current seq
and the seat that resigned.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from app.errors import unauthorized
from app.play import repository as repo
from app.play.acting import held_seat
from app.play.games_cache import GamesCache
from app.play.live import LiveGame
from app.realtime.hub import Hub


async def resign(games: GamesCache, hub: Hub, wake_bots: Callable[[LiveGame], None],
                 game_id: str, user_id: str | None, seat: int | None) -> dict[str, Any]:
    """The seat's bot plays it to the end; the outcome marks the resignation."""
    if user_id is None:
        raise unauthorized()
    live = await games.load(game_id)
    async with live.lock:
        acting = held_seat(live, user_id, seat)
        if acting not in live.resigned:
            live.resigned = sorted({*live.resigned, acting})
            async with games.sessions() as session:
                await repo.set_resigned(session, live.id, live.resigned)
                await session.commit()
        await hub.fan_out(live.id, {"type": "resigned", "seat": acting})
        wake_bots(live)
        return {"seq": live.seq, "seat": acting}
