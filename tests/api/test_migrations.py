"""Alembic migrations upgrade and downgrade on SQLite and PostgreSQL: the columns added after
0002 (the rematch's lobby link 0003, "Continue from here" 0004, the seats to act 0005, rated
lobbies and games 0011, the takeover level 0012) go with a downgrade and come back with an upgrade."""

from __future__ import annotations

import asyncio
import threading
from pathlib import Path
from typing import Any

import pytest
from alembic import command
from sqlalchemy import inspect

from app.db import make_engine
from app.migrate import alembic_config
from tests.conftest import BACKENDS, database_url
from tests.support.threads import in_thread


def columns(url: str) -> dict[str, set[str]]:
    """The columns of the games and lobbies tables (read in a thread with its own loop)."""
    found: dict[str, set[str]] = {}

    async def read() -> None:
        engine = make_engine(url)
        async with engine.connect() as conn:
            def names(sync: Any) -> None:
                inspector = inspect(sync)
                for table in ("games", "lobbies"):
                    found[table] = {c["name"] for c in inspector.get_columns(table)}
            await conn.run_sync(names)
        await engine.dispose()

    worker = threading.Thread(target=asyncio.run, args=(read(),))
    worker.start()
    worker.join()
    return found


@pytest.mark.parametrize("backend", BACKENDS)
def test_the_columns_after_0002_upgrade_and_downgrade(backend: str, tmp_path: Path) -> None:
    url = database_url(backend, tmp_path)
    config = alembic_config(url)
    in_thread(command.upgrade, config, "head")
    added = {"games": {"continued_from", "continued_step", "origin_state", "to_act", "rated",
                       "takeover_level"},
             "lobbies": {"continue_game", "continue_step", "rematch_of", "rated",
                         "takeover_level"}}
    now = columns(url)
    assert all(added[t] <= now[t] for t in added), now
    in_thread(command.downgrade, config, "0002")
    before = columns(url)
    assert all(not added[t] & before[t] for t in added), before
    in_thread(command.upgrade, config, "head")
    again = columns(url)
    assert all(added[t] <= again[t] for t in added), again
