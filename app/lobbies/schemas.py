"""Request bodies of the lobby endpoints."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import Field, model_validator

from app.play.turn_clock import DAYS_CHOICES
from app.schemas import Body, Name


class Clock(Body):
    """Turn clock: off, seconds per move, minutes per game (per seat), or turn-based: days per
    move with a growing reserve, and what happens to a seat that runs out (issue 27, point 1;
    app/play/turn_clock.py)."""

    mode: Literal["off", "move", "game", "turn"] = "off"
    seconds: int = Field(default=0, ge=0, le=24 * 3600)
    days: int | None = None
    on_timeout: Literal["bot", "drop"] = "bot"

    @model_validator(mode="after")
    def _days_for_turn_based(self) -> Clock:
        if self.mode == "turn" and self.days not in DAYS_CHOICES:
            raise ValueError(f"a turn-based table takes one of {list(DAYS_CHOICES)} days per move")
        if self.mode != "turn":
            self.days = None
        return self

    def stored(self) -> dict[str, Any]:
        """What the lobby keeps: a live clock as before, a turn-based one without seconds."""
        if self.mode == "turn":
            return {"mode": "turn", "days": self.days, "on_timeout": self.on_timeout}
        return {"mode": self.mode, "seconds": self.seconds}


class LobbyIn(Body):
    kind: str = Field(max_length=40)
    players: int | None = Field(default=None, ge=1, le=8)
    options: dict[str, Any] = Field(default_factory=dict)
    private: bool = False
    rated: bool = False
    # takebacks allowed; None: on for casual, off for rated (app/lobbies/service.py)
    takebacks: bool | None = None
    clock: Clock = Field(default_factory=Clock)
    # who plays a seat taken over after a timeout or a resignation (app/games/bots.py LEVELS)
    takeover_level: str = Field(default="normal", max_length=16)


class SeatHolder(Body):
    seat: int = Field(ge=0, le=7)
    holder: Literal["open", "bot", "host"]
    # the name a seat on the host's device plays under (a friend on the same sofa); only there
    name: Name | None = None
    # a bot seat's level (app/games/bots.py LEVELS); only with holder "bot", default normal
    level: str | None = Field(default=None, max_length=16)


class LobbyPatch(Body):
    options: dict[str, Any] | None = None
    players: int | None = Field(default=None, ge=1, le=8)
    private: bool | None = None
    rated: bool | None = None
    takebacks: bool | None = None
    clock: Clock | None = None
    seats: list[SeatHolder] | None = Field(default=None, max_length=8)
    takeover_level: str | None = Field(default=None, max_length=16)


class JoinIn(Body):
    seat: int | None = Field(default=None, ge=0, le=7)


class SeatIn(Body):
    seat: int = Field(ge=0, le=7)
    # the bot's level (app/games/bots.py LEVELS); posting again on a bot seat changes it
    level: str = Field(default="normal", max_length=16)
