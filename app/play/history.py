"""A game's past: the state at any step, replay views, the log, and the setup's events.

Everything here reads the log (or this instance's memory of it) and never changes a game.
"""

from __future__ import annotations

from typing import Any

from app.errors import ApiError
from app.play import repository as repo
from app.play.live import LiveGame, apply_recorded
from app.play.service import PlayService
from app.realtime.viewer import Viewer


async def state_at(play: PlayService, live: LiveGame, k: int) -> tuple[Any, list[Any]]:
    """The state after move ``k`` and that move's events, from memory or the log."""
    step = live.step(k)
    if step is not None:
        return step.state, step.events
    if live.finished:
        # a finished game is replayed step by step: rebuild every state once and keep them
        # (apply never mutates, so states share their unchanged parts)
        if live.replay is None:
            live.replay = await _all_states(play, live)
        return live.replay[k]
    async with play.sessions() as session:
        snap = await repo.latest_snapshot(session, live.id, at_most=k)
        game = await repo.get_game(session, live.id)
        assert game is not None
        start = snap.seq if snap else 0
        rows = await repo.moves_after(session, live.id, start, upto=k)
        restored = await repo.undo_snapshots(session, live.id, rows)
    engine = live.engine
    state = engine.load_state(snap.state if snap else game.initial_state)
    events: list[Any] = live.setup_events if k == 0 else []
    for row in rows:
        state = apply_recorded(engine, state, row, restored)
        events = list(row.events)
    return state, events


async def _all_states(play: PlayService, live: LiveGame) -> list[tuple[Any, list[Any]]]:
    async with play.sessions() as session:
        game = await repo.get_game(session, live.id)
        assert game is not None
        rows = await repo.moves_after(session, live.id, 0)
        restored = await repo.undo_snapshots(session, live.id, rows)
    engine = live.engine
    state = engine.load_state(game.initial_state)
    states: list[tuple[Any, list[Any]]] = [(state, live.setup_events)]
    for row in rows:
        state = apply_recorded(engine, state, row, restored)
        states.append((state, list(row.events)))
    return states


async def replay(play: PlayService, game_id: str, user_id: str | None, k: int,
                 seat: int | None = None) -> dict[str, Any]:
    """The view at step ``k``: the caller's, or everything once the game has ended."""
    live = await play.load(game_id)
    if not 0 <= k <= live.seq:
        raise ApiError(422, "BAD_STEP", "step must be between 0 and {last}",
                       args={"last": live.seq})
    state, events = await state_at(play, live, k)
    engine = live.engine
    if live.finished:
        view = engine.full_view(state)
        viewer: Viewer = None
    else:
        viewer = play.resolve_seat(live, user_id, seat)
        view = engine.view(state, viewer)
    return {"seq": k, "last": live.seq, "view": view,
            "events": live.events_for(events, viewer)}


async def log_entries(play: PlayService, game_id: str, user_id: str | None,
                      seat: int | None = None) -> dict[str, Any]:
    """Every move as the caller may see it (secret moves redacted while running)."""
    live = await play.load(game_id)
    viewer = None if live.finished else play.resolve_seat(live, user_id, seat)
    async with play.sessions() as session:
        rows = await repo.moves_after(session, game_id, 0)
    entries = []
    if live.setup_events:
        entry: dict[str, Any] = {"seq": 0, "seat": None, "move": None, "at": None,
                 "actor": "continued" if live.origin else "setup",
                 "events": live.events_for(live.setup_events, viewer)}
        if live.origin:  # a continued game's log starts where the source game was
            entry["origin"] = live.origin
        entries.append(entry)
    for row in rows:
        move = row.move
        if not live.finished:
            move = live.engine.redact_move(move, row.seat, viewer)
        entries.append({
            "seq": row.seq, "seat": row.seat, "move": move,
            "events": live.events_for(list(row.events), viewer),
            "actor": row.actor, "at": row.created_at.isoformat() if row.created_at else None,
            # the level of the bot that chose it (normal, hard); None for a person's move
            "level": row.level,
        })
    return {"seq": live.seq, "entries": entries}
