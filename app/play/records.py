"""Self-contained game records: export, and import verified by replay (docs/api.md).

A finished game's record holds everything (setup chance outcomes, initial state, each move with
its chance outcomes). A running game's record holds only what the caller may see. Import
replays a complete record from its setup and refuses it if any step disagrees.
"""

from __future__ import annotations

import json
from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession

from app.errors import ApiError
from app.games.base import GameError, ReplayRng, get_engine
from app.ids import new_id
from app.play import repository as repo
from app.play.models import Game
from app.play.repository import now

FORMAT = "bazaar-game/1"


def export_record(game: Game, rows: list[Any], complete: bool,
                  redacted_moves: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    """The record of a game; ``complete`` only once it has ended."""
    engine = get_engine(game.kind)
    record: dict[str, Any] = {
        "format": FORMAT, "kind": game.kind, "complete": complete,
        "seats": [s["name"] for s in game.seats], "seq": game.seq, "status": game.status,
        "options": engine.public_options(game.options, complete),
    }
    if complete:
        record.update(
            seed=game.seed, setup_chance=game.setup_chance, initial_state=game.initial_state,
            outcome=game.outcome,
            moves=[{"seq": r.seq, "seat": r.seat, "move": r.move, "chance": r.chance,
                    "events": r.events, "actor": r.actor} for r in rows],
        )
    else:
        record["moves"] = redacted_moves or []
    return record


def _bad(reason: str) -> ApiError:
    return ApiError(422, "REPLAY_MISMATCH", reason)


async def import_record(session: AsyncSession, record: dict[str, Any], user_id: str) -> Game:
    """Replay a complete record from its setup; store it as a new game held by the importer."""
    if record.get("format") != FORMAT or not record.get("complete"):
        raise ApiError(422, "BAD_RECORD", f"expected a complete {FORMAT} record")
    try:
        engine = get_engine(str(record["kind"]))
    except KeyError:
        raise ApiError(422, "UNKNOWN_KIND", "unknown game kind") from None
    names = record.get("seats")
    moves = record.get("moves")
    if not isinstance(names, list) or not all(isinstance(n, str) for n in names) \
            or not isinstance(moves, list):
        raise ApiError(422, "BAD_RECORD", "seats and moves must be lists")
    try:
        options = engine.validate_options(record.get("options") or {}, len(names))
        setup_rng = ReplayRng(record.get("setup_chance") or [])
        state = engine.setup(names, options, setup_rng)
        setup_rng.finish()
        initial = engine.dump_state(state)
        if _canon(initial) != _canon(record.get("initial_state")):
            raise _bad("the initial state does not follow from the setup record")
        for i, entry in enumerate(moves, start=1):
            if not isinstance(entry, dict) or entry.get("seq") != i:
                raise _bad(f"move {i} is missing or out of order")
            rng = ReplayRng(entry.get("chance") or [])
            state, events = engine.apply(state, int(entry["seat"]), entry["move"], rng)
            rng.finish()
            if _canon(events) != _canon(entry.get("events")):
                raise _bad(f"move {i} does not produce the recorded events")
    except GameError as err:
        raise _bad(f"the record does not replay: {err.reason}") from None
    except (KeyError, TypeError, ValueError) as err:
        raise ApiError(422, "BAD_RECORD", f"malformed record: {err}") from None
    outcome = engine.outcome(state)
    stamp = now()
    game = Game(
        id=new_id(), kind=engine.kind, lobby_id=None, host_id=user_id, private=True,
        options=options,
        seats=[{"seat": i, "holder": "host", "user_id": None, "name": n}
               for i, n in enumerate(names)],
        clock={}, seed=str(record.get("seed") or "imported"),
        setup_chance=record.get("setup_chance") or [], initial_state=initial,
        status="finished" if outcome else "live", seq=len(moves),
        outcome={**outcome.to_json(), "resigned": []} if outcome else None,
        resigned=[], created_at=stamp, updated_at=stamp,
    )
    session.add(game)
    await session.flush()
    for entry in moves:
        repo.add_move(session, game.id, entry["seq"], int(entry["seat"]), entry["move"],
                      entry.get("chance") or [], entry.get("events") or [],
                      str(entry.get("actor") or "player"), None)
    return game


def _canon(value: Any) -> str:
    return json.dumps(value, sort_keys=True)
