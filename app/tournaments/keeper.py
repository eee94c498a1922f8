"""The tournaments' scheduler: every instance runs one; the database says what is due and
the claim in each step (app/tournaments/rounds.py) makes N instances act once.

It looks every ``tournament_tick_seconds``, and at once when a game of this instance ends (a
hook the play service calls), so a round follows the last game of the one before without
waiting for the tick. Due times live in the database: after a restart the first look finds
what was left.
"""

from __future__ import annotations

import logging
from typing import Any

from sqlalchemy.exc import DBAPIError, IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from app.games.messages import say
from app.periodic import Periodic
from app.play import notices
from app.play.models import Game
from app.play.service import PlayService
from app.tournaments import repository as repo
from app.tournaments import rounds
from app.utc import now

log = logging.getLogger("bazaar.tournaments")


class TournamentKeeper:
    """Takes the due steps of every tournament, on this instance, until stopped."""

    def __init__(self, sessions: async_sessionmaker[AsyncSession], play: PlayService,
                 tick: float) -> None:
        self.sessions = sessions
        self.play = play
        self.tick = tick
        # a broken step is logged and the next look tries again
        self._loop = Periodic(self.run_once, tick, name="a tournament step", log=log)
        self.looks = 0
        """Looks taken so far (tests wait on it rather than on the clock)."""

    def start(self) -> None:
        self._loop.start()

    async def stop(self) -> None:
        await self._loop.stop()

    async def game_ended(self, _game_id: str) -> None:
        """A game of this instance has ended: look now (it may close a round)."""
        self._loop.wake()

    def poke(self) -> None:
        """Look now (a host started a tournament early)."""
        self._loop.wake()

    async def run_once(self) -> int:
        """Take every due step; how many tournaments moved."""
        async with self.sessions() as session:
            ids = await repo.due(session, now())
        self.looks += 1
        moved = 0
        for tournament_id in ids:
            games = await self._step(tournament_id)
            moved += 1 if games is not None else 0
            for game in games or []:
                self.play.kick_bots(self.play.adopt(game))
                await self._tell_table(tournament_id, game)
        return moved

    async def _step(self, tournament_id: str) -> list[Game] | None:
        async with self.sessions() as session:
            try:
                games = await rounds.step(session, tournament_id)
                await session.commit()
                return games
            except (IntegrityError, DBAPIError) as err:
                # another instance took the step meanwhile (a key clash, or SQLite's writer
                # lock): the database is as that instance left it
                await session.rollback()
                log.info("tournament step left to another instance",
                         extra={"tournament": tournament_id, "error": type(err).__name__})
                return None

    async def _tell_table(self, tournament_id: str, game: Game) -> None:
        people = [s["user_id"] for s in game.seats if s.get("holder") == "user"]
        async with self.sessions() as session:
            t = await repo.get(session, tournament_id)
        if t is None:
            return
        turn_based = (t.clock or {}).get("mode") == "turn"
        when = "play when you can" if turn_based else "play now"
        await notices.tell(self.play.hub, people, {
            "kind": "table-ready", "game_id": game.id, "tournament_id": tournament_id,
            "round": t.current_round, "title": t.name,
            "text": f"Your table in {t.name} is ready (round {t.current_round}): {when}.",
            "message": say("Your table in {name} is ready (round {round}): {when}.",
                           name=t.name, round=t.current_round,
                           when=say("play when you can") if turn_based else say("play now")),
            "dedupe": f"table-ready:{game.id}"}, self.play.on_notice)


def install(app_state: Any, tick: float) -> TournamentKeeper:
    """Make and start the keeper of this instance, hooked to the end of games."""
    keeper = TournamentKeeper(app_state.sessions, app_state.play, tick)
    app_state.play.on_finish.append(keeper.game_ended)
    keeper.start()
    return keeper
