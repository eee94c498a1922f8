"""Bazaar's log lines and refusals as messages (issue 29; rules/bazaar.md BAZ-34): ids with
arguments that each client says in its own language. `english` of each gives the words the
log always had (the golden playthroughs hold them)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from app.games.base import Event
from app.games.messages import N_, Message, say, say_n

from .data import COLOURS, STARRED, WARES

COLOUR_WORDS: dict[str, str] = {
    "R": N_("red"), "W": N_("white"), "B": N_("blue"), "G": N_("green"), "Y": N_("yellow"),
}
"""Each colour alone ("a red token")."""

COUNTED: dict[str, str] = {
    "R": N_("{n} red"), "W": N_("{n} white"), "B": N_("{n} blue"), "G": N_("{n} green"),
    "Y": N_("{n} yellow"),
}
"""A number of tokens of one colour ("2 red")."""


def colour(code: str) -> Message:
    """A colour by its letter, in words."""
    return say(COLOUR_WORDS[code])


def tokens(value: dict[str, int] | Sequence[int]) -> list[Message] | Message:
    """Tokens in words, as a list ("2 red, 1 white and 1 blue"), or "nothing"."""
    counts = value if isinstance(value, dict) else dict(zip(COLOURS, value, strict=True))
    parts = [say(COUNTED[c], n=int(counts.get(c, 0))) for c in COLOURS if counts.get(c, 0)]
    return parts or say("nothing")


def _name(names: Sequence[str], seat: Any) -> str:
    if isinstance(seat, int) and 0 <= seat < len(names):
        return names[seat]
    return f"seat {seat}"


def _rolled(who: str, event: Event) -> Message:
    face = event["face"]
    if face == "WILD":
        return say("{who} rolled the wild face", who=who)
    if event.get("got") is None:
        return say("{who} rolled {colour}: the bank has no {colour} token left", who=who,
                   colour=colour(face))
    return say("{who} rolled {colour} and took a {colour} token", who=who, colour=colour(face))


def _bought(who: str, event: Event, names: Sequence[str]) -> Message:
    pts = event["points"]
    won = say("no points") if not pts else say_n("{n} point", "{n} points", pts)
    left = say_n("{n} token left", "{n} tokens left", event["tokens_left"])
    text = (say("{who} bought a ★ ware of {cost} with {left}: {won}", who=who,
                cost=tokens(event["cost"]), left=left, won=won)
            if event["ware"] in STARRED else
            say("{who} bought a ware of {cost} with {left}: {won}", who=who,
                cost=tokens(event["cost"]), left=left, won=won))
    for p in event.get("penalties", []):
        text = say("{before}; {who} −{points} penalty", before=text,
                   who=_name(names, p["seat"]), points=p["points"])
    return text


def describe(event: Event, names: Sequence[str]) -> Message:
    """The event as a message for the game log."""
    kind = event.get("type")
    who = _name(names, event.get("seat"))
    if kind == "DieRolled":
        return _rolled(who, event)
    if kind == "ColourChosen":
        return say("{who} took a {colour} token for the wild roll", who=who,
                   colour=colour(event["colour"]))
    if kind == "Traded":
        return say("{who} traded {gave} for {got}", who=who, gave=tokens(event["gave"]),
                   got=tokens(event["got"]))
    if kind == "WareBought":
        return _bought(who, event, names)
    if kind == "PenaltyApplied":
        return say("{who} −{points} penalty: {tokens} tokens, above {by}'s threshold of "
                   "{threshold}", who=who, points=event["points"], tokens=event["tokens"],
                   by=_name(names, event["by"]), threshold=event["threshold"])
    if kind == "CardRevealed":
        ware = event["ware"]
        cost = tokens(WARES[ware])
        if ware in STARRED:
            return say("stall {stall} now shows a ★ ware of {cost}", stall=event["stall"],
                       cost=cost)
        return say("stall {stall} now shows a ware of {cost}", stall=event["stall"], cost=cost)
    if kind == "StallSoldOut":
        return say("stall {stall} is sold out", stall=event["stall"])
    if kind == "HandLimitReached":
        return say("{who} holds more than 10 tokens and must return {surplus}", who=who,
                   surplus=event["surplus"])
    if kind == "TokensReturned":
        return say("{who} returned {tokens} to the bank", who=who, tokens=tokens(event["tokens"]))
    if kind == "TurnEnded":
        return say("{who} ended the turn", who=who)
    if kind == "GameEnded":
        why = (say("two stalls are sold out") if event["reason"] == "two-stalls-sold-out"
               else say("no purchase for too long"))
        # names and numbers only: no words to translate in the scores themselves
        scores = ", ".join(f"{_name(names, i)} {s}" for i, s in enumerate(event["scores"]))
        return say("game over ({why}): {scores}", why=why, scores=scores)
    return {"id": "{event}", "args": {"event": str(kind)}}  # an unknown event: its type
