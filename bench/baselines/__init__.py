"""Baseline players for the bot benches (issue 28): one-ply expected value, no search.

Each module here is a plain player written apart from the bots in app/games/*/bot.py and
hard_bot.py (it imports neither): it looks one decision ahead, values what the rules value and
sees only what its seat may see, either through ``engine.view(state, seat)`` or through a state
whose hidden parts were redrawn for the seat (``engine.resample_hidden``). The hard bots were
never tuned against them, so they measure strength from outside.

``BASELINES[kind](engine, state, seat, rng) -> move``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from app.games.base import Engine, Move, Rng, Seat

from . import bazaar, bombay_bazar, carcassonne, carcassonne_auction, grand_bazaar

Player = Callable[[Engine, Any, Seat, Rng], Move]

BASELINES: dict[str, Player] = {
    "bazaar": bazaar.move,
    "bombay-bazar": bombay_bazar.move,
    "carcassonne": carcassonne.move,
    "carcassonne-auction": carcassonne_auction.move,
    "grand-bazaar": grand_bazaar.move,
}
