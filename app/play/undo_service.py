"""Undo within a turn, and takeback after it (issue 27, point 3; app/play/undo_log.py for the
rules and the log's form; docs/decisions.md, "Undo and takeback in an append-only log").

An undo commits at once through the move pipeline as an undo row. A takeback is asked first
(a `TakebackRequest` at the game's seq); every other person at the table must accept (bots
accept: they are not asked), and the last acceptance commits the takeback row through the
pipeline. Any move in between leaves the request stale: answering it, or a replayed request,
changes nothing. Every answer is the game's seq and the request as it stands.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import delete, select
from sqlalchemy.exc import IntegrityError

from app.errors import ApiError, conflict, forbidden, unauthorized
from app.games.base import GameError
from app.play.acting import playing_seat, refuse_stale
from app.play.games_cache import GamesCache
from app.play.live import LiveGame
from app.play.move_pipeline import MovePipeline
from app.play.seats import resolve_seat
from app.play.undo_log import (
    TAKEBACK,
    UNDO,
    Target,
    takeback_target,
    undo_event,
    undo_move,
    undo_target,
)
from app.play.undo_models import TakebackAccept, TakebackRequest
from app.realtime.hub import Hub


def _refused(err: GameError) -> ApiError:
    """An undo rule's refusal: the words as the reason, the rule id in the details."""
    rule, _, words = err.reason.partition(": ")
    return ApiError(409, err.code, words or rule, rule=rule)


def deciders(live: LiveGame, asker: str) -> set[str]:
    """The people who must accept a takeback ``asker`` asks for: every other person holding a
    seat that has not resigned (a seat on the host's device is the host's; bots accept)."""
    people: set[str] = set()
    for s in live.seats:
        if s["seat"] in live.resigned:
            continue
        if s["holder"] == "user" and s.get("user_id"):
            people.add(str(s["user_id"]))
        elif s["holder"] == "host" and live.host_id:
            people.add(live.host_id)
    return people - {asker}


