"""The bot driver: the platform moves for the seats it plays (docs/architecture.md, "A move's
trip", step 8; docs/design.md, "Seats, clocks, resigning").

The platform plays bot seats, resigned seats and away seats (a clock ran out). After every
commit the pipeline kicks the driver of that game; the driver moves until no such seat is to
act. A normal bot's move is decided at once, under the game's lock like a person's. A hard
or expert bot's move is thought out in the worker pool (app/play/bot_pool.py) on a snapshot of
the game, without the lock, and committed only if the game has not moved on meanwhile; the
table is told when that search starts and ends (a ``thinking`` notice on the hub, issue 28,
point 3).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable
from typing import Any, Protocol

from app.config import Settings
from app.errors import ApiError
from app.games import bots
from app.games.base import Move
from app.metrics import Metrics
from app.play import repository as repo
from app.play.bot_pool import BotPool
from app.play.games_cache import GamesCache
from app.play.live import LiveGame

log = logging.getLogger("bazaar.play")

RESUME_BATCH = 50
"""Games loaded per step of the start-up resume before requests get their turn."""


class Commit(Protocol):
    """The move pipeline's commit (app/play/move_pipeline.py), as the driver calls it."""

    async def __call__(self, live: LiveGame, seat: int, move: Any, seq: int,
                       client_move_id: str | None, actor: str,
                       level: str | None = None, newly_away: bool = False) -> dict[str, Any]: ...


def bot_seats(live: LiveGame) -> set[int]:
    """Seats the platform plays: bot seats, resigned seats, and away seats."""
    seats = {s["seat"] for s in live.seats if s["holder"] == "bot"}
    return seats | set(live.resigned) | live.away


def bot_seed(live: LiveGame, seat: int) -> str:
    """The seed of the bot's move for ``seat`` at the game's current step (both levels)."""
    return f"{live.seed}:bot:{live.seq}:{seat}"


def actor_of(live: LiveGame, seat: int) -> str:
    """Who the log says moved for a seat the platform plays."""
    if seat in live.resigned:
        return "resigned"
    if seat in live.away:
        return "timeout"
    return "bot"


def normal_move(live: LiveGame, state: Any, seat: int, seed: str) -> Move:
    """The normal bot's move for a seat."""
    return bots.decide(live.engine, state, seat, bots.NORMAL, seed)


def inline_move(live: LiveGame, seat: int, actor: str) -> tuple[Move | None, str | None]:
    """The platform's move for a seat if it is made at once, and the level of the bot that
    made it: the game's own timeout move for a seat whose clock ran out, where the game
    defines one (no level), else the normal bot's. ``(None, level)`` when the seat's bot
    searches (hard or expert): that move is thought out in the pool (`BotDriver._think`)."""
    if actor == "timeout":
        move = live.engine.timeout_move(live.state, seat)
        if move is not None:
            return move, None
    level = live.seat_level(seat) if actor == "bot" else live.takeover_level
    if level in bots.SEARCHING:
        return None, level
    return normal_move(live, live.state, seat, bot_seed(live, seat)), bots.NORMAL


Tell = Callable[[str, dict[str, Any]], Awaitable[object]]
"""The hub's fan-out to every viewer of a game (app/realtime/hub.py ``Hub.fan_out``)."""


async def _nobody(game_id: str, message: dict[str, Any]) -> None:
    return None


