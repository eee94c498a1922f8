"""The tournaments, tournament_players and tournament_tables tables (docs/api.md,
"Tournaments").

The database holds every due time and every step taken, so that any instance may take the
next step after a restart: a tournament's ``current_round`` only moves forward by a conditional
UPDATE in the transaction that seats the round (two instances cannot both seat it), and a
table's result is written once (its status moves from playing to finished the same way).
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import JSON, Boolean, DateTime, ForeignKey, Integer, String, func
from sqlalchemy.orm import Mapped, mapped_column

from app.db import Base


class Tournament(Base):
    """A tournament: the game and its options, the format, and where it stands."""

    __tablename__ = "tournaments"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    name: Mapped[str] = mapped_column(String(80))
    kind: Mapped[str] = mapped_column(String(40))
    host_id: Mapped[str] = mapped_column(ForeignKey("users.id"))
    options: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
    clock: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
    # swiss or round-robin (app/tournaments/pairing.py)
    format: Mapped[str] = mapped_column(String(16))
    table_size: Mapped[int] = mapped_column(Integer)
    # chosen for a Swiss; a round robin's count is fixed by its players at the start
    rounds: Mapped[int] = mapped_column(Integer)
    # a missing player's seat: "bot" (the bot's result counts) or "forfeit" (no points)
    absent: Mapped[str] = mapped_column(String(8), default="bot")
    private: Mapped[bool] = mapped_column(Boolean, default=False)
    rated: Mapped[bool] = mapped_column(Boolean, default=False)
    # open (registration), running, finished, cancelled (fewer than two players at the start)
    status: Mapped[str] = mapped_column(String(12), default="open", index=True)
    starts_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), index=True)
    current_round: Mapped[int] = mapped_column(Integer, default=0)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())
    finished_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)


class TournamentPlayer(Base):
    """A registered player; ``withdrawn_at`` once they leave (kept in the standings)."""

    __tablename__ = "tournament_players"

    tournament_id: Mapped[str] = mapped_column(ForeignKey("tournaments.id"), primary_key=True)
    user_id: Mapped[str] = mapped_column(ForeignKey("users.id"), primary_key=True)
    name: Mapped[str] = mapped_column(String(60))
    registered_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    withdrawn_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)


class TournamentTable(Base):
    """One table of one round: its game, its seats (user ids, None for a bot) and, once the
    game has ended, each seat's result ``{place, score, forfeit}``."""

    __tablename__ = "tournament_tables"

    tournament_id: Mapped[str] = mapped_column(ForeignKey("tournaments.id"), primary_key=True)
    round: Mapped[int] = mapped_column(Integer, primary_key=True)
    table: Mapped[int] = mapped_column(Integer, primary_key=True)
    lobby_id: Mapped[str] = mapped_column(String(32))
    game_id: Mapped[str] = mapped_column(String(32), index=True)
    seats: Mapped[list[Any]] = mapped_column(JSON)
    # playing, finished
    status: Mapped[str] = mapped_column(String(12), default="playing", index=True)
    results: Mapped[list[Any] | None] = mapped_column(JSON, nullable=True)
