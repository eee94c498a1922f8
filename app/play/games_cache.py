"""The games this instance holds in memory (docs/architecture.md, "A move's trip", step 1).

A game is loaded from memory when live, else rebuilt from its latest snapshot and the moves
logged after it; a game another instance moved in is caught up from the log. The cache is
bounded (least recently used out first, never a game whose lock is held). It also observes the
hub: an ``away`` notice from any instance makes it re-read that game's away seats (issue 16).
"""

from __future__ import annotations

import asyncio
from collections import OrderedDict
from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from app.errors import not_found
from app.games import bots
from app.games.base import get_engine
from app.play import clock
from app.play import repository as repo
from app.play.live import LiveGame
from app.play.models import Game
from app.play.record_seats import seats_now
from app.play.records import IMPORTED
from app.play.setup import setup_events

CACHE_SIZE = 2000


class GamesCache:
    """This instance's live games, by id: loading, adopting, catching up."""

    def __init__(self, sessions: async_sessionmaker[AsyncSession]) -> None:
        self.sessions = sessions
        self._cache: OrderedDict[str, LiveGame] = OrderedDict()
        self._loading: dict[str, asyncio.Lock] = {}
        self._reloads: set[asyncio.Task[None]] = set()

    def __len__(self) -> int:
        return len(self._cache)

    def games(self) -> list[LiveGame]:
        """The games in this instance's memory."""
        return list(self._cache.values())

    async def load(self, game_id: str) -> LiveGame:
        """The live game, from memory or rebuilt from its latest snapshot and the log."""
        live = self._cache.get(game_id)
        if live is not None:
            self._cache.move_to_end(game_id)
            return live
        lock = self._loading.setdefault(game_id, asyncio.Lock())
        async with lock:
            live = self._cache.get(game_id)
            if live is None:
                rebuilt = await self._rebuild(game_id)
                # a game adopted while it was being rebuilt (a tournament's table, seated
                # and answered before its keeper adopted it) is already held: that one stays.
                # Two instances of one game would each take moves and resignations, under
                # two locks, and the bots driven on one would never see the other's.
                live = self._cache.setdefault(game_id, rebuilt)
                self._evict()
        self._loading.pop(game_id, None)
        return live

    def adopt(self, game: Game) -> LiveGame:
        """Hold a game this process has just created and committed (a lobby's start), from
        its row as written: nothing to read back, no move to replay (issue 16: the start of
        a game read four queries' worth of what it had just written)."""
        live = self._cache.get(game.id)
        if live is None:
            live = live_of(game, None, [], {})
            self._cache[game.id] = live
            self._evict()
        return live

    async def _rebuild(self, game_id: str) -> LiveGame:
        async with self.sessions() as session:
            game = await repo.get_game(session, game_id)
            if game is None:
                raise not_found("game")
            snap = await repo.latest_snapshot(session, game_id)
            rows = await repo.moves_after(session, game_id, snap.seq if snap else 0)
            timeouts = await repo.timeout_counts(session, game_id) if game.seq else {}
            away = await repo.away_seats(session, game_id)
        live = live_of(game, snap, rows, timeouts)
        live.away = away
        return live

    def _evict(self) -> None:
        """Least recently used out first, passing over the games whose lock is held (a move
        or a bot's turn in progress): one busy game at the old end must not let the cache
        grow past its bound."""
        excess = len(self._cache) - CACHE_SIZE
        if excess <= 0:
            return
        for game_id in [g for g, live in self._cache.items() if not live.lock.locked()][:excess]:
            del self._cache[game_id]

    async def catch_up(self, live: LiveGame) -> None:
        """Apply the moves another instance committed after our seq."""
        async with self.sessions() as session:
            rows = await repo.moves_after(session, live.id, live.seq)
            restored = await repo.undo_snapshots(session, live.id, rows)
            game = await repo.get_game(session, live.id) if rows else None
            away = await repo.away_seats(session, live.id) if rows else None
        live.absorb(rows, restored)
        if game is not None:
            live.resigned = list(game.resigned or [])
        if away is not None:
            live.away = away

    # ------------------------------------------------------------------ the hub's observer

    def holds(self, game_id: str) -> bool:
        """Hub observer: this instance holds the game in memory."""
        return game_id in self._cache

    def observe(self, game_id: str, message: dict[str, Any]) -> None:
        """Hub observer: an away notice, from any instance, re-reads the game's away seats
        from the database, where they are kept (the notice itself may be older than another
        instance's change)."""
        live = self._cache.get(game_id)
        if live is None or message.get("type") != "away":
            return
        task = asyncio.create_task(self.reload_away(live))
        self._reloads.add(task)
        task.add_done_callback(self._reloads.discard)

    async def reload_away(self, live: LiveGame) -> None:
        """Read the game's away seats again: another instance timed a seat out or saw its
        player come back (an ``away`` notice; issue 16)."""
        async with live.lock:  # after any move under way here, so the read sees its commit
            async with self.sessions() as session:
                live.away = await repo.away_seats(session, live.id)


def live_of(game: Game, snap: Any, rows: Any, timeouts: dict[int, int]) -> LiveGame:
    """The live game from its row, its latest snapshot (or None) and the moves after it."""
    engine = get_engine(game.kind)
    state = engine.load_state(snap.state if snap else game.initial_state)
    live = LiveGame(
        id=game.id, kind=game.kind, engine=engine, seats=seats_now(game.seats, game.lobby_id),
        options=dict(game.options), private=game.private, host_id=game.host_id,
        seed=game.seed, clock=dict(game.clock or {}), resigned=list(game.resigned or []),
        state=state, seq=snap.seq if snap else 0, setup_events=setup_events(game),
        imported=game.status == IMPORTED, rated=bool(game.rated),
        takebacks=bool(game.takebacks),
        takeover_level=game.takeover_level or bots.NORMAL,
        origin=({"game": game.continued_from, "step": game.continued_step}
                if game.origin_state is not None else None),
    )
    if snap is None:
        live.history[0].events = live.setup_events
    live.absorb(rows)
    live.timeouts = timeouts
    clock.on_advance(live)
    return live
