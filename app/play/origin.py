"""Step 0 of a continued game: the platform's ``Continued`` event (app/play/continuation.py).

Kept apart from the engines' events: no engine knows it, so the platform redacts nothing of it
(the source game is finished, so where a game came from is public) and says it in words itself.
"""

from __future__ import annotations

from typing import Any

from app.games.messages import Message, say

CONTINUED = "Continued"
"""The type of the origin event: ``{"type": "Continued", "game": id or None, "step": k}``."""


def origin_event(source_id: str | None, step: int | None) -> dict[str, Any]:
    """Step 0 of a continued game's log: where it came from."""
    return {"type": CONTINUED, "game": source_id, "step": step}


def is_origin(event: Any) -> bool:
    return isinstance(event, dict) and event.get("type") == CONTINUED


def origin_text(event: dict[str, Any]) -> str:
    """The origin event in words (no ids: the pages link the source game by its players)."""
    where = "an earlier game" if event.get("game") else "a game played elsewhere"
    return (f"Continued from move {event.get('step')} of {where}; the cards and tiles not yet "
            "seen were shuffled again.")


def origin_message(event: dict[str, Any]) -> Message:
    """``origin_text`` as a message, said in each reader's language (issue 29)."""
    if event.get("game"):
        return say("Continued from move {step} of an earlier game; the cards and tiles not yet "
                   "seen were shuffled again.", step=event.get("step"))
    return say("Continued from move {step} of a game played elsewhere; the cards and tiles not "
               "yet seen were shuffled again.", step=event.get("step"))
