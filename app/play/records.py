"""Self-contained game records: export, and import verified by replay (docs/api.md).

A finished game's record holds everything (setup chance outcomes, initial state, each move with
its chance outcomes). A running game's record holds only what the caller may see. Import
replays a complete record from its setup and refuses it if any step disagrees.
"""

from __future__ import annotations

import json
import re
from typing import Any

from pydantic import TypeAdapter, ValidationError
from sqlalchemy.ext.asyncio import AsyncSession

from app.errors import ApiError
from app.games.base import HOST, Engine, GameError, ReplayRng, get_engine
from app.games.bots import LEVELS
from app.ids import new_id
from app.play import repository as repo
from app.play.models import Game
from app.play.positions import state_at
from app.play.record_seats import RECORD
from app.play.undo_log import Replay, is_undo
from app.schemas import TOKEN_PATTERN, SeatName
from app.utc import now

FORMAT = "bazaar-game/1"
IMPORTED = "imported"
"""The status of an imported game that did not reach its end: for review only."""


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
                    "events": r.events, "actor": r.actor,
                    **({"level": r.level} if r.level else {})} for r in rows],
        )
        if game.origin_state is not None:
            # a continued game's setup: the source's state at the step it started from, which
            # the recorded setup outcomes reshuffle into initial_state (app/play/continuation.py)
            record["continued_from"] = {"game": game.continued_from, "step": game.continued_step,
                                        "state": game.origin_state}
    else:
        record["moves"] = redacted_moves or []
    return record


def _bad(reason: str) -> ApiError:
    return ApiError(422, "REPLAY_MISMATCH", reason)


def _malformed(reason: str) -> ApiError:
    return ApiError(422, "BAD_RECORD", reason)


ACTORS = frozenset({"player", "bot", "timeout", "resigned", "host"})
"""Who may have made a logged move (MoveRow.actor); a record naming anyone else is refused."""
MAX_SEATS = 8
MAX_MOVES = 5000
_NAME = TypeAdapter(SeatName)  # a record's seats may be "Bot 2" or "Former player"


def _check_fields(record: dict[str, Any]) -> tuple[list[str], list[dict[str, Any]]]:
    """The record's seat names and move entries, each checked as strictly as the live API
    checks them (issue 11): names as session names, seed as a token, actors from the known
    set, seats in range, sizes bounded. Raises 422 BAD_RECORD."""
    names, moves = record.get("seats"), record.get("moves")
    if not isinstance(names, list) or not 1 <= len(names) <= MAX_SEATS:
        raise _malformed(f"seats must be a list of 1 to {MAX_SEATS} names")
    for name in names:
        try:
            valid = isinstance(name, str) and _NAME.validate_python(name) == name
        except ValidationError:
            valid = False
        if not valid:
            raise _malformed("a seat name must be 1 to 40 visible characters, as a player's "
                             "name is")
    seed = record.get("seed")
    if not isinstance(seed, str | int) or isinstance(seed, bool) \
            or not re.match(TOKEN_PATTERN, str(seed)):
        raise _malformed("the seed must be a short token of letters, digits and _.:-")
    if not isinstance(moves, list) or len(moves) > MAX_MOVES:
        raise _malformed(f"moves must be a list of at most {MAX_MOVES} entries")
    for i, entry in enumerate(moves, start=1):
        if not isinstance(entry, dict) or entry.get("seq") != i:
            raise _bad(f"move {i} is missing or out of order")
        seat = entry.get("seat")
        if not isinstance(seat, int) or isinstance(seat, bool) \
                or not (seat == HOST or 0 <= seat < len(names)):
            raise _malformed(f"move {i}: the seat must be one of the record's seats")
        if entry.get("actor", "player") not in ACTORS:
            raise _malformed(f"move {i}: the actor must be one of {', '.join(sorted(ACTORS))}")
        if entry.get("level") is not None and entry.get("level") not in LEVELS:
            raise _malformed(f"move {i}: the level must be one of {', '.join(LEVELS)}")
        if not isinstance(entry.get("move"), dict):
            raise _malformed(f"move {i}: the move must be an object")
    return names, moves


