"""The game in play, for one instance: one entry point for the routes, sockets and features
above (docs/architecture.md, "A move's trip").

`PlayService` composes the duties of a game in play, each in its own module:

* app/play/games_cache.py — the live games in memory: load, adopt, catch up (step 1)
* app/play/seats.py — whose seat a caller acts or looks as (step 2)
* app/play/move_pipeline.py — submit and commit a move, then publish (steps 3-9)
* app/play/finisher.py — the end of a game: its duties, the ratings' hook (step 7)
* app/play/bot_driver.py — the platform moves for bot, resigned and away seats (step 8)
* app/play/timeouts.py — a turn clock ran out; a player came back
* app/play/resign.py, app/play/chat.py — resigning; the game's chat

It holds no logic of its own beyond wiring them together and starting and stopping them.
"""

from __future__ import annotations

import asyncio
from typing import Any

from sqlalchemy.ext.asyncio import AsyncEngine, AsyncSession, async_sessionmaker

from app.config import Settings
from app.errors import not_found, unauthorized
from app.metrics import Metrics
from app.play import chat, resign, seats
from app.play import repository as repo
from app.play.bot_driver import BotDriver
from app.play.bot_pool import BotPool
from app.play.finisher import Finisher
from app.play.games_cache import GamesCache
from app.play.live import LiveGame
from app.play.models import Game
from app.play.move_pipeline import MovePipeline
from app.play.timeouts import Timeouts
from app.play.undo_service import UndoService
from app.play.writer import MoveWriter
from app.realtime.hub import Hub
from app.realtime.viewer import Viewer


class PlayService:
    """Games in play, for one instance: cache, pipeline, bots, clocks, the end of a game."""

    def __init__(self, sessions: async_sessionmaker[AsyncSession], hub: Hub,
                 settings: Settings) -> None:
        self.sessions = sessions
        self.db: AsyncEngine = sessions.kw["bind"]
        self.metrics = Metrics()
        self.writer = MoveWriter(self.db, self.metrics, settings.duty_claim_seconds,
                                 own_thread=settings.move_writer_thread)
        self.hub = hub
        self.settings = settings
        self.games = GamesCache(sessions)
        # away notices from other instances re-read the away seats of the games held here
        hub.observers.append(self.games)
        self.finisher = Finisher(sessions, self.games, hub, settings)
        # the end-of-game hooks (app/main.py: the ratings; the tournaments), idempotent by id
        self.on_finish = self.finisher.on_finish
        # the notice hooks (app/main.py: the notifier of e-mail and Web Push, issue 27.2)
        self.on_notice = self.finisher.on_notice
        self.duties = self.finisher.duties
        self.bots = BotPool(settings.bot_workers, settings.bot_think_seconds,
                            settings.bot_budget_scale, settings.bot_worker_init,
                            settings.bot_worker_nice, settings.bot_expert_think_seconds)
        self.pipeline = MovePipeline(self.games, self.writer, self.finisher, hub, self.metrics,
                                     settings, self.kick_bots)
        self.bot_driver = BotDriver(self.games, self.pipeline.commit, self.bots, self.metrics,
                                    settings, hub.fan_out)
        self.timeouts = Timeouts(sessions, hub, self.pipeline.commit, self.kick_bots)
        # undo within a turn, takeback after it (issue 27, point 3)
        self.undo = UndoService(self.games, self.pipeline, hub)

    # ------------------------------------------------------------------ the games held here

    def live_count(self) -> int:
        """How many games this instance holds in memory."""
        return len(self.games)

    def cached_games(self) -> list[LiveGame]:
        """The games in this instance's memory."""
        return self.games.games()

    async def load(self, game_id: str) -> LiveGame:
        """The live game, from memory or rebuilt from its latest snapshot and the log."""
        return await self.games.load(game_id)

    def adopt(self, game: Game) -> LiveGame:
        """Hold a game this process has just created and committed (a lobby's start)."""
        return self.games.adopt(game)

    async def catch_up(self, live: LiveGame) -> None:
        """Apply the moves another instance committed after our seq."""
        await self.games.catch_up(live)

    async def game_row(self, game_id: str) -> Game:
        async with self.sessions() as session:
            game = await repo.get_game(session, game_id)
        if game is None:
            raise not_found("game")
        return game

    # ------------------------------------------------------------------ seats

    seats_of = staticmethod(seats.seats_of)

    def resolve_seat(self, live: LiveGame, user_id: str | None, requested: int | None) -> Viewer:
        """The seat a caller acts or looks as (app/play/seats.py)."""
        return seats.resolve_seat(live, user_id, requested)

    def view_seat(self, live: LiveGame, user_id: str | None, requested: int | None) -> Viewer:
        """The seat whose view a read shows (app/play/seats.py)."""
        return seats.view_seat(live, user_id, requested)

    # ------------------------------------------------------------------ moves, bots, clocks

    async def submit(self, game_id: str, user_id: str | None, move: Any, seq: int,
                     client_move_id: str | None = None, seat: int | None = None,
                     words: bool = True, text: str | None = None) -> dict[str, Any]:
        """A person's move through the pipeline (app/play/move_pipeline.py); ``text`` is a
        move typed in the game's notation instead of ``move``."""
        return await self.pipeline.submit(game_id, user_id, move, seq, client_move_id, seat,
                                          words, text)

    def kick_bots(self, live: LiveGame) -> None:
        """Start this game's bot driver if a bot is to act and none is running."""
        self.bot_driver.kick(live)

    async def time_out(self, live: LiveGame, seat: int, turn_based: bool = False) -> None:
        """The seat's time ran out: move for it (app/play/timeouts.py)."""
        await self.timeouts.time_out(live, seat, turn_based)

    async def come_back(self, live: LiveGame, seat: int) -> None:
        """The player of an away seat is back: the platform stops moving for it."""
        await self.timeouts.come_back(live, seat)

    # ------------------------------------------------------------------ resign, chat, notices

    async def resign(self, game_id: str, user_id: str | None, seat: int | None) -> dict[str, Any]:
        """The seat's bot plays it to the end; the outcome marks the resignation."""
        return await resign.resign(self.games, self.hub, self.kick_bots, game_id, user_id, seat)

    async def chat(self, game_id: str, user_id: str | None, name: str, text: str) -> dict[str, Any]:
        """A chat line from a signed-in caller of a game that exists, to every viewer."""
        if user_id is None:
            raise unauthorized()
        await self.games.load(game_id)
        return await chat.say(self.sessions, self.hub, game_id, user_id, name, text)

    async def chat_history(self, game_id: str, after: int | None = None) -> list[dict[str, Any]]:
        """The last chat lines, oldest first; with ``after``, those with a greater id."""
        return await chat.history(self.sessions, game_id, after)

    async def notify(self, game_id: str, message: dict[str, Any]) -> None:
        """Tell every viewer of a game, on every instance, something the platform decided
        (a rematch offered or begun): a message with no secret in it, the same for all."""
        await self.hub.fan_out(game_id, message)

    # ------------------------------------------------------------------ start-up, shutdown

    def start_resuming(self) -> None:
        """At start-up: resume bot and clock duties in the background, so that the server
        answers at once however many games are live (issue 11); games load lazily anyway."""
        self.bot_driver.start_resuming()
        self.duties.start()  # what a crash left pending, then every so often

    async def stop(self) -> None:
        await self.duties.stop()
        await self.bot_driver.stop()
        await self.writer.stop()
        # after the drivers: nothing waits on a worker any more
        await asyncio.get_running_loop().run_in_executor(None, self.bots.shutdown)
