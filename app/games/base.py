"""The engine contract (docs/design.md, "Engine contract" and "Randomness and the move log").

Every game is an `Engine`: a stateless object whose methods are pure functions of plain
state. The platform knows games only through this module: it never contains a rule.

Randomness is explicit. The platform hands the engine an `Rng`; every value the engine draws
(`randbelow`) or reveals from a pre-shuffled stack (`witness`) is a *chance outcome* that the
platform records in the move's row. Replay passes a `ReplayRng` over those records, so a saved
game rebuilds identically on any Python version and never re-rolls.

Standard library only: no I/O, no web or database imports.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from enum import StrEnum
from typing import Any, Protocol, TypeVar

from app.games import text_view
from app.games.breakdown import Breakdown
from app.games.breakdown import to_json as breakdown_json
from app.games.errors import GameError as GameError
from app.games.errors import IllegalMove as IllegalMove
from app.games.errors import InvalidMove as InvalidMove
from app.games.errors import InvalidOptions as InvalidOptions
from app.games.errors import NotYourTurn as NotYourTurn
from app.games.errors import ReplayMismatch as ReplayMismatch
from app.games.messages import N_, english, say, unfit

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

T = TypeVar("T")


# --------------------------------------------------------------------------- errors
# (defined in app/games/errors.py; every engine imports them from here, with the contract)


# --------------------------------------------------------------------------- chance


class Rng(Protocol):
    """The only source of chance an engine may use."""

    def randbelow(self, n: int) -> int:
        """A uniform integer in ``0 .. n-1``."""
        ...

    def witness(self, value: JSON) -> None:
        """Record a value revealed from pre-drawn hidden state (e.g. the tile drawn).

        Replay checks that the record matches, so a record whose draws disagree with its
        setup is rejected (CAR-103).
        """
        ...


class SeededRng:
    """A live generator: Python's Mersenne Twister behind the `Rng` protocol."""

    def __init__(self, seed: int | str | None = None) -> None:
        self._random = random.Random(seed)

    def randbelow(self, n: int) -> int:
        if n <= 0:
            raise ValueError("randbelow needs n >= 1")
        return self._random.randrange(n)

    def witness(self, value: JSON) -> None:
        return None


class RecordingRng:
    """Wraps a live `Rng` and keeps every outcome, in order, as JSON."""

    def __init__(self, inner: Rng) -> None:
        self._inner = inner
        self.outcomes: list[JSON] = []

    def randbelow(self, n: int) -> int:
        value = self._inner.randbelow(n)
        self.outcomes.append(value)
        return value

    def witness(self, value: JSON) -> None:
        self.outcomes.append({"w": value})


class ReplayRng:
    """Returns recorded outcomes in order; raises `ReplayMismatch` when they do not fit."""

    def __init__(self, outcomes: Sequence[JSON]) -> None:
        self._outcomes = list(outcomes)
        self._next = 0

    def _take(self) -> JSON:
        if self._next >= len(self._outcomes):
            raise ReplayMismatch("the record has fewer chance outcomes than the replay needs")
        value = self._outcomes[self._next]
        self._next += 1
        return value

    def randbelow(self, n: int) -> int:
        value = self._take()
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < n:
            raise ReplayMismatch(f"recorded outcome {value!r} is not a draw below {n}")
        return value

    def witness(self, value: JSON) -> None:
        recorded = self._take()
        if recorded != {"w": value}:
            raise ReplayMismatch("a recorded draw disagrees with the setup record")

    def finish(self) -> None:
        """Raise unless every recorded outcome was consumed."""
        if self._next != len(self._outcomes):
            raise ReplayMismatch("the record has more chance outcomes than the replay used")


def shuffle(rng: Rng, items: list[T]) -> None:
    """Fisher-Yates shuffle in place, drawing only through `rng`."""
    for i in range(len(items) - 1, 0, -1):
        j = rng.randbelow(i + 1)
        items[i], items[j] = items[j], items[i]


def choice(rng: Rng, items: Sequence[T]) -> T:
    """One element, uniformly."""
    if not items:
        raise ValueError("choice from an empty sequence")
    return items[rng.randbelow(len(items))]


def roll(rng: Rng, sides: int = 6) -> int:
    """A die roll, ``1 .. sides``."""
    return rng.randbelow(sides) + 1


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


# --------------------------------------------------------------------------- options


