"""The lobbies and lobby_seats tables."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import JSON, Boolean, DateTime, ForeignKey, Integer, String, false, func
from sqlalchemy.orm import Mapped, mapped_column, relationship

from app.db import Base


class Lobby(Base):
    """A table being set up: kind, options, seats; it points to its game once started."""

    __tablename__ = "lobbies"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    kind: Mapped[str] = mapped_column(String(40))
    host_id: Mapped[str] = mapped_column(ForeignKey("users.id"))
    options: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
    clock: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
    private: Mapped[bool] = mapped_column(Boolean, default=False)
    # rated or casual (docs/api.md "Ratings"); the start copies it to the game
    rated: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    # takebacks allowed (issue 27, point 3); None: the default, on for casual, off for rated
    takebacks: Mapped[bool | None] = mapped_column(Boolean, nullable=True)
    status: Mapped[str] = mapped_column(String(16), default="open", index=True)
    game_id: Mapped[str | None] = mapped_column(String(32), nullable=True)
    # the finished game this lobby is the rematch of; a game has at most one (unique index)
    rematch_of: Mapped[str | None] = mapped_column(String(32), nullable=True, unique=True,
                                                   index=True)
    # "Continue from here": the finished game and step this lobby's game will start from
    continue_game: Mapped[str | None] = mapped_column(String(32), nullable=True)
    continue_step: Mapped[int | None] = mapped_column(Integer, nullable=True)
    # the bot level that plays a seat taken over after a timeout or a resignation (issue 17)
    takeover_level: Mapped[str] = mapped_column(String(8), default="normal",
                                                server_default="normal")
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())
    seats: Mapped[list[LobbySeat]] = relationship(
        back_populates="lobby", order_by="LobbySeat.seat", cascade="all, delete-orphan",
        lazy="selectin",
    )


class LobbySeat(Base):
    """One seat: open, a person (user), the bot, kept on the host's device (host), or kept for a
    player of the finished game until they accept its rematch (invited: ``user_id`` says who)."""

    __tablename__ = "lobby_seats"

    lobby_id: Mapped[str] = mapped_column(ForeignKey("lobbies.id"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    holder: Mapped[str] = mapped_column(String(8), default="open")
    user_id: Mapped[str | None] = mapped_column(ForeignKey("users.id"), nullable=True)
    name: Mapped[str | None] = mapped_column(String(60), nullable=True)
    # a bot seat's level (app/games/bots.py LEVELS); None for other holders (and older rows)
    level: Mapped[str | None] = mapped_column(String(8), nullable=True)
    lobby: Mapped[Lobby] = relationship(back_populates="seats")
