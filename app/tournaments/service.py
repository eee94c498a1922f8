"""Creating tournaments, registering and withdrawing, and the tournament as docs/api.md shows
it (standings, rounds, podium, the rules in words). Services never commit: the request's unit
of work does.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import timedelta
from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession

from app.errors import ApiError, conflict, forbidden, not_found
from app.games.base import get_engine
from app.identity.service import Identity, names_of
from app.ids import new_id
from app.lobbies import service as lobbies
from app.tournaments import repository as repo
from app.tournaments.models import Tournament, TournamentPlayer, TournamentTable
from app.tournaments.rounds import aware, current_standings
from app.tournaments.schemas import TournamentIn
from app.tournaments.standings import Seat, rank_points
from app.utc import now

DEFAULT_START = timedelta(minutes=5)

RULES = {
    "points": "At each table you earn one point for every table-mate (bots included) who "
              "finishes below you, and half a point for every one who ties with you.",
    "tiebreaks": "Equal points are split by the sum of the points of every opponent you met, "
                 "then by your total game score; players equal on all three share the place.",
    "swiss": "Swiss: each round seats players with similar standings together, the leaders "
             "at table 1, and never seats table-mates together again when another seating "
             "avoids it. Empty seats go to bots, as few as possible, at the lowest tables.",
    "round-robin": "Round robin: the rounds are fixed at the start so that every pair of "
                   "players meets; a player who withdraws leaves a bot in their seat.",
    # issue 32: "each round's tables live or turn-based", as the clock says
    "live": "Every table is played live: the round's players play at the same time, and the "
            "next round is seated as soon as the last game of this one ends.",
    "turn": "Every table is turn-based: you play your moves when you can, within the days per "
            "move the clock gives; the next round is seated as soon as the last game of this "
            "one ends.",
    "byes": "Seats left empty by an uneven number of players go to the site's normal bot, "
            "which plays to win; finishing above it counts like finishing above a person.",
    "bot": "A missing player's seat is played by a bot, and the result counts for them.",
    "forfeit": "A player who makes no move of their own in a game forfeits it: no points.",
}


async def create(session: AsyncSession, user: Identity, body: TournamentIn) -> Tournament:
    """A new tournament, open for registration until its start; the creator organises it."""
    engine = lobbies.engine_of(body.kind)
    if not engine.min_players <= body.table_size <= engine.max_players:
        raise ApiError(422, "BAD_TABLE_SIZE", "{title} is played by {low} to {high} players",
                       args={"title": engine.title, "low": engine.min_players,
                             "high": engine.max_players})
    lobbies.check_options(engine, body.options, body.table_size)
    if body.private and body.rated:
        # its tables are private lobbies, which are never rated (docs/decisions.md, "Private
        # games are casual"): the lobby service would refuse every table, and round 1 with it
        raise ApiError(422, "PRIVATE_RATED", "a tournament by invitation cannot be rated: its "
                       "games are private, and private games are never rated")
    if body.clock.mode == "off" or (body.clock.mode != "turn" and body.clock.seconds < 10):
        raise ApiError(422, "NO_CLOCK", "a tournament's games need a clock of 10 seconds or "
                       "more: a missing player's seat is played for them when it runs out")
    if body.clock.mode == "turn" and body.clock.on_timeout != "bot":
        # a dropped seat would leave its table short; the tournament's own rule (absent: bot
        # or forfeit) says what a seat that runs out earns, so its bot plays on
        raise ApiError(422, "TURN_TIMEOUT", "a turn-based tournament's seat that runs out is "
                       "played by the bot (the tournament says whether its result counts)")
    starts = body.starts_at or now() + DEFAULT_START
    if starts.tzinfo is None:
        raise ApiError(422, "BAD_START", "the start time needs a time zone (e.g. ...Z)")
    t = Tournament(id=new_id(), name=body.name, kind=body.kind, host_id=user.user_id,
                   options=body.options, clock=body.clock.stored(), format=body.format,
                   table_size=body.table_size, rounds=body.rounds, absent=body.absent,
                   private=body.private, rated=body.rated, status="open",
                   starts_at=max(starts, now()), current_round=0, created_at=now())
    session.add(t)
    await session.flush()
    return t


async def load(session: AsyncSession, tournament_id: str, to_change: bool = False
               ) -> Tournament:
    """The tournament; ``to_change``: locked for a registration or a withdrawal, which must
    not cross the seating of round 1 (a player registered after it would sit out round 1 and
    be seated later with no game)."""
    t = await (repo.get_to_change(session, tournament_id) if to_change
               else repo.get(session, tournament_id))
    if t is None:
        raise not_found("tournament")
    return t


async def register(session: AsyncSession, t: Tournament, user: Identity) -> None:
    """Register the caller until the start time; registering twice changes nothing."""
    # registration closes at the start time, not when the scheduler next looks (issue 32:
    # "players register and withdraw until the start")
    if t.status != "open" or aware(t.starts_at) <= now():
        raise conflict("TOURNAMENT_STARTED", "registration closed when the tournament began")
    if await repo.player(session, t.id, user.user_id) is None:
        session.add(TournamentPlayer(tournament_id=t.id, user_id=user.user_id, name=user.name,
                                     registered_at=now()))
        await session.flush()


async def withdraw(session: AsyncSession, t: Tournament, user: Identity) -> None:
    """Before the start, the registration goes; after it, the player is seated no more (their
    line stays in the standings, and a game they are playing goes on)."""
    row = await repo.player(session, t.id, user.user_id)
    if row is None or row.withdrawn_at is not None:
        raise conflict("NOT_REGISTERED", "you are not playing in this tournament")
    if t.status == "open":
        await session.delete(row)
    elif t.status == "running":
        row.withdrawn_at = now()
    else:
        raise conflict("TOURNAMENT_OVER", "the tournament is over")
    await session.flush()


async def start_now(session: AsyncSession, t: Tournament, user: Identity) -> None:
    """The organiser starts registration's end now instead of at the set time."""
    if t.host_id != user.user_id:
        raise forbidden("NOT_HOST", "only the organiser may start the tournament")
    if t.status != "open":
        raise conflict("TOURNAMENT_STARTED", "the tournament has already begun")
    t.starts_at = now()
    await session.flush()


