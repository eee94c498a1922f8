"""The move pipeline and everything else a game in play needs (docs/style.md, "A move's trip").

In order: load the game (from memory when live) → reject if finished → resolve the caller's
seat → reject if not to act → reject a stale ``seq`` → apply → append the move row (a key clash
means someone else won: 409) → snapshot every K → commit → publish to each viewer its own patch.
Nothing is sent before the commit. This service owns its unit of work, unlike the others,
because publishing must follow the commit of exactly this move.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from typing import Any

from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncEngine, AsyncSession, async_sessionmaker

from app.config import Settings
from app.errors import ApiError, conflict, forbidden, from_game_error, not_found, unauthorized
from app.games import bots
from app.games.base import HOST, GameError, Move, RecordingRng, SeededRng, get_engine
from app.metrics import Metrics
from app.play import clock, notices
from app.play import repository as repo
from app.play.bot_pool import BotPool
from app.play.duties import Duties
from app.play.live import LiveGame
from app.play.models import Game
from app.play.records import IMPORTED
from app.play.setup import setup_events
from app.play.writer import MoveRecord, MoveWriter
from app.realtime.hub import Hub
from app.realtime.viewer import Viewer

log = logging.getLogger("bazaar.play")

CACHE_SIZE = 2000
RESUME_BATCH = 50
"""Games loaded per step of the start-up resume before requests get their turn."""


class PlayService:
    """Games in play, for one instance: cache, pipeline, bots, replay."""

    def __init__(self, sessions: async_sessionmaker[AsyncSession], hub: Hub,
                 settings: Settings) -> None:
        self.sessions = sessions
        self.db: AsyncEngine = sessions.kw["bind"]
        self.metrics = Metrics()
        self.writer = MoveWriter(self.db, self.metrics, settings.duty_claim_seconds)
        self.hub = hub
        self.settings = settings
        self._cache: OrderedDict[str, LiveGame] = OrderedDict()
        self._loading: dict[str, asyncio.Lock] = {}
        self._bot_tasks: dict[str, asyncio.Task[None]] = {}
        self._resume_task: asyncio.Task[None] | None = None
        self.bots = BotPool(settings.bot_workers, settings.bot_think_seconds,
                            settings.bot_budget_scale, settings.bot_worker_init,
                            settings.bot_worker_nice)
        # called with a game's id once its last move is committed (app/main.py: the ratings);
        # each must be idempotent by game id: after a crash or a failure it runs again
        self.on_finish: list[Callable[[str], Awaitable[Any]]] = []
        self.duties = Duties(sessions, self._end_of_game, settings.duty_claim_seconds,
                             settings.duty_sweep_seconds)
        # away notices from other instances re-read the away seats of the games held here
        hub.observers.append(self)
        self._reloads: set[asyncio.Task[None]] = set()

    def live_count(self) -> int:
        """How many games this instance holds in memory."""
        return len(self._cache)

    # ------------------------------------------------------------------ loading

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
                live = await self._rebuild(game_id)
                self._cache[game_id] = live
                self._evict()
        self._loading.pop(game_id, None)
        return live

    def adopt(self, game: Game) -> LiveGame:
        """Hold a game this process has just created and committed (a lobby's start), from
        its row as written: nothing to read back, no move to replay (issue 16: the start of
        a game read four queries' worth of what it had just written)."""
        live = self._cache.get(game.id)
        if live is None:
            live = self._live_of(game, None, [], {})
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
        live = self._live_of(game, snap, rows, timeouts)
        live.away = away
        return live

    @staticmethod
    def _live_of(game: Game, snap: Any, rows: Any, timeouts: dict[int, int]) -> LiveGame:
        """The live game from its row, its latest snapshot (or None) and the moves after it."""
        engine = get_engine(game.kind)
        state = engine.load_state(snap.state if snap else game.initial_state)
        live = LiveGame(
            id=game.id, kind=game.kind, engine=engine, seats=list(game.seats),
            options=dict(game.options), private=game.private, host_id=game.host_id,
            seed=game.seed, clock=dict(game.clock or {}), resigned=list(game.resigned or []),
            state=state, seq=snap.seq if snap else 0, setup_events=setup_events(game),
            imported=game.status == IMPORTED, rated=bool(game.rated),
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

    def cached_games(self) -> list[LiveGame]:
        """The games in this instance's memory."""
        return list(self._cache.values())

    def _evict(self) -> None:
        while len(self._cache) > CACHE_SIZE:
            oldest, live = next(iter(self._cache.items()))
            if live.lock.locked():
                break
            del self._cache[oldest]

    async def catch_up(self, live: LiveGame) -> None:
        """Apply the moves another instance committed after our seq."""
        async with self.sessions() as session:
            rows = await repo.moves_after(session, live.id, live.seq)
            game = await repo.get_game(session, live.id) if rows else None
            away = await repo.away_seats(session, live.id) if rows else None
        live.absorb(rows)
        if game is not None:
            live.resigned = list(game.resigned or [])
        if away is not None:
            live.away = away

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

    # ------------------------------------------------------------------ seats

    @staticmethod
    def seats_of(live: LiveGame, user_id: str | None) -> list[int]:
        """The seats this user acts for: their own, and the host's device seats if host."""
        if user_id is None:
            return []
        return [
            s["seat"] for s in live.seats
            if (s["holder"] == "user" and s["user_id"] == user_id)
            or (s["holder"] == "host" and live.host_id == user_id)
        ]

    def resolve_seat(self, live: LiveGame, user_id: str | None, requested: int | None) -> Viewer:
        """The seat a caller acts or looks as: the requested one, one to act, or the first."""
        held = self.seats_of(live, user_id)
        if requested is not None:
            if requested not in held:
                raise forbidden("NOT_YOUR_SEAT", "you do not hold that seat")
            return requested
        if not held:
            return None
        acting = live.engine.to_act(live.state) if not live.finished else frozenset()
        return next((s for s in held if s in acting), held[0])

    def view_seat(self, live: LiveGame, user_id: str | None, requested: int | None) -> Viewer:
        """The seat whose view a read shows: the requested one if the caller holds it, else the
        caller's own (as ``resolve_seat`` without a request; a spectator's view for a caller
        without a seat). Reads never refuse a seat (a shared hot-seat address must open for
        anyone); moves and resign keep ``resolve_seat``, which does."""
        held = self.seats_of(live, user_id)
        return self.resolve_seat(live, user_id, requested if requested in held else None)

    # ------------------------------------------------------------------ moves

    async def submit(self, game_id: str, user_id: str | None, move: Any, seq: int,
                     client_move_id: str | None = None, seat: int | None = None,
                     words: bool = True) -> dict[str, Any]:
        """A person's move through the pipeline; returns ``{seq, events}``, the events in
        words only with ``words`` (the socket's ``moved`` frame carries the seq alone: the
        move's events reach every socket in the patch, described there once for all).

        The caller is authenticated and its seat resolved before anything else is looked at:
        a ``client_move_id`` retry is recognised only for the seat that made the move, and is
        answered with that seat's own view of its events (issue 11: a retry named by another
        caller must neither reveal the first move nor swallow its own).
        """
        if user_id is None:
            raise unauthorized()
        live = await self.load(game_id)
        try:
            return await self._submit(live, user_id, move, seq, client_move_id, seat, words)
        except ApiError as err:
            self.metrics.move_errors.labels(live.kind, err.code).inc()
            raise

    async def _submit(self, live: LiveGame, user_id: str, move: Any, seq: int,
                      client_move_id: str | None, seat: int | None, words: bool
                      ) -> dict[str, Any]:
        async with live.lock:
            done = await self._submit_locked(live, user_id, move, seq, client_move_id, seat)
            if not words:
                return {"seq": done["seq"]}
            return {"seq": done["seq"], "events": self._own_events(live, done["seat"],
                                                                   done["events"])}

    async def _submit_locked(self, live: LiveGame, user_id: str, move: Any, seq: int,
                             client_move_id: str | None, seat: int | None) -> dict[str, Any]:
        """The move's seq, the seat it was made for and its raw events (the caller holds
        ``live.lock``)."""
        if seq > live.seq:
            await self.catch_up(live)
        if live.imported:
            # before the seat: an imported game's seats are nobody's (records.RECORD), and the
            # answer to anyone is that it is for review (the move's trip, step 2)
            raise conflict("GAME_IMPORTED", "an imported game is for review; nobody moves in it")
        move_type = move.get("type") if isinstance(move, dict) else None
        if isinstance(move_type, str) and move_type in live.engine.host_moves:
            if user_id != live.host_id:
                raise forbidden("NOT_HOST", "only the host may make this move")
            acting: int = HOST
        else:
            resolved = self.resolve_seat(live, user_id, seat)
            if resolved is None:
                raise forbidden("NOT_YOUR_SEAT", "you hold no seat in this game")
            acting = resolved
        if client_move_id:
            done = live.client_moves.get((acting, client_move_id))
            if done is not None:
                return {"seq": done[0], "seat": acting, "events": done[1]}
        if acting == HOST:
            return await self._commit(live, HOST, move, seq, client_move_id, "host")
        if acting in live.resigned:
            raise forbidden("RESIGNED", "this seat has resigned; the bot plays it")
        return await self._commit(live, acting, move, seq, client_move_id, "player")

    async def _end_of_game(self, game_id: str) -> None:
        """The end-of-game duties of a finished game, in order: the hooks (the ratings), then
        the "game over" notices to its players. Raises if one fails; app/play/duties.py keeps
        them pending and runs them again (so every hook is idempotent by game id)."""
        for duty in self.on_finish:
            await duty(game_id)
        live = await self.load(game_id)
        outcome = live.engine.outcome(live.state)
        if outcome is not None:
            await notices.game_over(self.hub, live, outcome)

    @staticmethod
    def _own_events(live: LiveGame, seat: int, events: list[Any]) -> list[Any]:
        """The events of a seat's move as that seat sees them (the host sees public ones)."""
        return live.events_for(events, None if seat == HOST else seat)

    async def _commit(self, live: LiveGame, seat: int, move: Any, seq: int,
                      client_move_id: str | None, actor: str,
                      level: str | None = None, newly_away: bool = False) -> dict[str, Any]:
        """Apply, append, commit, publish. The caller holds ``live.lock``."""
        started = time.perf_counter()
        engine = live.engine
        if client_move_id and seq != live.seq:
            # a retry after a dropped connection gets the first result, whatever happened since;
            # a move made at the current seq cannot have been applied yet, so only a stale one
            # is looked up (no database round trip on the hot path)
            async with self.sessions() as session:
                row = await repo.move_by_client_id(session, live.id, seat, client_move_id)
            if row is not None:
                return {"seq": row.seq, "seat": seat, "events": list(row.events)}
        if live.finished:
            raise conflict("GAME_FINISHED", "the game is over")
        if live.imported:
            raise conflict("GAME_IMPORTED", "an imported game is for review; nobody moves in it")
        if seq != live.seq:
            # checked before the turn, so that the loser of a race learns the current seq
            raise conflict("STALE_SEQ", f"the game is at seq {live.seq}, not {seq}", seq=live.seq)
        if seat != HOST and seat not in engine.to_act(live.state) \
                and not engine.legal_moves(live.state, seat):
            raise forbidden("NOT_YOUR_TURN", "it is not your turn")
        new_seq = live.seq + 1
        waiting = notices.people_to_act(live, live.state)
        rng = RecordingRng(SeededRng(f"{live.seed}:{new_seq}"))
        try:
            state, events = engine.apply(live.state, seat, move, rng)
        except GameError as err:
            raise from_game_error(err) from None
        outcome = engine.outcome(state)
        snapshot = (engine.dump_state(state)
                    if new_seq % self.settings.snapshot_every == 0 else None)
        # the seats to act next: kept on the game row and used for the turn notices
        to_act = [] if outcome else sorted(engine.to_act(state))
        # the away row (issue 16): the timeout that finds the clock run out writes it, the
        # player's own move deletes it, every other move leaves it as it is
        away: bool | None = False if actor == "player" else (True if newly_away else None)
        try:
            await self.writer.write(MoveRecord(
                live.id, new_seq, seat, move, rng.outcomes, events, actor, client_move_id,
                "finished" if outcome else "live", self._outcome_json(live, outcome, seat, actor),
                snapshot,
                to_act, level, away))
        except IntegrityError:
            # someone else (another instance, another tab) took this seq first
            await self.catch_up(live)
            raise conflict("STALE_SEQ", f"the game is at seq {live.seq}", seq=live.seq) from None
        live.advance(new_seq, state, events)
        if actor == "player":
            live.away.discard(seat)  # a move of their own: the player is back (and in the log)
        if actor == "timeout":
            live.timeouts[seat] = live.timeouts.get(seat, 0) + 1
        if outcome is not None:
            live.away.clear()  # the writer removed the away rows with the final move
        clock.on_advance(live)
        if client_move_id:
            live.remember_client_move(seat, client_move_id, new_seq, events)
        elapsed = time.perf_counter() - started
        self.metrics.moves.labels(live.kind, actor).inc()
        self.metrics.move_seconds.labels(live.kind).observe(elapsed)
        log.info("move", extra={"game": live.id, "seq": new_seq, "seat": seat, "actor": actor,
                                "level": level, "ms": round(elapsed * 1000, 2)})
        if outcome is not None:
            # before anyone sees the end, so that the end panel finds the ratings; pending in
            # the database since the commit, so a failure here is retried, never lost
            await self.duties.complete(live.id)
        # the game's own duties first, the fan-out after: neither a hub that is down nor a
        # slow one may stop the bots or fail a move that is committed (issue 24, point 6)
        self.kick_bots(live)
        await self.hub.fan_out(live.id, {"type": "advanced", "seq": new_seq})
        if outcome is None:
            try:
                await notices.your_turn(self.hub, live, waiting, to_act)
            except Exception:
                log.warning("turn notices of game %s not sent: the hub failed", live.id)
        return {"seq": new_seq, "seat": seat, "events": events}

    @staticmethod
    def _outcome_json(live: LiveGame, outcome: Any, seat: int, actor: str
                      ) -> dict[str, Any] | None:
        """The result kept on the game row; the timeouts counted include this final move's
        own, when the clock made it (issue 24: the count was one short)."""
        if outcome is None:
            return None
        timeouts = dict(live.timeouts)
        if actor == "timeout":
            timeouts[seat] = timeouts.get(seat, 0) + 1
        return {**outcome.to_json(), "resigned": sorted(live.resigned),
                "timeouts": {str(k): v for k, v in sorted(timeouts.items())}}

    # ------------------------------------------------------------------ clocks

    async def time_out(self, live: LiveGame, seat: int) -> None:
        """The seat's time ran out: move for it (the game's timeout move, else its bot)."""
        async with live.lock:
            if seat not in clock.expired(live):
                return
            newly_away = seat not in live.away
            live.away.add(seat)
            move, level = self._inline_move(live, seat, "timeout")
            if move is not None:
                try:
                    await self._commit(live, seat, move, live.seq, None, "timeout", level,
                                       newly_away)
                except ApiError as err:
                    log.warning("timeout move refused in game %s: %s", live.id, err.code)
            elif newly_away:
                # no move yet (the hard bot thinks in the pool): the seat is away from now on,
                # on every instance
                async with self.sessions() as session:
                    await repo.mark_away(session, live.id, seat, True)
                    await session.commit()
            if move is not None or newly_away:
                await self.hub.fan_out(live.id, {"type": "away", "seats": sorted(live.away)})
        if move is None:
            # the hard bot plays the away seat: it thinks in the pool, never under the lock
            # (the clock keeps expiring until it has moved; the driver runs once)
            self.kick_bots(live)

    async def come_back(self, live: LiveGame, seat: int) -> None:
        """The player of an away seat is back: the platform stops moving for it."""
        if seat in live.away:
            live.away.discard(seat)
            async with self.sessions() as session:
                await repo.mark_away(session, live.id, seat, False)
                await session.commit()
            await self.hub.fan_out(live.id, {"type": "away", "seats": sorted(live.away)})

    # ------------------------------------------------------------------ bots

    def bot_seats(self, live: LiveGame) -> set[int]:
        """Seats the platform plays: bot seats, resigned seats, and away seats."""
        bots = {s["seat"] for s in live.seats if s["holder"] == "bot"}
        return bots | set(live.resigned) | live.away

    @staticmethod
    def bot_seed(live: LiveGame, seat: int) -> str:
        """The seed of the bot's move for ``seat`` at the game's current step (both levels)."""
        return f"{live.seed}:bot:{live.seq}:{seat}"

    @staticmethod
    def actor_of(live: LiveGame, seat: int) -> str:
        """Who the log says moved for a seat the platform plays."""
        if seat in live.resigned:
            return "resigned"
        if seat in live.away:
            return "timeout"
        return "bot"

    def _inline_move(self, live: LiveGame, seat: int, actor: str) -> tuple[Move | None, str | None]:
        """The platform's move for a seat if it is made at once, and the level of the bot that
        made it: the game's own timeout move for a seat whose clock ran out, where the game
        defines one (no level), else the normal bot's. ``(None, "hard")`` when the seat's bot
        is hard: that move is thought out in the pool (`_think`)."""
        if actor == "timeout":
            move = live.engine.timeout_move(live.state, seat)
            if move is not None:
                return move, None
        level = live.seat_level(seat) if actor == "bot" else live.takeover_level
        if level == bots.HARD:
            return None, bots.HARD
        return bots.decide(live.engine, live.state, seat, bots.NORMAL,
                           self.bot_seed(live, seat)), bots.NORMAL

    def _move_for(self, live: LiveGame, seat: int, timed_out: bool) -> Any:
        """The normal bot's move for a seat (the game's own timeout move for a seat whose clock
        ran out, where the game defines one)."""
        move = live.engine.timeout_move(live.state, seat) if timed_out else None
        if move is None:
            move = bots.decide(live.engine, live.state, seat, bots.NORMAL,
                               self.bot_seed(live, seat))
        return move

    def kick_bots(self, live: LiveGame) -> None:
        """Start this game's bot driver if a bot is to act and none is running."""
        if not live.playable or not (live.engine.to_act(live.state) & self.bot_seats(live)):
            return
        task = self._bot_tasks.get(live.id)
        if task is not None and not task.done():
            return
        self._bot_tasks[live.id] = asyncio.create_task(self._drive_bots(live.id))

    async def _drive_bots(self, game_id: str) -> None:
        """Move for the seats the platform plays until none is to act.

        A normal move is made under the game's lock, as a person's is. A hard move is thought
        out in the pool on a snapshot of the game at seq N, without the lock (other moves of
        this game, a resignation, a chat line go on meanwhile); the lock is then taken and the
        move committed only if the game is still at seq N with that seat to act, otherwise the
        bot thinks again on the new position.
        """
        while True:
            live = await self.load(game_id)
            if live.finished or not (live.engine.to_act(live.state) & self.bot_seats(live)):
                return
            await asyncio.sleep(self.settings.bot_delay)
            async with live.lock:
                seats = sorted(live.engine.to_act(live.state) & self.bot_seats(live))
                if live.finished or not seats:
                    return
                seat = seats[0]
                actor = self.actor_of(live, seat)
                move, level = self._inline_move(live, seat, actor)
                if move is not None:
                    if not await self._commit_bot(live, seat, move, actor, level):
                        return
                    continue
                seq, state, seed = live.seq, live.state, self.bot_seed(live, seat)
            move, level = await self._think(live, state, seat, seed)
            async with live.lock:
                if live.seq != seq or live.finished or seat not in self.bot_seats(live) \
                        or actor != self.actor_of(live, seat):
                    continue  # the game moved on while the bot thought: think again
                if not await self._commit_bot(live, seat, move, actor, level):
                    return

    async def _think(self, live: LiveGame, state: Any, seat: int, seed: str
                     ) -> tuple[Move, str]:
        """The hard bot's move from the pool; the normal bot's if the search failed (logged:
        a game must not stop because its hard bot did)."""
        try:
            return await self.bots.hard_move(live.engine, state, seat, seed,
                                             live.host_id or live.id), bots.HARD
        except Exception:
            log.exception("the hard bot failed in game %s (seat %d): the normal bot moves",
                          live.id, seat)
            self.metrics.move_errors.labels(live.kind, "HARD_BOT_FAILED").inc()
            return bots.decide(live.engine, state, seat, bots.NORMAL, seed), bots.NORMAL

    async def _commit_bot(self, live: LiveGame, seat: int, move: Any, actor: str,
                          level: str | None) -> bool:
        """Commit a bot's move (the caller holds the lock); False if the driver must stop.
        A hard move the game refuses is replaced by the normal bot's (logged)."""
        try:
            await self._commit(live, seat, move, live.seq, None, actor, level)
        except ApiError as err:
            if err.status == 409:
                return True
            log.error("bot move rejected in game %s: %s", live.id, err.code)
            if level != bots.HARD:
                return False
            fallback = self._move_for(live, seat, timed_out=False)
            try:
                await self._commit(live, seat, fallback, live.seq, None, actor, bots.NORMAL)
            except ApiError as again:
                log.error("normal bot move rejected in game %s: %s", live.id, again.code)
                return again.status == 409
        return True

    def start_resuming(self) -> None:
        """At start-up: resume bot and clock duties in the background, so that the server
        answers at once however many games are live (issue 11); games load lazily anyway."""
        self._resume_task = asyncio.create_task(self.resume_bots())
        self.duties.start()  # what a crash left pending, then every so often

    async def resume_bots(self) -> None:
        """Load the live games that the platform may have to move in (a bot, a resigned seat
        or a running clock), in bounded batches, and let their bots go on."""
        async with self.sessions() as session:
            ids = await repo.games_with_duties(session)
        for start in range(0, len(ids), RESUME_BATCH):
            for game_id in ids[start:start + RESUME_BATCH]:
                try:
                    self.kick_bots(await self.load(game_id))
                except Exception:  # a broken game must not stop the others from resuming
                    log.exception("could not resume game %s", game_id)
            await asyncio.sleep(0)  # requests go first between batches
        log.info("resumed %d live games", len(ids))

    async def stop(self) -> None:
        await self.duties.stop()
        if self._resume_task is not None:
            self._resume_task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._resume_task
        for task in self._bot_tasks.values():
            task.cancel()
        await asyncio.gather(*self._bot_tasks.values(), return_exceptions=True)
        await self.writer.stop()
        # after the drivers: nothing waits on a worker any more
        await asyncio.get_running_loop().run_in_executor(None, self.bots.shutdown)

    # ------------------------------------------------------------------ resign, chat

    async def resign(self, game_id: str, user_id: str | None, seat: int | None) -> dict[str, Any]:
        """The seat's bot plays it to the end; the outcome marks the resignation."""
        if user_id is None:
            raise unauthorized()
        live = await self.load(game_id)
        async with live.lock:
            if live.finished:
                raise conflict("GAME_FINISHED", "the game is over")
            if live.imported:
                raise conflict("GAME_IMPORTED", "an imported game is for review")
            acting = self.resolve_seat(live, user_id, seat)
            if acting is None:
                raise forbidden("NOT_YOUR_SEAT", "you hold no seat in this game")
            if acting not in live.resigned:
                live.resigned = sorted({*live.resigned, acting})
                async with self.sessions() as session:
                    await repo.set_resigned(session, live.id, live.resigned)
                    await session.commit()
            await self.hub.fan_out(live.id, {"type": "resigned", "seat": acting})
            self.kick_bots(live)
            return {"seq": live.seq, "seat": acting}

    async def chat(self, game_id: str, user_id: str | None, name: str, text: str) -> dict[str, Any]:
        if user_id is None:
            raise unauthorized()
        await self.load(game_id)
        async with self.sessions() as session:
            line = repo.add_chat(session, game_id, user_id, name, text)
            await session.commit()
        message = {"type": "chat", "id": line.id, "name": line.name, "text": line.text,
                   "at": line.created_at.isoformat()}
        await self.hub.fan_out(game_id, message)
        return message

    async def notify(self, game_id: str, message: dict[str, Any]) -> None:
        """Tell every viewer of a game, on every instance, something the platform decided
        (a rematch offered or begun): a message with no secret in it, the same for all."""
        await self.hub.fan_out(game_id, message)

    async def chat_history(self, game_id: str, after: int | None = None) -> list[dict[str, Any]]:
        """The last chat lines, oldest first; with ``after``, those with a greater id."""
        async with self.sessions() as session:
            lines = await repo.chat_lines(session, game_id, after=after)
        return [{"id": c.id, "name": c.name, "text": c.text, "at": c.created_at.isoformat()}
                for c in lines]

    async def game_row(self, game_id: str) -> Game:
        async with self.sessions() as session:
            game = await repo.get_game(session, game_id)
        if game is None:
            raise not_found("game")
        return game
