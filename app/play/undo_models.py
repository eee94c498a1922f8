"""The takeback tables (issue 27, point 3; docs/decisions.md, "Undo and takeback in an
append-only log").

A takeback request is asked at one seq of a game and stands only while the game is still at
that seq: any move after it makes it stale, and a stale request changes nothing. One request
per game at a time; each person who accepts adds a row of their own, so two people accepting
at once on two instances never overwrite each other's answer.
"""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import DateTime, ForeignKey, Integer, String, func
from sqlalchemy.orm import Mapped, mapped_column

from app.db import Base


class TakebackRequest(Base):
    """A seat's request to go back to the position after move ``to_seq``, asked at ``at_seq``
    and taking back ``moves`` moves of the current line."""

    __tablename__ = "takeback_requests"

    game_id: Mapped[str] = mapped_column(ForeignKey("games.id"), primary_key=True)
    at_seq: Mapped[int] = mapped_column(Integer)
    seat: Mapped[int] = mapped_column(Integer)
    to_seq: Mapped[int] = mapped_column(Integer)
    moves: Mapped[int] = mapped_column(Integer)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())


class TakebackAccept(Base):
    """One person's yes to the request asked at ``at_seq`` (a person holding several seats
    answers once for all of them)."""

    __tablename__ = "takeback_accepts"

    game_id: Mapped[str] = mapped_column(ForeignKey("games.id"), primary_key=True)
    at_seq: Mapped[int] = mapped_column(Integer, primary_key=True)
    user_id: Mapped[str] = mapped_column(String(32), primary_key=True)
