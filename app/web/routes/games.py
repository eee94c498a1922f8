"""``/api/games``: views, legal moves, moves, log, replay, scores, export/import, resign, rematch,
chat."""

from __future__ import annotations

import time
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Query, Request
from fastapi.responses import PlainTextResponse
from pydantic import Field

from app.errors import ApiError
from app.games.base import get_engine
from app.identity.service import marks_of
from app.play import (
    clock,
    continuation,
    history,
    mine,
    records,
    scores,
    text_records,
    turn_rows,
    typed_moves,
)
from app.play import repository as repo
from app.play.live import LiveGame
from app.play.next_game import next_game
from app.play.service import PlayService
from app.play.turn_clock import time_to_play
from app.play.turn_pauses import on_vacation, seat_owner, weekends_off
from app.play.turn_words import clock_words
from app.play.vacation_rule import last_day, until_words
from app.ratelimit import limit
from app.ratings import service as ratings
from app.rematch import offers as rematches
from app.schemas import Body, ChatText, ClientMoveId, IdParam
from app.tournaments.game_link import game_tournament
from app.web.deps import CurrentUser, OptionalUser, PlayDep, SessionDep

router = APIRouter(prefix="/api", tags=["games"])

SeatQuery = Annotated[int | None, Query(ge=0, le=7)]
KIND_PATTERN = r"^[a-z-]{1,40}$"
IMPORT_WINDOW = 60
"""Seconds over which RATE_IMPORTS imports are allowed."""


class MoveIn(Body):
    """A move as JSON (``move``) or typed in the game's notation (``text``), not both."""

    seq: int = Field(ge=0)
    move: dict[str, Any] | None = None
    text: str | None = Field(default=None, max_length=typed_moves.MAX_TEXT)
    client_move_id: ClientMoveId | None = None
    seat: int | None = Field(default=None, ge=0, le=7)


class SeatBody(Body):
    seat: int | None = Field(default=None, ge=0, le=7)


class ChatIn(Body):
    text: ChatText


class ImportIn(Body):
    """A complete record: the JSON one (``record``) or the text one (``text``), not both."""

    record: dict[str, Any] | None = None
    text: str | None = None


def game_json(play: PlayService, live: LiveGame, user_id: str | None,
              seat: int | None) -> dict[str, Any]:
    """The game as ``GET /api/games/{id}`` shows it to this caller."""
    viewer = play.view_seat(live, user_id, seat)
    return {
        "id": live.id, "kind": live.kind, "title": live.engine.title,
        "status": live.status, "seq": live.seq,
        "private": live.private, "rated": live.rated, "takebacks": live.takebacks,
        "seats": [{**s, "resigned": s["seat"] in live.resigned,
                   **({"level": live.seat_level(s["seat"])} if s["holder"] == "bot" else {})}
                  for s in live.seats],
        "takeover_level": live.takeover_level,
        "host": {"user_id": live.host_id},
        "you": {"seats": play.seats_of(live, user_id), "seat": viewer,
                "is_host": user_id is not None and user_id == live.host_id},
        "options": live.engine.public_options(live.options, live.finished),
        "clock": {**(live.clock or {"mode": "off"}), "remaining": clock.remaining(live)},
        "away": sorted(live.away), "timeouts": live.timeouts,
        "view": live.view(viewer), "legal": live.legal(viewer),
        # "Continue from here": the game and step this one started from; a continued game is
        # marked so that a future rating system can leave it out
        "continued_from": live.origin, "continued": live.origin is not None,
    }


def summary(game: Any) -> dict[str, Any]:
    """A game as the lists show it."""
    return {
        "id": game.id, "kind": game.kind, "title": get_engine(game.kind).title,
        "status": game.status, "seq": game.seq, "private": game.private,
        "players": [s["name"] for s in game.seats],
        "updated_at": game.updated_at.isoformat() if game.updated_at else None,
    }


@router.get("/games")
async def list_games(session: SessionDep,
                     status: Literal["live", "finished"] | None = None) -> dict[str, Any]:
    """Listed (not private) games, newest first."""
    return {"games": [summary(g) for g in await repo.list_games(session, status)]}


