"""``/api/lobbies``: create, list, read, edit, join, leave, bots, start."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request

from app.identity.service import Identity, marks_of, names_of, people_of
from app.lobbies import repository as repo
from app.lobbies import service, turn_cap_check
from app.lobbies.models import Lobby
from app.lobbies.schemas import JoinIn, LobbyIn, LobbyPatch, SeatIn
from app.play import hard_quota, turn_rows
from app.ratelimit import client_address, limit
from app.schemas import IdParam
from app.web.deps import CurrentUser, OptionalUser, PlayDep, SessionDep

router = APIRouter(prefix="/api/lobbies", tags=["lobbies"])


async def _json(session: SessionDep, lobby: Lobby, viewer: Identity | None) -> dict[str, Any]:
    # the host's name and every seated person's mark in one query; the viewer's own name
    # and mark from their identity (a new lobby's answer to its host needs no query at all)
    who = {s.user_id for s in lobby.seats if s.user_id and s.holder in ("user", "invited")}
    names, marks = await people_of(session, who | {lobby.host_id}, viewer)
    return with_marks(service.to_json(lobby, viewer, names.get(lobby.host_id, "host")), marks)


def people(data: dict[str, Any]) -> set[str]:
    return {s["user_id"] for s in data["seats"] if s["user_id"]} | {data["host"]["user_id"]}


def with_marks(data: dict[str, Any], marks: dict[str, str]) -> dict[str, Any]:
    """Each person's mark beside their name (app/identity/service.py, ``mark``): two players of
    one display name are told apart by it."""
    for seat in data["seats"]:
        seat["mark"] = marks.get(seat["user_id"]) if seat["holder"] in ("user", "invited") else None
    data["host"]["mark"] = marks.get(data["host"]["user_id"])
    return data


@router.post("", status_code=201)
async def create_lobby(body: LobbyIn, request: Request, user: CurrentUser,
                       session: SessionDep) -> dict[str, Any]:
    """Create a lobby; the caller hosts it and takes seat 0."""
    await limit(request, "lobby", request.app.state.settings.rate_lobbies, user.user_id)
    await turn_cap_check.check(session, user.user_id, body.clock.stored())
    lobby = await service.open_new(session, user, body)
    return await _json(session, lobby, user)


@router.get("")
async def list_lobbies(session: SessionDep, user: OptionalUser) -> dict[str, Any]:
    """Open lobbies that are not private."""
    lobbies = await repo.list_open(session)
    hosts = await names_of(session, {lob.host_id for lob in lobbies})
    listed = [service.to_json(lob, user, hosts.get(lob.host_id, "host")) for lob in lobbies]
    marks = await marks_of(session, {uid for data in listed for uid in people(data)})
    return {"lobbies": [with_marks(data, marks) for data in listed]}


@router.get("/mine")
async def my_lobbies(session: SessionDep, user: CurrentUser) -> dict[str, Any]:
    """The open lobbies the caller hosts, sits in or is invited to (My games, issue 25 point 18)."""
    lobbies = await repo.open_of(session, user.user_id)
    hosts = await names_of(session, {lob.host_id for lob in lobbies})
    return {"lobbies": [service.to_json(lob, user, hosts.get(lob.host_id, "host"))
                        for lob in lobbies]}


@router.get("/{lobby_id}")
async def get_lobby(lobby_id: IdParam, session: SessionDep, user: OptionalUser) -> dict[str, Any]:
    """One lobby; its link is its invitation, private or not."""
    return await _json(session, await service.load(session, lobby_id), user)


@router.patch("/{lobby_id}")
async def patch_lobby(lobby_id: IdParam, body: LobbyPatch, user: CurrentUser,
                      session: SessionDep) -> dict[str, Any]:
    """Host edits before the start."""
    lobby = await service.load(session, lobby_id, True)
    if body.clock is not None and turn_rows.turn_clock_of(lobby.clock) is None:
        # switching to turn-based: the host's cap (the seated players' are theirs at joining)
        await turn_cap_check.check(session, user.user_id, body.clock.stored(), lobby.id)
    lobby = await service.update(session, lobby, user, body)
    return await _json(session, lobby, user)


@router.post("/{lobby_id}/join")
async def join_lobby(lobby_id: IdParam, user: CurrentUser, session: SessionDep,
                     body: JoinIn | None = None) -> dict[str, Any]:
    """Take a seat (the given one, or the first open one)."""
    lobby = await service.load(session, lobby_id, True)
    if not any(s.user_id == user.user_id and s.holder in ("user", "invited")
               for s in lobby.seats):  # joining twice, or a kept rematch seat, is no new table
        await turn_cap_check.check(session, user.user_id, lobby.clock, lobby.id)
    lobby = await service.join(session, lobby, user, body.seat if body else None)
    return await _json(session, lobby, user)


@router.post("/{lobby_id}/leave")
async def leave_lobby(lobby_id: IdParam, user: CurrentUser, session: SessionDep) -> dict[str, Any]:
    """Give the caller's seats back."""
    lobby = await service.leave(session, await service.load(session, lobby_id, True), user)
    return await _json(session, lobby, user)


@router.post("/{lobby_id}/bots")
async def seat_bot(lobby_id: IdParam, body: SeatIn, user: CurrentUser,
                   session: SessionDep) -> dict[str, Any]:
    """Give a seat to the game's bot at a level, or change a bot seat's level (host only)."""
    lobby = await service.load(session, lobby_id, True)
    lobby = await service.give_to_bot(session, lobby, user, body.seat, body.level)
    return await _json(session, lobby, user)


@router.post("/{lobby_id}/start")
async def start_lobby(lobby_id: IdParam, user: CurrentUser, session: SessionDep,
                      play: PlayDep, request: Request) -> dict[str, Any]:
    """Start the game (host only, every seat held; hard bots within the host's caps)."""
    lobby = await service.load(session, lobby_id, True)
    game = await service.start(session, lobby, user, user.name)
    settings = request.app.state.settings
    await hard_quota.claim(session, game, user.user_id, client_address(request),
                           settings.max_hard_bot_games_per_identity,
                           settings.max_hard_bot_games_per_address)
    await session.commit()
    play.kick_bots(play.adopt(game))  # from the row as written: nothing is read back
    if lobby.rematch_of:
        # the finished game's viewers learn that its rematch has begun, and where
        await play.notify(lobby.rematch_of, {"type": "rematch", "lobby_id": lobby.id,
                                             "by": user.name, "game_id": game.id})
    return {"game_id": game.id}
