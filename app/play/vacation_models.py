"""The vacation tables of turn-based play (issue 27, point 1; the rule is in docs/decisions.md,
"Vacations"): the days an account has taken off, and whether it takes weekends off."""

from __future__ import annotations

from sqlalchemy import Boolean, Float, ForeignKey, Integer, false
from sqlalchemy.orm import Mapped, mapped_column

from app.db import Base


class Vacation(Base):
    """Days off from ``start_at`` to ``end_at`` (seconds since the epoch, UTC midnights unless
    cancelled while under way, which ends it at the cancel's instant)."""

    __tablename__ = "vacations"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    user_id: Mapped[str] = mapped_column(ForeignKey("users.id"), index=True)
    start_at: Mapped[float] = mapped_column(Float)
    end_at: Mapped[float] = mapped_column(Float)


class TurnPrefs(Base):
    """An account's standing turn-based choice: Saturdays and Sundays (UTC) off."""

    __tablename__ = "turn_prefs"

    user_id: Mapped[str] = mapped_column(ForeignKey("users.id"), primary_key=True)
    weekends_off: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
