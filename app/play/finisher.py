"""The end of a game (docs/architecture.md, "A move's trip", step 7; docs/design.md, "Duties
after a commit are durable"; issue 24, point 6).

The final move's commit writes the result on the game row (`outcome_json`) and a pending duty
row (app/play/writer.py). Right after that commit the finisher runs the end-of-game duties in
order: the hooks that `app/main.py` and the tournaments plug in (the ratings first), then the
"game over" notices to the players. A duty that fails leaves its row for the sweep of any
instance (app/play/duties.py), so every hook must be idempotent by game id.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from app.config import Settings
from app.games.base import Outcome
from app.play import notices
from app.play.duties import Duties
from app.play.games_cache import GamesCache
from app.play.live import LiveGame
from app.realtime.hub import Hub

Hook = Callable[[str], Awaitable[Any]]


class Finisher:
    """Completes finished games: at once after the final commit, by the sweep after a crash."""

    def __init__(self, sessions: async_sessionmaker[AsyncSession], games: GamesCache, hub: Hub,
                 settings: Settings) -> None:
        self.games = games
        self.hub = hub
        # called with a game's id once its last move is committed (app/main.py: the ratings);
        # each must be idempotent by game id: after a crash or a failure it runs again
        self.on_finish: list[Hook] = []
        # handed every notice to people (app/play/notices.py) with its people; each returns at
        # once (app/main.py: the notifier that queues e-mail and Web Push, issue 27.2)
        self.on_notice: list[notices.NoticeHook] = []
        self.duties = Duties(sessions, self.end_of_game, settings.duty_claim_seconds,
                             settings.duty_sweep_seconds)

    async def end_of_game(self, game_id: str) -> None:
        """The end-of-game duties of a finished game, in order: the hooks (the ratings), then
        the "game over" notices to its players. Raises if one fails; app/play/duties.py keeps
        them pending and runs them again (so every hook is idempotent by game id)."""
        for duty in self.on_finish:
            await duty(game_id)
        live = await self.games.load(game_id)
        outcome = live.engine.outcome(live.state)
        if outcome is not None:
            await notices.game_over(self.hub, live, outcome, self.on_notice)

    async def complete(self, game_id: str) -> None:
        """Run the duties of a game whose final move this instance has just committed (a
        failure is logged and left pending for a sweep, never lost)."""
        await self.duties.complete(game_id)


def outcome_json(live: LiveGame, outcome: Outcome | None, seat: int, actor: str
                 ) -> dict[str, Any] | None:
    """The result kept on the game row; the timeouts counted include this final move's own,
    when the clock made it (issue 24: the count was one short)."""
    if outcome is None:
        return None
    timeouts = dict(live.timeouts)
    if actor == "timeout":
        timeouts[seat] = timeouts.get(seat, 0) + 1
    return {**outcome.to_json(), "resigned": sorted(live.resigned),
            "timeouts": {str(k): v for k, v in sorted(timeouts.items())}}
