"""Enforcing the open-game cap of turn-based play (issue 27, point 1; the rule is
app/play/turn_cap.py, BGA's: 6 open turn-based games, one more per two finished, up to 60).

What counts as open: the account's live turn-based games and the open turn-based lobbies it
sits in (a lobby becomes a game, so a pile of lobbies would get round the cap). What counts as
finished: turn-based games that ended with the account's seats not dropped (a timeout's drop
resigns the seat, and an abandoned game must not raise the cap). Checked where a person asks
for a table (creating, joining, or switching a lobby to turn-based), not where a tournament
seats its rounds: a tournament's tables are the tournament's promise, made when joining it.
"""

from __future__ import annotations

from sqlalchemy import Text, and_, cast, or_, select
from sqlalchemy.ext.asyncio import AsyncSession

from app.errors import conflict
from app.lobbies import repository as repo
from app.play.mine import own_seats
from app.play.models import Game
from app.play.turn_cap import BASE_CAP, MAX_CAP, open_cap
from app.play.turn_cap import FINISHED_PER_SLOT as PER_SLOT
from app.play.turn_rows import turn_clock_of

FINISHED_COUNTED = (MAX_CAP - BASE_CAP) * PER_SLOT
"""Finished games read at most: past this many the cap is at its maximum anyway."""


async def counts(session: AsyncSession, user_id: str, except_lobby: str | None = None
                 ) -> tuple[int, int]:
    """(open, finished) turn-based games of the user."""
    mine = and_(or_(Game.host_id == user_id, cast(Game.seats, Text).contains(f'"{user_id}"')),
                # a coarse filter in SQL (only a turn-based clock holds the word), exact below
                cast(Game.clock, Text).contains('"turn"'))
    live = (await session.scalars(select(Game).where(mine, Game.status == "live"))).all()
    open_now = sum(1 for g in live
                   if turn_clock_of(g.clock) is not None and own_seats(g, user_id))
    lobbies = await repo.open_of(session, user_id, limit=4 * MAX_CAP)
    open_now += sum(1 for lob in lobbies
                    if lob.id != except_lobby and turn_clock_of(lob.clock) is not None
                    and any(s.holder == "user" and s.user_id == user_id for s in lob.seats))
    done = (await session.scalars(select(Game).where(mine, Game.status == "finished")
                                  .order_by(Game.updated_at.desc())
                                  .limit(FINISHED_COUNTED))).all()
    finished = 0
    for g in done:
        seats = own_seats(g, user_id)
        dropped = set((g.outcome or {}).get("resigned") or [])
        if turn_clock_of(g.clock) is not None and seats and not set(seats) <= dropped:
            finished += 1
    return open_now, finished


async def check(session: AsyncSession, user_id: str, clock: dict[str, object] | None,
                except_lobby: str | None = None) -> None:
    """Refuse (409 TURN_GAME_CAP) a turn-based table past the user's cap."""
    if turn_clock_of(clock) is None:
        return
    open_now, finished = await counts(session, user_id, except_lobby)
    cap = open_cap(finished)
    if open_now >= cap:
        more = PER_SLOT - finished % PER_SLOT
        if cap < MAX_CAP:
            raise conflict("TURN_GAME_CAP", "you already play {open} turn-based games, your "
                           "limit for now; finish one first (finishing {more} more raises the "
                           "limit to {next})", args={"open": open_now, "more": more,
                                                     "next": cap + 1},
                           open=open_now, cap=cap)
        raise conflict("TURN_GAME_CAP", "you already play {open} turn-based games, your limit "
                       "for now; finish one first", args={"open": open_now},
                       open=open_now, cap=cap)