@router.get("/me/games")
async def my_games(session: SessionDep, user: CurrentUser, play: PlayDep,
                   kind: Annotated[str | None, Query(pattern=KIND_PATTERN)] = None,
                   page: Annotated[int, Query(ge=1, le=10_000)] = 1) -> dict[str, Any]:
    """The caller's games, private ones included: their turn first, then live, then finished."""
    size = mine.FINISHED_PAGE
    live = (await repo.games_of(session, user.user_id, False, kind, mine.LIVE_LIMIT)
            if page == 1 else [])
    finished = await repo.games_of(session, user.user_id, True, kind, size + 1,
                                   (page - 1) * size)

    async def to_act_of(game_id: str) -> list[int]:
        live_game = await play.load(game_id)
        return sorted(live_game.engine.to_act(live_game.state))

    games = await mine.listing(live, finished[:size], user.user_id, to_act_of)
    return {"games": games, "page": page, "has_more": len(finished) > size,
            "your_turn": sum(1 for g in games if g["your_turn"])}


@router.get("/me/next-game")
async def my_next_game(session: SessionDep, user: CurrentUser,
                       after: Annotated[str | None, Query(max_length=32)] = None
                       ) -> dict[str, Any]:
    """The caller's next game where it is their turn (the longest waiting), not ``after``."""
    live = await repo.games_of(session, user.user_id, False, None, mine.LIVE_LIMIT)
    return {"game_id": next_game(live, user.user_id, after)}


@router.get("/games/{game_id}")
async def get_game(game_id: IdParam, request: Request, play: PlayDep, user: OptionalUser,
                   session: SessionDep, seat: SeatQuery = None) -> dict[str, Any]:
    """The game with the caller's view (a seat's, or a spectator's)."""
    live = await play.load(game_id)
    data = game_json(play, live, user.user_id if user else None, seat)
    marks = await marks_of(session, {s["user_id"] for s in live.seats if s.get("user_id")})
    for held in data["seats"]:  # who is who, when two players share a display name
        held["mark"] = marks.get(held["user_id"]) if held["holder"] == "user" else None
    data["chat"] = await play.chat_history(game_id)
    # only a finished game can be continued (app/play/continuation.py): a live one has none
    data["continuations"] = (await continuation.continuations(
        session, game_id, user.user_id if user else None) if live.finished else [])
    data["connected"] = await request.app.state.presence.connected(game_id)
    # a tournament's game links back to its tournament (issue 32): "Round 2 of <name>"
    data["tournament"] = await game_tournament(session, game_id)
    if turn_rows.turn_clock_of(live.clock) is not None:
        # turn-based (issue 27): the due times are the database's, said in words too
        left = await turn_rows.seconds_left(session, game_id, time.time())
        data["clock"]["remaining"] = {str(k): round(v) for k, v in sorted(left.items())}
        data["clock"]["words"] = [time_to_play(live.seats[k]["name"], v)
                                  for k, v in sorted(left.items())]
        # a player on vacation is shown to the others, with the date they are back
        owners = {s["seat"]: seat_owner(live.seats, live.host_id, s["seat"]) for s in live.seats}
        away = await on_vacation(session, owners.values(), time.time())
        off = await weekends_off(session, owners.values())
        for held in data["seats"]:
            end = away.get(owners.get(held["seat"]) or "")
            held["vacation"] = None if end is None else {
                "until": last_day(end).isoformat(),
                "words": f"{held['name']} is {until_words(end)}"}
            # weekends off are shown to the others too: their clock stops then
            held["weekends_off"] = None if owners.get(held["seat"]) not in off else {
                "words": f"{held['name']} takes weekends off (Saturday and Sunday, UTC)"}
    data["clock"]["setting"] = clock_words(live.clock or {})
    data["rematch"] = await rematches.summary(session, live) if live.finished else None
    # what a rated game did to each account's rating, once it is over
    data["ratings"] = await ratings.game_ratings(session, game_id) if live.finished else []
    # a seat held by an account links to its profile (issue 25, point 17)
    accounts = await ratings.accounts_among(session, {
        s["user_id"] for s in live.seats if s.get("holder") == "user" and s.get("user_id")})
    for s in data["seats"]:
        s["profile"] = s.get("holder") == "user" and s.get("user_id") in accounts
    return data


@router.get("/games/{game_id}/legal-moves")
async def legal_moves(game_id: IdParam, play: PlayDep, user: CurrentUser,
                      seat: SeatQuery = None) -> dict[str, Any]:
    """The caller's legal moves now."""
    live = await play.load(game_id)
    viewer = play.view_seat(live, user.user_id, seat)
    if viewer is None:
        raise ApiError(403, "NOT_YOUR_SEAT", "you hold no seat in this game")
    return {"seat": viewer, "seq": live.seq, "moves": live.legal(viewer)}


