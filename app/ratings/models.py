"""The ratings and rating_changes tables (migration 0011)."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import DateTime, Float, ForeignKey, Integer, String, func
from sqlalchemy.orm import Mapped, mapped_column

from app.db import Base


class Rating(Base):
    """An account's rating in one game kind: the model's mean and uncertainty."""

    __tablename__ = "ratings"

    user_id: Mapped[str] = mapped_column(ForeignKey("users.id"), primary_key=True)
    kind: Mapped[str] = mapped_column(String(40), primary_key=True, index=True)
    mu: Mapped[float] = mapped_column(Float)
    sigma: Mapped[float] = mapped_column(Float)
    games: Mapped[int] = mapped_column(Integer, default=0)
    wins: Mapped[int] = mapped_column(Integer, default=0)
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())


class RatingChange(Base):
    """What one rated game did to one account's rating; one row per (game, account), so a
    game is never rated twice."""

    __tablename__ = "rating_changes"

    game_id: Mapped[str] = mapped_column(ForeignKey("games.id"), primary_key=True)
    user_id: Mapped[str] = mapped_column(ForeignKey("users.id"), primary_key=True, index=True)
    kind: Mapped[str] = mapped_column(String(40))
    seat: Mapped[int] = mapped_column(Integer)
    rank: Mapped[int] = mapped_column(Integer)
    mu_before: Mapped[float] = mapped_column(Float)
    sigma_before: Mapped[float] = mapped_column(Float)
    mu_after: Mapped[float] = mapped_column(Float)
    sigma_after: Mapped[float] = mapped_column(Float)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())
