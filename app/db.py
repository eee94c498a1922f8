"""Async database engine, sessions and the declarative base (SQLite or PostgreSQL)."""

from __future__ import annotations

import time
from collections.abc import AsyncIterator
from typing import Any

import orjson
from sqlalchemy import JSON, MetaData, event, exc
from sqlalchemy.ext.asyncio import (
    AsyncEngine,
    AsyncSession,
    async_sessionmaker,
    create_async_engine,
)
from sqlalchemy.orm import DeclarativeBase

from app.json_text import json_text

NAMING = {
    "ix": "ix_%(column_0_label)s",
    "uq": "uq_%(table_name)s_%(column_0_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}


class Base(DeclarativeBase):
    """Base of every model; constraint names follow one convention for Alembic."""

    metadata = MetaData(naming_convention=NAMING)
    type_annotation_map = {dict[str, Any]: JSON, list[Any]: JSON}


IDLE_PING_SECONDS = 10.0
"""A pooled connection idle this long is pinged before use (see ``_ping_when_idle``)."""


def make_engine(url: str, idle_ping_seconds: float = IDLE_PING_SECONDS,
                pool_size: int = 30, max_overflow: int = 30) -> AsyncEngine:
    """An async engine; SQLite gets WAL and a busy timeout so readers never block writers."""
    if url.startswith("sqlite"):
        engine = create_async_engine(url, connect_args={"timeout": 30},
                                     json_serializer=json_text, json_deserializer=orjson.loads)

        @event.listens_for(engine.sync_engine, "connect")
        def _pragmas(dbapi_conn: Any, _record: Any) -> None:
            cur = dbapi_conn.cursor()
            cur.execute("PRAGMA journal_mode=WAL")
            cur.execute("PRAGMA synchronous=NORMAL")
            cur.execute("PRAGMA foreign_keys=ON")
            cur.close()

        return engine
    # No pre-ping on every checkout: that is a round trip per move. A connection that sat
    # idle is pinged instead (a busy one was just proven alive), so that a server restart,
    # a failover or an idle-connection reaper never fails a request (issue 11).
    engine = create_async_engine(url, pool_size=pool_size, max_overflow=max_overflow,
                                 pool_recycle=1800,
                                 json_serializer=json_text, json_deserializer=orjson.loads)
    _ping_when_idle(engine, idle_ping_seconds)
    return engine


def _ping_when_idle(engine: AsyncEngine, idle_seconds: float) -> None:
    """Ping a pooled connection on checkout when it was idle ``idle_seconds`` or more; a dead
    one is discarded and the pool connects afresh (SQLAlchemy's documented pessimistic
    handling: raising ``DisconnectionError`` from ``checkout`` retries the checkout)."""
    pool = engine.sync_engine.pool
    dialect = engine.sync_engine.dialect

    @event.listens_for(pool, "checkin")
    def _checked_in(_dbapi_conn: Any, record: Any) -> None:
        record.info["idle_since"] = time.monotonic()

    @event.listens_for(pool, "checkout")
    def _checked_out(dbapi_conn: Any, record: Any, _proxy: Any) -> None:
        idle_since = record.info.pop("idle_since", None)
        if idle_since is None or time.monotonic() - idle_since < idle_seconds:
            return
        try:
            dialect.do_ping(dbapi_conn)
        except Exception as err:
            raise exc.DisconnectionError("a pooled connection died while idle") from err


def make_sessionmaker(engine: AsyncEngine) -> async_sessionmaker[AsyncSession]:
    """Sessions that keep loaded objects usable after commit."""
    return async_sessionmaker(engine, expire_on_commit=False)


async def session_scope(factory: async_sessionmaker[AsyncSession]) -> AsyncIterator[AsyncSession]:
    """One unit of work: commit on success, roll back on error (services never commit)."""
    async with factory() as session:
        try:
            yield session
            await session.commit()
        except BaseException:
            await session.rollback()
            raise