def _seat_json(uid: str | None, names: dict[str, str], result: dict[str, Any] | None,
               points: float | None, tied: bool = False) -> dict[str, Any]:
    seat: dict[str, Any] = {"user_id": uid, "name": names.get(uid, "a player") if uid else "Bot",
                            "bot": uid is None}
    if result is not None:
        seat.update(place=result["place"], score=result["score"], forfeit=result["forfeit"],
                    points=points, tied=tied)
    return seat


def _rounds_json(tables: Sequence[TournamentTable], names: dict[str, str]
                 ) -> list[dict[str, Any]]:
    rounds: dict[int, list[dict[str, Any]]] = {}
    for t in tables:
        results: list[Any] = t.results or []
        points: list[float | None] = list(rank_points(
            [Seat(r["user_id"], r["place"], r["score"], r["forfeit"]) for r in results])) \
            if results else [None] * len(t.seats)
        places = [r["place"] for r in results]
        rounds.setdefault(t.round, []).append({
            "table": t.table, "game_id": t.game_id, "status": t.status,
            "seats": [_seat_json(uid, names, results[i] if results else None, points[i],
                                 bool(results) and places.count(places[i]) > 1)
                      for i, uid in enumerate(t.seats)]})
    return [{"round": n, "tables": rounds[n]} for n in sorted(rounds)]


