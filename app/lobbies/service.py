"""Lobby rules: who may change what before the game starts (docs/api.md, "Lobbies").

Services never commit: the request's unit of work does.
"""

from __future__ import annotations

import time
from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession

from app.errors import ApiError, conflict, forbidden, from_game_error, not_found
from app.games import bots
from app.games.base import Engine, GameError, get_engine
from app.games.messages import N_
from app.identity.service import Identity
from app.ids import new_id
from app.lobbies import repository as repo
from app.lobbies.models import Lobby, LobbySeat
from app.lobbies.schemas import LobbyIn, LobbyPatch
from app.play import turn_rows
from app.play.continuation import create_continued_game
from app.play.models import Game
from app.play.setup import create_game
from app.play.turn_words import clock_words
from app.utc import now


def engine_of(kind: str) -> Engine:
    try:
        return get_engine(kind)
    except KeyError:
        raise ApiError(422, "UNKNOWN_KIND", "no game kind '{kind}'", args={"kind": kind}) from None


def check_options(engine: Engine, options: dict[str, Any], players: int) -> dict[str, Any]:
    """The options as the lobby keeps them (as given); raises 422 if the game rejects them."""
    try:
        engine.validate_options(options, players)
    except GameError as err:
        # the refusal as the engine said it: its rule and its message for each language
        raise from_game_error(err) from None
    return options


def check_level(level: str, what: str = "a bot") -> str:
    """The level, or 422 BAD_LEVEL naming the levels there are."""
    try:
        return bots.check_level(level)
    except ValueError:
        raise ApiError(422, "BAD_LEVEL", "{what} plays at one of the levels {levels}, not "
                       "'{level}'", args={"what": what, "levels": ", ".join(bots.LEVELS),
                                          "level": level}) from None


def check_levels_fit_clock(lobby: Lobby) -> None:
    """Refuse (409 EXPERT_TURN_BASED) a level that thinks for seconds (bots.TURN_BASED_ONLY:
    the expert bot) at a table that is not turn-based, on a bot seat or as the takeover level
    (docs/decisions.md, "The expert bot"): a live table would wait for it at every move."""
    if turn_rows.turn_clock_of(lobby.clock) is not None:
        return
    levels = {seat_level(s) for s in lobby.seats} | {lobby.takeover_level or bots.NORMAL}
    if levels & bots.TURN_BASED_ONLY:
        raise conflict("EXPERT_TURN_BASED", "The expert bot thinks for several seconds a move, "
                       "so it plays only at turn-based tables: make this table turn-based, or "
                       "choose the hard bot.")


def seat_level(seat: LobbySeat) -> str | None:
    """A bot seat's level (normal for a row from before levels); None for other holders."""
    return (seat.level or bots.NORMAL) if seat.holder == "bot" else None


def seat_name(lobby: Lobby, seat: LobbySeat, host_name: str) -> str:
    """The name a seat plays under."""
    if seat.holder in ("user", "invited") and seat.name:
        return seat.name
    if seat.holder == "bot":
        return f"Bot {seat.seat + 1}"
    if seat.holder == "host":
        return seat.name or f"{host_name} ({seat.seat + 1})"
    return f"Seat {seat.seat + 1}"


def table_names(engine: Engine, options: dict[str, Any] | None, players: int) -> list[str] | None:
    """The seats' names at the table, for a game whose options name the seats (the auction)."""
    named = getattr(engine, "seat_names", None)
    result = named(options or {}, players) if callable(named) else None
    return list(result) if result else None


def _and(words: list[str]) -> str:
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} and {words[-1]}"


def missing(engine: Engine, lobby: Lobby) -> list[str]:
    """What Start still needs, in words: open seats, then the options the game rejects."""
    players = len(lobby.seats)
    table = table_names(engine, lobby.options, players)
    open_seats = [table[s.seat] if table else f"seat {s.seat + 1}"
                  for s in lobby.seats if s.holder == "open"]
    words = []
    if open_seats:
        words.append(f"{'a player' if len(open_seats) == 1 else 'players'} for {_and(open_seats)}")
    invited = list(dict.fromkeys(s.name or "a player" for s in lobby.seats
                                 if s.holder == "invited"))
    if invited:
        # a continued game's lobby keeps seats as a rematch does (app/play/continuation.py)
        what = "the continued game" if lobby.continue_game else "the rematch"
        words.append(f"{_and(invited)} to accept {what}")
    try:
        engine.validate_options(lobby.options or {}, players)
    except GameError as err:
        explain = getattr(engine, "start_problems", None)
        found = list(explain(lobby.options or {}, players)) if callable(explain) else []
        # a rule id ("CAR-105: ...") belongs in error details, not in the lobby's words
        words.extend(found or [err.reason.split(": ", 1)[-1]])
    return words