class BotDriver:
    """One driver task per game with a seat the platform plays, while such a seat is to act."""

    def __init__(self, games: GamesCache, commit: Commit, pool: BotPool, metrics: Metrics,
                 settings: Settings, tell: Tell = _nobody) -> None:
        self.games = games
        self.tell = tell
        self.commit = commit
        self.pool = pool
        self.metrics = metrics
        self.settings = settings
        self._tasks: dict[str, asyncio.Task[None]] = {}
        # the ``thinking`` notice of each game whose hard bot thinks here now, for a socket
        # that connects mid-search (app/web/sockets/game.py)
        self.thinking: dict[str, dict[str, Any]] = {}
        self._resume_task: asyncio.Task[None] | None = None

    def kick(self, live: LiveGame) -> None:
        """Start this game's bot driver if a bot is to act and none is running."""
        if not live.playable or not (live.engine.to_act(live.state) & bot_seats(live)):
            return
        if self.driving(live.id):
            return
        self._tasks[live.id] = asyncio.create_task(self._drive(live.id))

    def driving(self, game_id: str) -> bool:
        """Whether this game's driver is running (it moves for a seat or is about to)."""
        task = self._tasks.get(game_id)
        return task is not None and not task.done()

    async def _drive(self, game_id: str) -> None:
        """Move for the seats the platform plays until none is to act.

        A normal move is made under the game's lock, as a person's is. A hard move is thought
        out in the pool on a snapshot of the game at seq N, without the lock (other moves of
        this game, a resignation, a chat line go on meanwhile); the lock is then taken and the
        move committed only if the game is still at seq N with that seat to act, otherwise the
        bot thinks again on the new position.
        """
        while True:
            live = await self.games.load(game_id)
            if live.finished or not (live.engine.to_act(live.state) & bot_seats(live)):
                return
            await asyncio.sleep(self.settings.bot_delay)
            async with live.lock:
                seats = sorted(live.engine.to_act(live.state) & bot_seats(live))
                if live.finished or not seats:
                    return
                seat = seats[0]
                actor = actor_of(live, seat)
                move, level = inline_move(live, seat, actor)
                if move is not None:
                    if not await self._commit_bot(live, seat, move, actor, level):
                        return
                    continue
                seq, state, seed = live.seq, live.state, bot_seed(live, seat)
            move, level = await self._think_aloud(live, state, seat, seed, seq, actor,
                                                  level or bots.HARD)
            async with live.lock:
                if live.seq != seq or live.finished or seat not in bot_seats(live) \
                        or actor != actor_of(live, seat):
                    continue  # the game moved on while the bot thought: think again
                if not await self._commit_bot(live, seat, move, actor, level):
                    return

    async def _think_aloud(self, live: LiveGame, state: Any, seat: int, seed: str, seq: int,
                           actor: str, level: str) -> tuple[Move, str]:
        """`_think`, with the table told that the seat's bot thinks and when it has done: the
        seat, the step it thinks at and who it plays for (a bot seat, a resigned or away
        seat); nothing of the search itself."""
        notice = {"type": "thinking", "seat": seat, "seq": seq, "actor": actor}
        self.thinking[live.id] = {**notice, "thinking": True}
        await self._tell(live.id, self.thinking[live.id])
        try:
            return await self._think(live, state, seat, seed, level)
        finally:
            self.thinking.pop(live.id, None)
            await self._tell(live.id, {**notice, "thinking": False})

    async def _tell(self, game_id: str, notice: dict[str, Any]) -> None:
        try:
            await self.tell(game_id, notice)
        except Exception:  # a lost notice costs the table a hint, never the move
            log.exception("could not tell game %s that its bot thinks", game_id)

    async def _think(self, live: LiveGame, state: Any, seat: int, seed: str,
                     level: str = bots.HARD) -> tuple[Move, str]:
        """The searching bot's move (hard or expert) from the pool; the normal bot's if the
        search failed (logged: a game must not stop because its hard bot did)."""
        try:
            return await self.pool.hard_move(live.engine, state, seat, seed,
                                             live.host_id or live.id, level), level
        except Exception:
            log.exception("the %s bot failed in game %s (seat %d): the normal bot moves",
                          level, live.id, seat)
            self.metrics.move_errors.labels(live.kind, "HARD_BOT_FAILED").inc()
            return normal_move(live, state, seat, seed), bots.NORMAL

    async def _commit_bot(self, live: LiveGame, seat: int, move: Any, actor: str,
                          level: str | None) -> bool:
        """Commit a bot's move (the caller holds the lock); False if the driver must stop.
        A hard or expert move the game refuses is replaced by the normal bot's (logged)."""
        try:
            await self.commit(live, seat, move, live.seq, None, actor, level)
        except ApiError as err:
            if err.status == 409:
                return True
            log.error("bot move rejected in game %s: %s", live.id, err.code)
            if level not in bots.SEARCHING:
                return False
            fallback = normal_move(live, live.state, seat, bot_seed(live, seat))
            try:
                await self.commit(live, seat, fallback, live.seq, None, actor, bots.NORMAL)
            except ApiError as again:
                log.error("normal bot move rejected in game %s: %s", live.id, again.code)
                return again.status == 409
        return True

    # ------------------------------------------------------------------ start-up, shutdown

    def start_resuming(self) -> None:
        """Resume the bots in the background, so that the server answers at once however many
        games are live (issue 11); games load lazily anyway."""
        self._resume_task = asyncio.create_task(self.resume())

    async def resume(self) -> None:
        """Load the live games that the platform may have to move in (a bot, a resigned seat
        or a running clock), in bounded batches, and let their bots go on."""
        async with self.games.sessions() as session:
            ids = await repo.games_with_duties(session)
        for start in range(0, len(ids), RESUME_BATCH):
            for game_id in ids[start:start + RESUME_BATCH]:
                try:
                    self.kick(await self.games.load(game_id))
                except Exception:  # a broken game must not stop the others from resuming
                    log.exception("could not resume game %s", game_id)
            await asyncio.sleep(0)  # requests go first between batches
        log.info("resumed %d live games", len(ids))

    async def stop(self) -> None:
        """Stop resuming and every driver (the pool itself is shut down by its owner)."""
        if self._resume_task is not None:
            self._resume_task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._resume_task
        for task in self._tasks.values():
            task.cancel()
        await asyncio.gather(*self._tasks.values(), return_exceptions=True)
