"""Scoring (rules/bazaar.md sections 6-8: BAZ-7, BAZ-22 to BAZ-29, BAZ-32, BAZ-33).

Points for a purchase come from the chart of the `scale` option; Penalty Bazaar (the seed
000_2b86ed7f5acdd187.txt, BAZ-26) costs every opponent one point per token above the
purchaser's tokens left + 3, under either scale.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from app.games.base import Outcome

from .breakdown import score_breakdown
from .data import CHARTS, PENALTY_MARGIN, STARRED
from .state import BazaarState


def star_level(ware: int, sold_out_before: int) -> int:
    """BAZ-23: the card's star + 1 once a stall was sold out before this purchase, capped at 2."""
    level = (1 if ware in STARRED else 0) + (1 if sold_out_before > 0 else 0)
    return min(level, 2)


def purchase_points(scale: str, tokens_left: int, level: int) -> int:
    """BAZ-24: chart[scale][min(tokens left, 3)][star level]."""
    return CHARTS[scale][min(tokens_left, 3)][level]


def penalty(tokens_left: int, opponent_tokens: int) -> int:
    """BAZ-26: one point per token the opponent holds above tokens left + 3 (0 if none)."""
    return max(0, opponent_tokens - (tokens_left + PENALTY_MARGIN))


def penalties_after_purchase(
    purchaser: int, tokens_left: int, hand_sizes: Sequence[int]
) -> list[tuple[int, int, int]]:
    """BAZ-26: (opponent seat, tokens held, points lost) for every opponent who loses points."""
    result = []
    for seat, size in enumerate(hand_sizes):
        if seat == purchaser:
            continue  # the purchaser is never penalised by their own purchase
        lost = penalty(tokens_left, size)
        if lost:
            result.append((seat, size, lost))
    return result


def ranks(scores: Sequence[int], tokens: Sequence[int], tiebreak: str) -> list[int]:
    """BAZ-32: competition ranks by score; "fewest-tokens" orders equal scores by tokens held."""
    if tiebreak == "fewest-tokens":
        keys = [(s, -t) for s, t in zip(scores, tokens, strict=True)]
    else:
        keys = [(s, 0) for s in scores]
    return [1 + sum(1 for other in keys if other > mine) for mine in keys]


def final_outcome(state: BazaarState) -> Outcome:
    """BAZ-32, BAZ-33: scores, ranks, winners, reason, and per-seat tokens and wares."""
    scores = [state.score(s) for s in range(state.n)]
    tokens = [sum(h) for h in state.hands]
    rank = ranks(scores, tokens, str(state.options["tiebreak"]))
    winners = [s for s in range(state.n) if rank[s] == 1]
    details: dict[str, Any] = {
        "tokens": tokens,
        "wares": [list(b) for b in state.bought],
        "points": list(state.points),
        "penalties": list(state.penalties),
        "tiebreak": state.options["tiebreak"],
    }
    return Outcome(
        scores=scores, ranks=rank, winners=winners, reason=str(state.reason), details=details
    ).with_breakdown(score_breakdown(state))
