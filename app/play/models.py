"""The games, moves, snapshots and chat tables (docs/design.md, "Randomness and the move log").

The log is the truth: ``games`` holds the setup record, ``moves`` one row per applied move with
the chance outcomes it consumed. The ``(game_id, seq)`` primary key is the optimistic
concurrency check: two racing moves cannot both insert ``seq + 1``.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import (
    JSON,
    Boolean,
    DateTime,
    Float,
    ForeignKey,
    Integer,
    String,
    Text,
    UniqueConstraint,
    false,
    func,
)
from sqlalchemy.orm import Mapped, mapped_column

from app.db import Base


class Game(Base):
    """The setup record of a game, plus its current seq and status for listings."""

    __tablename__ = "games"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    kind: Mapped[str] = mapped_column(String(40), index=True)
    lobby_id: Mapped[str | None] = mapped_column(String(32), nullable=True)
    host_id: Mapped[str | None] = mapped_column(String(32), nullable=True)
    private: Mapped[bool] = mapped_column(Boolean, default=False)
    # asked for by the lobby; whether it counts is decided at the end (app/ratings/eligibility.py)
    rated: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    # whether a player may ask the others to take a move back (issue 27, point 3); the lobby
    # decides, games from before migration 0022 allow none
    takebacks: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    options: Mapped[dict[str, Any]] = mapped_column(JSON)
    # [{seat, name, holder, user_id, level}] as the lobby had them at the start (``level``
    # only on bot seats; missing on games from before migration 0012: normal)
    seats: Mapped[list[Any]] = mapped_column(JSON)
    clock: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
    seed: Mapped[str] = mapped_column(String(64))
    setup_chance: Mapped[list[Any]] = mapped_column(JSON)
    initial_state: Mapped[Any] = mapped_column(JSON)
    status: Mapped[str] = mapped_column(String(16), default="live", index=True)
    seq: Mapped[int] = mapped_column(Integer, default=0)
    outcome: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    resigned: Mapped[list[Any]] = mapped_column(JSON, default=list)
    # the bot level that plays a seat taken over after a timeout or a resignation (issue 17)
    takeover_level: Mapped[str] = mapped_column(String(8), default="normal",
                                                server_default="normal")
    # the seats to act after the last move ("My games": whose turn); NULL before migration 0005
    to_act: Mapped[list[int] | None] = mapped_column(JSON, nullable=True)
    # a game continued from a step of another ("Continue from here", docs/decisions.md): the
    # source game (None for an imported record whose source is not on this server), the step,
    # and the source's state at that step, from which `initial_state` was resampled. A game
    # with an origin state is a continuation, which a future rating system must leave out.
    continued_from: Mapped[str | None] = mapped_column(String(32), nullable=True, index=True)
    continued_step: Mapped[int | None] = mapped_column(Integer, nullable=True)
    origin_state: Mapped[Any] = mapped_column(JSON, nullable=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())


class MoveRow(Base):
    """One applied move: who, what, the chance outcomes it consumed, and its events."""

    __tablename__ = "moves"
    # a client move id names one seat's move: retries are matched after the seat is resolved
    __table_args__ = (UniqueConstraint("game_id", "seat", "client_move_id",
                                       name="uq_moves_game_id_seat_client_move_id"),)

    game_id: Mapped[str] = mapped_column(ForeignKey("games.id"), primary_key=True)
    seq: Mapped[int] = mapped_column(Integer, primary_key=True)
    seat: Mapped[int] = mapped_column(Integer)
    move: Mapped[dict[str, Any]] = mapped_column(JSON)
    chance: Mapped[list[Any]] = mapped_column(JSON)
    events: Mapped[list[Any]] = mapped_column(JSON)
    # player, bot, timeout, resigned or host
    actor: Mapped[str] = mapped_column(String(16), default="player")
    # the level of the bot that chose the move (normal, hard); None for a person's move and
    # for a game's own timeout move
    level: Mapped[str | None] = mapped_column(String(8), nullable=True)
    client_move_id: Mapped[str | None] = mapped_column(String(64), nullable=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())


class Snapshot(Base):
    """The engine state after move ``seq``, every K moves, so replay starts near any step."""

    __tablename__ = "snapshots"

    game_id: Mapped[str] = mapped_column(ForeignKey("games.id"), primary_key=True)
    seq: Mapped[int] = mapped_column(Integer, primary_key=True)
    state: Mapped[Any] = mapped_column(JSON)


class AwaySeat(Base):
    """A seat whose clock ran out and whose player has not come back: the platform plays it.

    One row per seat, so that two instances changing two seats never overwrite each other's
    change (a list on the game row would be read, changed and written back whole). The row is
    written with the timeout move and deleted with the player's own move, in the move's
    transaction; a player who comes back without moving deletes it alone.
    """

    __tablename__ = "away_seats"

    game_id: Mapped[str] = mapped_column(ForeignKey("games.id"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)


class GameDuty(Base):
    """A finished game's end-of-game duties (ratings, notices), pending until done: the outbox
    row of docs/design.md's "Duties after a commit are durable".

    Written in the final move's transaction, so a finished game always has either this row or
    its duties done. The instance that committed the move holds the claim until
    ``claimed_until`` (seconds since the epoch) and completes it at once; a crash, a database
    error or a failing duty leaves the row, and whichever instance's sweep claims it after the
    claim has lapsed completes it (app/play/duties.py). Deleted once every duty is done.
    """

    __tablename__ = "game_duties"

    game_id: Mapped[str] = mapped_column(ForeignKey("games.id"), primary_key=True)
    claimed_until: Mapped[float] = mapped_column(Float, index=True)
    attempts: Mapped[int] = mapped_column(Integer, default=0, server_default="0")


class HardBotGame(Base):
    """A live game that hard bots play in, and who started it from where (issue 24, point 4):
    the caps on live hard-bot games per identity and per address count these rows
    (app/play/hard_quota.py). Written in the start's transaction, deleted with the final move.
    """

    __tablename__ = "hard_bot_games"

    game_id: Mapped[str] = mapped_column(ForeignKey("games.id"), primary_key=True)
    owner_id: Mapped[str] = mapped_column(String(32), index=True)
    address: Mapped[str] = mapped_column(String(64), index=True)


class ChatLine(Base):
    """A chat line of a game; user text, only ever shown as text."""

    __tablename__ = "chat"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    game_id: Mapped[str] = mapped_column(ForeignKey("games.id"), index=True)
    user_id: Mapped[str] = mapped_column(String(32))
    name: Mapped[str] = mapped_column(String(40))
    text: Mapped[str] = mapped_column(Text)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())


class TurnDue(Base):
    """A turn-based seat's next due times (issue 27, point 1): a reminder at ``remind_at``, the
    lobby's timeout action at ``due_at`` (seconds since the epoch). Any instance's scheduler
    claims due rows until ``claimed_until`` (app/play/turn_scheduler.py), so a due turn is
    handled once, whichever instance holds the game, and after a restart. One row per seat a
    person plays, kept while the game lasts, so the seat's reserve outlives its turns."""

    __tablename__ = "turn_dues"

    game_id: Mapped[str] = mapped_column(ForeignKey("games.id"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    due_at: Mapped[float] = mapped_column(Float, index=True)
    remind_at: Mapped[float] = mapped_column(Float, index=True)
    reminded: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    on_timeout: Mapped[str] = mapped_column(String(8), default="bot", server_default="bot")
    claimed_until: Mapped[float] = mapped_column(Float, default=0.0, server_default="0")
    # when the seat's current turn began (None: not to act; its due times are then IDLE) and
    # what is left of its reserve (app/play/turn_clock.py)
    started_at: Mapped[float | None] = mapped_column(Float, nullable=True)
    reserve: Mapped[float] = mapped_column(Float, default=0.0, server_default="0")
