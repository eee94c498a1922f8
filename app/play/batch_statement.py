"""A group-commit batch as one PostgreSQL statement (issue 30): the move rows, their snapshots,
the away rows the players' own moves clear and the games' progress, in data-modifying CTEs
over ``unnest`` arrays.

The general path (app/play/writer.py's ``_write``) sends three ``executemany`` statements or
more; this one statement costs about half its CPU (bench/results/writer_batch.json: 1.4 against
2.8 ms for 40 moves, SQLAlchemy's per-row parameter processing is what goes) and fewer round
trips. It is the same transaction either way: every row of the batch is in, or none.

Only the common batch takes it: moves of distinct games, none ending its game, none making a
seat away (a timeout). The rest keeps the general path, which also writes the end-of-game
outbox rows.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any

from app.json_text import json_text
from app.play.move_record import MoveRecord

# JSON columns get their text, as SQLAlchemy's JSON type binds it (None is JSON null)
STATEMENT = """
WITH moved AS (
  INSERT INTO moves (game_id, seq, seat, move, chance, events, actor, level, client_move_id,
                     created_at)
  SELECT g, s, seat, mv::json, ch::json, ev::json, actor, lvl, cmid, $12
  FROM unnest($1::varchar[], $2::int[], $3::int[], $4::text[], $5::text[], $6::text[],
              $7::varchar[], $8::varchar[], $9::varchar[])
       AS m(g, s, seat, mv, ch, ev, actor, lvl, cmid)
), snapped AS (
  INSERT INTO snapshots (game_id, seq, state)
  SELECT g, s, st::json FROM unnest($16::varchar[], $17::int[], $18::text[]) AS n(g, s, st)
), back AS (
  DELETE FROM away_seats USING unnest($10::varchar[], $11::int[]) AS b(g, seat)
  WHERE away_seats.game_id = b.g AND away_seats.seat = b.seat
)
UPDATE games SET seq = p.s, status = p.st, outcome = p.oc::json, to_act = p.ta::json,
                 updated_at = $12
FROM unnest($1::varchar[], $2::int[], $13::varchar[], $14::text[], $15::text[])
     AS p(g, s, st, oc, ta)
WHERE games.id = p.g
"""


def fits(records: Sequence[MoveRecord]) -> bool:
    """Whether the batch can be written by `STATEMENT`: distinct games (one progress row
    each), no game ending, no seat made away."""
    return (len({r.game_id for r in records}) == len(records)
            and all(r.status != "finished" and not r.away for r in records))


def arguments(records: Sequence[MoveRecord], stamp: datetime) -> tuple[Any, ...]:
    """`STATEMENT`'s eighteen parameters, in order."""
    back = [r for r in records if r.away is not None]
    snaps = [r for r in records if r.snapshot is not None]
    return (
        [r.game_id for r in records], [r.seq for r in records], [r.seat for r in records],
        [json_text(r.move) for r in records], [json_text(r.chance) for r in records],
        [json_text(r.events) for r in records], [r.actor for r in records],
        [r.level for r in records], [r.client_move_id for r in records],
        [r.game_id for r in back], [r.seat for r in back], stamp,
        [r.status for r in records], [json_text(r.outcome) for r in records],
        [json_text(r.to_act) for r in records],
        [r.game_id for r in snaps], [r.seq for r in snaps], [json_text(r.snapshot) for r in snaps],
    )