def to_json(lobby: Lobby, viewer: Identity | None, host_name: str) -> dict[str, Any]:
    """The lobby as docs/api.md shows it, from ``viewer``'s side."""
    engine = get_engine(lobby.kind)
    table = table_names(engine, lobby.options, len(lobby.seats))
    seats = [{
        "seat": s.seat, "holder": s.holder,
        "user_id": {"user": s.user_id, "invited": s.user_id, "host": lobby.host_id}.get(s.holder),
        "name": None if s.holder == "open" else seat_name(lobby, s, host_name),
        "table_name": table[s.seat] if table else None,
        "level": seat_level(s),
    } for s in lobby.seats]
    needs = missing(engine, lobby)
    uid = viewer.user_id if viewer else None
    mine = [s["seat"] for s in seats if uid and s["user_id"] == uid]
    kept = {s.seat for s in lobby.seats if s.holder == "invited"}
    return {
        "id": lobby.id, "kind": lobby.kind, "title": engine.title, "status": lobby.status,
        "private": lobby.private, "rated": bool(lobby.rated),
        "takebacks": takebacks_allowed(lobby), "takebacks_words": takebacks_words(lobby),
        "options": engine.public_options(lobby.options, False),
        "clock": lobby.clock or {"mode": "off", "seconds": 0},
        "clock_words": clock_words(lobby.clock or {}),
        "host": {"user_id": lobby.host_id, "name": host_name},
        "seats": seats, "invite_url": f"/lobbies/{lobby.id}", "game_id": lobby.game_id,
        "created_at": lobby.created_at.isoformat() if lobby.created_at else None,
        "you": {"user_id": uid, "is_host": uid == lobby.host_id,
                "seats": [n for n in mine if n not in kept],
                "invited": [n for n in mine if n in kept]},
        "rematch_of": lobby.rematch_of,
        "levels": list(bots.LEVELS), "takeover_level": lobby.takeover_level or bots.NORMAL,
        "ready": not needs, "missing": needs,
        "continuing": ({"game": lobby.continue_game, "step": lobby.continue_step}
                       if lobby.continue_game else None),
    }


def takebacks_allowed(lobby: Lobby) -> bool:
    """Whether the lobby's game allows takebacks: as the host chose, else on for a casual
    game and off for a rated one (docs/decisions.md, "Undo and takeback")."""
    if lobby.takebacks is not None:
        return bool(lobby.takebacks)
    return not (lobby.rated and not lobby.private)


def takebacks_words(lobby: Lobby) -> str:
    """The lobby's takeback rule in words, as the lobby page and a rated game show it (a
    message id: the page says it in its language)."""
    if takebacks_allowed(lobby):
        return N_("Takebacks allowed: a player may ask to take back a move until something "
                  "hidden is revealed, if everyone else agrees.")
    return N_("No takebacks: a move stands once the turn has passed (undo within your turn "
              "only).")


def _check_private_rated(private: bool, rated: bool) -> None:
    """A private game is never rated (docs/decisions.md, "Private games are casual"): its
    rating history would name it on a public profile, and nobody can see how it was played."""
    if private and rated:
        raise ApiError(422, "PRIVATE_RATED", "a private game cannot be rated: make it public "
                       "to rate it, or leave it casual")


async def load(session: AsyncSession, lobby_id: str, lock: bool = False) -> Lobby:
    lobby = await repo.get(session, lobby_id, lock=lock)
    if lobby is None:
        raise not_found("lobby")
    return lobby


def _require_host(lobby: Lobby, user: Identity) -> None:
    if lobby.host_id != user.user_id:
        raise forbidden("NOT_HOST", "only the host may do this")


def _require_open(lobby: Lobby) -> None:
    if lobby.status != "open":
        raise conflict("LOBBY_STARTED", "the game has already started")


async def create(session: AsyncSession, user: Identity, body: LobbyIn,
                 seats: list[dict[str, Any]] | None = None, validate: bool = True,
                 rematch_of: str | None = None, origin: tuple[str, int] | None = None) -> Lobby:
    """A new lobby; the creator hosts it and takes seat 0 (or the given seat holders).

    A rematch skips validation: it may carry options that the host completes before the
    start (CAR-110), and the start validates them anyway. ``origin`` (game, step) makes it
    the lobby of a continued game ("Continue from here", app/play/continuation.py).
    """
    lobby = new_lobby(user, body, seats, validate, rematch_of, origin)
    session.add(lobby)
    await session.flush()
    return lobby


