"""Whether an action may be taken in a game now, and the refusals every action shares
(docs/architecture.md, "A move's trip", step 2; docs/api.md, "Errors").

A move, a typed move, a resignation, an undo and a takeback all refuse the same things the same
way: a game that is over or imported, a seat the caller does not hold, a seat that resigned, a
seq that is not the game's. One place says each, so the catalogue holds each once and the
answers agree whichever door a request came in by.
"""

from __future__ import annotations

from app.errors import conflict, forbidden
from app.play.live import LiveGame
from app.play.seats import resolve_seat


def refuse_unplayable(live: LiveGame) -> None:
    """Refuse a game nobody moves in any more: finished, or imported for review."""
    if live.finished:
        raise conflict("GAME_FINISHED", "the game is over")
    if live.imported:
        raise conflict("GAME_IMPORTED", "an imported game is for review; nobody moves in it")


def refuse_stale(live: LiveGame, seq: int) -> None:
    """Refuse an action made at another seq than the game's; the answer carries the current
    seq, so the loser of a race learns where the game is."""
    if seq != live.seq:
        raise conflict("STALE_SEQ", "the game is at seq {now}, not {seq}",
                       args={"now": live.seq, "seq": seq}, seq=live.seq)


def refuse_not_to_act(live: LiveGame, seat: int) -> None:
    """Refuse a seat that is not to act and has no move now (games where a seat may act out of
    turn list its moves: the seat is then let through)."""
    if seat not in live.engine.to_act(live.state) \
            and not live.engine.legal_moves(live.state, seat):
        raise forbidden("NOT_YOUR_TURN", "it is not your turn")


def own_seat(live: LiveGame, user_id: str, seat: int | None) -> int:
    """The seat the caller acts for (requested, or the one to act); refuses a caller who holds
    none."""
    acting = resolve_seat(live, user_id, seat)
    if acting is None:
        raise forbidden("NOT_YOUR_SEAT", "you hold no seat in this game")
    return acting


def refuse_resigned(live: LiveGame, seat: int) -> None:
    """Refuse a seat that resigned: its bot plays it now."""
    if seat in live.resigned:
        raise forbidden("RESIGNED", "this seat has resigned; the bot plays it")


def held_seat(live: LiveGame, user_id: str, seat: int | None) -> int:
    """`own_seat` in a playable game."""
    refuse_unplayable(live)
    return own_seat(live, user_id, seat)


def playing_seat(live: LiveGame, user_id: str, seat: int | None) -> int:
    """``held_seat``, refusing a seat that resigned."""
    acting = held_seat(live, user_id, seat)
    refuse_resigned(live, acting)
    return acting