async def import_record(session: AsyncSession, record: dict[str, Any], user_id: str) -> Game:
    """Replay a complete record from its setup; store it as a new game held by the importer.

    The game is for review, never live: a record that replays to its end is ``finished``; one
    cut short is ``imported`` (nobody sits in its seats, so nobody may move in it, and it is
    not continued either: only a finished game's steps are all public, app/play/continuation.py).
    A continued game's record starts from its ``continued_from`` state instead of a setup.
    """
    if record.get("format") != FORMAT or record.get("complete") is not True:
        raise _malformed(f"expected a complete {FORMAT} record")
    try:
        engine = get_engine(str(record["kind"]))
    except KeyError:
        raise ApiError(422, "UNKNOWN_KIND", "unknown game kind") from None
    names, moves = _check_fields(record)
    origin = _origin(record)
    state = check_setup(engine, record)
    options = engine.validate_options(record.get("options") or {}, len(names))
    try:
        initial = engine.dump_state(state)
        if _canon(initial) != _canon(record.get("initial_state")):
            raise _bad("the initial state does not follow from the setup record")
        # undo and takeback rows go back to their step, once checked to be allowed there
        replay = Replay(engine, state)
        for i, entry in enumerate(moves, start=1):
            state, events = replay.apply(entry["seat"], entry["move"], entry.get("chance") or [])
            if _canon(events) != _canon(entry.get("events")):
                raise _bad(f"move {i} does not produce the recorded events")
    except GameError as err:
        raise _bad(f"the record does not replay: {err.reason}") from None
    except (KeyError, TypeError, ValueError, IndexError, AttributeError) as err:
        raise _malformed(f"malformed record: {err}") from None
    source = await _check_source(session, engine, origin) if origin else None
    outcome = engine.outcome(state)
    stamp = now()
    game = Game(
        id=new_id(), kind=engine.kind, lobby_id=None, host_id=user_id, private=True,
        options=options,
        # an imported game has no players here: its seats are the record's names, held by
        # nobody, so no viewer (the importer included) is "you" in it (issue 25, point 31)
        seats=[{"seat": i, "holder": RECORD, "user_id": None, "name": n}
               for i, n in enumerate(names)],
        clock={}, seed=str(record["seed"]),
        setup_chance=record.get("setup_chance") or [], initial_state=initial,
        status="finished" if outcome else IMPORTED, seq=len(moves),
        outcome={**outcome.to_json(), "resigned": []} if outcome else None,
        resigned=[], to_act=[], created_at=stamp, updated_at=stamp,
        continued_from=source, continued_step=origin["step"] if origin else None,
        origin_state=origin["state"] if origin else None,
    )
    session.add(game)
    await session.flush()
    for entry in moves:
        repo.add_move(session, game.id, entry["seq"], entry["seat"], entry["move"],
                      entry.get("chance") or [], entry.get("events") or [],
                      entry.get("actor", "player"), None, entry.get("level"))
        if is_undo(entry["move"]):  # every undo row has its snapshot (app/play/undo_log.py)
            repo.add_snapshot(session, game.id, entry["seq"],
                              engine.dump_state(replay.steps[entry["seq"]].state))
    return game


def check_setup(engine: Engine, record: dict[str, Any]) -> Any:
    """The position before a record's first move, from its setup (names, options, seed,
    setup chance outcomes, a continued game's origin), each checked; raises 422."""
    names, _ = _check_fields(record)
    try:
        options = engine.validate_options(record.get("options") or {}, len(names))
        setup_rng = ReplayRng(record.get("setup_chance") or [])
        origin = _origin(record)
        if origin is None:
            state = engine.setup(names, options, setup_rng)
        else:
            source = engine.rename_seats(engine.load_state(origin["state"]), names)
            state = engine.resample_hidden(source, None, setup_rng)
        setup_rng.finish()
    except GameError as err:
        raise _bad(f"the record does not replay: {err.reason}") from None
    except (KeyError, TypeError, ValueError, IndexError, AttributeError) as err:
        raise _malformed(f"malformed record: {err}") from None
    return state


def _origin(record: dict[str, Any]) -> dict[str, Any] | None:
    """A continued game's origin ({game, step, state}), checked for shape; None otherwise."""
    origin = record.get("continued_from")
    if origin is None:
        return None
    step = origin.get("step") if isinstance(origin, dict) else None
    game = origin.get("game") if isinstance(origin, dict) else None
    if not isinstance(step, int) or isinstance(step, bool) or not 0 <= step <= MAX_MOVES \
            or not (game is None or isinstance(game, str) and re.match(TOKEN_PATTERN, game)) \
            or "state" not in origin:
        raise _malformed("continued_from must be {game, step, state} with a step of the "
                         "source game")
    return dict(origin)


async def _check_source(session: AsyncSession, engine: Any,
                        origin: dict[str, Any]) -> str | None:
    """The source game's id if it is on this server, once its state at the step is checked to
    be the record's; None when it is not here (then the import cannot be continued, since
    nothing here vouches for its first position: app/play/continuation.py)."""
    game = await repo.get_game(session, origin["game"]) if origin.get("game") else None
    if game is None or game.kind != engine.kind or game.status != "finished" \
            or origin["step"] > game.seq:
        return None
    here = engine.dump_state(await state_at(session, game, origin["step"]))
    if _canon(here) != _canon(origin["state"]):
        raise _bad(f"the position at move {origin['step']} of the source game is not the "
                   "record's")
    return game.id


def _canon(value: Any) -> str:
    return json.dumps(value, sort_keys=True)
