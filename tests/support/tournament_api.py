"""Tournaments through the API (issue 32; docs/api.md "Tournaments"): the module server whose
scheduler looks often, the requests a test makes of a tournament, and reads of the database
beside the server (each in a thread with its own event loop), for tests/api/test_tournaments.py
and tests/api/test_tournament_instances.py. A browser test's other players:
tests/support/tournaments.py."""

from __future__ import annotations

import asyncio
import json
import threading
import time
from collections.abc import Iterator
from typing import Any

import pytest
from sqlalchemy import func, select, update
from sqlalchemy.ext.asyncio import AsyncSession

from app.db import make_engine
from app.play.models import Game, HardBotGame
from app.tournaments.models import Tournament
from tests.conftest import BACKENDS, Player, ServerThread, database_url, make_settings
from tests.support.accounts import claim

GAME = {"kind": "grand-bazaar", "options": {}}


@pytest.fixture(scope="module", params=BACKENDS)
def server(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
           ) -> Iterator[ServerThread]:
    """A server whose scheduler looks often (a game's end also wakes it)."""
    url = database_url(request.param, tmp_path_factory.mktemp("db"))
    with ServerThread(make_settings(url, tournament_tick_seconds=0.2)) as srv:
        yield srv


def create(host: Player, **fields: Any) -> dict[str, Any]:
    body = {"name": "Club evening", **GAME, "table_size": 3, "rounds": 3, **fields}
    return dict(host.ok(host.post("/api/tournaments", json=body)))


def wait_for(player: Player, tid: str, check: Any, seconds: float = 120) -> dict[str, Any]:
    deadline = time.monotonic() + seconds
    while True:
        t = player.ok(player.get(f"/api/tournaments/{tid}"))
        if check(t):
            return dict(t)
        assert time.monotonic() < deadline, stuck(player, t)
        time.sleep(0.1)


def stuck(player: Player, t: dict[str, Any]) -> str:
    """What a wait that timed out saw: the tournament, and each game still listed in play."""
    games = [player.game(x["game_id"]) for r in t["rounds_played"] for x in r["tables"]
             if x["status"] == "playing"]
    return json.dumps({"tournament": t, "games in play": [
        {k: v for k, v in g.items() if k not in ("view", "log", "events")}
        for g in games]})[:20000]


def play_round(people: dict[str, Player], t: dict[str, Any]) -> None:
    """Every person at a table of the current round resigns: their bots finish the games."""
    current = next(r for r in t["rounds_played"] if r["round"] == t["current_round"])
    for table in current["tables"]:
        for seat in table["seats"]:
            if not seat["bot"]:
                player = people[seat["user_id"]]
                player.ok(player.post(f"/api/games/{table['game_id']}/resign"))


def account(players: Any, name: str) -> Player:
    """A player with an account (a claimed guest)."""
    player = players(name)
    claim(player, f"{name.lower()}{player.user_id[:6]}")
    return player



def games_hosted_by(url: str, host_id: str) -> int:
    """How many games the organiser's lobbies started (read in a thread with its own loop)."""
    found: list[int] = []

    async def read() -> None:
        engine = make_engine(url)
        async with engine.connect() as conn:
            found.append(int((await conn.execute(
                select(func.count()).select_from(Game).where(Game.host_id == host_id))
            ).scalar_one()))
        await engine.dispose()

    worker = threading.Thread(target=asyncio.run, args=(read(),))
    worker.start()
    worker.join()
    return found[0]


def read_games(url: str, game_ids: list[str]) -> tuple[list[Game], int]:
    """The games' rows and how many hard-bot cap rows they hold (in a thread with its own
    loop)."""
    found: list[tuple[list[Game], int]] = []

    async def read() -> None:
        engine = make_engine(url)
        async with AsyncSession(engine) as session:
            games = list((await session.scalars(select(Game).where(Game.id.in_(game_ids))))
                         .all())
            capped = int((await session.execute(select(func.count()).select_from(HardBotGame)
                          .where(HardBotGame.game_id.in_(game_ids)))).scalar_one())
            found.append((games, capped))
        await engine.dispose()

    worker = threading.Thread(target=asyncio.run, args=(read(),))
    worker.start()
    worker.join()
    return found[0]


def after_looks(*servers: ServerThread, looks: int = 3) -> None:
    """Wait until every instance's scheduler has looked ``looks`` more times."""
    start = [s.app.state.tournaments.looks for s in servers]
    deadline = time.monotonic() + 30
    while any(s.app.state.tournaments.looks < n + looks for s, n in zip(servers, start,
                                                                         strict=True)):
        assert time.monotonic() < deadline
        time.sleep(0.02)



def set_current_round(url: str, tournament_id: str, number: int) -> None:
    """Write a tournament row's current round directly (in a thread with its own loop)."""
    async def write() -> None:
        engine = make_engine(url)
        async with AsyncSession(engine) as session:
            await session.execute(update(Tournament).where(Tournament.id == tournament_id)
                                  .values(current_round=number))
            await session.commit()
        await engine.dispose()

    worker = threading.Thread(target=asyncio.run, args=(write(),))
    worker.start()
    worker.join()

