"""Continue from here: a new game that starts from a step of a finished one (issue 14, part 4).

Only positions whose hidden information is public may be continued: for now, a step of a
finished game (every step of it is public, GB-23). The new game keeps the position, kind,
options and number of seats; everything not yet drawn is redrawn by the engine's
``resample_hidden`` with a fresh seed, so the stack or deck after that step is reshuffled from
what remained unseen. Its setup record is the source's state at the step (``origin_state``)
and the outcomes the redraw consumed (``setup_chance``): import checks that ``initial_state``
follows from them, as it checks a new game's setup (docs/decisions.md).
"""

from __future__ import annotations

import secrets
from typing import Any

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from app.errors import ApiError, conflict, not_found
from app.games.base import Engine, RecordingRng, SeededRng, get_engine
from app.ids import new_id
from app.play import repository as repo
from app.play.models import Game
from app.play.positions import state_at
from app.play.records import IMPORTED
from app.utc import now


async def continuable(session: AsyncSession, game_id: str, step: int) -> tuple[Game, Any]:
    """The source game and its state at ``step``, or the reason in words why it may not be
    continued from there (409; 422 for a step out of range, as the replay says it)."""
    game = await repo.get_game(session, game_id)
    if game is None:
        raise not_found("game")
    if game.status == IMPORTED:
        raise conflict("GAME_IMPORTED", "this imported game stops before its end, so its "
                       "hidden cards and tiles are not all known: only a finished game can be "
                       "continued")
    if game.status != "finished":
        raise conflict("GAME_RUNNING", "only a finished game can be continued: while a game "
                       "runs, its unseen cards and tiles are secret")
    if game.origin_state is not None and game.continued_from is None:
        raise conflict("ORIGIN_UNKNOWN", "this game was imported from a continued game whose "
                       "first position could not be checked here, so it cannot be continued")
    if not 0 <= step <= game.seq:
        raise ApiError(422, "BAD_STEP", "step must be between 0 and {last}",
                       args={"last": game.seq})
    state = await state_at(session, game, step)
    if get_engine(game.kind).outcome(state) is not None:
        raise conflict("NOTHING_TO_PLAY", "the game is already over at move {step}: there is "
                       "nothing left to play; choose an earlier move", args={"step": step})
    return game, state


def resampled(engine: Engine, state: Any, names: list[str]) -> tuple[str, list[Any], Any]:
    """A fresh seed, the outcomes the redraw of the unseen part consumed, and the new state:
    the position under the new seats' names, everything not yet seen redrawn (import redoes
    exactly this from the record: app/play/records.py)."""
    seed = secrets.token_hex(16)
    rng = RecordingRng(SeededRng(seed))
    start = engine.resample_hidden(engine.rename_seats(state, names), None, rng)
    return seed, rng.outcomes, start


async def create_continued_game(session: AsyncSession, source_id: str, step: int,
                                seats: list[dict[str, Any]], host_id: str, private: bool,
                                clock: dict[str, Any], lobby_id: str,
                                takeover_level: str = "normal") -> Game:
    """Start the lobby's game from the source's state at ``step``, its unseen part redrawn."""
    source, state = await continuable(session, source_id, step)
    if len(seats) != len(source.seats):
        raise conflict("SEATS_CHANGED", "a continued game keeps the number of players of the "
                       "position")
    engine = get_engine(source.kind)
    seed, chance, start = resampled(engine, state, [s["name"] for s in seats])
    stamp = now()
    game = Game(
        id=new_id(), kind=source.kind, lobby_id=lobby_id, host_id=host_id,
        # a continuation of a private game stays private: its page links the source
        private=private or source.private,
        options=dict(source.options), seats=seats, clock=clock, seed=seed, setup_chance=chance,
        initial_state=engine.dump_state(start), status="live", seq=0, outcome=None,
        resigned=[], continued_from=source.id, continued_step=step,
        origin_state=engine.dump_state(state), created_at=stamp, updated_at=stamp,
        takeover_level=takeover_level,
    )
    session.add(game)
    await session.flush()
    return game


async def continuations(session: AsyncSession, game_id: str,
                        user_id: str | None) -> list[dict[str, Any]]:
    """The games continued from this one that the caller may know of: the listed ones, and
    private ones the caller hosts or plays in."""
    rows = (await session.scalars(select(Game).where(Game.continued_from == game_id)
                                  .order_by(Game.created_at))).all()
    return [{"game": g.id, "step": g.continued_step, "status": g.status,
             "players": [s["name"] for s in g.seats]}
            for g in rows
            if not g.private or (user_id is not None and (
                g.host_id == user_id or any(s.get("user_id") == user_id for s in g.seats)))]
