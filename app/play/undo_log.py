"""Undo and takeback entries of the move log (issue 27, point 3; docs/decisions.md, "Undo and
takeback in an append-only log").

The log stays append-only: an undo is a row of its own, ``{"type": "Undo", "to": k}`` (the
mover's in-turn undo) or ``{"type": "Takeback", "to": k}`` (a takeback the others accepted),
whose state is the state after move ``k``. Replaying the log therefore means: apply each move,
and at an undo row go back to the state after ``k``. Which rows may be undone follows from
`Engine.reveals`: an undo takes back the mover's last step while that step revealed nothing
(`Reveal.NOTHING`); a takeback takes back the asker's last move and everything after it while
none of it revealed anything hidden (`Reveal.HIDDEN`). Every undo row is snapshotted, so a
replay that starts from the latest snapshot at or before a step never meets one; the full
replays (import, text records, finished games) keep every state and check each undo.

Pure: no I/O; the pipeline (app/play/undo_service.py) and the replays call it.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

from app.games.base import Engine, Event, GameError, IllegalMove, ReplayRng, Reveal
from app.games.messages import Message, say, say_n

UNDO = "Undo"
TAKEBACK = "Takeback"
KINDS = (UNDO, TAKEBACK)
UNDONE = "Undone"
TAKEN_BACK = "TakenBack"
EVENT_TYPES = (UNDONE, TAKEN_BACK)


class Past(Protocol):
    """What the rules of undo need of each step of a game's log (`app.play.live.Step`)."""

    seq: int
    seat: int | None
    reveal: Reveal
    back_to: int | None
    state: Any


Lookup = Callable[[int], Past | None]


def is_undo(move: Any) -> bool:
    """Whether a logged move is an undo or takeback row (the platform's, no engine's)."""
    return isinstance(move, dict) and move.get("type") in KINDS and "to" in move


def undo_move(kind: str, to: int) -> dict[str, Any]:
    return {"type": kind, "to": to}


def undo_event(kind: str, seat: int, to: int, undone: int) -> Event:
    """The row's one event: who went back, to which step, over how many moves."""
    return {"type": UNDONE if kind == UNDO else TAKEN_BACK, "seat": seat, "to": to,
            "moves": undone}


def is_undo_event(event: Any) -> bool:
    return isinstance(event, dict) and event.get("type") in EVENT_TYPES


def undo_text(event: Event, names: list[str]) -> str:
    """The undo event in words for the log (no seat numbers, no ids)."""
    seat = event.get("seat")
    who = names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else "A player"
    moves = event.get("moves", 1)
    what = "their last step" if moves == 1 else f"their last {moves} steps"
    # ``to`` counts moves made (0: none yet), so the start is said as such, never "move 0"
    to = event.get("to")
    where = "the start of the game" if not to else f"the position after move {to}"
    if event.get("type") == UNDONE:
        return f"{who} undid {what} (back to {where})."
    what = "a move" if moves == 1 else f"{moves} moves"
    return f"{who} took back {what} with everyone's agreement (back to {where})."


def undo_message(event: Event, names: list[str]) -> Message:
    """``undo_text`` as a message, said in each reader's language (issue 29)."""
    seat = event.get("seat")
    who: Any = names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else say("A player")
    moves = int(event.get("moves", 1))
    to = event.get("to")
    where = say("the start of the game") if not to else say("the position after move {number}",
                                                             number=to)
    if event.get("type") == UNDONE:
        return say_n("{who} undid their last step (back to {where}).",
                     "{who} undid their last {n} steps (back to {where}).", moves,
                     who=who, where=where)
    return say_n("{who} took back a move with everyone's agreement (back to {where}).",
                 "{who} took back {n} moves with everyone's agreement (back to {where}).", moves,
                 who=who, where=where)


_UNDO_TEXT = re.compile(r"^\s*(undo|takeback)\s+to\s+(\d{1,6})\s*$", re.IGNORECASE)


def undo_text_of(move: dict[str, Any]) -> str:
    """An undo row in a text record: ``undo to 4``, ``takeback to 3``."""
    return f"{str(move['type']).lower()} to {move['to']}"


def read_undo(text: str) -> dict[str, Any] | None:
    """The undo row a text record's line says, or None for any other move's text."""
    found = _UNDO_TEXT.match(text)
    if found is None:
        return None
    return undo_move(UNDO if found[1].lower() == "undo" else TAKEBACK, int(found[2]))


