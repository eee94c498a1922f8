"""Carcassonne with Bazaars, Builder and Abbey (rules/carcassonne.md).

Modules: tiles (Appendix A), state, features (union-find), placement, figures, scoring,
parts (turn parts, builder, abbey), bazaar (flow around auction.py), rules (phase machine),
moves, view, bot, engine.
"""

from app.games.base import register

from .engine import ENGINE

register(ENGINE)
