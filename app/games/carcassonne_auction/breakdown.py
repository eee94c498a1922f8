"""The score breakdown of a stand-alone auction (rules/carcassonne.md CAR-63, CAR-111, CAR-113).

Each player's score is the score entered before the auction (if any) plus the auction's changes:
the lines are that entered score, the gains and the payments, every auction in words. Once the
host cancelled, nothing changed (CAR-111). Nothing about an auction is hidden (CAR-98).
"""

from __future__ import annotations

from typing import Any

from app.games.breakdown import Breakdown, Line
from app.games.carcassonne.ledger import auction_entries, lines_of
from app.games.carcassonne_auction.report import current_scores
from app.games.messages import Message, english, say


def score_breakdown(state: dict[str, Any]) -> list[Breakdown]:
    """Every seat's entered score, auction gains and payments."""
    names = state["players"]
    entries: dict[int, list[tuple[str, int, str, Message | None]]] = {
        seat: [] for seat in range(len(names))}
    if not state["cancelled"]:
        for number, record in enumerate(state["auction"]["history"], start=1):
            for seat, points, words in auction_entries(record, number, names):
                source = "auction-gains" if points > 0 else "auction-payments"
                entries[seat].append((source, points, english(words), words))
    scores = current_scores(state)
    result = []
    for seat in range(len(names)):
        lines = []
        if state["scores"] is not None:
            lines.append(Line("entered", "Score before the auction", state["scores"][seat],
                              message=say("Score before the auction")))
        lines += lines_of(entries[seat])
        if state["cancelled"]:
            lines.append(Line("cancelled", "Auction cancelled by the host: no change", 0,
                              message=say("Auction cancelled by the host: no change")))
        elif not entries[seat]:
            lines.append(Line("no-change", "No payment and no gain", 0,
                              message=say("No payment and no gain")))
        result.append(Breakdown(seat, scores[seat], tuple(lines)))
    return result
