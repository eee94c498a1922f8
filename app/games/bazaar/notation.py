"""Bazaar's move notation (issue 31): every move of BAZ-21 as short text, both ways.

Tokens are the colour letters R W B G Y (BAZ-3); a group of tokens is written as letters,
"RRW", and read as letters with optional counts, "2r w". The forms, as written:

==============  ======================================  ==========================
move            written                                 rule
==============  ======================================  ==========================
Roll            ``roll``                                BAZ-15
ChooseColour    ``take G``                              BAZ-16 (after a wild roll)
Trade           ``R>WY`` (give R, get W and Y);         BAZ-17
                ``1.1 R>WY`` when two equations in
                force make the same exchange
Buy             ``buy 2`` (stall 2); ``buy 2 #21``      BAZ-18
                when the move names the ware card
EndTurn         ``end``                                 BAZ-12
ReturnTokens    ``return RW``                           BAZ-19
==============  ======================================  ==========================

Reading takes any case and spacing and a few other words: ``trade R for WY``, ``R=WY``,
``colour g``, ``b2``, ``end turn``, ``pass``; a bare colour letter is the colour taken after
a wild roll or, when tokens are being given back, that token (the position decides, as in
chess's SAN).
"""

from __future__ import annotations

import re

from app.games.base import IllegalMove, Move, Seat
from app.games.messages import Message, english, malformed, refuse, say
from app.games.notation import normal, unknown

from .data import COLOURS, EQUATIONS, LTR, RTL, Counts, letters
from .moves import Buy, ChooseColour, EndTurn, ReturnTokens, Roll, Trade, parse_move
from .rules import equations_in_force
from .state import BazaarState

RULE = "BAZ-21"
EXAMPLES = ("roll", "R>WY", "buy 2", "end", "take G", "return RW")
_GROUP = r"(?:\d*\s?[rwbgy]\s?)+"
_TRADE = re.compile(rf"(?:trade\s?)?(?:(\d+\.\d)\s?)?({_GROUP})\s?(?:>|=|for|->|to)\s?({_GROUP})")
_BUY = re.compile(r"(?:buy|b)\s?(\d)(?:\s?(?:#|ware|card)\s?(\d+))?")
_TAKE = re.compile(r"(?:(?:take|choose|colour|color|wild)\s?)?([rwbgy])")
_RETURN = re.compile(rf"(?:return|ret|give back|discard)\s?({_GROUP})")
_WORDS = {"roll": "Roll", "end": "EndTurn", "end turn": "EndTurn",
          "pass": "EndTurn", "done": "EndTurn", "no purchase": "EndTurn"}


def _group(text: str) -> Counts:
    """Token counts of a letter group such as "2r w" or "rrw"."""
    cnt = [0] * len(COLOURS)
    for number, letter in re.findall(r"(\d*)\s?([rwbgy])", text):
        n = int(number) if number else 1
        if not 1 <= n <= 20:
            raise malformed("BAZ-3", "{n} is not a number of tokens (1 to 20)", n=n)
        cnt[COLOURS.index(letter.upper())] += n
    return (cnt[0], cnt[1], cnt[2], cnt[3], cnt[4])


def _either(ids: list[str]) -> Message | str:
    """Equation ids as alternatives: "1.1 or 2.3"."""
    if len(ids) == 1:
        return ids[0]
    return say("{first} or {rest}", first=ids[0], rest=_either(ids[1:]))


def _tokens_json(cnt: Counts) -> dict[str, int]:
    return {c: n for c, n in zip(COLOURS, cnt, strict=True) if n}


# --------------------------------------------------------------------------- writing


