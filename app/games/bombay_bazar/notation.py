"""Bombay Bazar's move notation (issue 31): the four moves of BOM-54 as short text.

===============  ==============================================  =====================
move             written                                         rule
===============  ==============================================  =====================
ChooseElephant   ``elephant C``                                  BOM-11, BOM-12
HideTokens       ``hide 2`` (1 to 3 tokens in the hand)          BOM-20
CallParity       ``odd`` or ``even``                             BOM-21
PlacePiece       ``D9`` when the picture fits the tip cell in    BOM-26 to BOM-31,
                 one way only; ``D9 r2`` (rotation 0-5, as the   BOM-55
                 legal list gives it) when it fits in several
===============  ==============================================  =====================

A placement always goes on the mover's own tip cell, so it names no cell; rotations that give
one layout are one move (BOM-55), so ``D9 r5`` reads as the legal list's ``D9 r2`` when both
lay the trunks alike. Reading takes any case and spacing and a few other words: ``choose c``,
``c``, ``hide2``, ``call odd``, ``place d9 r2``, ``d9@2``.
"""

from __future__ import annotations

import re
from typing import Any

from app.games.base import InvalidMove, Move
from app.games.messages import Message, english, say
from app.games.notation import normal, unknown

from .data import PICTURE_IDS
from .geometry import LAYOUT_OF_TURN, LAYOUTS
from .moves import parse as parse_json
from .words import illegal

RULE = "BOM-54"
EXAMPLES = ("D9", "D9 r2", "elephant C", "hide 2", "odd")
State = dict[str, Any]
_ELEPHANT = re.compile(r"(?:(?:elephant|choose|el)\s?)?([a-d])")
_HIDE = re.compile(r"hide\s?(\d+)")
_CALL = re.compile(r"(?:call\s?)?(odd|even)")
_PLACE = re.compile(r"(?:place\s?)?([a-z]\d{1,2})(?:\s?(?:r|rot|rotation|@)\s?(\d+))?")


def _invalid(message: Message) -> InvalidMove:
    """Typed text that names no move (422), its words a message with the rule apart."""
    return InvalidMove(f"{RULE}: {english(message)}", message=message, rule=RULE)


def _canonical(picture: str, rotation: int) -> int:
    """The legal list's rotation for the layout that ``rotation`` gives (BOM-55)."""
    return LAYOUTS[LAYOUT_OF_TURN[(PICTURE_IDS.index(picture), rotation)]].rotation


def write(legal: list[Move], move: Move) -> str:
    """``move`` as text; ``legal`` is the mover's legal list, to leave out a lone rotation."""
    parsed = parse_json(move)
    kind = parsed["type"]
    if kind == "ChooseElephant":
        return f"elephant {parsed['elephant']}"
    if kind == "HideTokens":
        return f"hide {parsed['hide']}"
    if kind == "CallParity":
        return str(parsed["call"])
    picture: str = parsed["picture"]
    rotation = _canonical(picture, parsed["rotation"])
    ways = [m for m in legal if m["type"] == "PlacePiece" and m["picture"] == picture]
    if len(ways) == 1 and ways[0]["rotation"] == rotation:
        return picture
    return f"{picture} r{rotation}"


def parse(legal: list[Move], text: str) -> Move:
    """The move ``text`` names, in the legal list's form; raises `InvalidMove` for no move,
    `IllegalMove` for a picture that fits in several ways with no rotation said."""
    t = normal(text, RULE)
    if m := _HIDE.fullmatch(t):
        return {"type": "HideTokens", "hide": int(m[1])}
    if m := _CALL.fullmatch(t):
        return {"type": "CallParity", "call": m[1]}
    if m := _ELEPHANT.fullmatch(t):
        return {"type": "ChooseElephant", "elephant": m[1].upper()}
    if m := _PLACE.fullmatch(t):
        picture = m[1].upper()
        if picture not in PICTURE_IDS:
            raise _invalid(say("{picture} is no picture; the pictures are {pictures}",
                               picture=picture, pictures=", ".join(PICTURE_IDS)))
        if m[2] is not None:
            rotation = int(m[2])
            if not 0 <= rotation <= 5:
                raise _invalid(say("a rotation is 0 to 5 (sixths of a turn)"))
            return {"type": "PlacePiece", "picture": picture,
                    "rotation": _canonical(picture, rotation)}
        ways = [mv for mv in legal if mv["type"] == "PlacePiece" and mv["picture"] == picture]
        if len(ways) > 1:
            # the choices are notation, the same in every language
            options = ", ".join(f"{picture} r{w['rotation']}" for w in ways)
            raise illegal("BOM-55", "AMBIGUOUS_MOVE", say(
                "the {picture} piece fits here in {n} ways; write one of {options}",
                picture=picture, n=len(ways), options=options))
        rotation = ways[0]["rotation"] if ways else 0  # none: the engine says why not
        return {"type": "PlacePiece", "picture": picture, "rotation": rotation}
    raise unknown(RULE, "Bombay Bazar", text.strip(), EXAMPLES)
