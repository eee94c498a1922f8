"""Baseline bot (placeholder: random legal move, auction via auction.bot_move)."""

from __future__ import annotations

from app.games.base import Move, Rng

from . import auction, rules
from .state import State


def choose(s: State, seat: int, rng: Rng) -> Move:
    """A legal move for ``seat``."""
    if s.phase == "auction":
        assert s.auction is not None
        return auction.bot_move(s.auction, seat, rng)
    moves = rules.legal_moves(s, seat)
    return moves[rng.randbelow(len(moves))]
