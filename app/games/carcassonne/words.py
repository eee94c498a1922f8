"""Tiles, squares and figure spots in players' words, for the game log (issue 13, point 14),
as messages (issue 29: app/games/messages.py) that each client says in its own language.

The log never shows a tile's type id ("BZ8"), a raw square ("(2,-1)"), a rotation number or a
segment id ("c0"): a tile is named by what it shows ("a city-and-road tile"), a square by its
distance from the start tile ("1 north and 2 east of the start tile"), a spot by its feature and
the sides it reaches ("the city (north, east)"). The board's keyboard words (static/games/
carcassonne/board.js ``squareWords``/``segmentWords``) say the same things the same way.
The functions ending in ``_words``/``_name`` give the English text (text mode, the old log).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from app.games.base import InvalidMove, NotYourTurn
from app.games.messages import N_, Message, english, say, say_n

from .tiles import ABBEY, HALF_EDGES, SIDES, TILE_TYPES, rotated, segment_names

SIDE_WORDS = {"N": N_("north"), "E": N_("east"), "S": N_("south"), "W": N_("west")}
CORNER_WORDS = {"Nw": N_("north-west"), "Wn": N_("north-west"), "Ne": N_("north-east"),
                "En": N_("north-east"), "Es": N_("south-east"), "Se": N_("south-east"),
                "Sw": N_("south-west"), "Ws": N_("south-west")}
TURN_WORDS = ("", N_("turned a quarter right"), N_("turned half round"),
              N_("turned a quarter left"))

TILE_WORDS: dict[str, tuple[str, str]] = {
    "a tile": (N_("a tile"), N_("A tile")),
    "the abbey": (N_("the abbey"), N_("The abbey")),
    "a city tile": (N_("a city tile"), N_("A city tile")),
    "a city tile with a bazaar": (N_("a city tile with a bazaar"),
                                  N_("A city tile with a bazaar")),
    "a city tile with a pennant": (N_("a city tile with a pennant"),
                                   N_("A city tile with a pennant")),
    "a city-and-crossroads tile": (N_("a city-and-crossroads tile"),
                                   N_("A city-and-crossroads tile")),
    "a city-and-road tile": (N_("a city-and-road tile"), N_("A city-and-road tile")),
    "a city-and-road tile with a bazaar": (N_("a city-and-road tile with a bazaar"),
                                           N_("A city-and-road tile with a bazaar")),
    "a city-and-road tile with a pennant": (N_("a city-and-road tile with a pennant"),
                                            N_("A city-and-road tile with a pennant")),
    "a cloister tile": (N_("a cloister tile"), N_("A cloister tile")),
    "a cloister-and-city tile": (N_("a cloister-and-city tile"),
                                 N_("A cloister-and-city tile")),
    "a cloister-and-road tile": (N_("a cloister-and-road tile"),
                                 N_("A cloister-and-road tile")),
    "a crossroads tile": (N_("a crossroads tile"), N_("A crossroads tile")),
    "a field tile with a bazaar": (N_("a field tile with a bazaar"),
                                   N_("A field tile with a bazaar")),
    "a road tile": (N_("a road tile"), N_("A road tile")),
    "a road tile with a bazaar": (N_("a road tile with a bazaar"),
                                  N_("A road tile with a bazaar")),
    "a two-city tile": (N_("a two-city tile"), N_("A two-city tile")),
    "a two-city-and-road tile": (N_("a two-city-and-road tile"),
                                 N_("A two-city-and-road tile")),
}
"""Every tile type's name (`_composed`), and the same at the start of a sentence."""

SPOT_WORDS = {"city": N_("the city"), "road": N_("the road"), "field": N_("the field"),
              "tile": N_("the tile")}
SPOT_SIDES = {"city": N_("the city ({sides})"), "road": N_("the road ({sides})"),
              "field": N_("the field ({sides})")}


def _composed(tid: str) -> str:
    """A tile type's English name, composed from what it shows (the key of `TILE_WORDS`)."""
    t = TILE_TYPES.get(tid)
    if t is None:
        return "a tile"
    if tid == ABBEY:
        return "the abbey"
    parts = []
    if t.cloister:
        parts.append("cloister")
    if t.cities:
        parts.append("two-city" if len(t.cities) > 1 else "city")
    if len(t.roads) > 2:
        parts.append("crossroads")
    elif t.roads:
        parts.append("road")
    name = "-and-".join(parts) or "field"
    extras = [w for w, on in (("a pennant", t.pennant), ("a bazaar", t.bazaar)) if on]
    with_ = f" with {' and '.join(extras)}" if extras else ""
    return f"{'an' if name[0] in 'aeiou' else 'a'} {name} tile{with_}"


