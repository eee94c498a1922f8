"""Migration 0010 on SQLite and PostgreSQL: a database at 0002 with guests, a lobby and a game
upgrades with every guest's token still working, and downgrades back to the same tokens."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import httpx
import pytest
from alembic import command
from sqlalchemy import text

from app.db import make_engine
from app.ids import token_hash
from app.migrate import alembic_config
from tests.conftest import ServerThread, database_url, make_settings
from tests.support.threads import in_thread

GUESTS = {"u-ann": ("Ann", "ann-token-" + "a" * 30), "u-bob": ("Bob", "bob-token-" + "b" * 30)}


async def _run(url: str, sql: str, params: list[dict[str, Any]] | None = None) -> list[Any]:
    engine = make_engine(url)
    try:
        async with engine.begin() as conn:
            result = await conn.execute(text(sql), params or [{}])
            return list(result.all()) if result.returns_rows else []
    finally:
        await engine.dispose()


def run(url: str, sql: str, params: list[dict[str, Any]] | None = None) -> list[Any]:
    return in_thread(asyncio.run, _run(url, sql, params))


def seed_at_0002(url: str) -> None:
    """The tables as revision 0002 left them, with two guests, a lobby and a game."""
    in_thread(command.upgrade, alembic_config(url), "0002")
    run(url, "INSERT INTO users (id, name, token_hash) VALUES (:id, :name, :hash)",
        [{"id": uid, "name": name, "hash": token_hash(tok)} for uid, (name, tok) in GUESTS.items()])
    run(url, "INSERT INTO lobbies (id, kind, host_id, options, clock, private, status) "
             "VALUES ('lob1', 'grand-bazaar', 'u-ann', '{}', '{}', false, 'open')")
    seats = [{"seat": 0, "holder": "user", "user_id": "u-ann", "name": "Ann"},
             {"seat": 1, "holder": "user", "user_id": "u-bob", "name": "Bob"}]
    run(url, "INSERT INTO games (id, kind, private, options, seats, clock, seed, setup_chance, "
             "initial_state, status, seq, resigned) VALUES ('g1', 'grand-bazaar', false, '{}', "
             ":seats, '{}', 's', '[]', '{}', 'finished', 0, '[]')",
        [{"seats": json.dumps(seats)}])


@pytest.mark.parametrize("backend", ["sqlite", "postgres"])
def test_upgrade_keeps_guest_tokens_and_downgrade_restores_them(
        backend: str, tmp_path: Path) -> None:
    url = database_url(backend, tmp_path)
    seed_at_0002(url)
    in_thread(command.upgrade, alembic_config(url), "0010")
    rows = run(url, "SELECT user_id, token_hash, revoked_at FROM user_sessions ORDER BY user_id")
    assert rows == [(uid, token_hash(tok), None) for uid, (_n, tok) in sorted(GUESTS.items())]

    with ServerThread(make_settings(url)) as srv:  # start-up migrates to head: nothing to do
        for uid, (name, tok) in GUESTS.items():
            me = httpx.get(f"{srv.url}/api/account", headers={"authorization": f"Bearer {tok}"})
            assert me.status_code == 200 and me.json()["user_id"] == uid
            assert me.json()["name"] == name and me.json()["account"] is False
        lobby = httpx.get(f"{srv.url}/api/lobbies/lob1").json()
        assert lobby["host"]["name"] == "Ann"
        # a guest of before can claim, and sign-out revokes the migrated token
        bob = {"authorization": f"Bearer {GUESTS['u-bob'][1]}"}
        httpx.post(f"{srv.url}/api/account/signout", headers=bob).raise_for_status()
        assert httpx.get(f"{srv.url}/api/session", headers=bob).status_code == 401

    in_thread(command.downgrade, alembic_config(url), "0002")
    users = dict(run(url, "SELECT id, token_hash FROM users"))
    assert users["u-ann"] == token_hash(GUESTS["u-ann"][1])
    assert users["u-bob"] not in (None, token_hash(GUESTS["u-bob"][1]))  # signed out: no token
    tables = run(url, "SELECT count(*) FROM games")
    assert tables == [(1,)]
    in_thread(command.upgrade, alembic_config(url), "0010")  # and up again, cleanly
    assert len(run(url, "SELECT id FROM user_sessions")) == 2
