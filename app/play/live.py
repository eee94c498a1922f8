"""Live games kept in memory: the current state, recent history, and per-viewer views.

A `LiveGame` is this instance's cache of one game. The database stays the truth: a cached game
that falls behind (another instance committed a move) catches up by reading the moves after its
seq. Recent states are kept so that a reconnecting viewer gets exactly the patches it missed,
and each viewer's view of each step is computed once however many sockets share it.
"""

from __future__ import annotations

import asyncio
from collections import OrderedDict, deque
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from app.games.base import Engine, Event, Move, ReplayRng, Reveal, Seat
from app.games.messages import english
from app.json_text import json_text
from app.play.origin import is_origin, origin_message, origin_text
from app.play.undo_log import is_undo, is_undo_event, undo_message, undo_text
from app.realtime.diff import diff
from app.realtime.viewer import Viewer

HISTORY = 64
"""Steps kept in memory per game; a viewer further behind gets a snapshot."""


def apply_recorded(engine: Engine, state: Any, row: Any,
                   restored: Mapping[int, Any] | None = None) -> Any:
    """The state after a logged move row, replayed from its recorded chance outcomes.

    An undo row's state is its snapshot (every undo row has one, app/play/undo_log.py), given
    in ``restored`` by seq as stored (`repo.undo_snapshots`).
    """
    if is_undo(row.move):
        if restored is None or row.seq not in restored:
            raise LookupError(f"undo row {row.seq} has no snapshot")
        return engine.load_state(restored[row.seq])
    return engine.apply(state, row.seat, row.move, ReplayRng(row.chance))[0]


@dataclass
class Step:
    """The state after move ``seq``, its raw events, and what each viewer saw of it."""

    seq: int
    state: Any
    events: list[Event]
    # who moved and what the move revealed (`Engine.reveals`), and for an undo row the step
    # it went back to: what undo and takeback need (app/play/undo_log.py). A step whose move
    # is not known (the first one in memory) has no seat and counts as revealing.
    seat: int | None = None
    reveal: Reveal = Reveal.HIDDEN
    back_to: int | None = None
    views: dict[Viewer, dict[str, Any]] = field(default_factory=dict)
    frames: dict[Viewer, dict[str, Any]] = field(default_factory=dict)
    texts: dict[Viewer, str] = field(default_factory=dict)
    # the legal moves of each seat to act, listed once per step for every frame of that seat's
    # sockets and GET /api/games (Grand Bazaar lists every bundle)
    legal: dict[Seat, list[Move]] = field(default_factory=dict)


