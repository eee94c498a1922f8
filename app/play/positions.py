"""A recorded game's position at any step: its nearest snapshot, then the log replayed
(docs/design.md's move log). Continue-from-here and the import check of a continued game's source
both read positions here, so neither imports the other."""

from __future__ import annotations

from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession

from app.games.base import get_engine
from app.play import repository as repo
from app.play.live import apply_recorded
from app.play.models import Game


async def state_at(session: AsyncSession, game: Game, step: int) -> Any:
    """The state of ``game`` after move ``step``, from its nearest snapshot and the log."""
    engine = get_engine(game.kind)
    snap = await repo.latest_snapshot(session, game.id, at_most=step)
    rows = await repo.moves_after(session, game.id, snap.seq if snap else 0, upto=step)
    restored = await repo.undo_snapshots(session, game.id, rows)
    state = engine.load_state(snap.state if snap else game.initial_state)
    for row in rows:
        state = apply_recorded(engine, state, row, restored)
    return state