async def to_json(session: AsyncSession, t: Tournament, viewer: Identity | None
                  ) -> dict[str, Any]:
    """The tournament from ``viewer``'s side: rules in words, players, standings, rounds."""
    engine = get_engine(t.kind)
    people = await repo.players(session, t.id)
    # Only the rounds the tournament's row knows of: the row and the tables are read by two
    # statements, and a step that seats the next round may commit between them (each statement
    # sees the latest commit on both databases). Listing that round beside a current_round
    # still one behind showed a player (and a test) the new tables as if the old round were
    # still on; the next read shows both together.
    tables = [x for x in await repo.tables(session, t.id) if x.round <= t.current_round]
    # the names the players have now: a renamed account shows its new name, a deleted one
    # "Former player" (app/identity/accounts.py), never the name it registered with
    known = await names_of(session, {p.user_id for p in people} | {t.host_id})
    names = {p.user_id: known.get(p.user_id, p.name) for p in people}
    host = known.get(t.host_id, "the organiser")
    rows = current_standings(t, people, tables)
    game_of = {(x.round, x.table): x.game_id for x in tables}
    standings: list[dict[str, Any]] = [{
        "place": r.place, "user_id": r.player, "name": names[r.player], "points": r.points,
        "opponents": r.opponents, "score": r.score, "games": r.games,
        "withdrawn": r.withdrawn,
        "results": [{**res, "game_id": game_of.get((res["round"], res["table"]))}
                    for res in r.results]} for r in rows]
    uid = viewer.user_id if viewer else None
    mine = next((p for p in people if p.user_id == uid), None)
    current = [x for x in tables if x.round == t.current_round and uid in x.seats]
    return {
        "id": t.id, "name": t.name, "kind": t.kind, "title": engine.title, "format": t.format,
        "table_size": t.table_size, "rounds": t.rounds, "current_round": t.current_round,
        "status": t.status, "starts_at": aware(t.starts_at).isoformat(),
        "finished_at": aware(t.finished_at).isoformat() if t.finished_at else None,
        "private": t.private, "rated": t.rated, "absent": t.absent,
        "clock": t.clock or {"mode": "off", "seconds": 0},
        "options": engine.public_options(t.options, False),
        "host": {"user_id": t.host_id, "name": host},
        "players": [{"user_id": p.user_id, "name": names[p.user_id],
                     "withdrawn": p.withdrawn_at is not None} for p in people],
        "standings": standings,
        "rounds_played": _rounds_json(tables, names),
        "podium": ([s for s in standings if s["place"] <= 3 and s["games"]]
                   if t.status == "finished" else []),
        "rules": [RULES["points"], RULES["tiebreaks"], RULES[t.format], RULES["byes"],
                  RULES["turn" if (t.clock or {}).get("mode") == "turn" else "live"],
                  RULES[t.absent]],
        "invite_url": f"/tournaments/{t.id}",
        "you": {"user_id": uid, "is_host": uid == t.host_id,
                "registered": mine is not None and mine.withdrawn_at is None,
                "withdrawn": mine is not None and mine.withdrawn_at is not None,
                "game_id": current[0].game_id if current and current[0].status == "playing"
                else None},
    }


def summary(t: Tournament, players: int) -> dict[str, Any]:
    """A tournament's line in the list."""
    return {"id": t.id, "name": t.name, "kind": t.kind, "title": get_engine(t.kind).title,
            "format": t.format, "table_size": t.table_size, "rounds": t.rounds,
            "current_round": t.current_round, "status": t.status,
            "starts_at": aware(t.starts_at).isoformat(), "players": players, "rated": t.rated}


async def listing(session: AsyncSession) -> dict[str, list[dict[str, Any]]]:
    """Public tournaments: upcoming (soonest first), running, finished (latest first)."""
    found = {"upcoming": await repo.listed(session, "open", False),
             "running": await repo.listed(session, "running", True),
             "finished": await repo.listed(session, "finished", True)}
    counts = await repo.player_counts(session, [t.id for ts in found.values() for t in ts])
    return {k: [summary(t, counts.get(t.id, 0)) for t in ts] for k, ts in found.items()}
