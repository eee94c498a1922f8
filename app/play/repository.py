"""Every query of the play package: games, moves, snapshots and chat."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from sqlalchemy import Text, cast, delete, func, or_, select, update
from sqlalchemy.ext.asyncio import AsyncSession

from app.play.models import AwaySeat, ChatLine, Game, MoveRow, Snapshot
from app.play.undo_log import is_undo
from app.utc import now


async def get_game(session: AsyncSession, game_id: str) -> Game | None:
    return await session.get(Game, game_id)


async def moves_after(session: AsyncSession, game_id: str, seq: int,
                      upto: int | None = None) -> Sequence[MoveRow]:
    """The moves with seq > ``seq`` (and <= ``upto``), in order."""
    query = select(MoveRow).where(MoveRow.game_id == game_id, MoveRow.seq > seq)
    if upto is not None:
        query = query.where(MoveRow.seq <= upto)
    return (await session.scalars(query.order_by(MoveRow.seq))).all()


async def move_by_client_id(session: AsyncSession, game_id: str, seat: int,
                            client_move_id: str) -> MoveRow | None:
    """The move this seat made with this client move id, if any (retries are per seat)."""
    query = select(MoveRow).where(
        MoveRow.game_id == game_id, MoveRow.seat == seat,
        MoveRow.client_move_id == client_move_id,
    )
    return (await session.scalars(query)).first()


async def latest_snapshot(session: AsyncSession, game_id: str,
                          at_most: int | None = None) -> Snapshot | None:
    """The latest snapshot with seq <= ``at_most``."""
    query = select(Snapshot).where(Snapshot.game_id == game_id)
    if at_most is not None:
        query = query.where(Snapshot.seq <= at_most)
    return (await session.scalars(query.order_by(Snapshot.seq.desc()).limit(1))).first()


async def undo_snapshots(session: AsyncSession, game_id: str,
                         rows: Sequence[MoveRow]) -> dict[int, Any]:
    """The snapshots of the undo rows among ``rows``, by seq (an undo row's state is its
    snapshot's, app/play/undo_log.py); no query when there is none."""
    seqs = [row.seq for row in rows if is_undo(row.move)]
    if not seqs:
        return {}
    query = select(Snapshot).where(Snapshot.game_id == game_id, Snapshot.seq.in_(seqs))
    return {snap.seq: snap.state for snap in (await session.scalars(query)).all()}


def add_snapshot(session: AsyncSession, game_id: str, seq: int, state: Any) -> None:
    session.add(Snapshot(game_id=game_id, seq=seq, state=state))


def add_move(session: AsyncSession, game_id: str, seq: int, seat: int, move: dict[str, Any],
             chance: list[Any], events: list[Any], actor: str,
             client_move_id: str | None, level: str | None = None) -> None:
    session.add(MoveRow(
        game_id=game_id, seq=seq, seat=seat, move=move, chance=chance, events=events,
        actor=actor, level=level, client_move_id=client_move_id, created_at=now(),
    ))


async def set_resigned(session: AsyncSession, game_id: str, resigned: list[int]) -> None:
    await session.execute(update(Game).where(Game.id == game_id).values(resigned=resigned))


async def list_games(session: AsyncSession, status: str | None, user_id: str | None = None,
                     limit: int = 100) -> Sequence[Game]:
    """Listed games by status, newest first; with ``user_id``, that user's games (any privacy)."""
    query = select(Game)
    if status:
        query = query.where(Game.status == status)
    if user_id is None:
        query = query.where(Game.private.is_(False))
    else:
        # seats is JSON; the id is unguessable, so a text match on it is exact enough
        query = query.where(or_(Game.host_id == user_id,
                                cast(Game.seats, Text).contains(f'"{user_id}"')))
    return (await session.scalars(query.order_by(Game.updated_at.desc()).limit(limit))).all()


async def games_of(session: AsyncSession, user_id: str, finished: bool, kind: str | None,
                   limit: int, offset: int = 0) -> Sequence[Game]:
    """One user's games (any privacy), live or finished (and imported), newest first."""
    query = select(Game).where(or_(Game.host_id == user_id,
                                   cast(Game.seats, Text).contains(f'"{user_id}"')))
    query = query.where(Game.status != "live" if finished else Game.status == "live")
    if kind:
        query = query.where(Game.kind == kind)
    query = query.order_by(Game.updated_at.desc(), Game.id).offset(offset).limit(limit)
    return (await session.scalars(query)).all()


async def timeout_counts(session: AsyncSession, game_id: str) -> dict[int, int]:
    """How many moves were made for each seat when its clock ran out."""
    query = (select(MoveRow.seat, func.count()).where(
        MoveRow.game_id == game_id, MoveRow.actor == "timeout").group_by(MoveRow.seat))
    return {seat: n for seat, n in (await session.execute(query)).all()}


async def away_seats(session: AsyncSession, game_id: str) -> set[int]:
    """The seats whose clock ran out and whose player has not come back (issue 16)."""
    rows = await session.execute(select(AwaySeat.seat).where(AwaySeat.game_id == game_id))
    return set(rows.scalars())


async def mark_away(session: AsyncSession, game_id: str, seat: int, away: bool) -> None:
    """Make the seat away or bring it back, outside a move (a hard bot will move for it; its
    player came back without moving)."""
    await session.execute(delete(AwaySeat).where(AwaySeat.game_id == game_id,
                                                 AwaySeat.seat == seat))
    if away:
        session.add(AwaySeat(game_id=game_id, seat=seat))


async def games_with_duties(session: AsyncSession) -> list[str]:
    """The live games in which the platform may have to move: a bot seat, a resigned seat,
    or a turn clock. Read from the setup columns alone, without replaying any game."""
    rows = await session.execute(
        select(Game.id, Game.seats, Game.clock, Game.resigned).where(Game.status == "live"))
    return [
        game_id for game_id, seats, clock, resigned in rows
        if resigned or (clock or {}).get("mode", "off") != "off"
        or any(s.get("holder") == "bot" for s in seats or [])
    ]


async def chat_lines(session: AsyncSession, game_id: str, limit: int = 100,
                     after: int | None = None) -> list[ChatLine]:
    """The game's last ``limit`` chat lines (with id > ``after``), oldest first."""
    query = select(ChatLine).where(ChatLine.game_id == game_id)
    if after is not None:
        query = query.where(ChatLine.id > after)
    query = query.order_by(ChatLine.id.desc()).limit(limit)
    return list(reversed((await session.scalars(query)).all()))


def add_chat(session: AsyncSession, game_id: str, user_id: str, name: str, text: str) -> ChatLine:
    line = ChatLine(game_id=game_id, user_id=user_id, name=name, text=text, created_at=now())
    session.add(line)
    return line
