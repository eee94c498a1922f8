"""Bazaar in text mode (issue 31): the viewer's tokens, the die, the stalls, the exchange
equations in force and the other players' tokens, said from the view (app/games/text_view.py)
as messages (issue 29), with the log's words for colours and tokens (words.py)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from app.games.messages import N_, Message, say, say_n
from app.games.text_view import Section, seat_name, section

from .data import COLOURS, WILD
from .state import ACTION, PURCHASE, RETURN, WILD_CHOICE
from .words import COLOUR_WORDS, COUNTED

# what the seat to act does now, by the state's phase (BAZ-13 to BAZ-19)
_PHASES = {ACTION: N_("roll the die or make one trade"),
           WILD_CHOICE: N_("choose the colour of the wild roll"),
           PURCHASE: N_("buy a ware or end the turn"),
           RETURN: N_("give tokens back down to the limit")}


def tokens_words(tokens: dict[str, int] | None) -> Message:
    """Tokens in words, in the colour order: "2 red, 1 white" ("no token")."""
    parts = [say(COUNTED[c], n=int((tokens or {}).get(c, 0))) for c in COLOURS
             if int((tokens or {}).get(c, 0))]
    return _commas(parts) if parts else say("no token")


def _commas(parts: Sequence[Message]) -> Message:
    """Parts joined by commas alone ("2 red, 1 white")."""
    if len(parts) == 1:
        return parts[0]
    return say("{first}, {rest}", first=parts[0], rest=_commas(parts[1:]))


def _wares(n: int) -> Message:
    return say_n("{n} ware bought", "{n} wares bought", n)


def _turn(view: dict[str, Any], seat: int | None, names: Sequence[str]) -> list[Message]:
    current, die = view.get("current"), view.get("die")
    turn = []
    if isinstance(current, int) and not view.get("finished"):
        phase = say(_PHASES.get(str(view.get("phase")), N_("play")))
        turn.append(say("It is your turn: {phase}.", phase=phase) if current == seat else
                    say("It is {who}'s turn: {phase}.", who=seat_name(view, names, current),
                        phase=phase))
    if die in COLOUR_WORDS:
        turn.append(say("The die shows {colour}.", colour=say(COLOUR_WORDS[str(die)])))
    elif die == WILD:  # BAZ-16: the seat names the colour
        turn.append(say("The die shows the wild side."))
    else:
        turn.append(say("The die has not been rolled this turn."))
    return turn


def _stall(stall: dict[str, Any]) -> Message:
    top = stall.get("top")
    if not top:
        return say("Stall {stall}: sold out", stall=stall.get("stall"))
    left = say_n("{n} card left", "{n} cards left", int(stall.get("left") or 0))
    words = (N_("Stall {stall}: costs {cost} ({letters}), a star card; {left}") if top.get("star")
             else N_("Stall {stall}: costs {cost} ({letters}); {left}"))
    return say(words, stall=stall.get("stall"), cost=tokens_words(top.get("cost")),
               letters=top.get("letters"), left=left)


def sections(view: dict[str, Any], seat: int | None, names: Sequence[str]) -> list[Section]:
    """Bazaar's own areas, before the players and scores every game has."""
    out: list[Section] = []
    players = view.get("players") or []
    mine = next((p for p in players if p.get("seat") == seat), None)
    if mine is not None:
        out.append(section(say("Your tokens"), [
            say("{tokens} ({n} in all)", tokens=tokens_words(mine.get("tokens")),
                n=int(mine.get("token_count") or 0)),
            say("Wares bought: {n}", n=len(mine.get("bought") or []))]))
    out.append(section(say("The turn"), _turn(view, seat, names)))
    out.append(section(say("The market stalls"), [_stall(s) for s in view.get("stalls") or []]))
    out.append(section(say("Exchange equations (trade either way)"), [
        say("{id}: {left} = {right}", id=eq.get("id"), left=eq.get("left_letters"),
            right=eq.get("right_letters"))
        for eq in view.get("equations") or []]))
    out.append(section(say("Other players' tokens"), [
        say("{name}: {tokens}; {wares}", name=seat_name(view, names, int(p.get("seat", 0))),
            tokens=tokens_words(p.get("tokens")), wares=_wares(len(p.get("bought") or [])))
        for p in players if p.get("seat") != seat]))
    out.append(section(say("The bank"), [tokens_words(view.get("bank"))]))
    return out
