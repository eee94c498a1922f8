"""Continue from here: a lobby whose game starts from a step of a finished game (docs/api.md,
"Continue from here"). The position and the new game are play's (app/play/continuation.py);
the lobby, and who is seated in it, are this feature's."""

from __future__ import annotations

from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession

from app.games.base import get_engine
from app.games.messages import say
from app.identity.service import Identity, names_of
from app.lobbies import service as lobbies
from app.lobbies.models import Lobby
from app.lobbies.schemas import Clock, LobbyIn
from app.play import continuation, notices
from app.play.models import Game
from app.play.service import PlayService


async def open_lobby(session: AsyncSession, user: Identity, game_id: str, step: int) -> Lobby:
    """The caller's new lobby continuing ``game_id`` from ``step`` (checked continuable)."""
    game, _state = await continuation.continuable(session, game_id, step)
    names = await names_of(session, {user.user_id} | {
        s["user_id"] for s in game.seats if s["holder"] == "user"})
    names.setdefault(user.user_id, user.name)
    seats = lobby_seats(game, user.user_id, names)
    engine = get_engine(game.kind)
    lobby_in = LobbyIn(kind=game.kind, players=len(seats),
                       options=engine.public_options(game.options, False),
                       private=game.private,
                       clock=Clock(**game.clock) if game.clock else Clock(),
                       takeover_level=game.takeover_level or "normal")
    return await lobbies.create(session, user, lobby_in, seats=seats, validate=False,
                                origin=(game.id, step))


async def tell_invited(play: PlayService, session: AsyncSession, lobby: Lobby, user: Identity,
                       game_id: str, step: int) -> None:
    """Tell the players whose seats are kept in the new lobby (after it is committed: the
    lobby exists before anyone is told of it)."""
    invited = {s.user_id for s in lobby.seats if s.holder == "invited" and s.user_id}
    if not invited:
        return
    await session.commit()
    title = get_engine(lobby.kind).title
    await notices.tell(play.hub, invited, {
        "kind": "continued", "game_id": game_id, "lobby_id": lobby.id, "title": title,
        "text": f"{user.name} continues your game of {title} from move {step}: "
                "your seat is kept for you.",
        "message": say("{name} continues your game of {title} from move {step}: your seat is "
                       "kept for you.", name=user.name, title=title, step=step)}, play.on_notice)


def lobby_seats(game: Game, user_id: str, names: dict[str, str]) -> list[dict[str, Any]]:
    """The seats of the continuation's lobby, as a rematch offers them when the caller took
    part in the source game: the caller's seats are theirs, the other people's are kept for
    them as ``invited`` until they accept (issue 25, point 3: nobody is seated without asking),
    bots keep their seats and levels, and the host's device seats stay on the caller's device
    only if the caller hosted it. A caller who did not take part takes the first seat and the
    others are open."""
    took_part = game.host_id == user_id or any(
        s["holder"] == "user" and s["user_id"] == user_id for s in game.seats)
    if not took_part:
        return [{"holder": "user", "user_id": user_id, "name": names.get(user_id)}] + [
            {"holder": "open", "user_id": None, "name": None} for _ in game.seats[1:]]
    seats = []
    for s in game.seats:
        if s["holder"] == "user":
            holder = "user" if s["user_id"] == user_id else "invited"
            seats.append({"holder": holder, "user_id": s["user_id"],
                          "name": names.get(s["user_id"], s["name"])})
        elif s["holder"] == "bot":
            # the bot keeps its level (issue 17)
            seats.append({"holder": "bot", "user_id": None, "name": None,
                          "level": s.get("level", "normal")})
        elif s["holder"] in ("host", "record") and game.host_id == user_id:
            # an imported game's seats go on the importer's device, as they did before its
            # seats were marked as the record's (issue 25, point 31)
            seats.append({"holder": "host", "user_id": None, "name": None})
        else:
            seats.append({"holder": "open", "user_id": None, "name": None})
    return seats
