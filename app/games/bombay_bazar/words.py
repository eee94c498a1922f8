"""Bombay Bazar's log lines, refusals and score words as messages (issue 29; BOM-54, BOM-56):
ids with arguments that each client says in its own language. `english` of each log line gives
the words the log always had (describe.py; the golden playthrough holds them).

Players' words only (issue 13, point 14): cells by row and place counted from 1, pictures by
the name printed on their pile, elephants by their letter; no rotation numbers or edge pairs.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from app.games.base import Event, IllegalMove
from app.games.messages import N_, Message, english, say, say_n

MEDAL_WORDS: tuple[str, str, str] = (N_("gold"), N_("silver"), N_("bronze"))
"""A medal alone (BOM-46), as a breakdown line's medal tag says it."""

WON: tuple[str, str, str] = (N_("{who} gold"), N_("{who} silver"), N_("{who} bronze"))
"""A player and the medal they won in a round ("Ann gold")."""

PARITY: dict[str, str] = {"odd": N_("odd"), "even": N_("even")}

CALLED: dict[str, str] = {"odd": N_("{who} called odd"), "even": N_("{who} called even")}

STEPS: dict[str, str] = {
    "elephants": N_("the elephants are being chosen"),
    "hide": N_("the players are hiding tokens for odd or even"),
    "call": N_("the players are calling odd or even"),
    "play": N_("the players are placing trunk pieces"),
    "over": N_("the game is over"),
}
"""What the game is doing now, for a move that the current step does not take (BOM-54)."""

PLACEMENT: dict[str, str] = {
    "PILE_EMPTY": N_("no {picture} piece is left"),
    "TIP_CELL_OCCUPIED": N_("the cell at the tip of your trunk is already taken"),
    "OPPONENT_TIP_CELL": N_("the cell at the tip of your trunk is another player's tip too"),
    "NO_ENTRY_PORT": N_("turned this way, the {picture} piece does not continue your trunk"),
    "PORT_OFF_BOARD": N_("turned this way, the {picture} piece has a trunk segment leading off "
                         "the board"),
    "PORT_AT_END_PIECE": N_("turned this way, the {picture} piece has a trunk segment leading "
                            "into an end piece"),
    "PORT_AT_BLANK": N_("turned this way, the {picture} piece has a trunk segment leading into "
                        "the closed side of a piece"),
    "OPENING_BLOCKED": N_("turned this way, the {picture} piece closes an opening of a piece "
                          "beside it"),
}
"""Why a placement is refused, by its BOM-54 code (rules.RULE_OF gives the rule)."""


def illegal(rule: str, code: str, message: Message) -> IllegalMove:
    """An `IllegalMove` (BOM-54): the reason starts with the rule id and the code, then the
    words in English; the message carries the words alone, the rule apart."""
    return IllegalMove(f"{rule}: {code} ({english(message)})", code, message=message, rule=rule)



def commas(parts: Sequence[Message | str]) -> Message | str:
    """Parts joined by commas alone, as the log always wrote them ("Ann gold, Bob silver")."""
    if len(parts) == 1:
        return parts[0]
    return say("{first}, {rest}", first=parts[0], rest=commas(parts[1:]))


def _name(names: Sequence[str], seat: Any) -> str:
    if isinstance(seat, int) and 0 <= seat < len(names):
        return names[seat]
    return f"seat {seat}"


def _scores(names: Sequence[str], scores: Sequence[int]) -> str:
    # names and numbers only: nothing to translate
    return ", ".join(f"{_name(names, s)} {v}" for s, v in enumerate(scores))


def _parity(event: Event, names: Sequence[str]) -> Message:
    hides = ", ".join(f"{_name(names, s)} {h}" for s, h in event["hides"])
    parity = say(PARITY[event["parity"]])
    if event["void"]:
        return say("Hidden: {hides}; total {total} ({parity}): all right or all wrong, play "
                   "again", hides=hides, total=event["total"], parity=parity)
    out = [_name(names, s) for s in event["dropped"]]
    return say_n("Hidden: {hides}; total {total} ({parity}): {dropped} drops out",
                 "Hidden: {hides}; total {total} ({parity}): {dropped} drop out", len(out),
                 hides=hides, total=event["total"], parity=parity, dropped=out)


def _placed(who: str, event: Event) -> Message:
    row, col = event["cell"][0] + 1, event["cell"][1] + 1
    if event.get("sealed"):
        return say("{who} placed a {picture} piece on row {row}, cell {col}: trunk +{added}, "
                   "now {score}; the trunk is sealed", who=who, picture=event["picture"],
                   row=row, col=col, added=event["added"], score=event["score"])
    return say("{who} placed a {picture} piece on row {row}, cell {col}: trunk +{added}, now "
               "{score}", who=who, picture=event["picture"], row=row, col=col,
               added=event["added"], score=event["score"])


def _round(event: Event, names: Sequence[str]) -> Message:
    scores = _scores(names, event["scores"])
    won = [say(WON[m], who=_name(names, s)) for s, m in enumerate(event.get("medals") or [])
           if m is not None]
    if won:
        return say("Round {round} ended: {scores}; medals: {medals}", round=event["round"],
                   scores=scores, medals=commas(won))
    return say("Round {round} ended: {scores}", round=event["round"], scores=scores)


def describe(event: Event, names: Sequence[str]) -> Message:
    """The event (BOM-56) as a message for the game log."""
    kind = event.get("type")
    who = _name(names, event.get("seat"))
    if kind == "ElephantChosen":
        if event.get("drawn"):
            return say("{who} was given elephant {elephant}", who=who, elephant=event["elephant"])
        return say("{who} chose elephant {elephant}", who=who, elephant=event["elephant"])
    if kind == "ElephantsClosed":
        if not event["elephants"]:
            return say("All four elephants are in use")
        return say("Unused elephants closed with end pieces: {elephants}",
                   elephants=", ".join(event["elephants"]))
    if kind == "StartPlayerChosen":
        if event.get("by") == "parity":
            return say("{who} starts (by the parity game)", who=who)
        return say("{who} starts (at random)", who=who)
    if kind == "ParityStarted":
        return say("Odd or even decides who starts; {who} calls first",
                   who=_name(names, event["first_caller"]))
    if kind == "TokensHidden":
        # never the number: log text may reach every viewer before the reveal (BOM-20)
        return say("{who} hid their tokens", who=who)
    if kind == "ParityCalled":
        return say(CALLED[event["call"]], who=who)
    if kind == "ParityRevealed":
        return _parity(event, names)
    if kind == "PiecePlaced":
        return _placed(who, event)
    if kind == "PlayerEliminated":
        return say("{who} is out: an end piece on row {row}, cell {col} (now {count} there), "
                   "trunk {score}", who=who, row=event["cell"][0] + 1, col=event["cell"][1] + 1,
                   count=event["count"], score=event["score"])
    if kind == "RoundEnded":
        return _round(event, names)
    if kind == "GameEnded":
        solo = event.get("solo")
        if solo:
            return say("Game over: solo score {score} (trunk {T}, minus {E} empty cells, minus "
                       "{U} unused openings)", score=solo["score"], T=solo["T"], E=solo["E"],
                       U=solo["U"])
        return say("Game over")
    return {"id": "{event}", "args": {"event": str(kind or "event")}}  # an unknown event
