"""Recording rated games, and reading ratings back: an account's profile, a kind's leaderboard
(docs/api.md, "Ratings")."""

from __future__ import annotations

import logging
from typing import Any

from sqlalchemy import and_, func, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker
from sqlalchemy.orm import aliased

from app.games.base import get_engine
from app.identity.models import User
from app.play import mine
from app.play import repository as play_repo
from app.play.models import Game, MoveRow
from app.ratings import eligibility, model
from app.ratings.models import Rating, RatingChange
from app.utc import now

log = logging.getLogger("bazaar.ratings")
RECENT = 10
"""Finished games listed on a profile."""
PLAYED_LIMIT = 5000
"""Finished games counted on a profile (games played and won per kind)."""


async def accounts_among(session: AsyncSession, user_ids: set[str]) -> set[str]:
    """The ids that are accounts (claimed, not deleted); the rest are guests."""
    if not user_ids:
        return set()
    rows = await session.scalars(select(User.id).where(
        User.id.in_(user_ids), User.username_key.is_not(None), User.deleted_at.is_(None)))
    return set(rows.all())


async def movers(session: AsyncSession, game_id: str) -> set[int]:
    """The seats that made a move of their own in the game (not bot, timeout or resigned)."""
    rows = await session.scalars(select(MoveRow.seat).where(
        MoveRow.game_id == game_id, MoveRow.actor == "player").distinct())
    return set(rows.all())


async def pair_games(session: AsyncSession, kind: str, user_ids: list[str]
                     ) -> dict[tuple[str, str], int]:
    """Rated games of ``kind`` within the repeat window per pair of these accounts."""
    one, other = aliased(RatingChange), aliased(RatingChange)
    rows = await session.execute(
        select(one.user_id, other.user_id, func.count())
        .join(other, and_(other.game_id == one.game_id, other.user_id > one.user_id))
        .where(one.kind == kind, one.user_id.in_(user_ids), other.user_id.in_(user_ids),
               one.created_at >= now() - eligibility.REPEAT_WINDOW)
        .group_by(one.user_id, other.user_id))
    return {(a, b): int(n) for a, b, n in rows.all()}


async def record(sessions: async_sessionmaker[AsyncSession], game_id: str,
                 repeat_limit: int = 0) -> list[RatingChange]:
    """Rate a game that has just finished, once; nothing for a casual game.

    ``repeat_limit``: rated games of a kind per pair of accounts per 24 hours (0: no limit).
    """
    async with sessions() as session:
        game = await session.get(Game, game_id)
        if game is None or game.status != "finished" or not game.rated:
            return []  # a casual game (the lobby did not ask for a rating) costs one read
        done = await session.scalar(select(func.count()).select_from(RatingChange)
                                    .where(RatingChange.game_id == game_id))
        if done:
            return []
        people = {s["user_id"] for s in game.seats if s["holder"] == "user" and s["user_id"]}
        placings, why = eligibility.placings(
            game.rated, game.lobby_id, game.origin_state is not None,
            game.seats, game.outcome, await accounts_among(session, people),
            private=game.private, movers=await movers(session, game_id))
        if placings:
            why = eligibility.repeat_refusal(
                await pair_games(session, game.kind, [p.user_id for p in placings]),
                repeat_limit)
            if why:
                placings = []
        if not placings:
            if game.rated:
                log.info("casual after all", extra={"game": game_id, "why": why})
            return []
        rows = {r.user_id: r for r in (await session.scalars(
            select(Rating).where(Rating.kind == game.kind,
                                 Rating.user_id.in_([p.user_id for p in placings]))
            .with_for_update())).all()}
        before = [model.Skill(rows[p.user_id].mu, rows[p.user_id].sigma) if p.user_id in rows
                  else model.new() for p in placings]
        after = model.rate(before, [p.rank for p in placings])
        resigned = set((game.outcome or {}).get("resigned") or [])
        changes = []
        for placing, old, new in zip(placings, before, after, strict=True):
            row = rows.get(placing.user_id)
            if row is None:
                row = Rating(user_id=placing.user_id, kind=game.kind, games=0, wins=0)
                session.add(row)
            row.mu, row.sigma = new.mu, new.sigma
            row.games += 1
            row.wins += 1 if eligibility.wins(placing, placings, resigned) else 0
            row.updated_at = func.now()
            change = RatingChange(game_id=game_id, user_id=placing.user_id, kind=game.kind,
                                  seat=placing.seat, rank=placing.rank, mu_before=old.mu,
                                  sigma_before=old.sigma, mu_after=new.mu, sigma_after=new.sigma)
            session.add(change)
            changes.append(change)
        try:
            await session.commit()
        except IntegrityError:
            # another instance rated it at the same moment: the one rating stands
            await session.rollback()
            return []
        return changes


