"""Rows as older versions of the site wrote them, written straight into a SQLite database, for
tests that check today's pages read them well."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

from app.ids import new_id


def _copy_rows(db: sqlite3.Connection, table: str, column: str, old: str, new: str) -> None:
    rows = db.execute(f"SELECT * FROM {table} WHERE {column} = ?", (old,)).fetchall()  # noqa: S608
    for row in rows:
        values = {**dict(row), column: new}
        names = ", ".join(values)
        marks = ", ".join("?" for _ in values)
        db.execute(f"INSERT INTO {table} ({names}) VALUES ({marks})", list(values.values()))  # noqa: S608


def old_style_import(path: Path, game_id: str) -> str:
    """A copy of an imported game as it was stored before its seats became the record's (issue
    25, point 31): every seat held by "host", the importer being the game's host. Its new id."""
    new = new_id()
    with sqlite3.connect(path) as db:
        db.row_factory = sqlite3.Row
        (row,) = db.execute("SELECT * FROM games WHERE id = ?", (game_id,)).fetchall()
        seats = [{**seat, "holder": "host"} for seat in json.loads(row["seats"])]
        values = {**dict(row), "id": new, "seats": json.dumps(seats)}
        db.execute(f"INSERT INTO games ({', '.join(values)}) VALUES ({', '.join('?' for _ in values)})",  # noqa: S608
                   list(values.values()))
        for table in ("moves", "snapshots"):
            _copy_rows(db, table, "game_id", game_id, new)
    return new
