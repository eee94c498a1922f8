"""Winner and ranking, and the result record (rules/grand-bazaar.md GB-20, GB-21)."""

from __future__ import annotations

from app.games.base import Outcome, competition_ranks
from app.games.grand_bazaar.breakdown import score_breakdown
from app.games.grand_bazaar.data import TYPES
from app.games.grand_bazaar.state import State


def outcome(state: State) -> Outcome | None:
    """GB-20: ranked by final money, competition numbering; every top player wins."""
    if state.final is None:
        return None
    scores = list(state.money)
    ranks = competition_ranks(scores)
    winners = [seat for seat, rank in enumerate(ranks) if rank == 1]
    details = {
        "money": scores,
        "money_before_sale": list(state.final.money_before),
        "sold": [dict(zip(TYPES, h, strict=True)) for h in state.final.sold],
        "history": list(state.history),
    }
    return Outcome(scores=scores, ranks=ranks, winners=winners,
                   details=details).with_breakdown(score_breakdown(state))
