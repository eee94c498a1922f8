"""What each viewer sees, and the log in words (rules/bazaar.md section 9: BAZ-34, BAZ-35).

Everything is public (hands, bank, scores, exchange cards, stall tops and sizes, purchases,
every die result) except the cards under each stall's top and the 25 unused cards, and the
`stalls` fixture option that fixes them. Once the game is over, all of it is shown.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from app.games.base import Event, envelope

from .data import CHARTS, COLOUR_NAMES, COLOURS, EQUATIONS, STARRED, WARES, letters
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


def _name(names: Sequence[str], seat: Any) -> str:
    if isinstance(seat, int) and 0 <= seat < len(names):
        return names[seat]
    return f"seat {seat}"


def _tokens(value: dict[str, int]) -> str:
    """Tokens in words: "2 red, 1 white and 1 blue" (the log spells colours out)."""
    parts = [f"{int(value.get(c, 0))} {COLOUR_NAMES[c]}" for c in COLOURS if value.get(c, 0)]
    if not parts:
        return "nothing"
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


def _ware(counts: list[int] | tuple[int, ...]) -> str:
    return _tokens(dict(zip(COLOURS, counts, strict=True)))


def describe(event: Event, names: Sequence[str]) -> str:
    """The event in words for the game log."""
    kind = event.get("type")
    who = _name(names, event.get("seat"))
    if kind == "DieRolled":
        face = event["face"]
        if face == "WILD":
            return f"{who} rolled the wild face"
        if event.get("got") is None:
            colour = COLOUR_NAMES[face]
            return f"{who} rolled {colour}: the bank has no {colour} token left"
        return f"{who} rolled {COLOUR_NAMES[face]} and took a {COLOUR_NAMES[face]} token"
    if kind == "ColourChosen":
        return f"{who} took a {COLOUR_NAMES[event['colour']]} token for the wild roll"
    if kind == "Traded":
        return f"{who} traded {_tokens(event['gave'])} for {_tokens(event['got'])}"
    if kind == "WareBought":
        star = "★ " if event["ware"] in STARRED else ""
        left = event["tokens_left"]
        pts = event["points"]
        won = "no points" if not pts else f"{pts} point{'' if pts == 1 else 's'}"
        text = (f"{who} bought a {star}ware of {_tokens(event['cost'])} with {left} token"
                f"{'' if left == 1 else 's'} left: {won}")
        for p in event.get("penalties", []):
            text += f"; {_name(names, p['seat'])} −{p['points']} penalty"
        return text
    if kind == "PenaltyApplied":
        return (f"{who} −{event['points']} penalty: {event['tokens']} tokens, above"
                f" {_name(names, event['by'])}'s threshold of {event['threshold']}")
    if kind == "CardRevealed":
        ware = event["ware"]
        star = "★ " if ware in STARRED else ""
        return f"stall {event['stall']} now shows a {star}ware of {_ware(WARES[ware])}"
    if kind == "StallSoldOut":
        return f"stall {event['stall']} is sold out"
    if kind == "HandLimitReached":
        return f"{who} holds more than 10 tokens and must return {event['surplus']}"
    if kind == "TokensReturned":
        return f"{who} returned {_tokens(event['tokens'])} to the bank"
    if kind == "TurnEnded":
        return f"{who} ended the turn"
    if kind == "GameEnded":
        why = ("two stalls are sold out" if event["reason"] == "two-stalls-sold-out"
               else "no purchase for too long")
        scores = ", ".join(f"{_name(names, i)} {s}" for i, s in enumerate(event["scores"]))
        return f"game over ({why}): {scores}"
    return str(kind)
