"""Bombay Bazar (rules/bombay-bazar.md): elephant trunks on a hex board, 1-4 players."""

from __future__ import annotations

from app.games.base import register
from app.games.bombay_bazar.engine import ENGINE

register(ENGINE)

__all__ = ["ENGINE"]
