"""The seats of imported games written before their seats became the record's.

Since issue 25, point 31 an imported game's seats have the holder ``record``: names from the
record, held by nobody, so no viewer is "you" in it. Games imported before that kept the holder
``host``, which made the importer hold every seat (every seat said "you", bots included). An
imported game is the only game made without a lobby, so the reader takes a lobby-less game's
``host`` seats as the record's: old rows read like new ones and need no data migration.
"""

from __future__ import annotations

from typing import Any

RECORD = "record"
"""The holder of an imported game's seats: a name from the record, nobody's seat."""


def seats_now(seats: list[dict[str, Any]], lobby_id: str | None) -> list[dict[str, Any]]:
    """The game's seats as today's rows write them (a copy; the row is left unchanged)."""
    if lobby_id is not None:
        return [dict(s) for s in seats]
    return [{**s, "holder": RECORD} if s.get("holder") == "host" else dict(s) for s in seats]