def tile(tid: str, capital: bool = False) -> Message:
    """What a tile type shows, as a noun phrase: "a city-and-road tile", "a cloister tile"
    (``capital``: at the start of a sentence)."""
    return say(TILE_WORDS[_composed(tid)][1 if capital else 0])


def commas(parts: Sequence[Any]) -> Any:
    """Parts joined by commas only ("north, east"; a list argument would end with "and")."""
    if len(parts) == 1:
        return parts[0]
    return say("{first}, {rest}", first=parts[0], rest=commas(parts[1:]))


def square(x: int, y: int) -> Message:
    """Where a square is, from the start tile (north is up; y grows southwards)."""
    if not x and not y:
        return say("on the start square")
    parts = []
    if y:
        parts.append(say("{n} north", n=-y) if y < 0 else say("{n} south", n=y))
    if x:
        parts.append(say("{n} west", n=-x) if x < 0 else say("{n} east", n=x))
    return say("{where} of the start tile", where=parts)


def turn(r: int) -> Message | None:
    """A rotation in words (None for none)."""
    return say(TURN_WORDS[r % 4]) if r % 4 else None


def segment(tid: str | None, r: int | None, seg: str) -> Message:
    """A figure's spot on a placed tile: "the city (north, east)", "the cloister"."""
    if seg == "cl":
        return say("the abbey") if tid == ABBEY else say("the cloister")
    kind = {"c": "city", "r": "road", "f": "field"}.get(seg[:1], "tile")
    if tid not in TILE_TYPES or r is None or seg not in segment_names(tid) or kind == "tile":
        return say(SPOT_WORDS[kind])
    rot = rotated(tid, r)
    i = segment_names(tid).index(seg)
    if kind != "field":
        sides = [say(SIDE_WORDS[SIDES[s]]) for s in sorted(rot.seg_sides[i])]
        return say(SPOT_SIDES[kind], sides=commas(sides))
    halves = [HALF_EDGES[h] for h in rot.seg_halves[i]]
    whole = [s for s in SIDES if sum(h[0] == s for h in halves) == 2]
    corners: list[str] = []
    for h in halves:
        c = CORNER_WORDS[h]
        if h[0] in whole or any(SIDE_WORDS[s] in c for s in whole) or c in corners:
            continue
        corners.append(c)
    words = [say(SIDE_WORDS[s]) for s in whole] + [say(c) for c in corners]
    return say(SPOT_SIDES["field"], sides=commas(words)) if words else say("the field")


def tiles(n: int) -> Message:
    """ "1 tile", "3 tiles"."""
    return say_n("{n} tile", "{n} tiles", n)


def points(p: int) -> Message:
    """ "1 point", "3 points"."""
    return say_n("{n} point", "{n} points", p)


# the same in English, for text mode and the English log


def tile_name(tid: str) -> str:
    """What a tile type shows, in English: "a city-and-road tile"."""
    return english(tile(tid))


def square_words(x: int, y: int) -> str:
    """Where a square is, in English: "1 north and 2 east of the start tile"."""
    return english(square(x, y))


def turn_words(r: int) -> str:
    """A rotation in English ("" for none)."""
    said = turn(r)
    return english(said) if said is not None else ""


def segment_words(tid: str | None, r: int | None, seg: str) -> str:
    """A figure's spot in English: "the city (north, east)"."""
    return english(segment(tid, r, seg))


def tiles_words(n: int) -> str:
    """ "1 tile", "3 tiles"."""
    return english(tiles(n))


# refusals that are not IllegalMove (app/games/messages.py `refuse` makes those)


def not_yours(rule: str, message: Message) -> NotYourTurn:
    """A `NotYourTurn` whose reason is ``message`` (its English reason starts with the rule)."""
    return NotYourTurn(f"{rule}: {english(message)}", message=message, rule=rule)


def malformed(rule: str, message: Message) -> InvalidMove:
    """An `InvalidMove` whose reason is ``message`` (its English reason starts with the rule)."""
    return InvalidMove(f"{rule}: {english(message)}", message=message, rule=rule)
