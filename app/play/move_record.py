"""One move as the writer commits it: the move row, its optional snapshot, the game's
progress after it, and what else changes in the move's transaction (away seats, a turn-based
game's due rows). Its own module so that the writer and the one-statement batch
(app/play/batch_statement.py) both read it without importing each other."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass
class MoveRecord:
    """One move row, its optional snapshot, and the game's progress after it."""

    game_id: str
    seq: int
    seat: int
    move: dict[str, Any]
    chance: list[Any]
    events: list[Any]
    actor: str
    client_move_id: str | None
    status: str
    outcome: dict[str, Any] | None
    snapshot: Any = None
    to_act: list[int] | None = None
    level: str | None = None
    away: bool | None = None
    """The seat becomes away with this move (its clock ran out), or back (its player's own
    move); None: no change."""
    turn_clock: dict[str, Any] | None = None
    """A turn-based game's clock: its ``turn_dues`` rows are kept in the move's transaction
    (app/play/turn_rows.py), so a crash after the commit cannot leave them behind the move."""