def current(lookup: Lookup, seq: int) -> Past | None:
    """The step whose move made the position at ``seq``: undo rows followed back to it."""
    step = lookup(seq)
    while step is not None and step.back_to is not None:
        step = lookup(step.back_to)
    return step


@dataclass(frozen=True)
class Target:
    """Where an undo or takeback goes: the step whose position comes back, and how many moves
    of the current line it takes back."""

    to: int
    moves: int


def undo_target(lookup: Lookup, seq: int, seat: int) -> Target:
    """The in-turn undo of ``seat`` at ``seq``: its last step, if that revealed nothing.

    Raises `IllegalMove` (the reason in words) when there is nothing it may undo.
    """
    step = current(lookup, seq)
    if step is None or step.seat is None:
        raise IllegalMove("UNDO-1: there is no step of yours to undo here", "UNDO_NOT_ALLOWED")
    if step.seat != seat:
        raise IllegalMove("UNDO-1: the last move is not yours; ask for a takeback instead",
                          "UNDO_NOT_ALLOWED")
    if step.reveal is Reveal.HIDDEN:
        raise IllegalMove("UNDO-2: your last step revealed something hidden (a draw, a roll "
                          "or a secret), so it stands", "UNDO_NOT_ALLOWED")
    if step.reveal is Reveal.TURN:
        raise IllegalMove("UNDO-3: your turn has passed; ask the others for a takeback",
                          "UNDO_NOT_ALLOWED")
    if lookup(step.seq - 1) is None:
        raise IllegalMove("UNDO-1: that step is too far back to undo", "UNDO_NOT_ALLOWED")
    return Target(step.seq - 1, 1)


def takeback_target(lookup: Lookup, seq: int, seat: int) -> Target:
    """The takeback ``seat`` may ask for at ``seq``: back to before its last move, taking back
    every move since, while none of them revealed anything hidden. Raises `IllegalMove`."""
    step = current(lookup, seq)
    moves = 0
    while step is not None and step.seat is not None:
        if step.reveal is Reveal.HIDDEN:
            raise IllegalMove("TAKEBACK-2: something hidden was revealed since your last move "
                              "(a draw, a roll or a secret), so it cannot be taken back",
                              "TAKEBACK_NOT_ALLOWED")
        moves += 1
        if step.seat == seat:
            if lookup(step.seq - 1) is None:
                break
            return Target(step.seq - 1, moves)
        step = current(lookup, step.seq - 1)
    raise IllegalMove("TAKEBACK-1: there is no move of yours to take back here",
                      "TAKEBACK_NOT_ALLOWED")


@dataclass
class Replayed:
    """One step of a full replay (`Replay`): the `Past` of a step, with its events."""

    seq: int
    seat: int | None
    reveal: Reveal
    back_to: int | None
    state: Any
    events: list[Event]


class Replay:
    """A replay of a log from its first position that keeps every step, so that an undo row
    goes back to its step and is checked to be one the rules allowed."""

    def __init__(self, engine: Engine, state: Any, events: list[Event] | None = None) -> None:
        self.engine = engine
        self.steps: list[Replayed] = [Replayed(0, None, Reveal.HIDDEN, None, state,
                                               list(events or []))]

    @property
    def state(self) -> Any:
        return self.steps[-1].state

    def lookup(self, seq: int) -> Replayed | None:
        return self.steps[seq] if 0 <= seq < len(self.steps) else None

    def apply(self, seat: int, move: Any, chance: list[Any]) -> tuple[Any, list[Event]]:
        """The state after the next logged row and its events; raises `GameError` for a move
        that does not replay or an undo the rules did not allow."""
        seq = len(self.steps)
        before = self.state
        if is_undo(move):
            kind, to = move["type"], move["to"]
            target = (undo_target if kind == UNDO else takeback_target)(
                self.lookup, seq - 1, seat)
            if target.to != to or chance:
                raise GameError(f"move {seq}: the {kind.lower()} is not one the rules allow",
                                "REPLAY_MISMATCH")
            events = [undo_event(kind, seat, to, target.moves)]
            back = self.steps[to]
            self.steps.append(Replayed(seq, seat, Reveal.NOTHING, to, back.state, events))
            return back.state, events
        rng = ReplayRng(chance)
        after, events = self.engine.apply(before, seat, move, rng)
        rng.finish()
        reveal = self.engine.reveals(before, seat, move, after, chance)
        self.steps.append(Replayed(seq, seat, reveal, None, after, events))
        return after, events
