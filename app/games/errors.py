"""The errors an engine raises (docs/design.md, "Engine contract"): each carries an HTTP status
and a stable code, and may carry its reason as a message (app/games/messages.py) with the rule
it cites. A module of its own so that the messages module, which makes these errors, and the
contract in base.py, which says its own refusals with messages, import it without importing
each other.

Standard library only, like every engine module.
"""

from __future__ import annotations

from typing import Any


class GameError(Exception):
    """Base of every error an engine raises; carries an HTTP status and a stable code."""

    status: int = 400
    default_code: str = "GAME_ERROR"

    def __init__(self, reason: str, code: str | None = None, *,
                 message: dict[str, Any] | None = None, rule: str | None = None) -> None:
        super().__init__(reason)
        self.reason = reason
        self.code = code or self.default_code
        # the reason as data (app/games/messages.py), for each client to say in its language
        self.message = message
        self.rule = rule


class InvalidMove(GameError):
    """The payload is malformed: unknown type, missing or unknown field, bad value (422)."""

    status = 422
    default_code = "BAD_INPUT"


class IllegalMove(GameError):
    """Well formed but not legal now; the reason starts with the rule id (409)."""

    status = 409
    default_code = "ILLEGAL_MOVE"


class NotYourTurn(GameError):
    """The seat has no move to make now (403)."""

    status = 403
    default_code = "NOT_YOUR_TURN"


class InvalidOptions(GameError):
    """Lobby options that the game's option schema rejects (422)."""

    status = 422
    default_code = "BAD_OPTIONS"


class ReplayMismatch(GameError):
    """A recorded chance outcome does not fit the draw that replay asks for (422)."""

    status = 422
    default_code = "REPLAY_MISMATCH"
