"""``/api/games/{id}/undo`` and ``/api/games/{id}/takeback``: undo within a turn, and takeback
after it (issue 27, point 3; app/play/undo_service.py)."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Query, Request
from pydantic import Field

from app.ratelimit import limit
from app.schemas import Body, IdParam
from app.web.deps import CurrentUser, OptionalUser, PlayDep

router = APIRouter(prefix="/api", tags=["games"])


class UndoIn(Body):
    """``seq``: the last seq the client saw, as for a move; a stale one changes nothing."""

    seq: int = Field(ge=0)
    seat: int | None = Field(default=None, ge=0, le=7)


class AnswerIn(Body):
    seq: int = Field(ge=0)
    accept: bool


@router.post("/games/{game_id}/undo")
async def undo(game_id: IdParam, body: UndoIn, request: Request, play: PlayDep,
               user: CurrentUser) -> dict[str, Any]:
    """Undo the caller's last step of this turn, if it revealed nothing."""
    await limit(request, "moves", request.app.state.settings.rate_moves, user.user_id)
    return await play.undo.undo(game_id, user.user_id, body.seq, body.seat)


@router.get("/games/{game_id}/takeback")
async def takeback_request(game_id: IdParam, play: PlayDep, user: OptionalUser,
                           seat: Annotated[int | None, Query(ge=0, le=7)] = None
                           ) -> dict[str, Any]:
    """The takeback asked for now, if any (``takeback`` is null otherwise), whether the table
    allows takebacks, and what the caller's seat may do now (``can``: undo, ask)."""
    live = await play.load(game_id)
    return {"seq": live.seq, "allowed": live.takebacks,
            "takeback": await play.undo.request(game_id),
            "can": play.undo.choices(live, user.user_id if user else None, seat)}


@router.post("/games/{game_id}/takeback")
async def ask_takeback(game_id: IdParam, body: UndoIn, request: Request, play: PlayDep,
                       user: CurrentUser) -> dict[str, Any]:
    """Ask the others to take back the caller's last move (with every move since)."""
    await limit(request, "moves", request.app.state.settings.rate_moves, user.user_id)
    return await play.undo.ask(game_id, user.user_id, body.seq, body.seat)


@router.post("/games/{game_id}/takeback/answer")
async def answer_takeback(game_id: IdParam, body: AnswerIn, request: Request, play: PlayDep,
                          user: CurrentUser) -> dict[str, Any]:
    """Accept or decline the takeback asked at ``seq``."""
    await limit(request, "moves", request.app.state.settings.rate_moves, user.user_id)
    return await play.undo.answer(game_id, user.user_id, body.seq, body.accept)