async def open_new(session: AsyncSession, user: Identity, body: LobbyIn) -> Lobby:
    """``POST /api/lobbies``: a new lobby written without the unit of work. The lobby returned
    is not in the session: it is for the answer only (``create`` is for callers that change
    the lobby further in the same transaction, as a tournament's round starts it)."""
    lobby = new_lobby(user, body)
    await repo.insert_new(session, lobby)
    return lobby


def new_lobby(user: Identity, body: LobbyIn, seats: list[dict[str, Any]] | None = None,
              validate: bool = True, rematch_of: str | None = None,
              origin: tuple[str, int] | None = None) -> Lobby:
    """The lobby ``create`` describes, checked, not yet written."""
    engine = engine_of(body.kind)
    _check_private_rated(body.private, body.rated)
    players = body.players or engine.min_players
    options = check_options(engine, body.options, players) if validate else body.options
    takeover = check_level(body.takeover_level, "a seat taken over")
    lobby = Lobby(id=new_id(), kind=body.kind, host_id=user.user_id, options=options,
                  clock=body.clock.stored(), private=body.private, rated=body.rated,
                  status="open", created_at=now(), rematch_of=rematch_of,
                  takeover_level=takeover, takebacks=body.takebacks)
    if origin is not None:
        lobby.continue_game, lobby.continue_step = origin
    if seats is None:
        seats = [{"holder": "user", "user_id": user.user_id, "name": user.name}] + [
            {"holder": "open", "user_id": None, "name": None} for _ in range(players - 1)]
    lobby.seats = [LobbySeat(seat=i, **s) for i, s in enumerate(seats)]
    check_levels_fit_clock(lobby)
    return lobby


async def update(session: AsyncSession, lobby: Lobby, user: Identity, body: LobbyPatch) -> Lobby:
    """Host edits before the start: options, player count, privacy, clock, seat holders."""
    _require_host(lobby, user)
    _require_open(lobby)
    engine = engine_of(lobby.kind)
    if lobby.continue_game and (body.options is not None and body.options != lobby.options
                                or body.players is not None and body.players != len(lobby.seats)):
        raise conflict("CONTINUED_POSITION", "a continued game keeps the players and options of "
                       "the position it starts from")
    if body.players is not None and body.players != len(lobby.seats):
        if not engine.min_players <= body.players <= engine.max_players:
            raise ApiError(422, "BAD_OPTIONS", "{title} takes {low}-{high} players",
                           args={"title": engine.title, "low": engine.min_players,
                                 "high": engine.max_players})
        if body.players < len(lobby.seats):
            lobby.seats = lobby.seats[:body.players]
        else:
            lobby.seats = lobby.seats + [LobbySeat(seat=i, holder="open")
                                         for i in range(len(lobby.seats), body.players)]
    for change in body.seats or []:
        if change.seat >= len(lobby.seats):
            raise ApiError(422, "BAD_SEAT", "there is no seat {seat}",
                           args={"seat": change.seat})
        if change.name is not None and change.holder != "host":
            raise ApiError(422, "BAD_SEAT", "only a seat on the host's device takes a name")
        if change.level is not None and change.holder != "bot":
            raise ApiError(422, "BAD_SEAT", "only a bot seat has a level")
        seat = lobby.seats[change.seat]
        seat.holder, seat.user_id, seat.name = change.holder, None, change.name
        seat.level = check_level(change.level or bots.NORMAL) if change.holder == "bot" else None
    if body.takeover_level is not None:
        lobby.takeover_level = check_level(body.takeover_level, "a seat taken over")
    if body.options is not None:
        lobby.options = body.options
    if body.options is not None or body.players is not None:
        check_options(engine, lobby.options, len(lobby.seats))
    _check_private_rated(lobby.private if body.private is None else body.private,
                         bool(lobby.rated) if body.rated is None else body.rated)
    if body.private is not None:
        lobby.private = body.private
    if body.rated is not None:
        lobby.rated = body.rated
    if body.takebacks is not None:
        lobby.takebacks = body.takebacks
    if body.clock is not None:
        lobby.clock = body.clock.stored()
    check_levels_fit_clock(lobby)
    await session.flush()
    return lobby


