"""Starting a game: the setup record (docs/design.md, "Randomness and the move log").

All setup randomness happens in the engine's ``setup`` through a recording generator; the
record keeps the seed, the chance outcomes it drew and the initial state (deck order included),
which stay secret until the game ends.
"""

from __future__ import annotations

import secrets
from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession

from app.errors import ApiError
from app.games.base import GameError, RecordingRng, ReplayRng, SeededRng, get_engine
from app.ids import new_id
from app.play.models import Game
from app.play.origin import origin_event
from app.utc import now


async def create_game(session: AsyncSession, kind: str, options: dict[str, Any],
                      seats: list[dict[str, Any]], host_id: str | None, private: bool,
                      clock: dict[str, Any], lobby_id: str | None,
                      rated: bool = False, takeover_level: str = "normal",
                      takebacks: bool = False) -> Game:
    """Set a new game up and add its record to the session."""
    engine = get_engine(kind)
    try:
        resolved = engine.validate_options(options, len(seats))
        seed = secrets.token_hex(16)
        rng = RecordingRng(SeededRng(seed))
        state, _events = engine.start([s["name"] for s in seats], resolved, rng)
    except GameError as err:
        raise ApiError(err.status, err.code, err.reason) from None
    stamp = now()
    game = Game(
        id=new_id(), kind=kind, lobby_id=lobby_id, host_id=host_id, private=private, rated=rated,
        options=resolved, seats=seats, clock=clock, seed=seed, setup_chance=rng.outcomes,
        initial_state=engine.dump_state(state), status="live", seq=0, outcome=None,
        resigned=[], to_act=sorted(engine.to_act(state)), created_at=stamp, updated_at=stamp,
        takeover_level=takeover_level, takebacks=takebacks,
    )
    session.add(game)
    await session.flush()
    return game


def setup_events(game: Game) -> list[Any]:
    """The events of a game's setup, recomputed from its recorded setup outcomes."""
    if game.origin_state is not None:
        # a continued game has no setup of its own: step 0 says where it came from
        return [origin_event(game.continued_from, game.continued_step)]
    engine = get_engine(game.kind)
    try:
        _, events = engine.start([seat["name"] for seat in game.seats], game.options,
                                 ReplayRng(game.setup_chance))
    except GameError:  # an imported record of an older engine: no setup events to show
        return []
    return events