@dataclass(frozen=True)
class Option:
    """One lobby option of a game, with its schema.

    ``kind`` is ``bool``, ``int``, ``choice`` or ``json``. A ``fixture`` option (a stacked deck)
    is for tests: never offered in the lobby form and never shown while the game runs.

    The rest tells the lobby how to put the option in words (players never see raw values):
    ``choice_labels`` are the words for ``choices``, in order; ``seats`` says that the integer
    values are seats (0-based), which the lobby names by their holders and offers only as far as
    the table goes; ``pick`` makes a ``json`` option a list of that many distinct ``choices``,
    or null, said as ``none_label``; the option applies only from ``min_players`` players and
    while every ``requires`` pair (option name, value) holds, and the lobby hides it otherwise.
    ``unit`` follows an integer value in words ("30 full rounds without a purchase"); ``on_note``
    is a sentence the lobby shows while a ``bool`` option is on (a variation on by default says
    so), with a link to ``rule_anchor`` on the game's rules page.
    """

    name: str
    kind: str
    default: JSON
    label: str = ""
    choices: tuple[JSON, ...] = ()
    minimum: int | None = None
    maximum: int | None = None
    fixture: bool = False
    help: str = ""
    choice_labels: tuple[str, ...] = ()
    seats: bool = False
    pick: int = 0
    none_label: str = ""
    min_players: int = 0
    requires: tuple[tuple[str, JSON], ...] = ()
    unit: str = ""
    on_note: str = ""
    rule_anchor: str = ""

    def __post_init__(self) -> None:
        if self.choice_labels and len(self.choice_labels) != len(self.choices):
            raise ValueError(f"option {self.name}: one label per choice")

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "name": self.name,
            "kind": self.kind,
            "default": self.default,
            "label": self.label or self.name,
        }
        if self.choices:
            data["choices"] = list(self.choices)
        if self.minimum is not None:
            data["minimum"] = self.minimum
        if self.maximum is not None:
            data["maximum"] = self.maximum
        if self.help:
            data["help"] = self.help
        if self.choice_labels:
            data["choice_labels"] = list(self.choice_labels)
        if self.seats:
            data["seats"] = True
        if self.pick:
            data["pick"] = self.pick
        if self.none_label:
            data["none_label"] = self.none_label
        if self.min_players:
            data["min_players"] = self.min_players
        for key in ("unit", "on_note", "rule_anchor"):
            if getattr(self, key):
                data[key] = getattr(self, key)
        if self.requires:
            data["requires"] = dict(self.requires)
        return data

    def check(self, value: JSON) -> JSON:
        """Return the value if it fits this option's schema, else raise `InvalidOptions`."""
        if self.kind == "bool":
            if not isinstance(value, bool):
                raise unfit(None, "option {name} must be true or false", name=self.name)
        elif self.kind == "int":
            if isinstance(value, bool) or not isinstance(value, int):
                raise unfit(None, "option {name} must be an integer", name=self.name)
            if self.minimum is not None and value < self.minimum:
                raise unfit(None, "option {name} must be at least {minimum}", name=self.name,
                            minimum=self.minimum)
            if self.maximum is not None and value > self.maximum:
                raise unfit(None, "option {name} must be at most {maximum}", name=self.name,
                            maximum=self.maximum)
        elif self.kind == "choice":
            if value not in self.choices:
                raise unfit(None, "option {name} must be one of {choices}", name=self.name,
                            choices=", ".join(map(str, self.choices)))
        return value


def resolve_options(schema: Iterable[Option], given: Mapping[str, JSON] | None) -> dict[str, JSON]:
    """Fill defaults and check every value; unknown names are rejected."""
    given = dict(given or {})
    by_name = {opt.name: opt for opt in schema}
    unknown = sorted(set(given) - set(by_name))
    if unknown:
        raise unfit(None, "unknown option(s): {names}", names=", ".join(unknown))
    return {
        name: opt.check(given[name]) if name in given else opt.default
        for name, opt in by_name.items()
    }


# --------------------------------------------------------------------------- move envelope

JsonKind = type[object] | None
"""A JSON type as `Field` names it: ``int``, ``float``, ``str``, ``bool``, ``list``, ``dict``
or ``None`` (null)."""

_KIND_NAMES: dict[JsonKind, str] = {
    int: N_("an integer"),
    float: N_("a number"),
    str: N_("a string"),
    bool: N_("true or false"),
    list: N_("a list"),
    dict: N_("an object"),
    None: N_("null"),
}