@router.post("/games/{game_id}/moves")
async def post_move(game_id: IdParam, body: MoveIn, request: Request, play: PlayDep,
                    user: CurrentUser) -> dict[str, Any]:
    """Make a move; ``seq`` is the last seq the client saw."""
    await limit(request, "moves", request.app.state.settings.rate_moves, user.user_id)
    if (body.move is None) == (body.text is None):
        raise ApiError(422, "BAD_REQUEST", "send the move as JSON (move) or as text (text)")
    return await play.submit(game_id, user.user_id, body.move, body.seq,
                             body.client_move_id, body.seat, text=body.text)


@router.get("/games/{game_id}/log")
async def game_log(game_id: IdParam, play: PlayDep, user: OptionalUser,
                   seat: SeatQuery = None) -> dict[str, Any]:
    """Every move as the caller may see it."""
    return await history.log_entries(play, game_id, user.user_id if user else None, seat)


@router.get("/games/{game_id}/replay")
async def replay(game_id: IdParam, play: PlayDep, user: OptionalUser,
                 at: Annotated[int, Query(ge=0)] = 0, seat: SeatQuery = None) -> dict[str, Any]:
    """The view after move ``at`` (0: the setup)."""
    return await history.replay(play, game_id, user.user_id if user else None, at, seat)


@router.get("/games/{game_id}/scores")
async def game_scores(game_id: IdParam, play: PlayDep) -> dict[str, Any]:
    """Every seat's public score after every step; the outcome's at the end of a game."""
    return await scores.score_series(play, game_id)


@router.get("/games/{game_id}/export", response_model=None)
async def export(game_id: IdParam, play: PlayDep, session: SessionDep, user: OptionalUser,
                 form: Annotated[Literal["json", "text"], Query(alias="format")] = "json",
                 ) -> dict[str, Any] | PlainTextResponse:
    """A self-contained record: complete once the game has ended; as text on request."""
    live = await play.load(game_id)
    game = await repo.get_game(session, game_id)
    assert game is not None
    if form == "text" and not live.finished:
        raise ApiError(409, "GAME_RUNNING", "a text record is written once the game has ended, "
                       "when all of it is public")
    if live.finished:
        rows = list(await repo.moves_after(session, game_id, 0))
        record = records.export_record(game, rows, True)
        if form == "text":
            return PlainTextResponse(text_records.to_text(record, game.created_at.date()))
        return record
    entries = (await history.log_entries(play, game_id,
                                         user.user_id if user else None))["entries"]
    return records.export_record(game, [], False, entries)


@router.post("/games/import", status_code=201)
async def import_game(body: ImportIn, request: Request, session: SessionDep,
                      user: CurrentUser) -> dict[str, Any]:
    """Load a record, verified by replaying it, as a game for review."""
    # each import replays a whole game: bounded per identity, and per address (so that many
    # guest identities of one address cannot multiply it)
    settings = request.app.state.settings
    await limit(request, "imports", settings.rate_imports, user.user_id, IMPORT_WINDOW)
    await limit(request, "imports", settings.rate_imports * 3, None, IMPORT_WINDOW)
    if (body.record is None) == (body.text is None):
        raise ApiError(422, "BAD_RECORD", "send the record as JSON (record) or as text (text)")
    record = text_records.from_text(body.text) if body.text is not None else body.record
    assert record is not None
    game = await records.import_record(session, record, user.user_id)
    return {"game_id": game.id}


@router.post("/games/{game_id}/resign")
async def resign(game_id: IdParam, play: PlayDep, user: CurrentUser,
                 body: SeatBody | None = None) -> dict[str, Any]:
    """Resign a seat: the bot plays it to the end."""
    return await play.resign(game_id, user.user_id, body.seat if body else None)


@router.post("/games/{game_id}/chat", status_code=201)
async def chat(game_id: IdParam, body: ChatIn, request: Request, play: PlayDep,
               user: CurrentUser) -> dict[str, Any]:
    """Say something at the table; delivered to every viewer over the WebSocket."""
    await limit(request, "chat", request.app.state.settings.rate_chat, user.user_id)
    return await play.chat(game_id, user.user_id, user.name, body.text.strip() or "…")
