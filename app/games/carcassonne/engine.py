"""The `carcassonne` engine: options (spec §2, CAR-4) and the contract hooks."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from app.games.base import (
    JSON,
    Engine,
    Event,
    Move,
    Option,
    Outcome,
    Rng,
    Seat,
    shuffle,
)
from app.games.breakdown import Breakdown
from app.games.messages import Message, unfit
from app.games.notation import checked
from app.games.text_view import common_sections

from . import bot, hard_bot, log_words, notation, rules, view
from . import text as text_module
from .ledger import score_breakdown
from .moves import parse
from .state import State, dump_state, load_state
from .tiles import BAZAAR_IDS, START, TILE_TYPES, supply


class CarcassonneEngine(Engine):
    """Carcassonne with Bazaars, Builder and Abbey (rules/carcassonne.md)."""

    kind = "carcassonne"
    views_differ_by_seat = False  # CAR-101: one view for all
    title = "Carcassonne"
    min_players = 2
    max_players = 5
    summary = "Tiles, followers and farms, with the Bazaar auction, the Builder and the Abbey."
    options = (
        Option("first_player", "choice", "random", "First player",
               choices=("random", 0, 1, 2, 3, 4), help="who takes the first regular turn",
               choice_labels=("Random", *(f"Seat {n}" for n in range(1, 6))), seats=True),
        Option("tiny_city", "choice", "4", "Two-tile city value", choices=("4", "2"),
               choice_labels=("4 points", "2 points")),
        Option("farm_scoring", "choice", "third", "Farm scoring",
               choices=("third", "second", "first", "off"),
               choice_labels=("3 points per city, each field apart (3rd edition)",
                              "3 points per city, once per player (2nd edition)",
                              "4 points per city to the most farmers around it (1st edition)",
                              "No farmers")),
        Option("bazaar", "bool", True, "Bazaars (12 expansion tiles)"),
        Option("builder", "bool", True, "Builder"),
        Option("abbey", "bool", True, "Abbey"),
        Option("bazaar_builder_order", "choice", "auction-first", "Bazaar with builder",
               choices=("auction-first", "builder-first"),
               choice_labels=("The auction, then the builder's extra turn",
                              "The builder's extra turn, then the auction"),
               requires=(("bazaar", True), ("builder", True))),
        Option("show_remaining", "bool", True, "List the unseen tiles"),
        Option("stack", "json", None, "Stacked draw order (tests)", fixture=True),
    )

    def validate_options(self, options: Mapping[str, JSON] | None, players: int) -> dict[str, JSON]:
        """CAR-4: defaults filled, ranges and the stack fixture checked."""
        opts = super().validate_options(options, players)
        fp = opts["first_player"]
        if fp != "random" and not 0 <= fp < players:
            raise unfit("CAR-4", "first_player must be 'random' or a seat 0-{last}",
                        last=players - 1)
        stack = opts["stack"]
        if stack is not None:
            if not isinstance(stack, list) or not all(isinstance(t, str) for t in stack):
                raise unfit("CAR-4", "option stack must be a list of tile type ids")
            avail = Counter(supply(bool(opts["bazaar"])))
            avail[START] -= 1  # CAR-4: the start tile counts as one D
            for tid, k in Counter(stack).items():
                if tid not in TILE_TYPES or tid == "ABBEY":
                    raise unfit("CAR-4", "option stack: unknown tile type {tile}",
                                tile=repr(tid[:20]))
                if tid in BAZAAR_IDS and not opts["bazaar"]:
                    raise unfit("CAR-4", "option stack: {tile} needs the bazaar option", tile=tid)
                if k > avail[tid]:
                    raise unfit("CAR-4", "option stack: only {n} {tile} available", n=avail[tid],
                                tile=tid)
            opts["stack"] = list(stack)
        return opts

    def setup(self, names: Sequence[str], options: Mapping[str, JSON], rng: Rng) -> State:
        return rules.setup_state(names, options, rng)

    def start(self, names: Sequence[str], options: Mapping[str, JSON],
              rng: Rng) -> tuple[State, list[Event]]:
        """CAR-14: the first player's first draw happens in the setup: step 0 of the log."""
        events: list[Event] = []
        return rules.setup_state(names, options, rng, events), events

    def to_act(self, state: State) -> frozenset[Seat]:
        return rules.to_act(state)

    def legal_moves(self, state: State, seat: Seat) -> list[Move]:
        return rules.legal_moves(state, seat)

    def apply(self, state: State, seat: Seat, move: Move, rng: Rng) -> tuple[State, list[Event]]:
        return rules.apply(state, seat, move, rng)

    def write_move(self, state: State, seat: Seat, move: Move) -> str:
        return notation.write(parse(move), lambda: self.legal_moves(state, seat))

    def read_move(self, state: State, seat: Seat, text: str) -> Move:
        move = notation.parse(text, lambda: self.legal_moves(state, seat))
        return checked(self, state, seat, move)

    def view(self, state: State, seat: Seat | None) -> dict[str, Any]:
        return view.view(state, self.public_options(state.opts, state.finished))

    def full_view(self, state: State) -> dict[str, Any]:
        """Everything, the draw order and face-down tiles included (for finished games)."""
        v = view.view(state, dict(state.opts))
        v["stack_order"] = list(state.stack[state.pos:])
        v["face_down_tiles"] = list(state.facedown)
        return v

    def outcome(self, state: State) -> Outcome | None:
        return view.outcome(state)

    def public_scores(self, state: State) -> list[float | int | None]:
        """CAR-98: every score is public; the final scoring (CAR-46) adds to the same track."""
        return list(state.scores)

    def score_breakdown(self, state: State) -> list[Breakdown]:
        return score_breakdown(state)

    def bot_move(self, state: State, seat: Seat, rng: Rng) -> Move:
        return bot.choose(state, seat, rng)

    hard_iterations = 12
    """Determinised worlds per searched decision (each plays every shortlisted plan)."""

    def hard_move(self, state: State, seat: Seat, rng: Rng, budget: Any) -> Move:
        """Shortlist, determinised greedy rollouts, board evaluation (hard_bot.py)."""
        return hard_bot.hard_move(state, seat, rng, budget.iterations(self.hard_iterations),
                                  self.resample_hidden, budget.out_of_time)

    def dump_state(self, state: State) -> JSON:
        return dump_state(state)

    def load_state(self, data: JSON) -> State:
        return load_state(data)

    def resample_hidden(self, state: State, seat: Seat | None, rng: Rng) -> State:
        """Reshuffle the unseen tiles: the stack and the face-down bazaar tiles (CAR-100)."""
        s = state.clone()
        # canonical (issue 17): the unseen tiles in a fixed order before the shuffle, so the
        # redraw does not depend on the order the seat cannot see
        unseen = sorted(s.facedown + s.stack[s.pos:])
        shuffle(rng, unseen)
        k = len(s.facedown)
        s.facedown = tuple(unseen[:k])
        s.stack = s.stack[:s.pos] + tuple(unseen[k:])
        return s

    def rename_seats(self, state: State, names: Sequence[str]) -> State:
        s = state.clone()
        s.names = tuple(names)
        return s

    def text_sections(self, view: dict[str, Any], seat: Seat | None,
                      names: Sequence[str]) -> list[dict[str, Any]]:
        """Text mode (issue 31): this game's areas, then the players and scores."""
        return text_module.sections(view, seat, names) + common_sections(view, seat, names)

    def describe(self, event: Event, names: Sequence[str]) -> str:
        return view.describe(event, names)

    def describe_message(self, event: Event, names: Sequence[str]) -> Message | None:
        return log_words.describe(event, names)

    def contract_configs(self) -> list[tuple[int, dict[str, JSON]]]:
        return [
            (2, {}),
            (5, {}),
            (4, {"bazaar_builder_order": "builder-first", "farm_scoring": "second"}),
            (3, {"farm_scoring": "first", "tiny_city": "2", "show_remaining": False}),
            (2, {"bazaar": False, "builder": False, "abbey": False, "farm_scoring": "off"}),
            (3, {"builder": False, "first_player": 1}),
            (4, {"abbey": False, "bazaar_builder_order": "builder-first"}),
        ]


ENGINE = CarcassonneEngine()
