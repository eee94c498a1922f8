"""One rematch for the whole table (docs/api.md, "Rematch"): offering, accepting, and what a
finished game shows of its rematch.

The first player to press Rematch on a finished game offers it: a lobby with the game's kind,
options and seat count, hosted by that player. The other players' seats are kept for them as
``invited`` until they accept (by pressing Rematch too, or Join in the lobby); bots keep their
seats. Every later Rematch on the same game joins that lobby instead of making a second one.

Services never commit: the request's unit of work does.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession

from app.errors import ApiError, conflict
from app.games.messages import say
from app.identity.service import Identity, names_of
from app.lobbies import repository as repo
from app.lobbies import service
from app.lobbies.models import Lobby
from app.lobbies.schemas import Clock, LobbyIn
from app.play import notices
from app.play.live import LiveGame
from app.play.service import PlayService


def _seats(live: LiveGame, presser: str, names: dict[str, str]) -> list[dict[str, Any]]:
    """The rematch's seats: the presser's are theirs, other people's wait for them."""
    seats = []
    for s in live.seats:
        # a seat on the old host's device belongs to that host, who may not be the presser
        owner = s["user_id"] if s["holder"] == "user" else (
            live.host_id if s["holder"] == "host" else None)
        if s["holder"] == "bot" or owner is None:
            # a bot keeps its level (issue 17); a seat nobody owns goes to the normal bot
            level = s.get("level", "normal") if s["holder"] == "bot" else "normal"
            seats.append({"holder": "bot", "user_id": None, "name": None, "level": level})
        elif owner == presser:
            holder = "host" if s["holder"] == "host" else "user"
            seats.append({"holder": holder, "user_id": owner if holder == "user" else None,
                          "name": names.get(owner, s["name"]) if holder == "user" else None})
        else:
            # a lobby seat carries the person's own name, not the name the game was played
            # under (the auction's seats play under the table's names, CAR-113)
            seats.append({"holder": "invited", "user_id": owner,
                          "name": names.get(owner, s["name"])})
    return seats


def options_of(live: LiveGame, options: dict[str, Any]) -> dict[str, Any]:
    """The options the rematch starts from (a game may carry state over, CAR-110)."""
    carry = getattr(live.engine, "rematch_options", None)
    if callable(carry):
        options = carry(options, live.state)
    return live.engine.public_options(options, False)


def accept(lobby: Lobby, user: Identity) -> bool:
    """Give ``user`` the seats kept for them; False if none were."""
    taken = False
    for seat in lobby.seats:
        if seat.holder == "invited" and seat.user_id == user.user_id:
            seat.holder, seat.name = "user", seat.name or user.name
            taken = True
    return taken


def players_of(live: LiveGame) -> set[str]:
    """The people who played the game (a seat on the host's device is the host's)."""
    people = {s["user_id"] for s in live.seats if s["holder"] == "user" and s["user_id"]}
    if live.host_id and any(s["holder"] == "host" for s in live.seats):
        people.add(live.host_id)
    return people


async def offer(session: AsyncSession, live: LiveGame, options: dict[str, Any],
                user: Identity) -> tuple[Lobby, bool]:
    """The game's rematch lobby, made now if nobody offered one yet (then ``True``).

    Pressing Rematch on a game whose rematch exists accepts the caller's kept seats in it.
    """
    lobby = await repo.rematch_of(session, live.id, lock=True)
    if lobby is not None:
        if lobby.status == "open" and accept(lobby, user):
            await session.flush()
        return lobby, False
    names = await names_of(session, players_of(live))
    body = LobbyIn(kind=live.kind, players=len(live.seats), options=options_of(live, options),
                   private=live.private,
                   clock=Clock(**(live.clock or {})) if live.clock else Clock(),
                   takeover_level=live.takeover_level)
    lobby = await service.create(session, user, body, seats=_seats(live, user.user_id, names),
                                 validate=False, rematch_of=live.id)
    return lobby, True


async def press(play: PlayService, session: AsyncSession, game_id: str,
                user: Identity) -> tuple[Lobby, bool]:
    """Rematch pressed on a finished game: offer it, or accept the one offered; the table and
    the invited players' pages are told of a new offer."""
    live = await play.load(game_id)
    if not live.finished:
        raise conflict("GAME_RUNNING", "a rematch needs a finished game")
    # the host may offer it even without a seat (a table of bots, the auction's organiser)
    if user.user_id != live.host_id and user.user_id not in players_of(live):
        raise ApiError(403, "NOT_A_PLAYER", "only the game's players may start a rematch")
    game = await play.game_row(game_id)
    try:
        lobby, created = await offer(session, live, dict(game.options), user)
        await session.commit()
    except IntegrityError:
        # another player offered it at this very moment, on another instance: join theirs
        await session.rollback()
        lobby, created = await offer(session, live, dict(game.options), user)
        await session.commit()
    if created:
        await play.notify(game_id, {"type": "rematch", "lobby_id": lobby.id, "by": user.name,
                                    "game_id": None})
        # and on whichever page each invited player has open (their per-account channel)
        title = live.engine.title
        await notices.tell(play.hub, {s.user_id for s in lobby.seats
                                      if s.holder == "invited" and s.user_id}, {
            "kind": "rematch", "game_id": game_id, "lobby_id": lobby.id, "title": title,
            "text": f"{user.name} offers you a rematch of {title}.",
            "message": say("{name} offers you a rematch of {title}.", name=user.name,
                           title=title)}, play.on_notice)
    return lobby, created


async def summary(session: AsyncSession, live: LiveGame) -> dict[str, Any] | None:
    """The rematch offered on a finished game: its lobby, who offered it, its game once begun."""
    lobby = await repo.rematch_of(session, live.id)
    if lobby is None:
        return None
    names = await names_of(session, {lobby.host_id})
    return {"lobby_id": lobby.id, "by": names.get(lobby.host_id, "a player"),
            "host_id": lobby.host_id,
            "status": lobby.status, "game_id": lobby.game_id,
            "invited": [s.user_id for s in lobby.seats if s.holder == "invited"]}
