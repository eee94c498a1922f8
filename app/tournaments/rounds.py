"""A tournament's steps (docs/api.md, "Tournaments"): seat a round, record a table's result
once its game has ended, then seat the next round or finish.

Each step runs in one transaction that starts with its claim: the tournament's row is locked
with SKIP LOCKED (PostgreSQL), and the step itself is a conditional UPDATE of
``(status, current_round)`` or of a table's status, so that of two instances (or a retry after
a restart) exactly one takes it. The tables' games are made by the lobby service, as a
person's are: a lobby with the players and bots seated, started by the tournament's host.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from datetime import UTC, datetime
from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession

from app.games import bots
from app.identity.service import Identity, names_of
from app.lobbies import service as lobbies
from app.lobbies.schemas import Clock, LobbyIn
from app.play.models import Game
from app.tournaments import pairing
from app.tournaments import repository as repo
from app.tournaments import standings as table_results
from app.tournaments.models import Tournament, TournamentPlayer, TournamentTable
from app.utc import now


def aware(moment: datetime) -> datetime:
    """A time read back from the database, in UTC (SQLite hands back naive datetimes)."""
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)


def results_of(tables: Sequence[TournamentTable]) -> list[list[list[table_results.Seat]]]:
    """The finished tables' results by round, as the standings read them."""
    rounds: dict[int, list[list[table_results.Seat]]] = {}
    for t in tables:
        if t.status != "finished" or not t.results:
            continue
        rounds.setdefault(t.round, []).append([
            table_results.Seat(r["user_id"], int(r["place"]), float(r["score"]),
                               bool(r["forfeit"])) for r in t.results])
    return [rounds[n] for n in sorted(rounds)]


def current_standings(t: Tournament, people: Sequence[TournamentPlayer],
                      tables: Sequence[TournamentTable]) -> list[table_results.Row]:
    withdrawn = frozenset(p.user_id for p in people if p.withdrawn_at is not None)
    return table_results.standings([p.user_id for p in people], results_of(tables), withdrawn)


def seating(t: Tournament, people: Sequence[TournamentPlayer],
            tables: Sequence[TournamentTable], number: int) -> list[pairing.Table]:
    """The tables of round ``number``: by the standings (Swiss) or the schedule (round
    robin); a player who withdrew is left out (Swiss) or gives their seat to a bot."""
    active = [p.user_id for p in people if p.withdrawn_at is None]
    if t.format == "round-robin":
        # its players are fixed at the start (one who withdraws before it is deleted)
        schedule = pairing.round_robin([p.user_id for p in people], t.table_size, t.id)
        chosen = schedule[number - 1] if number <= len(schedule) else []
        return [pairing.Table(tuple(s if s in active else None for s in table.seats))
                for table in chosen]
    if number == 1:
        order = list(active)
        random.Random(f"{t.id}:order").shuffle(order)  # nobody has a standing yet: drawn
    else:
        order = table_results.order(current_standings(t, people, tables))
    met = frozenset(frozenset(pair) for pair in pairing.pairs_of(
        pairing.Table(tuple(x.seats)) for x in tables))
    return pairing.swiss_round(order, t.table_size, met, f"{t.id}:{number}")


async def _open_table(session: AsyncSession, t: Tournament, host: Identity, number: int,
                      index: int, table: pairing.Table, names: dict[str, str]
                      ) -> tuple[TournamentTable, Game]:
    """One table's lobby, seated and started by the host, as a person would.

    Its bots, the byes' and any takeover's, are the site's normal bot, never hard: they are
    not a player's choice, so the hard-bot caps (app/play/hard_quota.py), which count a
    person's live hard games, have nothing to count (docs/decisions.md, "Tournaments")."""
    seats: list[dict[str, Any]] = [
        {"holder": "user", "user_id": uid, "name": names.get(uid, "a player")}
        if uid is not None else {"holder": "bot", "user_id": None, "name": None,
                                 "level": bots.NORMAL}
        for uid in table.seats]
    body = LobbyIn(kind=t.kind, players=t.table_size, options=dict(t.options),
                   # a private game is never rated: a tournament made both before the create
                   # route refused it (PRIVATE_RATED) is played casual rather than never seated
                   private=t.private, rated=t.rated and not t.private,
                   clock=Clock(**(t.clock or {})),
                   takeover_level=bots.NORMAL)
    lobby = await lobbies.create(session, host, body, seats=seats)
    game = await lobbies.start(session, lobby, host, host.name)
    row = TournamentTable(tournament_id=t.id, round=number, table=index, lobby_id=lobby.id,
                          game_id=game.id, seats=list(table.seats), status="playing")
    session.add(row)
    return row, game


