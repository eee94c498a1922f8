"""Moves typed in the game's notation (issue 31): read for a seat, and the legal ones written.

The move box of the game page and API clients may name a move as text ("buy 2", "1S r0 f")
instead of JSON. The engine's own ``read_move`` (each game's ``notation.py``) reads it in the
position of the game now; this module adds what the platform checks first, in the order of
the move pipeline (docs/architecture.md, "A move's trip"): a game that is over or imported, a
stale ``seq``, a seat with nothing to do. Every refusal is an `ApiError` in words, the rule id
first as the engines write it, and reading never changes anything.
"""

from __future__ import annotations

from app.errors import ApiError, forbidden, from_game_error
from app.games.base import GameError, Move
from app.play.acting import refuse_not_to_act, refuse_stale, refuse_unplayable
from app.play.live import LiveGame

MAX_TEXT = 120
"""The longest typed move accepted (the engines' own limit, app/games/notation.py)."""


def check_can_act(live: LiveGame, seat: int, seq: int | None) -> None:
    """Refuse (as the pipeline would) a game nobody moves in, a stale seq, a seat not to act."""
    refuse_unplayable(live)
    if seq is not None:
        refuse_stale(live, seq)
    refuse_not_to_act(live, seat)


def read_typed(live: LiveGame, seat: int, text: str, seq: int | None = None) -> Move:
    """The JSON move that ``text`` names for ``seat`` now; raises an `ApiError` otherwise.

    The engine proves the move legal by a dry run (app/games/notation.py ``checked``), so a
    move read here is refused later only if the game moved on in between.
    """
    check_can_act(live, seat, seq)
    try:
        return live.engine.read_move(live.state, seat, text)
    except GameError as err:
        raise from_game_error(err) from None


def legal_texts(live: LiveGame, seat: int) -> list[str]:
    """The seat's legal moves now, each written in the notation (no two alike, in order)."""
    out: dict[str, None] = {}
    for move in live.legal(seat):
        try:
            out[live.engine.write_move(live.state, seat, move)] = None
        except GameError:
            continue  # a listed move the notation cannot say is still playable on the board
    return list(out)


def not_a_seat() -> ApiError:
    """The refusal for a caller who holds no seat (a spectator typing a move)."""
    return forbidden("NOT_YOUR_SEAT", "you hold no seat in this game; spectators cannot move")
