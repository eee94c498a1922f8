"""Every query of the analyses (app/analysis/models.py)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from sqlalchemy import select, update
from sqlalchemy.ext.asyncio import AsyncSession

from app.analysis.models import PENDING, Analysis
from app.utc import now


async def get(session: AsyncSession, game_id: str) -> Analysis | None:
    return await session.get(Analysis, game_id)


async def pending_of(session: AsyncSession, user_id: str) -> Analysis | None:
    """The identity's analysis under way, if any."""
    query = select(Analysis).where(Analysis.requested_by == user_id,
                                   Analysis.status == PENDING)
    return (await session.scalars(query)).first()


async def unclaimed(session: AsyncSession, at: float) -> Sequence[str]:
    """The pending analyses whose lease has run out (nobody works on them now)."""
    query = select(Analysis.game_id).where(Analysis.status == PENDING,
                                           Analysis.claimed_until < at)
    return (await session.scalars(query.order_by(Analysis.created_at))).all()


async def claim(session: AsyncSession, game_id: str, at: float, until: float) -> bool:
    """Take a pending analysis whose lease ran out; False if another instance was first."""
    result = await session.execute(
        update(Analysis).where(Analysis.game_id == game_id, Analysis.status == PENDING,
                               Analysis.claimed_until < at)
        .values(claimed_until=until))
    return bool(getattr(result, "rowcount", 0))


async def save(session: AsyncSession, game_id: str, **values: Any) -> None:
    """Store the analysis's progress (positions, lease, status)."""
    await session.execute(update(Analysis).where(Analysis.game_id == game_id)
                          .values(updated_at=now(), **values))