def change_json(c: RatingChange) -> dict[str, Any]:
    before, after = model.shown(c.mu_before, c.sigma_before), model.shown(c.mu_after, c.sigma_after)
    return {"seat": c.seat, "user_id": c.user_id, "rank": c.rank, "before": before,
            "after": after, "change": after - before,
            "provisional_before": model.provisional(c.sigma_before),
            "provisional": model.provisional(c.sigma_after),
            "mu": c.mu_after, "sigma": c.sigma_after}


async def game_ratings(session: AsyncSession, game_id: str) -> list[dict[str, Any]]:
    """What a rated game did to each account's rating (empty for a casual game)."""
    rows = await session.scalars(select(RatingChange).where(RatingChange.game_id == game_id)
                                 .order_by(RatingChange.seat))
    return [change_json(c) for c in rows.all()]


async def profile(session: AsyncSession, user: User) -> dict[str, Any]:
    """An account's ratings per kind (with their history), games played and won, recent games."""
    ratings = (await session.scalars(select(Rating).where(Rating.user_id == user.id)
                                     .order_by(Rating.kind))).all()
    # a private game is named nowhere public (issue 24.2): none is rated any more, and those
    # rated before that rule keep their effect on the rating but leave the history
    history = (await session.scalars(
        select(RatingChange).join(Game, Game.id == RatingChange.game_id)
        .where(RatingChange.user_id == user.id, Game.private.is_(False))
        .order_by(RatingChange.created_at, RatingChange.game_id))).all()
    kinds = []
    for r in ratings:
        kinds.append({"kind": r.kind, "title": get_engine(r.kind).title,
                      "rating": model.shown(r.mu, r.sigma), "mu": r.mu,
                      "sigma": r.sigma, "provisional": model.provisional(r.sigma),
                      "games": r.games, "wins": r.wins,
                      "history": [_point(c) for c in history if c.kind == r.kind]})
    # the account's finished games that anyone may see (private ones are left out), rated or not
    finished = [mine.entry(g, user.id, []) for g in
                await play_repo.games_of(session, user.id, True, None, PLAYED_LIMIT)
                if not g.private and g.status == "finished"]
    played: dict[str, dict[str, Any]] = {}
    for g in finished:
        tally = played.setdefault(g["kind"], {"kind": g["kind"], "title": g["title"],
                                               "games": 0, "wins": 0})
        tally["games"] += 1
        result = g["result"] or {}
        tally["wins"] += 1 if result.get("rank") == 1 and not result.get("resigned") else 0
    return {"user_id": user.id, "name": user.name, "username": user.username, "ratings": kinds,
            "played": sorted(played.values(), key=lambda t: str(t["title"])),
            "recent": finished[:RECENT]}


def _point(c: RatingChange) -> dict[str, Any]:
    """One step of a rating's history: the game and the rating it left."""
    return {"game_id": c.game_id, "rating": model.shown(c.mu_after, c.sigma_after),
            "at": c.created_at.isoformat() if c.created_at else None}


async def leaderboard(session: AsyncSession, kind: str, limit: int = 50) -> list[dict[str, Any]]:
    """The kind's best ratings (as shown), highest first; deleted accounts are left out."""
    shown_expr = Rating.mu - 3 * Rating.sigma
    rows = (await session.execute(
        select(Rating, User).join(User, User.id == Rating.user_id)
        .where(Rating.kind == kind, User.deleted_at.is_(None))
        .order_by(shown_expr.desc(), Rating.user_id).limit(limit))).all()
    return [{"place": i + 1, "user_id": u.id, "name": u.name, "username": u.username,
             "rating": model.shown(r.mu, r.sigma), "provisional": model.provisional(r.sigma),
             "games": r.games, "wins": r.wins}
            for i, (r, u) in enumerate(rows)]
