"""``/api/games/{id}/rematch`` and ``/api/games/{id}/continue``: a new lobby from a finished game
(app/rematch/)."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from pydantic import Field

from app.lobbies import service as lobbies
from app.play import records
from app.ratelimit import limit
from app.rematch import continuation, offers
from app.schemas import Body, IdParam
from app.web.deps import CurrentUser, PlayDep, SessionDep

router = APIRouter(prefix="/api", tags=["games"])


@router.post("/games/{game_id}/rematch", status_code=201)
async def rematch(game_id: IdParam, play: PlayDep, session: SessionDep,
                  user: CurrentUser) -> dict[str, Any]:
    """Offer the rematch, or accept the one offered: one lobby for the whole table."""
    lobby, created = await offers.press(play, session, game_id, user)
    return {"lobby_id": lobby.id, "created": created, "game_id": lobby.game_id}


class ContinueIn(Body):
    step: int = Field(ge=0, le=records.MAX_MOVES)


@router.post("/games/{game_id}/continue", status_code=201)
async def continue_from(game_id: IdParam, body: ContinueIn, request: Request,
                        session: SessionDep, user: CurrentUser) -> dict[str, Any]:
    """"Continue from here": a new lobby whose game starts from step ``step`` of this finished
    game, its unseen part reshuffled; the caller hosts it (app/rematch/continuation.py)."""
    await limit(request, "lobby", request.app.state.settings.rate_lobbies, user.user_id)
    lobby = await continuation.open_lobby(session, user, game_id, body.step)
    return {"lobby_id": lobby.id, **lobbies.to_json(lobby, user, user.name)}
