"""Apply Alembic migrations programmatically (at start-up, and in tests)."""

from __future__ import annotations

import asyncio
from pathlib import Path

from alembic import command
from alembic.config import Config

ROOT = Path(__file__).resolve().parent.parent


def alembic_config(database_url: str) -> Config:
    config = Config(str(ROOT / "alembic.ini"))
    config.set_main_option("script_location", str(ROOT / "migrations"))
    config.attributes["database_url"] = database_url
    return config


def upgrade(database_url: str) -> None:
    """Bring the database to the latest revision (runs its own event loop)."""
    command.upgrade(alembic_config(database_url), "head")


async def upgrade_async(database_url: str) -> None:
    """`upgrade` from inside a running event loop (Alembic's env runs ``asyncio.run``)."""
    await asyncio.to_thread(upgrade, database_url)
