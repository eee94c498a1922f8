"""The engine contract (docs/design.md, "Engine contract" and "Randomness and the move log").

Every game is an `Engine`: a stateless object whose methods are pure functions of plain
state. The platform knows games only through this module: it never contains a rule.

Its parts live beside it, one concept each, and every engine imports them from here with the
contract: chance (`Rng` and its recording and replay, app/games/chance.py), lobby options
(app/games/options.py), the shape of a move's JSON (app/games/shapes.py), the errors
(app/games/errors.py) and the score breakdown (app/games/breakdown.py).

Standard library only: no I/O, no web or database imports.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from enum import StrEnum
from typing import Any

from app.games import text_view
from app.games.breakdown import Breakdown
from app.games.breakdown import to_json as breakdown_json
from app.games.chance import RecordingRng as RecordingRng
from app.games.chance import ReplayRng as ReplayRng
from app.games.chance import Rng as Rng
from app.games.chance import SeededRng as SeededRng
from app.games.chance import choice as choice
from app.games.chance import roll as roll
from app.games.chance import shuffle as shuffle
from app.games.errors import GameError as GameError
from app.games.errors import IllegalMove as IllegalMove
from app.games.errors import InvalidMove as InvalidMove
from app.games.errors import InvalidOptions as InvalidOptions
from app.games.errors import NotYourTurn as NotYourTurn
from app.games.errors import ReplayMismatch as ReplayMismatch
from app.games.messages import say, unfit
from app.games.options import Option as Option
from app.games.options import resolve_options as resolve_options
from app.games.shapes import Field as Field
from app.games.shapes import JsonKind as JsonKind
from app.games.shapes import MoveShapes as MoveShapes
from app.games.shapes import check_move as check_move

Seat = int
HOST: Seat = -1
"""The seat the platform passes for a host-only move (a `Engine.host_moves` type, e.g. Cancel)
made by the lobby host, whether or not the host holds a seat."""
JSON = Any
Move = dict[str, Any]
"""A move is a JSON object with a ``type`` tag, e.g. ``{"type": "Trade", "sell": {..}}``."""
Event = dict[str, Any]
"""An event is a JSON object with a past-tense ``type`` tag, e.g. ``{"type": "PriceRevealed"}``."""
State = Any
"""Engine-specific state: plain data that `Engine.dump_state` turns into JSON losslessly."""

# --------------------------------------------------------------------------- undo


class Reveal(StrEnum):
    """What applying a move let anybody learn, for undo and takeback (issue 27, point 3).

    ``NOTHING``: no hidden information came out and the same single seat is still to act, so
    the mover may undo it within the turn. ``TURN``: nothing hidden came out, but the turn
    passed (or was shared by several seats): only a takeback, which the others accept, may
    take it back. ``HIDDEN``: something hidden was revealed (a die rolled, a tile or card
    drawn, a secret shown, the game ended): nothing before it may be undone or taken back.
    """

    NOTHING = "nothing"
    TURN = "turn"
    HIDDEN = "hidden"


# --------------------------------------------------------------------------- outcome


def competition_ranks(scores: Sequence[float], higher_is_better: bool = True) -> list[int]:
    """Competition ranking (1, 1, 3): a rank is one more than the number strictly ahead."""
    sign = 1 if higher_is_better else -1
    return [1 + sum(1 for other in scores if sign * other > sign * mine) for mine in scores]


@dataclass(frozen=True)
class Outcome:
    """The result of a finished game. Ties are allowed: several seats may share a rank."""

    scores: list[Any]
    ranks: list[int]
    winners: list[Seat]
    reason: str = "finished"
    details: dict[str, Any] = field(default_factory=dict)
    breakdown: list[dict[str, Any]] | None = None
    """Each seat's score by source (`Engine.score_breakdown` as JSON), winner's or not."""

    def to_json(self) -> dict[str, Any]:
        data = {
            "scores": list(self.scores),
            "ranks": list(self.ranks),
            "winners": list(self.winners),
            "reason": self.reason,
            "details": dict(self.details),
        }
        if self.breakdown is not None:
            data["breakdown"] = [dict(b) for b in self.breakdown]
        return data

    def with_breakdown(self, breakdowns: Iterable[Breakdown]) -> Outcome:
        """This outcome with the breakdown put in (engines call it from `Engine.outcome`)."""
        return replace(self, breakdown=breakdown_json(breakdowns))


# --------------------------------------------------------------------------- engine


class Engine(ABC):
    """A game's rules. Stateless: every method is a pure function of its arguments.

    ``apply`` must never mutate the state it is given; the contract suite checks that.
    """

    kind: str
    title: str
    min_players: int
    max_players: int
    options: tuple[Option, ...] = ()
    summary: str = ""
    views_differ_by_seat: bool = True
    """False for games where every seat sees what a spectator sees (no private information):
    the platform then computes one view and one patch per step for everybody. The contract
    suite checks the claim at every step of random games."""
    host_moves: frozenset[str] = frozenset()
    """Move types only the lobby host may make, at any time; the platform applies them as HOST."""
    table_aid: str = ""
    """For a game that serves people at a physical table (the stand-alone auction), what they
    use it for in words ("the auction"): its lobby then offers no bots, clock or rating and
    speaks to a host at a table (docs/decisions.md, "A lobby for a physical table")."""

    # -- the core: docs/design.md "Engine contract"

    @abstractmethod
    def setup(self, names: Sequence[str], options: Mapping[str, JSON], rng: Rng) -> State:
        """A new game for these seat names; all setup randomness is drawn here."""

    def start(self, names: Sequence[str], options: Mapping[str, JSON],
              rng: Rng) -> tuple[State, list[Event]]:
        """`setup`, with the events the setup caused (a card revealed, a start player drawn).

        The platform shows them as step 0 of the log; it recomputes them from the recorded
        setup outcomes, so they are never stored. Games whose setup says nothing keep this.
        """
        return self.setup(names, options, rng), []

    @abstractmethod
    def to_act(self, state: State) -> frozenset[Seat]:
        """The seats expected to move now (several for simultaneous secret moves)."""

    @abstractmethod
    def legal_moves(self, state: State, seat: Seat) -> list[Move]:
        """Every legal move of ``seat`` (grouped where the space is large, but enumerable)."""

    @abstractmethod
    def apply(self, state: State, seat: Seat, move: Move, rng: Rng) -> tuple[State, list[Event]]:
        """The state after ``seat`` plays ``move``, and the events it caused.

        Raises `InvalidMove`, `NotYourTurn` or `IllegalMove` and changes nothing then.
        """

    @abstractmethod
    def view(self, state: State, seat: Seat | None) -> dict[str, Any]:
        """What ``seat`` (None: a spectator) may see; everything once finished.

        Carries the envelope `to_act`, `players`, `finished` and `outcome` (see `envelope`).
        """

    @abstractmethod
    def outcome(self, state: State) -> Outcome | None:
        """The final result, or None while the game runs."""

    @abstractmethod
    def public_scores(self, state: State) -> list[float | int | None]:
        """The score of every seat now, as every viewer may know it (issue 14, score over time).

        While the game runs: the points a seat has now (the envelope's ``players[].score``),
        None for a seat whose score is hidden. Once it has ended: the outcome's scores, where
        those are numbers. Never a hidden quantity: the contract suite checks that redrawing
        the hidden parts (`resample_hidden`) never changes it.
        """

    @abstractmethod
    def score_breakdown(self, state: State) -> list[Breakdown]:
        """Each seat's score by source (app/games/breakdown.py), at any step.

        Computed from the state alone, so a replay has it at every step; the lines of a seat
        sum to its score now (the public score while the game runs, the outcome's at the end).
        Public figures only: the platform shows it to anybody (docs/decisions.md).
        """

    @abstractmethod
    def bot_move(self, state: State, seat: Seat, rng: Rng) -> Move:
        """A legal, sensible move for ``seat`` (the baseline bot)."""

    # -- moves as text (issue 31; each game's notation.py, documented on its rules page)

    @abstractmethod
    def write_move(self, state: State, seat: Seat, move: Move) -> str:
        """``move`` of ``seat`` in the game's notation, as short as is unambiguous in ``state``.

        ``state`` is the position before the move; any move the engine accepts there can be
        written, and `read_move` of the text gives the move back (legal moves exactly; a move
        the engine treats as the same, e.g. another rotation of one layout, may come back in
        the legal list's form).
        """

    @abstractmethod
    def read_move(self, state: State, seat: Seat, text: str) -> Move:
        """The move that ``text`` names for ``seat`` in ``state``; case and spaces are free.

        Raises `InvalidMove` for text that is no move of the game (the reason says what was
        wrong, in words), `IllegalMove` (citing the rule) for a move not legal now or a text
        that fits several, `NotYourTurn` for a seat with nothing to do; changes nothing.
        """

    hard_iterations: int = 0
    """Search iterations of the hard bot per move at full budget, measured so that a move
    stays well under one second of CPU on the project's machine (app/games/bots.py)."""

    def hard_move(self, state: State, seat: Seat, rng: Rng, budget: Any) -> Move:
        """The hard bot's move (app/games/bots.py): a search over the engine.

        ``state`` has already been redrawn from ``seat``'s point of view by
        `app.games.bots.decide`, so it holds nothing the seat may not see; ``budget`` is an
        `app.games.bots.Budget`. Every game overrides it; the contract suite checks that.
        """
        raise NotImplementedError(f"{self.kind} has no hard bot")

    @abstractmethod
    def dump_state(self, state: State) -> JSON:
        """State as JSON; ``load_state(dump_state(s))`` must equal ``s``."""

    @abstractmethod
    def load_state(self, data: JSON) -> State:
        """The inverse of `dump_state`."""

    # -- hooks with safe defaults

    def validate_options(self, options: Mapping[str, JSON] | None, players: int) -> dict[str, JSON]:
        """Options with defaults filled in; raises `InvalidOptions`."""
        if not self.min_players <= players <= self.max_players:
            raise unfit(None, "{title} takes {least}-{most} players, not {players}",
                        title=say(self.title), least=self.min_players, most=self.max_players,
                        players=players)
        return resolve_options(self.options, options)

    def public_options(self, options: Mapping[str, JSON], finished: bool) -> dict[str, JSON]:
        """Options a viewer may see: fixture options are hidden until the game ends."""
        if finished:
            return dict(options)
        fixtures = {opt.name for opt in self.options if opt.fixture}
        return {k: v for k, v in options.items() if k not in fixtures}

    def full_view(self, state: State) -> dict[str, Any]:
        """Everything about ``state``, hidden parts included: for replays of finished games.

        Used only once a game has ended, when every step of it is public (e.g. GB-23).
        Games with hidden information override it; the default is the spectator's view.
        """
        return self.view(state, None)

    def reveals(self, before: State, seat: Seat, move: Move, after: State,
                chance: Sequence[JSON]) -> Reveal:
        """What ``seat`` playing ``move`` in ``before`` (giving ``after`` with the recorded
        ``chance`` outcomes) let anybody learn (`Reveal`).

        The default holds for a game whose hidden information comes out only through chance
        (a draw, a roll, a witnessed card): any chance outcome, or the end of the game, is
        ``HIDDEN``; a move that leaves another seat (or several) to act is ``TURN``. A game that
        shows a secret without chance (a hidden bid turned over) overrides it. The contract
        suite checks every claim of ``NOTHING`` or ``TURN`` against `resample_hidden`: the
        move, replayed in any position a viewer cannot tell apart, shows that viewer the same.
        """
        if chance or self.outcome(after) is not None:
            return Reveal.HIDDEN
        mover = frozenset({seat})
        if self.to_act(before) != mover or self.to_act(after) != mover:
            return Reveal.TURN
        return Reveal.NOTHING

    def timeout_move(self, state: State, seat: Seat) -> Move | None:
        """The game's own move for a seat whose clock ran out; None means "use the bot"."""
        return None

    def redact_event(self, event: Event, viewer: Seat | None) -> Event | None:
        """The event as ``viewer`` may see it while the game runs (None: drop it)."""
        return event

    def redact_move(self, move: Move, mover: Seat, viewer: Seat | None) -> Move:
        """The move as ``viewer`` may see it in the log while the game runs."""
        return move

    def resample_hidden(self, state: State, seat: Seat | None, rng: Rng) -> State:
        """A state that ``seat`` cannot tell apart from ``state``: every hidden part redrawn.

        The contract suite checks that `view` is the same for both, which proves that no
        hidden information leaks into a view. Games with no hidden information keep the default.
        """
        return state

    def rename_seats(self, state: State, names: Sequence[str]) -> State:
        """The same position played under other seat names ("Continue from here": the new
        game's players sit where the old ones sat). Games whose state keeps no names keep
        the default."""
        return state

    def describe(self, event: Event, names: Sequence[str]) -> str:
        """The event in words, for the game log ("Ann bought one ruby at 11")."""
        return str(event.get("type", "event"))

    def describe_message(self, event: Event, names: Sequence[str]) -> dict[str, Any] | None:
        """The event as a message (app/games/messages.py) that each client says in its own
        language; None for a game whose log is still English words only (``describe``).
        When there is a message, ``describe`` must be that message said in English: the
        platform builds only the message and takes the English from it."""
        return None

    def text_sections(self, view: dict[str, Any], seat: Seat | None,
                      names: Sequence[str]) -> list[dict[str, Any]]:
        """Text mode (issue 31): ``view``, the one ``seat`` is sent, as headings and lists.

        Built from the view alone, so it says nothing the viewer may not see
        (app/games/text_view.py). Games put their own areas first; the default has the
        players and the scores.
        """
        return text_view.common_sections(view, seat, names)

    def contract_configs(self) -> list[tuple[int, dict[str, JSON]]]:
        """(players, options) pairs that the contract suite plays; games add their variants."""
        return [(self.min_players, {}), (self.max_players, {})]

    def catalog_entry(self) -> dict[str, Any]:
        """The game as listed by ``GET /api/catalog``."""
        return {
            "kind": self.kind,
            "title": self.title,
            "summary": self.summary,
            "min_players": self.min_players,
            "max_players": self.max_players,
            "options": [opt.to_json() for opt in self.options if not opt.fixture],
            **({"table_aid": self.table_aid} if self.table_aid else {}),
        }


def envelope(
    to_act: Iterable[Seat],
    players: list[dict[str, Any]],
    outcome: Outcome | None,
) -> dict[str, Any]:
    """The platform's view envelope that every game's view carries beside its own data."""
    return {
        "to_act": sorted(to_act),
        "players": players,
        "finished": outcome is not None,
        "outcome": outcome.to_json() if outcome is not None else None,
    }


# --------------------------------------------------------------------------- registry

_REGISTRY: dict[str, Engine] = {}


def register(engine: Engine) -> Engine:
    """Add an engine under its kind; called by each game package's ``__init__``."""
    if engine.kind in _REGISTRY and _REGISTRY[engine.kind] is not engine:
        raise ValueError(f"engine kind {engine.kind!r} registered twice")
    _REGISTRY[engine.kind] = engine
    return engine


def get_engine(kind: str) -> Engine:
    """The engine of a kind; raises KeyError for an unknown kind."""
    from app.games import load_all  # the game packages register themselves on import

    load_all()
    return _REGISTRY[kind]


def all_engines() -> list[Engine]:
    """Every registered engine, by kind."""
    from app.games import load_all

    load_all()
    return [_REGISTRY[k] for k in sorted(_REGISTRY)]
