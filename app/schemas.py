"""Shared pydantic base for request bodies: unknown fields are rejected."""

from __future__ import annotations

from typing import Annotated

from fastapi import Path
from pydantic import AfterValidator, BaseModel, ConfigDict, StringConstraints

from app.names import check_display_name


class Body(BaseModel):
    """A request body: strict about unknown fields."""

    model_config = ConfigDict(extra="forbid")


# No control characters: they mean nothing in a name or a chat line, and PostgreSQL refuses NUL.
# Names also refuse invisible and direction-changing characters (zero-width spaces, the bidi
# overrides such as U+202E): in a seat list they would disguise one player as another.
NAME_PATTERN = r"^[^\x00-\x1f\x7f-\x9f\u200b-\u200f\u202a-\u202e\u2060-\u206f\ufeff]+$"
SeatName = Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=40,
                                            pattern=NAME_PATTERN)]
"""A name a seat may carry in a game record: a person's, or one the site gave ("Bot 2")."""
# a name a person chooses is not one the site shows by itself, and it has a letter or a digit
# (app/names.py)
Name = Annotated[SeatName, AfterValidator(check_display_name)]
ChatText = Annotated[str, StringConstraints(min_length=1, max_length=300,
                                            pattern=r"^[^\x00-\x08\x0b-\x1f\x7f]+$")]

ID_PATTERN = r"^[A-Za-z0-9_-]{1,64}$"
"""Lobby and game ids are URL-safe tokens; anything else is refused before it reaches a query
(PostgreSQL answers a NUL in a string parameter with an error, not a miss)."""
IdParam = Annotated[str, Path(pattern=ID_PATTERN)]
TOKEN_PATTERN = r"^[A-Za-z0-9_.:-]{1,64}$"
"""Client move ids and seeds: short printable tokens."""
ClientMoveId = Annotated[str, StringConstraints(pattern=TOKEN_PATTERN)]