async def _seat_round(session: AsyncSession, t: Tournament, people: Sequence[TournamentPlayer],
                      tables: Sequence[TournamentTable], number: int) -> list[Game]:
    # a deleted account is withdrawn: nobody would come to its table
    gone = await repo.deleted_among(session, [p.user_id for p in people
                                              if p.withdrawn_at is None])
    for p in people:
        if p.user_id in gone:
            p.withdrawn_at = now()
    names = {p.user_id: p.name for p in people}
    host_name = (await names_of(session, {t.host_id})).get(t.host_id, "the organiser")
    host = Identity(user_id=t.host_id, name=host_name)
    games = []
    index = 0
    for table in seating(t, people, tables, number):
        if not table.players:
            continue  # everyone at it withdrew: no game
        index += 1
        _, game = await _open_table(session, t, host, number, index, table, names)
        games.append(game)
    await session.flush()
    return games


def table_result(table: TournamentTable, game: Game, own: dict[int, int], forfeit: bool
                 ) -> list[dict[str, Any]]:
    """Each seat's place, score and forfeit from a finished game's outcome."""
    outcome = game.outcome or {}
    ranks = outcome.get("ranks") or [1] * len(table.seats)
    scores = outcome.get("scores") or [0] * len(table.seats)
    results = []
    for seat, uid in enumerate(table.seats):
        score = scores[seat] if isinstance(scores[seat], int | float) else 0
        results.append({"user_id": uid, "place": int(ranks[seat]), "score": score,
                        # missing: a person's seat the player never moved in themselves
                        "forfeit": bool(forfeit and uid is not None and not own.get(seat))})
    return results


async def step(session: AsyncSession, tournament_id: str) -> list[Game]:
    """Take whatever step the tournament is due for; the games of a round just seated (to be
    held and their bots started once the caller commits). Nothing when another instance holds
    the tournament or has taken the step."""
    t = await repo.get(session, tournament_id, claim=True)
    if t is None or t.status not in ("open", "running"):
        return []
    at = now()
    people = await repo.players(session, t.id)
    tables = list(await repo.tables(session, t.id))
    if t.status == "open":
        if aware(t.starts_at) > at:
            return []
        active = [p for p in people if p.withdrawn_at is None]
        if len(active) < 2:
            await repo.move_on(session, t.id, "open", 0, status="cancelled", finished_at=at)
            return []
        rounds = (len(pairing.round_robin([p.user_id for p in active], t.table_size, t.id))
                  if t.format == "round-robin" else t.rounds)
        if not await repo.move_on(session, t.id, "open", 0, status="running", current_round=1,
                                  rounds=rounds):
            return []
        t.status, t.current_round, t.rounds = "running", 1, rounds
        return await _seat_round(session, t, people, tables, 1)
    playing = [x for x in tables if x.status == "playing"]
    games = await repo.finished_games(session, [x.game_id for x in playing])
    for table in playing:
        game = games.get(table.game_id)
        if game is None:
            continue
        own = await repo.own_moves(session, game.id) if t.absent == "forfeit" else {}
        results = table_result(table, game, own, t.absent == "forfeit")
        if await repo.close_table(session, table, results):
            table.status, table.results = "finished", results
    if any(x.status == "playing" for x in tables):
        return []
    number = t.current_round
    if number >= t.rounds or not any(p.withdrawn_at is None for p in people):
        await repo.move_on(session, t.id, "running", number, status="finished", finished_at=at)
        return []
    if not await repo.move_on(session, t.id, "running", number, current_round=number + 1):
        return []
    t.current_round = number + 1
    return await _seat_round(session, t, people, tables, number + 1)
