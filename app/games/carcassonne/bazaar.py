"""The bazaar flow around ``auction.py`` (spec §10.2 to §10.5 and §13; CAR-55 to CAR-73,
CAR-92 to CAR-96, CAR-100).

Agenda steps handled here: ``("bazaar", placer, with_extra)`` (skip check, draw, window),
``("reveal", placer)`` (builder-first: turn the face-down tiles up), ``("round", placer)``
(the bazaar turns in play order), ``("bturn", seat, tile)`` (one bazaar turn) and
``("close",)`` (the window closes; the next queued bazaar starts).
"""

from __future__ import annotations

from typing import Any

from app.games.base import Move, Rng

from . import auction
from .ledger import auction_entries, note
from .parts import hold_tile
from .placement import can_place
from .state import State

Event = dict[str, Any]


def step_bazaar(s: State, placer: int, with_extra: bool, rng: Rng, events: list[Event]) -> None:
    """Start a due bazaar: skip it (CAR-58) or draw N tiles and open the window (CAR-59/71)."""
    n = s.n
    if s.remaining() < n:
        events.append({"type": "BazaarSkipped", "placer": placer, "stack": s.remaining(),
                       "rule": "CAR-58"})
        if with_extra:
            s.agenda = (("extra", placer),) + s.agenda  # CAR-92: the extra part at once
        return
    tiles = s.stack[s.pos:s.pos + n]
    s.pos += n
    s.window = True
    if with_extra and s.opts.get("bazaar_builder_order") == "builder-first":
        # CAR-95/100: face down; nothing names them (the witness waits for the reveal)
        s.facedown = tiles
        events.append({"type": "BazaarDrawn", "placer": placer, "count": n, "face_down": True})
        s.agenda = (("extra", placer), ("reveal", placer), ("round", placer), ("close",)) \
            + s.agenda
        return
    events.append({"type": "BazaarDrawn", "placer": placer, "count": n, "face_down": False})
    _reveal(s, placer, tiles, rng, events)
    tail: tuple[tuple[Any, ...], ...] = (("round", placer), ("close",))
    if with_extra:
        tail += (("extra", placer),)  # CAR-94 step 7: the deferred extra part
    s.agenda = tail + s.agenda


def step_reveal(s: State, placer: int, rng: Rng, events: list[Event]) -> None:
    """Builder-first: turn the face-down tiles up and start the auction (CAR-95 step 5)."""
    tiles = s.facedown
    s.facedown = ()
    _reveal(s, placer, tiles, rng, events)


def _reveal(s: State, placer: int, tiles: tuple[str, ...], rng: Rng,
            events: list[Event]) -> None:
    for tid in tiles:
        rng.witness(tid)
    events.append({"type": "TilesRevealed", "placer": placer, "tiles": list(tiles)})
    s.auction = auction.new_auction(s.n, placer, list(tiles))
    s.phase = "auction"
    actor = auction.to_act(s.auction)
    s.actor = actor if actor is not None else -1


def apply_auction(s: State, seat: int, move: Move, events: list[Event]) -> None:
    """An auction move; score changes apply at once (CAR-63)."""
    assert s.auction is not None
    new, evs = auction.apply(s.auction, seat, move)
    s.auction = new
    for ev in evs:
        if ev["type"] == "AuctionSettled":
            for ch in ev["changes"]:
                s.scores[ch["seat"]] += ch["points"]
            placer = s.names[new["placer"]]
            for seat, points, words in auction_entries(ev, ev["auction"], s.names, placer):
                note(s, seat, "auction-gains" if points > 0 else "auction-payments", points,
                     words)
    events.extend(evs)
    nxt = auction.to_act(new)
    if nxt is None:
        s.phase = ""
        s.actor = -1
    else:
        s.actor = nxt


def step_round(s: State, placer: int) -> None:
    """Queue the bazaar turns: left of the placer, clockwise, the placer last (CAR-69)."""
    assert s.auction is not None
    owners = auction.owners(s.auction)
    row = s.auction["tiles"]
    order = auction.play_order(s.auction)
    turns = tuple(("bturn", seat, row[owners.index(seat)]) for seat in order)
    s.agenda = turns + s.agenda


def step_bturn(s: State, seat: int, tid: str, events: list[Event]) -> None:
    """One bazaar turn with a won tile; a tile that does not fit is discarded (CAR-70)."""
    events.append({"type": "BazaarTurn", "seat": seat, "tile": tid})
    if can_place(s, tid):
        hold_tile(s, seat, "bazaar", tid, False)
        return
    s.discards = s.discards + (tid,)
    events.append({"type": "TileDiscarded", "seat": seat, "tile": tid, "rule": "CAR-70"})


def step_close(s: State, events: list[Event]) -> None:
    """The window closes (CAR-71); the next queued bazaar runs (CAR-72)."""
    s.window = False
    s.auction = None
    events.append({"type": "BazaarEnded"})
    if s.queue:
        placer = s.queue[0]
        s.queue = s.queue[1:]
        s.agenda = (("bazaar", placer, False),) + s.agenda


def won_tiles(s: State) -> list[dict[str, Any]]:
    """Won tiles not yet played, with their owners, in play order (CAR-98)."""
    return [{"seat": step[1], "tile": step[2]} for step in s.agenda if step[0] == "bturn"]
