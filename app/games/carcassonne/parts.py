"""Turn parts: draw, place a tile or the abbey, figure step, scoring step, what follows.

Spec §5 (CAR-13 to CAR-17), §6, the builder's extra part (§11, CAR-78 to CAR-81), the abbey
(§12, CAR-84 to CAR-91) and when a bazaar becomes due (CAR-55 to CAR-57, CAR-72, CAR-92/93).
The current part lives in ``State.ctx``: seat, kind ("first", "extra", "bazaar", "abbey_round"),
tile, whether it was drawn from the stack, the square, the roots to score and `earned`.
"""

from __future__ import annotations

from typing import Any

from app.games.base import Rng

from .features import place_abbey, place_tile
from .placement import can_place
from .scoring import score_completed
from .state import State
from .tiles import ABBEY, TILE_TYPES

Event = dict[str, Any]


def draw_for_part(s: State, seat: int, kind: str, rng: Rng, events: list[Event]) -> bool:
    """Draw until a tile fits (CAR-14, CAR-17); False when the stack ran out first."""
    while s.pos < len(s.stack):
        tid = s.stack[s.pos]
        s.pos += 1
        rng.witness(tid)  # CAR-103: replay checks each draw against the setup record
        events.append({"type": "TileDrawn", "seat": seat, "tile": tid})
        if can_place(s, tid):
            hold_tile(s, seat, kind, tid, True)
            return True
        s.discards = s.discards + (tid,)
        events.append({"type": "TileDiscarded", "seat": seat, "tile": tid, "rule": "CAR-17"})
    events.append({"type": "StackEmpty", "seat": seat})
    return False


def hold_tile(s: State, seat: int, kind: str, tid: str, drawn: bool) -> None:
    """Put a tile in the player's hand: the placement decision follows."""
    s.ctx = {"seat": seat, "kind": kind, "tile": tid, "drawn": drawn}
    s.phase = "place"
    s.actor = seat


def do_place_tile(s: State, x: int, y: int, r: int) -> Event:
    """Place the tile in hand (already checked legal) and test the builder (CAR-78)."""
    ctx = s.ctx
    seat = ctx["seat"]
    roots = place_tile(s, (x, y), ctx["tile"], r)
    b = s.builder[seat]
    # CAR-78/79: only a drawn or won tile in a first part or bazaar turn can earn it
    earned = ctx["kind"] in ("first", "bazaar") and b >= 0 and s.find(b) in roots
    s.ctx = {**ctx, "x": x, "y": y, "r": r, "roots": roots, "earned": earned}
    s.phase = "figure"
    return {"type": "TilePlaced", "seat": seat, "tile": ctx["tile"], "x": x, "y": y, "r": r}


def do_place_abbey(s: State, seat: int, kind: str, x: int, y: int) -> Event:
    """Place the seat's abbey into a hole (already checked) (CAR-86 to CAR-90)."""
    roots = place_abbey(s, (x, y))
    s.abbey[seat] = False
    s.ctx = {"seat": seat, "kind": kind, "tile": ABBEY, "drawn": False, "x": x, "y": y, "r": 0,
             "roots": roots, "earned": False}
    s.phase = "figure"
    s.actor = seat
    return {"type": "AbbeyPlaced", "seat": seat, "x": x, "y": y}


def end_part(s: State, events: list[Event]) -> None:
    """The scoring step (CAR-36), then queue what the part earned or made due."""
    ctx = s.ctx
    seat = ctx["seat"]
    events.extend(score_completed(s, (ctx["x"], ctx["y"]), ctx["roots"]))
    s.phase = ""
    due = ctx["drawn"] and TILE_TYPES[ctx["tile"]].bazaar  # CAR-55, CAR-56
    earned = bool(ctx["earned"])
    front: list[tuple[Any, ...]] = []
    if earned:
        events.append({"type": "ExtraPartEarned", "seat": seat})
    if due and earned and ctx["kind"] == "first" and not s.window:
        front.append(("bazaar", seat, True))  # section 13 decides the order (CAR-92)
    else:
        if earned:
            front.append(("extra", seat))  # taken at once (CAR-80, CAR-93)
        if due:
            if s.window:
                s.queue = s.queue + (seat,)  # CAR-72
                events.append({"type": "BazaarQueued", "placer": seat})
            else:
                front.append(("bazaar", seat, False))  # CAR-57
    s.agenda = tuple(front) + s.agenda
    s.ctx = {}