class UndoService:
    """The undo and takeback endpoints' work, for one instance."""

    def __init__(self, games: GamesCache, pipeline: MovePipeline, hub: Hub) -> None:
        self.games = games
        self.pipeline = pipeline
        self.hub = hub

    async def _live(self, game_id: str, user_id: str | None) -> LiveGame:
        if user_id is None:
            raise unauthorized()
        return await self.games.load(game_id)

    async def _acting(self, live: LiveGame, user_id: str, seat: int | None) -> int:
        """The caller's seat, once the game is known to be playable (the caller holds the
        lock and has caught up)."""
        await self.games.catch_up(live)
        return playing_seat(live, user_id, seat)

    async def undo(self, game_id: str, user_id: str | None, seq: int,
                   seat: int | None = None) -> dict[str, Any]:
        """Undo the caller's last step of this turn (it revealed nothing)."""
        live = await self._live(game_id, user_id)
        assert user_id is not None
        async with live.lock:
            acting = await self._acting(live, user_id, seat)
            refuse_stale(live, seq)
            try:
                target = undo_target(live.step, live.seq, acting)
            except GameError as err:
                raise _refused(err) from None
            return await self._commit(live, acting, UNDO, target)

    async def _commit(self, live: LiveGame, seat: int, kind: str,
                      target: Target) -> dict[str, Any]:
        done = await self.pipeline.commit(
            live, seat, undo_move(kind, target.to), live.seq, None, "player",
            undo=(target.to, [undo_event(kind, seat, target.to, target.moves)]))
        return {"seq": done["seq"], "events": live.events_for(done["events"], seat)}

    # ------------------------------------------------------------------ takeback

    async def request(self, game_id: str) -> dict[str, Any] | None:
        """The standing takeback request of a game, or None (stale ones are none)."""
        live = await self.games.load(game_id)
        async with self.games.sessions() as session:
            row = await session.get(TakebackRequest, game_id)
            if row is None or row.at_seq != live.seq or not live.playable:
                return None
            accepted = set((await session.scalars(select(TakebackAccept.user_id).where(
                TakebackAccept.game_id == game_id,
                TakebackAccept.at_seq == row.at_seq))).all())
        asker = next((s for s in live.seats if s["seat"] == row.seat), None)
        waiting = [s["seat"] for s in live.seats
                   if s["seat"] not in live.resigned and s["seat"] != row.seat
                   and _person(live, s) and _person(live, s) not in accepted
                   and _person(live, s) != _person(live, asker)]
        return {"seat": row.seat, "seq": row.at_seq, "to": row.to_seq, "moves": row.moves,
                "waiting": waiting,
                "text": _request_words(live, row.seat, row.moves, waiting)}

    def choices(self, live: LiveGame, user_id: str | None, seat: int | None) -> dict[str, bool]:
        """What the caller's seat may do now: undo its last step, ask for a takeback (the
        game page shows the buttons from it; the endpoints check again)."""
        acting = resolve_seat(live, user_id, seat) if user_id else None
        if acting is None or not live.playable or acting in live.resigned:
            return {"undo": False, "ask": False}
        undo = _allowed(undo_target, live, acting)
        # while the seat may undo its own step, asking the others is not offered
        return {"undo": undo,
                "ask": live.takebacks and not undo and _allowed(takeback_target, live, acting)}

    async def ask(self, game_id: str, user_id: str | None, seq: int,
                  seat: int | None = None) -> dict[str, Any]:
        """Ask the others to take back the caller's last move (and every move since)."""
        live = await self._live(game_id, user_id)
        assert user_id is not None
        async with live.lock:
            acting = await self._acting(live, user_id, seat)
            if not live.takebacks:
                raise conflict("TAKEBACKS_OFF", "this table allows no takebacks",
                               rule="TAKEBACK-3")
            refuse_stale(live, seq)
            try:
                target = takeback_target(live.step, live.seq, acting)
            except GameError as err:
                raise _refused(err) from None
            if not deciders(live, user_id):
                return await self._commit(live, acting, TAKEBACK, target)
            async with self.games.sessions() as session:
                row = await session.get(TakebackRequest, live.id)
                if row is not None and row.at_seq == live.seq:
                    raise conflict("TAKEBACK_PENDING", "a takeback is already asked for")
                if row is not None:
                    await session.delete(row)
                    await session.flush()
                session.add(TakebackRequest(game_id=live.id, at_seq=live.seq, seat=acting,
                                            to_seq=target.to, moves=target.moves))
                try:
                    await session.commit()
                except IntegrityError:
                    raise conflict("TAKEBACK_PENDING", "a takeback is already asked for") \
                        from None
        await self.hub.fan_out(live.id, {"type": "takeback", "seq": live.seq})
        return {"seq": live.seq, "takeback": await self.request(game_id)}

    async def answer(self, game_id: str, user_id: str | None, seq: int,
                     accept: bool) -> dict[str, Any]:
        """Accept or decline the standing request asked at ``seq``; the last acceptance
        takes the moves back. A stale or unknown request changes nothing (409)."""
        live = await self._live(game_id, user_id)
        assert user_id is not None
        async with live.lock:
            await self._acting(live, user_id, None)
            async with self.games.sessions() as session:
                row = await session.get(TakebackRequest, live.id)
                if row is None or row.at_seq != seq or seq != live.seq:
                    raise conflict("NO_TAKEBACK", "there is no takeback asked for at this "
                                   "point of the game", seq=live.seq)
                if user_id not in deciders(live, _person(live, _seat(live, row.seat)) or ""):
                    raise forbidden("NOT_ASKED", "your answer is not asked for")
                if not accept:
                    await session.delete(row)
                    await session.commit()
                    declined = True
                else:
                    declined = False
                    await session.merge(TakebackAccept(game_id=live.id, at_seq=seq,
                                                       user_id=user_id))
                    await session.commit()
                    accepted = set((await session.scalars(select(TakebackAccept.user_id).where(
                        TakebackAccept.game_id == live.id,
                        TakebackAccept.at_seq == seq))).all())
                asker, to, moves = row.seat, row.to_seq, row.moves
            if declined:
                await self.hub.fan_out(live.id, {"type": "takeback", "seq": live.seq,
                                                 "declined": True})
                return {"seq": live.seq, "takeback": None, "declined": True}
            if deciders(live, _person(live, _seat(live, asker)) or "") - accepted:
                await self.hub.fan_out(live.id, {"type": "takeback", "seq": live.seq})
                return {"seq": live.seq, "takeback": await self.request(game_id)}
            done = await self._commit(live, asker, TAKEBACK, Target(to, moves))
            async with self.games.sessions() as session:
                await session.execute(delete(TakebackRequest).where(
                    TakebackRequest.game_id == live.id))
                await session.execute(delete(TakebackAccept).where(
                    TakebackAccept.game_id == live.id))
                await session.commit()
            return {**done, "takeback": None}


def _allowed(rule: Any, live: LiveGame, seat: int) -> bool:
    try:
        rule(live.step, live.seq, seat)
    except GameError:
        return False
    return True


def _seat(live: LiveGame, seat: int) -> dict[str, Any] | None:
    return next((s for s in live.seats if s["seat"] == seat), None)


def _person(live: LiveGame, seat: dict[str, Any] | None) -> str | None:
    """Who answers for a seat: its account, the host for a seat on the host's device; None
    for a bot."""
    if seat is None:
        return None
    if seat["holder"] == "user":
        return seat.get("user_id")
    if seat["holder"] == "host":
        return live.host_id
    return None


def _request_words(live: LiveGame, seat: int, moves: int, waiting: list[int]) -> str:
    names = live.names
    what = "their last move" if moves == 1 else f"their last {moves} moves"
    text = f"{names[seat]} asks to take back {what}."
    if waiting:
        text += " Waiting for " + ", ".join(names[s] for s in waiting) + " to answer."
    return text
