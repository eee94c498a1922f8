"""Request bodies of the tournament endpoints (docs/api.md, "Tournaments")."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Any, Literal

from pydantic import Field, StringConstraints

from app.lobbies.schemas import Clock
from app.schemas import NAME_PATTERN, Body

TournamentName = Annotated[str, StringConstraints(strip_whitespace=True, min_length=1,
                                                  max_length=80, pattern=NAME_PATTERN)]


class TournamentIn(Body):
    name: TournamentName
    kind: str = Field(max_length=40)
    options: dict[str, Any] = Field(default_factory=dict)
    format: Literal["swiss", "round-robin"] = "swiss"
    table_size: int = Field(ge=2, le=7)
    # a Swiss's rounds; a round robin's count follows from its players (this is ignored)
    rounds: int = Field(default=3, ge=1, le=30)
    # when the first round is seated; none: in five minutes (the host may start it sooner)
    starts_at: datetime | None = None
    private: bool = False
    rated: bool = False
    # a clock is required: it is what finds a missing player (their seat times out and is
    # played for them), so that no round waits for someone who never comes
    clock: Clock = Field(default_factory=lambda: Clock(mode="move", seconds=120))
    absent: Literal["bot", "forfeit"] = "bot"
