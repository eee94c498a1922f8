"""The current time, in UTC: the one clock every layer reads (it sits at the bottom of the
platform's layers, docs/architecture.md, so identity and lobbies need not import play for it)."""

from __future__ import annotations

from datetime import UTC, datetime


def now() -> datetime:
    """Now, timezone-aware in UTC (database columns store UTC)."""
    return datetime.now(UTC)
