"""Bazaar in text mode (issue 31): the viewer's tokens, the die, the stalls, the exchange
equations in force and the other players' tokens, said from the view (app/games/text_view.py)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from app.games.text_view import Section, seat_name, section

from .data import COLOUR_NAMES, COLOURS

_PHASES = {"roll": "roll the die", "colour": "choose the colour of the wild roll",
           "action": "trade or buy", "purchase": "trade or buy",
           "return": "give tokens back down to the limit"}


def tokens_words(tokens: dict[str, int] | None) -> str:
    """Tokens in words, in the colour order: "2 red, 1 white" ("no token")."""
    held = [(c, int((tokens or {}).get(c, 0))) for c in COLOURS]
    parts = [f"{n} {COLOUR_NAMES[c]}" for c, n in held if n]
    return ", ".join(parts) if parts else "no token"


def sections(view: dict[str, Any], seat: int | None, names: Sequence[str]) -> list[Section]:
    """Bazaar's own areas, before the players and scores every game has."""
    out: list[Section] = []
    players = view.get("players") or []
    mine = next((p for p in players if p.get("seat") == seat), None)
    if mine is not None:
        out.append(section("Your tokens", [
            f"{tokens_words(mine.get('tokens'))} ({mine.get('token_count', 0)} in all)",
            f"Wares bought: {len(mine.get('bought') or [])}"]))
    current = view.get("current")
    die = view.get("die")
    turn = []
    if isinstance(current, int) and not view.get("finished"):
        who = "your" if current == seat else f"{seat_name(view, names, current)}'s"
        turn.append(f"It is {who} turn: {_PHASES.get(str(view.get('phase')), 'play')}.")
    turn.append(f"The die shows {COLOUR_NAMES.get(str(die), str(die))}." if die
                else "The die has not been rolled this turn.")
    out.append(section("The turn", turn))
    stalls = []
    for stall in view.get("stalls") or []:
        top = stall.get("top")
        if not top:
            stalls.append(f"Stall {stall.get('stall')}: sold out")
            continue
        star = ", a star card" if top.get("star") else ""
        stalls.append(f"Stall {stall.get('stall')}: costs {tokens_words(top.get('cost'))} "
                      f"({top.get('letters')}){star}; {stall.get('left')} cards left")
    out.append(section("The market stalls", stalls))
    out.append(section("Exchange equations (trade either way)", [
        f"{eq.get('id')}: {eq.get('left_letters')} = {eq.get('right_letters')}"
        for eq in view.get("equations") or []]))
    out.append(section("Other players' tokens", [
        f"{seat_name(view, names, int(p.get('seat', 0)))}: {tokens_words(p.get('tokens'))}; "
        f"{len(p.get('bought') or [])} wares bought"
        for p in players if p.get("seat") != seat]))
    out.append(section("The bank", [tokens_words(view.get("bank"))]))
    return out
