"""What each viewer sees, and the log in words (rules/bazaar.md section 9: BAZ-34, BAZ-35).

Everything is public (hands, bank, scores, exchange cards, stall tops and sizes, purchases,
every die result) except the cards under each stall's top and the 25 unused cards, and the
`stalls` fixture option that fixes them. Once the game is over, all of it is shown.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from app.games.base import Event, envelope
from app.games.messages import english

from . import words
from .data import CHARTS, EQUATIONS, STARRED, WARES, letters
from .moves import tokens_json
from .rules import equations_in_force, to_act
from .scoring import final_outcome, star_level
from .state import OVER, BazaarState


def _ware_json(ware: int) -> dict[str, Any]:
    return {"id": ware, "cost": tokens_json(WARES[ware]), "letters": letters(WARES[ware]),
            "star": ware in STARRED}


def _equation_json(equation_id: str) -> dict[str, Any]:
    left, right = EQUATIONS[equation_id]
    return {"id": equation_id, "card": int(equation_id.split(".")[0]),
            "left": tokens_json(left), "right": tokens_json(right),
            "left_letters": letters(left), "right_letters": letters(right)}


# Card data never changes: build its JSON once; views get fresh copies (callers may mutate).
_WARE_JSON = {w: _ware_json(w) for w in WARES}
_EQUATION_JSON = {e: _equation_json(e) for e in EQUATIONS}


def ware_json(ware: int) -> dict[str, Any]:
    """A ware card as shown: id, cost (counts and letters), star flag."""
    data = dict(_WARE_JSON[ware])
    data["cost"] = dict(data["cost"])
    return data


def equation_json(equation_id: str) -> dict[str, Any]:
    """An equation in force: id, card, its two sides as counts and letters."""
    data = dict(_EQUATION_JSON[equation_id])
    data["left"] = dict(data["left"])
    data["right"] = dict(data["right"])
    return data


def view(state: BazaarState, seat: int | None, public_options: dict[str, Any],
         reveal: bool = False) -> dict[str, Any]:
    """The view of ``seat`` (None: a spectator); identical for every viewer (BAZ-34).

    The hidden cards (BAZ-35) are shown once the game is over, or with ``reveal`` (the full
    view of any step of a finished game's replay).
    """
    finished = state.phase == OVER
    reveal = reveal or finished
    outcome = final_outcome(state) if finished else None
    players = [
        {
            "seat": i, "name": state.names[i], "score": state.score(i),
            "points": state.points[i], "penalties": state.penalties[i],
            "tokens": tokens_json(state.hands[i]), "token_count": sum(state.hands[i]),
            "bought": list(state.bought[i]), "started": state.started[i],
        }
        for i in range(state.n)
    ]
    bump = state.sold_out()
    stalls = []
    for i, stall in enumerate(state.stalls):
        entry: dict[str, Any] = {
            "stall": i + 1, "left": len(stall), "sold": list(state.sold[i]),
            "top": ware_json(stall[0]) if stall else None,
            "level": star_level(stall[0], bump) if stall else None,
        }
        if reveal:
            entry["hidden"] = list(stall[1:])  # BAZ-35: public once the game is over
        stalls.append(entry)
    data: dict[str, Any] = envelope(to_act(state), players, outcome)
    data.update({
        "viewer": seat,
        "phase": state.phase,
        "current": None if finished else state.current,
        "die": state.die,
        "bank": tokens_json(state.bank),
        "bank_count": sum(state.bank),
        "exchange_cards": list(state.cards),
        "equations": [equation_json(e) for e in equations_in_force(state)],
        "stalls": stalls,
        "sold_out": bump,
        "level_bonus": 1 if bump else 0,
        "idle_turns": state.idle,
        "idle_limit": int(state.options["stall_rounds"]) * state.n,
        "turns": state.turns,
        "purchases": state.purchases,
        "chart": [list(row) for row in CHARTS[str(state.options["scale"])]],
        "options": public_options,
        "reason": state.reason,
    })
    if reveal:
        data["unused"] = list(state.unused)
    return data


def describe(event: Event, names: Sequence[str]) -> str:
    """The event in words for the game log (English; app/games/bazaar/words.py has it as a
    message for every language)."""
    return english(words.describe(event, names))
