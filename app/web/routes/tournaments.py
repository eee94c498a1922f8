"""``/api/tournaments``: create, list, read, register, withdraw, start now (app/tournaments/)."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request

from app.ratelimit import limit
from app.schemas import IdParam
from app.tournaments import service
from app.tournaments.schemas import TournamentIn
from app.web.deps import CurrentUser, OptionalUser, SessionDep

router = APIRouter(prefix="/api/tournaments", tags=["tournaments"])


@router.post("", status_code=201)
async def create_tournament(body: TournamentIn, request: Request, user: CurrentUser,
                            session: SessionDep) -> dict[str, Any]:
    """Create a tournament; the caller organises it (and registers separately to play)."""
    await limit(request, "lobby", request.app.state.settings.rate_lobbies, user.user_id)
    t = await service.create(session, user, body)
    return await service.to_json(session, t, user)


@router.get("")
async def list_tournaments(session: SessionDep) -> dict[str, Any]:
    """Public tournaments: upcoming, running and finished."""
    return await service.listing(session)


@router.get("/{tournament_id}")
async def read_tournament(tournament_id: IdParam, session: SessionDep,
                          user: OptionalUser) -> dict[str, Any]:
    """The tournament with its standings, rounds and podium (anyone with the link)."""
    return await service.to_json(session, await service.load(session, tournament_id), user)


@router.post("/{tournament_id}/register")
async def register(tournament_id: IdParam, session: SessionDep,
                   user: CurrentUser) -> dict[str, Any]:
    """Register to play (until the start)."""
    t = await service.load(session, tournament_id, to_change=True)
    await service.register(session, t, user)
    return await service.to_json(session, t, user)


@router.post("/{tournament_id}/withdraw")
async def withdraw(tournament_id: IdParam, session: SessionDep,
                   user: CurrentUser) -> dict[str, Any]:
    """Withdraw: before the start the registration goes; after it, no more rounds."""
    t = await service.load(session, tournament_id, to_change=True)
    await service.withdraw(session, t, user)
    return await service.to_json(session, t, user)


@router.post("/{tournament_id}/start")
async def start_now(tournament_id: IdParam, request: Request, session: SessionDep,
                    user: CurrentUser) -> dict[str, Any]:
    """The organiser ends registration now; the scheduler seats round 1 at once."""
    t = await service.load(session, tournament_id)
    await service.start_now(session, t, user)
    await session.commit()
    request.app.state.tournaments.poke()
    return await service.to_json(session, t, user)
