"""Every query of the tournaments package."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any

from sqlalchemy import exists, func, select, update
from sqlalchemy.ext.asyncio import AsyncSession

from app.identity.models import User
from app.play.models import Game, MoveRow
from app.tournaments.models import Tournament, TournamentPlayer, TournamentTable

LISTED = 50
"""Tournaments listed per section (upcoming, running, finished)."""


async def get(session: AsyncSession, tournament_id: str, claim: bool = False
              ) -> Tournament | None:
    """The tournament; with ``claim``, locked for this transaction, or None when another
    instance holds it (PostgreSQL's SKIP LOCKED; SQLite has one writer at a time anyway)."""
    query = select(Tournament).where(Tournament.id == tournament_id)
    if claim:
        query = query.with_for_update(skip_locked=True)
    return (await session.scalars(query)).first()


async def get_to_change(session: AsyncSession, tournament_id: str) -> Tournament | None:
    """The tournament, locked until this transaction ends, waiting for an instance that is
    seating it (PostgreSQL): a registration then sees the status the seating left."""
    return (await session.scalars(select(Tournament).where(Tournament.id == tournament_id)
                                  .with_for_update())).first()


async def players(session: AsyncSession, tournament_id: str) -> Sequence[TournamentPlayer]:
    """The registered players, in registration order."""
    return (await session.scalars(
        select(TournamentPlayer).where(TournamentPlayer.tournament_id == tournament_id)
        .order_by(TournamentPlayer.registered_at, TournamentPlayer.user_id))).all()


async def player(session: AsyncSession, tournament_id: str, user_id: str
                 ) -> TournamentPlayer | None:
    return await session.get(TournamentPlayer, (tournament_id, user_id))


async def deleted_among(session: AsyncSession, user_ids: list[str]) -> set[str]:
    """The ids whose accounts were deleted (they play no more rounds)."""
    if not user_ids:
        return set()
    rows = await session.scalars(select(User.id).where(User.id.in_(user_ids),
                                                       User.deleted_at.is_not(None)))
    return set(rows.all())


async def tables(session: AsyncSession, tournament_id: str) -> Sequence[TournamentTable]:
    """Every table of every round, in order."""
    return (await session.scalars(
        select(TournamentTable).where(TournamentTable.tournament_id == tournament_id)
        .order_by(TournamentTable.round, TournamentTable.table))).all()


async def table_of_game(session: AsyncSession, game_id: str
                        ) -> tuple[TournamentTable, Tournament] | None:
    """The tournament table whose game this is, and its tournament; None for other games."""
    row = (await session.execute(
        select(TournamentTable, Tournament)
        .join(Tournament, Tournament.id == TournamentTable.tournament_id)
        .where(TournamentTable.game_id == game_id).limit(1))).first()
    return (row[0], row[1]) if row else None


async def listed(session: AsyncSession, status: str, newest_first: bool
                 ) -> Sequence[Tournament]:
    """Public tournaments of one status."""
    order = Tournament.starts_at.desc() if newest_first else Tournament.starts_at
    return (await session.scalars(
        select(Tournament).where(Tournament.status == status, Tournament.private.is_(False))
        .order_by(order).limit(LISTED))).all()


async def player_counts(session: AsyncSession, ids: list[str]) -> dict[str, int]:
    """Everyone who registered and played: one who withdrew after the start still played
    (a registration withdrawn before the start is deleted, so it is not counted)."""
    if not ids:
        return {}
    rows = await session.execute(
        select(TournamentPlayer.tournament_id, func.count())
        .where(TournamentPlayer.tournament_id.in_(ids))
        .group_by(TournamentPlayer.tournament_id))
    return {tid: int(n) for tid, n in rows.all()}


async def due(session: AsyncSession, at: datetime) -> list[str]:
    """Tournaments with a step to take: registration over, a table whose game has ended, or
    a running round with no table in play (a step interrupted by a restart)."""
    starting = select(Tournament.id).where(Tournament.status == "open",
                                           Tournament.starts_at <= at)
    ended = (select(TournamentTable.tournament_id)
             .join(Game, Game.id == TournamentTable.game_id)
             .where(TournamentTable.status == "playing", Game.status == "finished"))
    idle = select(Tournament.id).where(
        Tournament.status == "running",
        ~exists().where(TournamentTable.tournament_id == Tournament.id,
                        TournamentTable.status == "playing"))
    found: list[str] = []
    for query in (starting, ended, idle):
        found.extend((await session.scalars(query)).all())
    return list(dict.fromkeys(found))


async def finished_games(session: AsyncSession, game_ids: list[str]) -> dict[str, Game]:
    if not game_ids:
        return {}
    rows = await session.scalars(select(Game).where(Game.id.in_(game_ids),
                                                    Game.status == "finished"))
    return {g.id: g for g in rows.all()}


async def own_moves(session: AsyncSession, game_id: str) -> dict[int, int]:
    """Moves each seat made itself (not its bot, its clock or after resigning)."""
    rows = await session.execute(
        select(MoveRow.seat, func.count()).where(MoveRow.game_id == game_id,
                                                 MoveRow.actor == "player")
        .group_by(MoveRow.seat))
    return {int(seat): int(n) for seat, n in rows.all()}


async def close_table(session: AsyncSession, table: TournamentTable,
                      results: list[Any]) -> bool:
    """Write a table's results once: False if another instance already did."""
    done = await session.execute(
        update(TournamentTable).where(
            TournamentTable.tournament_id == table.tournament_id,
            TournamentTable.round == table.round, TournamentTable.table == table.table,
            TournamentTable.status == "playing")
        .values(status="finished", results=results)
        .execution_options(synchronize_session=False))
    return bool(getattr(done, "rowcount", 0) == 1)


async def move_on(session: AsyncSession, tournament_id: str, from_status: str,
                  from_round: int, /, **values: Any) -> bool:
    """Take the tournament from (status, round) to the given values, once: False if another
    instance took that step first (the conditional UPDATE is the claim)."""
    done = await session.execute(
        update(Tournament).where(Tournament.id == tournament_id,
                                 Tournament.status == from_status,
                                 Tournament.current_round == from_round)
        .values(**values).execution_options(synchronize_session=False))
    return bool(getattr(done, "rowcount", 0) == 1)
