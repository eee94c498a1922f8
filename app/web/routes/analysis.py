"""``/api/games/{id}/analysis``: ask for a finished game's analysis, and read it
(app/analysis/)."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request

from app.analysis.service import Analyses
from app.schemas import IdParam
from app.web.deps import CurrentUser

router = APIRouter(prefix="/api", tags=["games"])


def _analyses(request: Request) -> Analyses:
    service: Analyses = request.app.state.analyses
    return service


@router.post("/games/{game_id}/analysis", status_code=202)
async def ask(game_id: IdParam, request: Request, user: CurrentUser) -> dict[str, Any]:
    """Start the analysis of a finished game (or give the one there is, shared)."""
    return await _analyses(request).request(game_id, user.user_id)


@router.get("/games/{game_id}/analysis")
async def read(game_id: IdParam, request: Request) -> dict[str, Any]:
    """The analysis of a finished game: ``status`` none, pending, done or failed."""
    return await _analyses(request).status(game_id)
