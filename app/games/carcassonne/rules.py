"""The phase machine: setup, the agenda of pending steps, legal moves and apply.

Spec §3 (setup, CAR-5 to CAR-8), §5 (the turn, CAR-13), §9 (end of play, CAR-44/45), §11 and
§12 (extra part and abbey choices, CAR-80/81/85), §14 (chance only at setup, CAR-102/103).
Decision phases: "start" (Draw or PlaceAbbey), "place", "figure", "extra", "auction",
"abbey_round", "end". Everything between decisions runs from ``State.agenda`` in `advance`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from app.games.base import JSON, Move, Rng, shuffle
from app.games.messages import N_, refuse, say

from . import auction, bazaar
from .auction_words import name
from .features import place_tile
from .figures import figure_error, figure_options, put_figure
from .moves import parse
from .parts import do_place_abbey, do_place_tile, draw_for_part, end_part
from .placement import has_hole, holes, is_legal, legal_placements
from .scoring import final_scoring
from .state import State
from .tiles import START, supply
from .words import not_yours, square, tile

Event = dict[str, Any]


def setup_state(names: Sequence[str], opts: Mapping[str, JSON], rng: Rng,
                events: list[Event] | None = None) -> State:
    """A new game: start tile, shuffled stack (CAR-7), first player (CAR-8), first draw.

    The first draw's events go to ``events`` when given (step 0 of the log).
    """
    n = len(names)
    s = State()
    s.names = tuple(names)
    s.opts = dict(opts)
    s.n = n
    if opts.get("stack") is not None:
        stack = list(opts["stack"])
    else:
        stack = supply(bool(opts.get("bazaar", True)))
        stack.remove(START)
        shuffle(rng, stack)
    s.stack = tuple(stack)
    first = opts.get("first_player", "random")
    first_seat = rng.randbelow(n) if first == "random" else int(first)
    s.scores = [0] * n
    s.followers = [7] * n
    s.builder = [-1 if opts.get("builder", True) else -2] * n
    s.abbey = [bool(opts.get("abbey", True))] * n
    place_tile(s, (0, 0), START, 0)
    s._owned = set()
    s.agenda = (("turn", first_seat),)
    if events is None:
        events = []
    advance(s, rng, events)
    return s


def can_abbey(s: State, seat: int) -> bool:
    """The seat holds its abbey and a hole exists (CAR-85)."""
    return s.abbey[seat] and has_hole(s)


def advance(s: State, rng: Rng, events: list[Event]) -> None:
    """Run automatic steps until a player must decide or the game ends."""
    while not s.phase:
        step = s.agenda[0]
        s.agenda = s.agenda[1:]
        kind = step[0]
        if kind == "turn":
            _step_turn(s, step[1], rng, events)
        elif kind == "extra":
            _step_extra(s, step[1], events)
        elif kind == "bazaar":
            bazaar.step_bazaar(s, step[1], step[2], rng, events)
        elif kind == "reveal":
            bazaar.step_reveal(s, step[1], rng, events)
        elif kind == "round":
            bazaar.step_round(s, step[1])
        elif kind == "bturn":
            bazaar.step_bturn(s, step[1], step[2], events)
        elif kind == "close":
            bazaar.step_close(s, events)
        elif kind == "abbey":
            if can_abbey(s, step[1]):
                s.phase, s.actor = "abbey_round", step[1]
                s.ctx = {"seat": step[1], "kind": "abbey_round"}
        else:  # "final"
            s.final = final_scoring(s)  # CAR-51: the report, item by item
            events.extend(s.final)
            s.finished = True
            s.phase = "end"
            s.actor = -1
            events.append({"type": "GameEnded", "scores": list(s.scores)})


def _step_turn(s: State, seat: int, rng: Rng, events: list[Event]) -> None:
    """A regular turn begins, or regular play ends on an empty stack (CAR-44)."""
    if s.remaining() == 0:
        events.append({"type": "RegularPlayEnded"})
        tail: tuple[tuple[Any, ...], ...] = ()
        if s.opts.get("abbey", True):
            # CAR-45: from the left of the last regular turn's player (that is `seat`)
            tail = tuple(("abbey", (seat + k) % s.n) for k in range(s.n))
        s.agenda = tail + (("final",),)
        return
    s.last_regular = seat
    s.agenda = s.agenda + (("turn", (seat + 1) % s.n),)  # CAR-13 step 5
    events.append({"type": "TurnStarted", "seat": seat})
    if can_abbey(s, seat):
        s.phase, s.actor, s.ctx = "start", seat, {"seat": seat, "kind": "first"}
        return
    draw_for_part(s, seat, "first", rng, events)


def _step_extra(s: State, seat: int, events: list[Event]) -> None:
    """An extra part is due: offer it, or let it lapse (CAR-80, CAR-81)."""
    if s.remaining() == 0 and not can_abbey(s, seat):
        events.append({"type": "ExtraPartLapsed", "seat": seat, "rule": "CAR-81"})
        return
    s.phase, s.actor, s.ctx = "extra", seat, {"seat": seat, "kind": "extra"}
    events.append({"type": "ExtraPartStarted", "seat": seat})


def to_act(s: State) -> frozenset[int]:
    """The one seat to decide, or nobody once the game is over."""
    return frozenset() if s.finished else frozenset((s.actor,))


def legal_moves(s: State, seat: int) -> list[Move]:
    """Every legal move of ``seat`` now."""
    if s.finished or seat != s.actor:
        return []
    ph = s.phase
    if ph == "place":
        return [{"type": "PlaceTile", "x": x, "y": y, "r": r}
                for x, y, r in legal_placements(s, s.ctx["tile"])]
    if ph == "figure":
        x, y = s.ctx["x"], s.ctx["y"]
        return [{"type": "SkipFigure"}] + [
            {"type": "PlaceFigure", "x": x, "y": y, "segment": seg, "kind": kind}
            for seg, kind in figure_options(s, seat, (x, y))]
    if ph == "auction":
        assert s.auction is not None
        return auction.legal_moves(s.auction, seat)
    out: list[Move] = []
    if ph == "start" or (ph == "extra" and s.remaining() > 0):
        out.append({"type": "Draw"})
    if s.abbey[seat]:
        out += [{"type": "PlaceAbbey", "x": x, "y": y} for x, y in holes(s)]
    if ph == "extra":
        out.append({"type": "DeclineExtra"})
    elif ph == "abbey_round":
        out.append({"type": "PassAbbey"})
    return out


def apply(state: State, seat: int, move: Move, rng: Rng) -> tuple[State, list[Event]]:
    """The state after the move and its events; the input is never changed."""
    m = parse(move)
    if state.finished:
        raise not_yours("CAR-44", say("the game is over"))
    if seat != state.actor:
        raise not_yours("CAR-13", say("it is {who}'s decision, not {seat}'s",
                                       who=name(state.names, state.actor),
                                       seat=name(state.names, seat)))
    t = m["type"]
    ph = state.phase
    if ph == "auction":
        if t not in auction.MOVE_TYPES:
            raise refuse("CAR-60", "an auction is running; make an auction move")
        s = state.clone()
        events: list[Event] = []
        bazaar.apply_auction(s, seat, m, events)
        advance(s, rng, events)
        return s, events
    _check(state, seat, m, ph)
    s = state.clone()
    events = []
    if t == "PlaceTile":
        events.append(do_place_tile(s, m["x"], m["y"], m["r"]))
    elif t == "PlaceFigure":
        sq = (m["x"], m["y"])
        events.append(put_figure(s, seat, sq, m["segment"], m["kind"]))
        end_part(s, events)
    elif t == "SkipFigure":
        end_part(s, events)
    elif t == "Draw":
        s.phase = ""
        draw_for_part(s, seat, "first" if ph == "start" else "extra", rng, events)
    elif t == "PlaceAbbey":
        kind = {"start": "first", "extra": "extra"}.get(ph, "abbey_round")
        events.append(do_place_abbey(s, seat, kind, m["x"], m["y"]))
    elif t == "DeclineExtra":
        s.phase = ""
        events.append({"type": "ExtraPartDeclined", "seat": seat})
    else:  # PassAbbey
        s.phase = ""
        events.append({"type": "AbbeyPassed", "seat": seat})
    advance(s, rng, events)
    return s, events


_ALLOWED = {
    "start": {"Draw", "PlaceAbbey"},
    "place": {"PlaceTile"},
    "figure": {"PlaceFigure", "SkipFigure"},
    "extra": {"Draw", "PlaceAbbey", "DeclineExtra"},
    "abbey_round": {"PlaceAbbey", "PassAbbey"},
}
_WRONG = {
    "start": ("CAR-13", N_("start the turn by drawing a tile or placing the abbey")),
    "place": ("CAR-15", N_("place the tile in hand first (CAR-84: the abbey cannot replace it)")),
    "figure": ("CAR-20", N_("place a figure on the new tile or skip")),
    "extra": ("CAR-80", N_("the extra part offers a draw, the abbey or declining it")),
    "abbey_round": ("CAR-45", N_("place the abbey or pass")),
}


def _check(s: State, seat: int, m: Move, ph: str) -> None:
    """Raise IllegalMove unless ``m`` is legal now (phase already known not to be auction)."""
    t = m["type"]
    if t not in _ALLOWED.get(ph, set()):
        if t in auction.MOVE_TYPES:
            raise refuse("CAR-60", "there is no auction now")
        rule, text = _WRONG.get(ph, ("CAR-13", N_("that move is not possible now")))
        raise refuse(rule, text)
    if t == "PlaceTile":
        if not is_legal(s, s.ctx["tile"], m["x"], m["y"], m["r"]):
            raise refuse("CAR-15", "{tile} cannot go {square} with rotation {r}",
                         tile=tile(s.ctx["tile"]), square=square(m["x"], m["y"]), r=m["r"])
    elif t == "PlaceFigure":
        if (m["x"], m["y"]) != (s.ctx["x"], s.ctx["y"]):
            raise refuse("CAR-20", "a figure goes only on the tile just placed")
        err = figure_error(s, seat, (m["x"], m["y"]), m["segment"], m["kind"])
        if err is not None:
            raise err
    elif t == "PlaceAbbey":
        if not s.abbey[seat]:
            raise refuse("CAR-83", "you have no abbey left")
        if (m["x"], m["y"]) not in holes(s):
            raise refuse("CAR-86", "the abbey goes only into a hole")
    elif t == "Draw" and ph == "extra" and s.remaining() == 0:
        raise refuse("CAR-81", "the stack is empty")
