"""Carcassonne's move notation (issue 31): every move of CAR-19 as short text, both ways.

A square is named by its distance from the start tile, north or south first (north is up):
``2N1E`` is two squares north and one east of it, ``1S`` the square just south, ``0`` the start
square itself. A rotation is ``r`` and the number of quarter turns to the right (CAR-9), a
figure's spot the segment name of the tile (CAR-12: ``c0`` … cities, ``r0`` … roads, ``f0`` …
fields, ``cl`` the cloister or abbey). As in chess's SAN, a part the position fixes is left out.

=============  =========================================  =================================
move           written                                    rule
=============  =========================================  =================================
PlaceTile      ``2N1E r1``; ``2N1E`` when only one        CAR-9, CAR-15, CAR-16
               rotation fits there
PlaceFigure    ``follower c0``, ``builder r1``; with the   CAR-20 to CAR-26, CAR-75
               square (``follower 2N1E c0``) when
               figures may go on several tiles
SkipFigure     ``no figure``                              CAR-20
Draw           ``draw``                                   CAR-85, CAR-80
PlaceAbbey     ``abbey 1N2W``                             CAR-86
DeclineExtra   ``no extra``                               CAR-80
PassAbbey      ``no abbey``                               CAR-45
AuctionOpen    ``open 2 for 5`` (tile 2 of the row, from  CAR-61
               the left, for 5 points)
AuctionRaise   ``raise 6``                                CAR-62
AuctionPass    ``pass``                                   CAR-62
AuctionSettle  ``buy`` or ``sell``                        CAR-63
Cancel         ``cancel`` (the stand-alone auction's      CAR-111
               host)
=============  =========================================  =================================

Reading takes any case and spacing and a few other words: ``2n 1e r1``, ``1e2n``,
``meeple c0``, ``c0`` (a follower), ``skip``, ``open 2 5``, ``bid 6`` or a bare ``6`` for a
raise, ``tile 2 for 5``.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from app.games.base import IllegalMove, Move
from app.games.messages import Message, english, refuse, say
from app.games.notation import normal, unknown

from .words import malformed

RULE = "CAR-19"
EXAMPLES = ("1N2E r1", "follower c0", "no figure", "open 1 for 3", "raise 4", "pass")
AUCTION_EXAMPLES = ("open 1 for 3", "raise 4", "pass", "buy", "sell")
_SQUARE = r"(?:\d+\s?[nsew]\s?)+|0"
_TILE = re.compile(rf"(?:(?:place|tile)\s)?({_SQUARE})(?:\s?(?:r|rot)\s?(\d))?")
_FIGURE = re.compile(rf"(?:(follower|meeple|fol|f|builder|b)\s?)?(?:({_SQUARE})\s?)?"
                     r"(c\d|r\d|f\d|cl)")
_ABBEY = re.compile(rf"abbey\s?({_SQUARE})")
_OPEN = re.compile(r"(?:open|tile|auction)\s?(\d+)\s?(?:for|at|bid)?\s?(\d+)")
_RAISE = re.compile(r"(?:(?:raise|bid)\s?)?(\d+)")
_WORDS = {"draw": "Draw", "no figure": "SkipFigure", "skip": "SkipFigure", "none": "SkipFigure",
          "no extra": "DeclineExtra", "decline": "DeclineExtra", "no abbey": "PassAbbey",
          "pass": "AuctionPass", "cancel": "Cancel"}
_LIMIT = 1000  # CAR-19: squares lie within 1000 of the start tile (an input limit)


def square(x: int, y: int) -> str:
    """A square as the notation names it: ``2N1E`` (y grows southwards), ``0`` the start."""
    parts = []
    if y:
        parts.append(f"{abs(y)}{'N' if y < 0 else 'S'}")
    if x:
        parts.append(f"{abs(x)}{'W' if x < 0 else 'E'}")
    return "".join(parts) or "0"


def read_square(text: str) -> tuple[int, int]:
    """(x, y) of a square's text ("2n1e", "1e 2n"); raises `InvalidMove` if it names none."""
    x = y = 0
    seen: set[str] = set()
    for number, side in re.findall(r"(\d+)\s?([nsew])", text):
        axis = "ns" if side in "ns" else "ew"
        if axis in seen:
            raise malformed("CAR-19", say("a square says north or south once, and east or west "
                                          "once"))
        seen.add(axis)
        n = int(number)
        if n > _LIMIT:
            raise malformed("CAR-19", say("a square lies within {limit} of the start tile",
                                          limit=_LIMIT))
        if side == "n":
            y = -n
        elif side == "s":
            y = n
        elif side == "e":
            x = n
        else:
            x = -n
    return x, y


# --------------------------------------------------------------------------- writing