def write(state: BazaarState, seat: Seat, move: Move) -> str:
    """``move`` as text (see the module docstring); the state decides only equation ids."""
    parsed = parse_move(move)
    if isinstance(parsed, Roll):
        return "roll"
    if isinstance(parsed, EndTurn):
        return "end"
    if isinstance(parsed, ChooseColour):
        return f"take {COLOURS[parsed.colour]}"
    if isinstance(parsed, Buy):
        ware = f" #{parsed.ware}" if parsed.ware is not None else ""
        return f"buy {parsed.stall + 1}{ware}"
    if isinstance(parsed, ReturnTokens):
        return f"return {letters(parsed.tokens)}"
    give, get = _sides(parsed)
    text = f"{letters(give)}>{letters(get)}"
    same = [eq for eq in equations_in_force(state) if _directions(eq, give, get)]
    return text if same == [parsed.equation_id] else f"{parsed.equation_id} {text}"


def _sides(trade: Trade) -> tuple[Counts, Counts]:
    left, right = EQUATIONS[trade.equation_id]
    return (left, right) if trade.direction == LTR else (right, left)


def _directions(equation_id: str, give: Counts, get: Counts) -> list[str]:
    """The directions in which an equation gives ``give`` for ``get`` (none, one or two)."""
    left, right = EQUATIONS[equation_id]
    return [d for d, sides in ((LTR, (left, right)), (RTL, (right, left)))
            if sides == (give, get)]


# --------------------------------------------------------------------------- reading


def parse(state: BazaarState, seat: Seat, text: str) -> list[Move]:
    """The readings of ``text``, likeliest first; raises `InvalidMove` if there is none."""
    t = normal(text, RULE)
    if t in _WORDS:
        return [{"type": _WORDS[t]}]
    if m := _BUY.fullmatch(t):
        move: Move = {"type": "Buy", "stall": int(m[1])}
        if m[2]:
            move["ware"] = int(m[2])
        return [move]
    if m := _TAKE.fullmatch(t):
        colour = m[1].upper()
        take: Move = {"type": "ChooseColour", "colour": colour}
        return [take, {"type": "ReturnTokens", "tokens": {colour: 1}}]
    if m := _RETURN.fullmatch(t):
        return [{"type": "ReturnTokens", "tokens": _tokens_json(_group(m[1]))}]
    if m := _TRADE.fullmatch(t):
        return [_trade(state, m[1], _group(m[2]), _group(m[3]))]
    if m := re.fullmatch(_GROUP, t):
        return [{"type": "ReturnTokens", "tokens": _tokens_json(_group(t))}]
    raise unknown(RULE, "Bazaar", text.strip(), EXAMPLES)


def _trade(state: BazaarState, equation_id: str | None, give: Counts, get: Counts) -> Move:
    give_letters, get_letters = letters(give), letters(get)
    if equation_id is not None:
        if equation_id not in equations_in_force(state):
            raise refuse("BAZ-9", "equation {equation} is not on an exchange card in force",
                         equation=equation_id)
        fits = [(equation_id, d) for d in _directions(equation_id, give, get)]
        if not fits:
            left, right = EQUATIONS[equation_id]
            raise refuse("BAZ-17", "equation {equation} is {left} = {right}; it does not trade "
                         "{give} for {get}", equation=equation_id, left=letters(left),
                         right=letters(right), give=give_letters, get=get_letters)
    else:
        fits = [(eq, d) for eq in equations_in_force(state) for d in _directions(eq, give, get)]
        if not fits:
            raise refuse("BAZ-17", "no exchange equation in force trades {give} for {get}",
                         give=give_letters, get=get_letters)
        if len({eq for eq, _ in fits}) > 1:
            # an ambiguity has its own code (AMBIGUOUS_MOVE), so `refuse` cannot say it
            example = " ".join((fits[0][0], f"{give_letters}>{get_letters}"))
            message = say("equations {equations} both trade {give} for {get}; put the one you "
                          "mean first, e.g. “{example}”", equations=_either(sorted(
                              {eq for eq, _ in fits})), give=give_letters, get=get_letters,
                          example=example)
            raise IllegalMove(f"BAZ-17: {english(message)}", "AMBIGUOUS_MOVE", message=message,
                              rule="BAZ-17")
    equation, direction = fits[0]
    return {"type": "Trade", "equation_id": equation, "direction": direction}
