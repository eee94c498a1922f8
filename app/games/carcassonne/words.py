"""Tiles, squares and figure spots in players' words, for the game log (issue 13, point 14).

The log never shows a tile's type id ("BZ8"), a raw square ("(2,-1)"), a rotation number or a
segment id ("c0"): a tile is named by what it shows ("a city-and-road tile"), a square by its
distance from the start tile ("1 north and 2 east of the start tile"), a spot by its feature and
the sides it reaches ("the city (north, east)"). The board's keyboard words (static/games/
carcassonne/board.js ``squareWords``/``segmentWords``) say the same things the same way.
"""

from __future__ import annotations

from .tiles import ABBEY, HALF_EDGES, SIDES, TILE_TYPES, rotated, segment_names

SIDE_WORDS = {"N": "north", "E": "east", "S": "south", "W": "west"}
CORNER_WORDS = {"Nw": "north-west", "Wn": "north-west", "Ne": "north-east", "En": "north-east",
                "Es": "south-east", "Se": "south-east", "Sw": "south-west", "Ws": "south-west"}
TURN_WORDS = ("", "turned a quarter right", "turned half round", "turned a quarter left")


def tile_name(tid: str) -> str:
    """What a tile type shows, as a noun phrase: "a city-and-road tile", "a cloister tile"."""
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


def square_words(x: int, y: int) -> str:
    """Where a square is, from the start tile (north is up; y grows southwards)."""
    if not x and not y:
        return "on the start square"
    parts = []
    if y:
        parts.append(f"{abs(y)} {'north' if y < 0 else 'south'}")
    if x:
        parts.append(f"{abs(x)} {'west' if x < 0 else 'east'}")
    return f"{' and '.join(parts)} of the start tile"


def turn_words(r: int) -> str:
    """A rotation in words ("" for none)."""
    return TURN_WORDS[r % 4]


def segment_words(tid: str | None, r: int | None, segment: str) -> str:
    """A figure's spot on a placed tile: "the city (north, east)", "the cloister"."""
    if segment == "cl":
        return "the abbey" if tid == ABBEY else "the cloister"
    kind = {"c": "city", "r": "road", "f": "field"}.get(segment[:1], "tile")
    if tid not in TILE_TYPES or r is None or segment not in segment_names(tid):
        return f"the {kind}"
    rot = rotated(tid, r)
    i = segment_names(tid).index(segment)
    if kind != "field":
        sides = [SIDE_WORDS[SIDES[s]] for s in sorted(rot.seg_sides[i])]
        return f"the {kind} ({', '.join(sides)})"
    halves = [HALF_EDGES[h] for h in rot.seg_halves[i]]
    whole = [s for s in SIDES if sum(h[0] == s for h in halves) == 2]
    corners: list[str] = []
    for h in halves:
        c = CORNER_WORDS[h]
        if h[0] in whole or any(SIDE_WORDS[s] in c for s in whole) or c in corners:
            continue
        corners.append(c)
    words = [SIDE_WORDS[s] for s in whole] + corners
    return f"the field ({', '.join(words)})" if words else "the field"


def tiles_words(n: int) -> str:
    """ "1 tile", "3 tiles"."""
    return f"{n} tile" if n == 1 else f"{n} tiles"