def write(move: Move, legal: Callable[[], list[Move]]) -> str:
    """``move`` (already checked for shape) as text; ``legal`` lists the mover's legal moves,
    asked for only where a part may be left out."""
    kind = move["type"]
    if kind == "PlaceTile":
        here = [m for m in legal() if m["type"] == kind and (m["x"], m["y"]) == (move["x"],
                                                                                 move["y"])]
        spot = square(move["x"], move["y"])
        return spot if here == [move] else f"{spot} r{move['r']}"
    if kind == "PlaceFigure":
        squares = {(m["x"], m["y"]) for m in legal() if m["type"] == kind}
        spot = "" if squares == {(move["x"], move["y"])} else f"{square(move['x'], move['y'])} "
        return f"{move['kind']} {spot}{move['segment']}"
    if kind == "PlaceAbbey":
        return f"abbey {square(move['x'], move['y'])}"
    if kind == "AuctionOpen":
        return f"open {move['tile'] + 1} for {move['bid']}"
    if kind == "AuctionRaise":
        return f"raise {move['bid']}"
    if kind == "AuctionSettle":
        return str(move["choice"])
    return {v: k for k, v in reversed(_WORDS.items())}[kind]


# --------------------------------------------------------------------------- reading


def parse(text: str, legal: Callable[[], list[Move]], auction_only: bool = False) -> Move:
    """The move ``text`` names, with left-out parts filled from the legal moves; raises
    `InvalidMove` for text that names no move, `IllegalMove` for one left ambiguous."""
    t = normal(text, RULE)
    title, examples = ("Bazaar auction", AUCTION_EXAMPLES) if auction_only else \
        ("Carcassonne", EXAMPLES)
    if t in ("buy", "sell"):
        return {"type": "AuctionSettle", "choice": t}
    if t in _WORDS and (t in ("pass", "cancel") if auction_only else t != "cancel"):
        return {"type": _WORDS[t]}
    if m := _OPEN.fullmatch(t):
        return {"type": "AuctionOpen", "tile": _number(m[1], "tile") - 1,
                "bid": _number(m[2], "bid")}
    if m := _RAISE.fullmatch(t):
        return {"type": "AuctionRaise", "bid": _number(m[1], "bid")}
    if auction_only:
        raise unknown(RULE, title, text.strip(), examples)
    if m := _ABBEY.fullmatch(t):
        x, y = read_square(m[1])
        return {"type": "PlaceAbbey", "x": x, "y": y}
    if m := _TILE.fullmatch(t):
        return _tile(m[1], m[2], legal)
    if m := _FIGURE.fullmatch(t):
        return _figure(m[1], m[2], m[3], legal)
    raise unknown(RULE, title, text.strip(), examples)


def either(parts: list[str]) -> Any:
    """Written moves or squares as alternatives: "1N r0 or 1N r2"."""
    if len(parts) == 1:
        return parts[0]
    return say("{first} or {rest}", first=parts[0], rest=either(parts[1:]))


def ambiguous(rule: str, message: Message) -> IllegalMove:
    """An `IllegalMove` (code AMBIGUOUS_MOVE) for text that names several moves."""
    return IllegalMove(f"{rule}: {english(message)}", "AMBIGUOUS_MOVE", message=message,
                       rule=rule)


def _number(text: str, what: str) -> int:
    n = int(text)
    if n > 999 or what == "tile" and n < 1:
        raise malformed("CAR-61", say("a tile is counted from 1 along the row; a bid is 0 to 999"))
    return n


def _tile(spot: str, turn: str | None, legal: Callable[[], list[Move]]) -> Move:
    x, y = read_square(spot)
    if turn is not None:
        r = int(turn)
        if r > 3:
            raise malformed("CAR-9", say("a rotation is r0 to r3, quarter turns to the right"))
        return {"type": "PlaceTile", "x": x, "y": y, "r": r}
    here = [m for m in legal() if m["type"] == "PlaceTile" and (m["x"], m["y"]) == (x, y)]
    if len(here) > 1:
        ways = either([f"{square(x, y)} r{m['r']}" for m in here])
        raise ambiguous("CAR-9", say("the tile fits {square} in {n} ways; write {ways}",
                                     square=square(x, y), n=len(here), ways=ways))
    return here[0] if here else {"type": "PlaceTile", "x": x, "y": y, "r": 0}


def _figure(word: str | None, spot: str | None, segment: str,
            legal: Callable[[], list[Move]]) -> Move:
    kind = "builder" if word in ("builder", "b") else "follower"
    if spot is not None:
        x, y = read_square(spot)
    else:
        squares = sorted({(m["x"], m["y"]) for m in legal() if m["type"] == "PlaceFigure"})
        if len(squares) > 1:
            named = either([square(*s) for s in squares])
            example = f"{kind} {square(*squares[0])} {segment}"
            raise ambiguous("CAR-20", say("figures may go on {n} tiles now; name the square, "
                                          "{squares}, e.g. “{example}”", n=len(squares),
                                          squares=named,
                                          example=example))
        if not squares:
            raise refuse("CAR-20", "no figure may be placed now")
        x, y = squares[0]
    return {"type": "PlaceFigure", "x": x, "y": y, "segment": segment, "kind": kind}