async def join(session: AsyncSession, lobby: Lobby, user: Identity, seat: int | None) -> Lobby:
    """Take the given open seat, or the first open one; joining twice changes nothing.

    A player of the finished game whose seats a rematch keeps takes those (their seats kept).
    """
    _require_open(lobby)
    kept = [s for s in lobby.seats if s.holder == "invited" and s.user_id == user.user_id]
    for s in kept:
        s.holder, s.name, s.level = "user", s.name or user.name, None
    if kept:
        await session.flush()
        return lobby
    if any(s.holder == "user" and s.user_id == user.user_id for s in lobby.seats):
        return lobby
    open_seats = [s for s in lobby.seats if s.holder == "open"]
    if seat is not None:
        open_seats = [s for s in open_seats if s.seat == seat]
        if not open_seats:
            raise conflict("SEAT_TAKEN", "seat {seat} is not open", args={"seat": seat})
    if not open_seats:
        raise conflict("LOBBY_FULL", "every seat is taken")
    chosen = open_seats[0]
    chosen.holder, chosen.user_id, chosen.name, chosen.level = "user", user.user_id, user.name, None
    await session.flush()
    return lobby


async def leave(session: AsyncSession, lobby: Lobby, user: Identity) -> Lobby:
    _require_open(lobby)
    if lobby.host_id == user.user_id:
        raise conflict("HOST_CANNOT_LEAVE", "the host cannot leave their own lobby")
    # leaving declines a rematch too: the kept seats open for anyone
    for seat in lobby.seats:
        if seat.holder in ("user", "invited") and seat.user_id == user.user_id:
            seat.holder, seat.user_id, seat.name, seat.level = "open", None, None, None
    await session.flush()
    return lobby


async def give_to_bot(session: AsyncSession, lobby: Lobby, user: Identity, seat: int,
                     level: str = bots.NORMAL) -> Lobby:
    """Give a seat to the bot of ``level``; on a bot seat, change its level."""
    _require_host(lobby, user)
    _require_open(lobby)
    level = check_level(level)
    if seat >= len(lobby.seats):
        raise ApiError(422, "BAD_SEAT", "there is no seat {seat}", args={"seat": seat})
    target = lobby.seats[seat]
    target.holder, target.user_id, target.name, target.level = "bot", None, None, level
    check_levels_fit_clock(lobby)
    await session.flush()
    return lobby


async def start(session: AsyncSession, lobby: Lobby, user: Identity, host_name: str) -> Game:
    """Start the game: every seat must be held. Returns the new game's row (the caller holds
    it: the session keeps only a weak reference, and a row let go is read back)."""
    _require_host(lobby, user)
    _require_open(lobby)
    if any(s.holder == "open" for s in lobby.seats):
        raise conflict("SEATS_OPEN", "every seat needs a player, a bot or the host's device")
    waiting = [seat_name(lobby, s, host_name) for s in lobby.seats if s.holder == "invited"]
    if waiting:
        raise conflict("REMATCH_WAITING", "{players} has not accepted the rematch yet: wait, "
                       "or give the seat to a bot",
                       args={"players": list(dict.fromkeys(waiting))})
    check_levels_fit_clock(lobby)
    table = table_names(engine_of(lobby.kind), lobby.options, len(lobby.seats))
    seats = [{
        "seat": s.seat, "holder": s.holder,
        "user_id": s.user_id if s.holder == "user" else None,
        # the auction plays under the table's names (CAR-113), whoever holds the seat
        "name": table[s.seat] if table else seat_name(lobby, s, host_name),
        **({"level": seat_level(s)} if s.holder == "bot" else {}),
    } for s in lobby.seats]
    takeover = lobby.takeover_level or bots.NORMAL
    if lobby.continue_game and lobby.continue_step is not None:
        # a continued game is never rated (docs/decisions.md, "Ratings")
        game = await create_continued_game(session, lobby.continue_game, lobby.continue_step,
                                           seats, lobby.host_id, lobby.private,
                                           lobby.clock or {}, lobby.id, takeover)
    else:
        game = await create_game(session, lobby.kind, lobby.options, seats, lobby.host_id,
                                 lobby.private, lobby.clock or {}, lobby.id,
                                 # a lobby from before the rule may ask for both: casual
                                 rated=bool(lobby.rated) and not lobby.private,
                                 takeover_level=takeover,
                                 # set before its insert: no UPDATE of the row just written
                                 takebacks=takebacks_allowed(lobby))
    game.takebacks = takebacks_allowed(lobby)  # a continued game's too
    # turn-based: the first turns' due times, in the start's transaction (issue 27)
    await turn_rows.start(session, game.id, game.clock or {}, game.seats, game.to_act or [],
                          time.time())
    lobby.status, lobby.game_id = "started", game.id
    await session.flush()
    return game
