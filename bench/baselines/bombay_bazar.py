"""Bombay Bazar baseline: one ply of trunk length (rules/bombay-bazar.md BOM-26 to BOM-47).

Each legal placement is judged by the position it leaves: the seat's trunk length against the
longest other (the score, BOM-39 onward), far below anything else if the seat is out
(BOM-38), and a bonus for each opponent left without a placement. The elephant, the hide and
the call carry no value one ply ahead, so it takes the first elephant offered and the
smallest hide and "odd" (the parity game is fair either way).
"""

from __future__ import annotations

from typing import Any

from app.games.base import Engine, Move, Rng, Seat

from .oneply import best

OUT = 1000.0  # an eliminated seat can no longer grow its trunk
OPPONENT_OUT = 5.0


def value(engine: Engine, state: Any, seat: Seat) -> float:
    view = engine.view(state, seat)
    if view["finished"]:
        ranks = view["outcome"]["ranks"]
        return OUT if ranks[seat] == 1 else -OUT
    players = view["players"]
    mine = players[seat]
    if mine["status"] == "out":
        return -OUT + mine["score"]
    others = [p for p in players if p["seat"] != seat]
    lead = mine["score"] - max(p["score"] for p in others)
    return lead + OPPONENT_OUT * sum(1 for p in others if p["status"] == "out")


def move(engine: Engine, state: Any, seat: Seat, rng: Rng) -> Move:
    """The placement of best value; the first legal move in the other steps."""
    moves = engine.legal_moves(state, seat)
    if moves[0]["type"] != "PlacePiece":
        return moves[0]
    return best(engine, state, seat, moves, value, rng, lambda m: 1)
