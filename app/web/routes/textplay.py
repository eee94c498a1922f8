"""Playing by text (issue 31): a typed move read, the legal moves written, the position in
words. The move itself is posted to ``POST /api/games/{id}/moves`` with ``text`` (games.py).

* ``GET /api/games/{id}/legal-texts`` — the caller's legal moves now in the notation, for the
  move box's completion and the ``/legal`` command;
* ``GET /api/games/{id}/read-move?text=`` — what a typed move names (the JSON move and its
  words), refused in words as the move itself would be; it changes nothing, so the move box
  can pass the move through the "Confirm moves" gate like a click;
* ``GET /api/games/{id}/text-view`` — text mode: the caller's own view (the one the socket
  sends) as headings and lists, written by the game's engine package.
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Query

from app.play import typed_moves
from app.schemas import IdParam
from app.web.deps import CurrentUser, OptionalUser, PlayDep

router = APIRouter(prefix="/api", tags=["games"])

SeatQuery = Annotated[int | None, Query(ge=0, le=7)]
TextQuery = Annotated[str, Query(max_length=typed_moves.MAX_TEXT)]


@router.get("/games/{game_id}/legal-texts")
async def legal_texts(game_id: IdParam, play: PlayDep, user: CurrentUser,
                      seat: SeatQuery = None) -> dict[str, Any]:
    """The caller's legal moves now, written in the game's notation (none when not to act)."""
    live = await play.load(game_id)
    viewer = play.view_seat(live, user.user_id, seat)
    if viewer is None:
        raise typed_moves.not_a_seat()
    return {"seat": viewer, "seq": live.seq, "moves": typed_moves.legal_texts(live, viewer)}


@router.get("/games/{game_id}/read-move")
async def read_move(game_id: IdParam, text: TextQuery, play: PlayDep, user: CurrentUser,
                    seat: SeatQuery = None,
                    seq: Annotated[int | None, Query(ge=0)] = None) -> dict[str, Any]:
    """The move that ``text`` names for the caller's seat now: ``{seq, seat, move, text}``."""
    live = await play.load(game_id)
    async with live.lock:  # the position read is the one the move will be checked against
        acting = play.resolve_seat(live, user.user_id, seat)
        if acting is None:
            raise typed_moves.not_a_seat()
        move = typed_moves.read_typed(live, acting, text, seq)
        written = live.engine.write_move(live.state, acting, move)
        return {"seq": live.seq, "seat": acting, "move": move, "text": written}


@router.get("/games/{game_id}/text-view")
async def text_view(game_id: IdParam, play: PlayDep, user: OptionalUser,
                    seat: SeatQuery = None) -> dict[str, Any]:
    """Text mode: the caller's view now as sections of headings and lists."""
    live = await play.load(game_id)
    viewer = play.view_seat(live, user.user_id if user else None, seat)
    view = live.view(viewer)
    return {"seq": live.seq, "seat": viewer,
            "sections": live.engine.text_sections(view, viewer, live.names)}