class Field:
    """The JSON type of one move field, for `check_move`.

    ``Field(int)`` is an integer (never a bool), ``Field(dict, str)`` an object or a string,
    ``Field(int, None, required=False)`` an integer or null that may be left out. ``reason``,
    if given, is the refusal of a value of the wrong type: a message id (marked with ``N_``)
    said after ``rule`` (else the rule `check_move` is given).

    >>> Field(int).accepts(3), Field(int).accepts(True), Field(float).accepts(3)
    (True, False, True)
    """

    __slots__ = ("kinds", "required", "reason", "rule")

    def __init__(self, *kinds: JsonKind, required: bool = True, reason: str = "",
                 rule: str = "") -> None:
        if not kinds or any(kind not in _KIND_NAMES for kind in kinds):
            raise ValueError(f"Field takes JSON types among {list(_KIND_NAMES)}, not {kinds}")
        self.kinds = kinds
        self.required = required
        self.reason = reason
        self.rule = rule

    def accepts(self, value: object) -> bool:
        """Whether ``value`` has one of the field's JSON types."""
        if isinstance(value, bool):  # a bool is an int in Python, never in a move
            return bool in self.kinds
        if isinstance(value, int):
            return int in self.kinds or float in self.kinds
        if value is None:
            return None in self.kinds
        return any(kind is not None and isinstance(value, kind) for kind in self.kinds)

    def expected(self) -> str:
        """The field's JSON types in words ("an integer or null")."""
        return " or ".join(_KIND_NAMES[kind] for kind in self.kinds)

    def __repr__(self) -> str:
        return f"Field({self.expected()}, required={self.required})"


MoveShapes = Mapping[str, Mapping[str, Field]]
"""Each move type of a game and its fields besides ``type``."""


def _shown(names: Iterable[object]) -> str:
    """Field names for a reason: sorted, each cut to 40 characters, at most five."""
    shown = sorted(str(name)[:40] for name in names)
    return ", ".join(shown[:5]) + (", ..." if len(shown) > 5 else "")


def check_move(move: object, shapes: MoveShapes, rule: str = "") -> Move:
    """The move itself once its envelope fits ``shapes``; raises `InvalidMove` otherwise.

    Checks that the move is a JSON object whose ``type`` is one of ``shapes``, that every
    required field is present, that no other field is, and that each field has its JSON
    type. Values (ranges, ids) and legality are the engine's to check. ``rule`` (e.g.
    ``"BOM-54"``) starts every reason; each reason is a message (app/games/messages.py
    `malformed`), said in the caller's language.

    >>> shapes = {"Buy": {"stall": Field(int)}, "EndTurn": {}}
    >>> check_move({"type": "Buy", "stall": 2}, shapes)
    {'type': 'Buy', 'stall': 2}
    >>> check_move({"type": "Buy", "stall": "2"}, shapes, "BAZ-21")
    Traceback (most recent call last):
    app.games.errors.InvalidMove: BAZ-21: Buy: stall must be an integer
    """
    if not isinstance(move, dict):
        raise _malformed(rule, say("a move must be a JSON object with a type"))
    kind = move.get("type")
    if not isinstance(kind, str):
        raise _malformed(rule, say("a move's type must be a string: one of {types}",
                                   types=", ".join(shapes)))
    shape = shapes.get(kind)
    if shape is None:
        raise _malformed(rule, say("unknown move type {kind}; expected one of {types}",
                                   kind=repr(kind[:40]), types=", ".join(shapes)))
    missing = [name for name, spec in shape.items() if spec.required and name not in move]
    if missing:
        raise _malformed(rule, say("{kind} lacks the field(s) {fields}", kind=kind,
                                   fields=_shown(missing)))
    unknown = [name for name in move if name != "type" and name not in shape]
    if unknown:
        raise _malformed(rule, say("{kind} has unknown field(s) {fields}", kind=kind,
                                   fields=_shown(unknown)))
    for name, spec in shape.items():
        if name in move and not spec.accepts(move[name]):
            if spec.reason:
                raise _malformed(spec.rule or rule, say(spec.reason))
            raise _malformed(rule, say("{kind}: {field} must be {expected}", kind=kind,
                                       field=name, expected=_either([say(_KIND_NAMES[k])
                                                                     for k in spec.kinds])))
    return move


def _malformed(rule: str, message: dict[str, Any]) -> InvalidMove:
    """An `InvalidMove` whose reason is ``message``, after ``rule`` when there is one (as
    messages.py `malformed` makes it)."""
    reason = f"{rule}: {english(message)}" if rule else english(message)
    return InvalidMove(reason, message=message, rule=rule or None)


def _either(parts: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """Alternatives in words: "an integer or null"."""
    if len(parts) == 1:
        return parts[0]
    return say("{first} or {rest}", first=parts[0], rest=_either(parts[1:]))


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
