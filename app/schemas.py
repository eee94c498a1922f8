"""Shared pydantic base for request bodies: unknown fields are rejected."""

from __future__ import annotations

from typing import Annotated

from pydantic import BaseModel, ConfigDict, StringConstraints


class Body(BaseModel):
    """A request body: strict about unknown fields."""

    model_config = ConfigDict(extra="forbid")


Name = Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=40)]
