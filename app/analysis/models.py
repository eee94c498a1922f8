"""The analyses table: one analysis per finished game, shared by everyone who opens it.

``positions`` holds, per step 0..n of the game, the analysis of the position after that step
(``{"chances": [...], "best": move or null}``, app/games/analysis.py); a pending analysis has
fewer, and goes on from there after a restart. ``claimed_until`` is the lease of the instance
working on it: past it, any instance's sweep may take the analysis over.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import JSON, DateTime, Float, ForeignKey, Integer, String, Text, func
from sqlalchemy.orm import Mapped, mapped_column

from app.db import Base

PENDING = "pending"
DONE = "done"
FAILED = "failed"


class Analysis(Base):
    """A finished game's analysis, pending or done."""

    __tablename__ = "analyses"

    game_id: Mapped[str] = mapped_column(ForeignKey("games.id"), primary_key=True)
    # who asked for it: one pending analysis per identity (app/analysis/service.py)
    requested_by: Mapped[str] = mapped_column(String(32), index=True)
    status: Mapped[str] = mapped_column(String(16), default=PENDING, index=True)
    playouts: Mapped[int] = mapped_column(Integer)
    positions: Mapped[list[Any]] = mapped_column(JSON, default=list)
    claimed_until: Mapped[float] = mapped_column(Float, default=0.0)
    error: Mapped[str | None] = mapped_column(Text, nullable=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())
