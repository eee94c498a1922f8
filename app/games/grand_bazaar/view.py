"""What a player or spectator sees (rules/grand-bazaar.md GB-22, GB-23).

Everything is public except the order of the unrevealed price cards. The *set* of unrevealed
cards is public knowledge (all 27 minus the history), so the view lists it sorted by id and
counts, per gem type, the +1 / 0 / -1 changes still to come. The order is shown only once the
game has ended, or to a caller that asks for the full-information replay view (``reveal``).
"""

from __future__ import annotations

from typing import Any

from app.games.base import envelope
from app.games.grand_bazaar import rules
from app.games.grand_bazaar.data import CARD_IDS, CARDS, ROUNDS, TYPES, Triple
from app.games.grand_bazaar.scoring import outcome
from app.games.grand_bazaar.state import State


def _by_type(values: Triple) -> dict[str, int]:
    return dict(zip(TYPES, values, strict=True))


def remaining_ids(state: State) -> list[int]:
    """GB-23: the unrevealed cards as a set (sorted by id): public knowledge."""
    seen = set(state.history)
    return [c for c in CARD_IDS if c not in seen]


def remaining_changes(state: State) -> dict[str, dict[str, int]]:
    """Per type, how many +1, 0 and -1 changes are still in the deck."""
    left = remaining_ids(state)
    return {
        t: {
            "+1": sum(1 for c in left if CARDS[c][i] == 1),
            "0": sum(1 for c in left if CARDS[c][i] == 0),
            "-1": sum(1 for c in left if CARDS[c][i] == -1),
        }
        for i, t in enumerate(TYPES)
    }


def _compulsory(state: State) -> dict[str, Any] | None:
    seat = state.turn()
    if seat is None:
        return None
    return {
        "seat": seat,
        "must_buy": rules.must_buy(state, seat),
        "feasible": rules.feasible_types(state, seat),
        "reasons": rules.waiver_reasons(state, seat),
    }


def view(state: State, public_options: dict[str, Any], reveal: bool) -> dict[str, Any]:
    """The view of every seat and spectator alike: nothing but the deck order is secret."""
    result = outcome(state)
    players = [
        {
            "seat": s,
            "name": state.names[s],
            "score": state.money[s],
            "money": state.money[s],
            "hand": _by_type(state.hands[s]),
            "gems": sum(state.hands[s]),
        }
        for s in range(state.players)
    ]
    turn = state.turn()
    data: dict[str, Any] = {
        **envelope([] if turn is None else [turn], players, result),
        "kind": "grand-bazaar",
        "options": public_options,
        "round": state.round,
        "rounds": ROUNDS,
        "start": state.start,
        "first_player": state.first_player(),
        "order": state.round_order(),
        "turn": turn,
        "moved": state.moved,
        "prices": _by_type(state.prices),
        "stock": _by_type(state.stock),
        "history": list(state.history),
        "deck_count": len(state.deck),
        "remaining": remaining_ids(state),
        "remaining_changes": remaining_changes(state),
        "compulsory": _compulsory(state),
    }
    if reveal or state.finished:
        data["deck_order"] = list(state.deck)
    if state.final is not None:
        data["final"] = {
            "money_before_sale": list(state.final.money_before),
            "sold": [_by_type(h) for h in state.final.sold],
        }
    return data
