"""Events in words for the game log (BOM-56 event types), in English.

The words themselves are messages in words.py, which every client says in its own language
(issue 29); this is their English, as the log and the golden playthrough always had it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from app.games.bombay_bazar import words
from app.games.messages import english

Event = dict[str, Any]


def describe_event(event: Event, names: Sequence[str]) -> str:
    """One event as a sentence (English)."""
    return english(words.describe(event, names))
