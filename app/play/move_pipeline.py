"""The move pipeline (docs/architecture.md, "A move's trip"; docs/design.md, "Randomness and
the move log").

In order: load the game (from memory when live) → resolve the caller's seat → reject if
finished → reject a stale ``seq`` → reject if not to act → apply → append the move row (a key
clash means someone else won: 409) → snapshot every K → commit → the end of the game's duties
→ wake the bots → publish. Nothing is sent before the commit. The pipeline owns its unit of
work, unlike the other services, because publishing must follow the commit of exactly this
move. A person's move, a bot's and a timeout's all commit through `MovePipeline.commit`.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from typing import Any

from sqlalchemy.exc import IntegrityError

from app.config import Settings
from app.errors import ApiError, conflict, forbidden, from_game_error, unauthorized
from app.games.base import HOST, GameError, RecordingRng, Reveal, SeededRng
from app.metrics import Metrics
from app.play import clock, notices, turn_rows
from app.play import repository as repo
from app.play.acting import (
    own_seat,
    refuse_not_to_act,
    refuse_resigned,
    refuse_stale,
    refuse_unplayable,
)
from app.play.finisher import Finisher, outcome_json
from app.play.games_cache import GamesCache
from app.play.live import LiveGame
from app.play.move_record import MoveRecord
from app.play.typed_moves import read_typed
from app.play.writer import MoveWriter
from app.realtime.hub import Hub

log = logging.getLogger("bazaar.play")


class MovePipeline:
    """Submits people's moves and commits every move, then tells the bots and the viewers."""

    def __init__(self, games: GamesCache, writer: MoveWriter, finisher: Finisher, hub: Hub,
                 metrics: Metrics, settings: Settings,
                 wake_bots: Callable[[LiveGame], None]) -> None:
        self.games = games
        self.writer = writer
        self.finisher = finisher
        self.hub = hub
        self.metrics = metrics
        self.settings = settings
        # the bot driver's kick (app/play/bot_driver.py), handed in: the driver commits
        # through this pipeline, so neither holds the other
        self.wake_bots = wake_bots

    async def submit(self, game_id: str, user_id: str | None, move: Any, seq: int,
                     client_move_id: str | None = None, seat: int | None = None,
                     words: bool = True, text: str | None = None) -> dict[str, Any]:
        """A person's move through the pipeline; returns ``{seq, events}``, the events in
        words only with ``words`` (the socket's ``moved`` frame carries the seq alone: the
        move's events reach every socket in the patch, described there once for all).

        The caller is authenticated and its seat resolved before anything else is looked at:
        a ``client_move_id`` retry is recognised only for the seat that made the move, and is
        answered with that seat's own view of its events (issue 11: a retry named by another
        caller must neither reveal the first move nor swallow its own).

        With ``text`` (and no ``move``) the move is typed in the game's notation: it is read
        for the seat in the position now, under the lock (app/play/typed_moves.py).
        """
        if user_id is None:
            raise unauthorized()
        live = await self.games.load(game_id)
        try:
            async with live.lock:
                done = await self._submit_locked(live, user_id, move, seq, client_move_id, seat,
                                                 text)
                if not words:
                    return {"seq": done["seq"]}
                # the events of the seat's move as it sees them (the host sees public ones)
                viewer = None if done["seat"] == HOST else done["seat"]
                return {"seq": done["seq"], "events": live.events_for(done["events"], viewer)}
        except ApiError as err:
            self.metrics.move_errors.labels(live.kind, err.code).inc()
            raise

    async def _submit_locked(self, live: LiveGame, user_id: str, move: Any, seq: int,
                             client_move_id: str | None, seat: int | None,
                             text: str | None = None) -> dict[str, Any]:
        """The move's seq, the seat it was made for and its raw events (the caller holds
        ``live.lock``)."""
        if seq > live.seq:
            await self.games.catch_up(live)
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
            acting = own_seat(live, user_id, seat)
        if client_move_id:
            done = live.client_moves.get((acting, client_move_id))
            if done is not None:
                return {"seq": done[0], "seat": acting, "events": done[1]}
        if acting == HOST:
            return await self.commit(live, HOST, move, seq, client_move_id, "host")
        refuse_resigned(live, acting)
        if text is not None:
            move = read_typed(live, acting, text, seq)
        return await self.commit(live, acting, move, seq, client_move_id, "player")

    async def commit(self, live: LiveGame, seat: int, move: Any, seq: int,
                     client_move_id: str | None, actor: str,
                     level: str | None = None, newly_away: bool = False,
                     undo: tuple[int, list[Any]] | None = None) -> dict[str, Any]:
        """Apply, append, commit, publish; ``{seq, seat, events}``. The caller holds
        ``live.lock``. ``undo`` (the step to go back to, and the row's events) makes it an
        undo or takeback row that app/play/undo_service.py has checked."""
        started = time.perf_counter()
        engine = live.engine
        if client_move_id and seq != live.seq:
            # a retry after a dropped connection gets the first result, whatever happened since;
            # a move made at the current seq cannot have been applied yet, so only a stale one
            # is looked up (no database round trip on the hot path)
            async with self.games.sessions() as session:
                row = await repo.move_by_client_id(session, live.id, seat, client_move_id)
            if row is not None:
                return {"seq": row.seq, "seat": seat, "events": list(row.events)}
        refuse_unplayable(live)
        # checked before the turn, so that the loser of a race learns the current seq
        refuse_stale(live, seq)
        if undo is None and seat != HOST:
            refuse_not_to_act(live, seat)
        new_seq = live.seq + 1
        waiting = notices.people_to_act(live, live.state)
        if undo is None:
            rng = RecordingRng(SeededRng(f"{live.seed}:{new_seq}"))
            try:
                state, events = engine.apply(live.state, seat, move, rng)
            except GameError as err:
                raise from_game_error(err) from None
            chance: list[Any] = rng.outcomes
            # what the move let anybody learn decides what may be undone (app/play/undo_log.py);
            # the host's moves are never undone
            reveal = (Reveal.HIDDEN if seat == HOST
                      else engine.reveals(live.state, seat, move, state, chance))
        else:
            back = live.step(undo[0])
            assert back is not None, "the undo service checked the step is in memory"
            state, events, chance, reveal = back.state, undo[1], [], Reveal.NOTHING
        outcome = engine.outcome(state)
        # every undo row is snapshotted: replays from a snapshot then never go back past one
        snapshot = (engine.dump_state(state)
                    if undo is not None or new_seq % self.settings.snapshot_every == 0 else None)
        # the seats to act next: kept on the game row and used for the turn notices
        to_act = [] if outcome else sorted(engine.to_act(state))
        # the away row (issue 16): the timeout that finds the clock run out writes it, the
        # player's own move deletes it, every other move leaves it as it is
        away: bool | None = False if actor == "player" else (True if newly_away else None)
        try:
            await self.writer.write(MoveRecord(
                live.id, new_seq, seat, move, chance, events, actor, client_move_id,
                "finished" if outcome else "live", outcome_json(live, outcome, seat, actor),
                snapshot,
                to_act, level, away,
                # a turn-based game's due rows follow in the move's transaction
                live.clock if turn_rows.turn_clock_of(live.clock) else None))
        except IntegrityError:
            # someone else (another instance, another tab) took this seq first
            await self.games.catch_up(live)
            # said as every stale move is (app/play/acting.py refuse_stale)
            raise conflict("STALE_SEQ", "the game is at seq {now}, not {seq}",
                           args={"now": live.seq, "seq": new_seq - 1}, seq=live.seq) from None
        live.advance(new_seq, state, events, seat, reveal, undo[0] if undo else None)
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
            await self.finisher.complete(live.id)
        # the game's own duties first, the fan-out after: neither a hub that is down nor a
        # slow one may stop the bots or fail a move that is committed (issue 24, point 6)
        self.wake_bots(live)
        await self.hub.fan_out(live.id, {"type": "advanced", "seq": new_seq})
        if outcome is None:
            try:
                await notices.your_turn(self.hub, live, waiting, to_act,
                                        self.finisher.on_notice)
            except Exception:
                log.warning("turn notices of game %s not sent: the hub failed", live.id)
        return {"seq": new_seq, "seat": seat, "events": events}
