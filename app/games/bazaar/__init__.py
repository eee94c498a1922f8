"""Sid Sackson's Bazaar with the Penalty Bazaar variation (rules/bazaar.md): kind ``bazaar``."""

from app.games.base import register

from .engine import ENGINE

register(ENGINE)

__all__ = ["ENGINE"]