@dataclass
class LiveGame:
    """One game in this instance's memory."""

    id: str
    kind: str
    engine: Engine
    seats: list[dict[str, Any]]
    options: dict[str, Any]
    private: bool
    host_id: str | None
    seed: str
    clock: dict[str, Any]
    resigned: list[int]
    state: Any
    seq: int
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    history: deque[Step] = field(default_factory=lambda: deque(maxlen=HISTORY))
    # recent moves by (seat, client move id): a retry is matched only for the seat that made it
    client_moves: OrderedDict[tuple[Seat, str], tuple[int, list[Event]]] = field(
        default_factory=OrderedDict)
    # turn clocks (app/play/clock.py): seats the platform plays until their player returns,
    # and how many moves were made for each seat on timeout
    timer: Any = None
    away: set[int] = field(default_factory=set)
    timeouts: dict[int, int] = field(default_factory=dict)
    # every (state, events) of a finished game, built on its first replay request
    replay: list[tuple[Any, list[Event]]] | None = None
    # the events of the setup (step 0 of the log), recomputed once when the game is loaded
    setup_events: list[Event] = field(default_factory=list)
    # an imported record cut short: kept for review, nobody moves in it (app/play/records.py)
    imported: bool = False
    # a continued game's origin, {game, step} (app/play/continuation.py); None for the others
    origin: dict[str, Any] | None = None
    # the lobby asked for a rated game (whether it counts is decided at the end, app/ratings)
    rated: bool = False
    # who plays a seat taken over after a timeout or a resignation (issue 17)
    takeover_level: str = "normal"
    # whether a player may ask the others to take a move back (issue 27, point 3)
    takebacks: bool = False

    def __post_init__(self) -> None:
        if not self.history:
            self.history.append(Step(self.seq, self.state, []))

    # -- state

    @property
    def finished(self) -> bool:
        return self.engine.outcome(self.state) is not None

    @property
    def status(self) -> str:
        """``live``, ``finished``, or ``imported`` (a record cut short, for review only)."""
        if self.finished:
            return "finished"
        return "imported" if self.imported else "live"

    @property
    def playable(self) -> bool:
        """Whether moves may still be made: a live game, not finished and not imported."""
        return not self.imported and not self.finished

    def seat_level(self, seat: int) -> str:
        """The level of the bot that plays ``seat``: its own for a bot seat (normal on games
        from before levels), the takeover level for a seat it took over."""
        held = next((s for s in self.seats if s["seat"] == seat), None)
        if held is not None and held.get("holder") == "bot":
            return str(held.get("level") or "normal")
        return self.takeover_level

    @property
    def names(self) -> list[str]:
        return [s["name"] for s in self.seats]

    def advance(self, seq: int, state: Any, events: list[Event], seat: int | None = None,
                reveal: Reveal = Reveal.HIDDEN, back_to: int | None = None) -> None:
        """Record the state after move ``seq`` (the next one)."""
        self.seq, self.state = seq, state
        self.history.append(Step(seq, state, events, seat=seat, reveal=reveal, back_to=back_to))

    def absorb(self, rows: Any, restored: Mapping[int, Any] | None = None) -> None:
        """Advance through logged move rows that follow our seq (``restored``: the snapshots
        of the undo rows among them, by seq)."""
        for row in rows:
            if is_undo(row.move):
                back = self.step(int(row.move["to"]))
                state = back.state if back is not None else apply_recorded(
                    self.engine, self.state, row, restored)
                self.advance(row.seq, state, list(row.events), row.seat, Reveal.NOTHING,
                             int(row.move["to"]))
                continue
            state = apply_recorded(self.engine, self.state, row)
            reveal = self.engine.reveals(self.state, row.seat, row.move, state, row.chance)
            self.advance(row.seq, state, list(row.events), row.seat, reveal)

    def remember_client_move(self, seat: Seat, client_move_id: str, seq: int,
                             events: list[Event]) -> None:
        self.client_moves[(seat, client_move_id)] = (seq, events)
        while len(self.client_moves) > 256:
            self.client_moves.popitem(last=False)

    def step(self, seq: int) -> Step | None:
        """The kept step ``seq``, or None if it is no longer in memory."""
        if not self.history or seq < self.history[0].seq or seq > self.history[-1].seq:
            return None
        return self.history[seq - self.history[0].seq]

    # -- what a viewer sees

    def _shared(self, viewer: Viewer) -> Viewer:
        """The viewer whose view ``viewer`` shares: the spectator's, in public-view games."""
        return viewer if self.engine.views_differ_by_seat else None

    def view_at(self, step: Step, viewer: Viewer) -> dict[str, Any]:
        """The view of ``viewer`` after ``step``; everything is public once the game ended."""
        viewer = self._shared(viewer)
        if viewer not in step.views:
            step.views[viewer] = self.engine.view(step.state, viewer)
        return step.views[viewer]

    def view(self, viewer: Viewer) -> dict[str, Any]:
        return self.view_at(self.history[-1], viewer)

    def legal(self, viewer: Viewer) -> list[dict[str, Any]]:
        """The legal moves of a seat that is to act (empty for spectators, and once the game is
        no longer playable)."""
        if viewer is None or not self.playable or viewer not in self.engine.to_act(self.state):
            return []
        step = self.history[-1]
        if viewer not in step.legal:
            step.legal[viewer] = self.engine.legal_moves(self.state, viewer)
        return step.legal[viewer]

    def events_for(self, events: list[Event], viewer: Viewer) -> list[Event]:
        """The events as ``viewer`` may see them, each with its description in words (and, for
        a game that has them, as a message: app/games/messages.py)."""
        out = []
        public = self.finished
        for event in events:
            if is_origin(event):  # the platform's own, public: where a continued game came from
                out.append({**event, "text": origin_text(event), "message": origin_message(event)})
                continue
            if is_undo_event(event):  # the platform's own too, public: an undo or a takeback
                out.append({**event, "text": undo_text(event, self.names),
                            "message": undo_message(event, self.names)})
                continue
            seen = event if public else self.engine.redact_event(event, viewer)
            if seen is None:
                continue
            # the line as data, for each client's language (issue 29), built once: its English
            # is the message said in English (the engine contract suite holds every engine to
            # that), and only a game without messages is asked for its words apart
            message = self.engine.describe_message(seen, self.names)
            if message is None:
                out.append({**seen, "text": self.engine.describe(seen, self.names)})
            else:
                out.append({**seen, "text": english(message), "message": message})
        return out

    def patch_frame(self, seq: int, viewer: Viewer) -> dict[str, Any] | None:
        """The ``patch`` frame from seq-1 to seq for ``viewer``, computed once per viewer.

        None if either step has left memory (the socket then gets a snapshot).
        """
        step, prev = self.step(seq), self.step(seq - 1)
        if step is None or prev is None:
            return None
        viewer = self._shared(viewer)
        if viewer not in step.frames:
            ops = diff(self.view_at(prev, viewer), self.view_at(step, viewer))
            finished = self.engine.outcome(step.state) is not None
            step.frames[viewer] = {
                "type": "patch",
                "seq": seq,
                "ops": ops,
                "events": self.events_for(step.events, viewer),
                "status": "finished" if finished else "live",
            }
        return step.frames[viewer]

    def patch_text(self, seq: int, viewer: Viewer) -> str | None:
        """The patch frame as JSON text, serialised once for every socket of ``viewer``.

        Seats' frames that carry legal moves are serialised per socket instead.
        """
        step = self.step(seq)
        if step is None:
            return None
        viewer = self._shared(viewer)
        if viewer not in step.texts:
            frame = self.patch_frame(seq, viewer)
            if frame is None:
                return None
            step.texts[viewer] = json_text(frame)
        return step.texts[viewer]

    def snapshot_frame(self, viewer: Viewer) -> dict[str, Any]:
        """The ``snapshot`` frame of the latest step for ``viewer``."""
        return {
            "type": "snapshot",
            "seq": self.seq,
            "view": self.view(viewer),
            "legal": self.legal(viewer),
            "status": self.status,
        }
