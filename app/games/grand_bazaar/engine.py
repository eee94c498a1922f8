"""The Grand Bazaar engine: wires the rule modules to the platform contract (app/games/base.py).

rules/grand-bazaar.md: options and their validation (section 2, GB-2), the move pipeline
(GB-12 to GB-18), the views (GB-22, GB-23), the outcome (GB-20, GB-21) and the bot.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from app.games.base import (
    JSON,
    Engine,
    Event,
    Move,
    NotYourTurn,
    Option,
    Outcome,
    Rng,
    Seat,
    shuffle,
)
from app.games.breakdown import Breakdown
from app.games.grand_bazaar import bot, hard_bot, notation, rules, scoring, words
from app.games.grand_bazaar import text as text_module
from app.games.grand_bazaar import view as view_module
from app.games.grand_bazaar.breakdown import score_breakdown
from app.games.grand_bazaar.data import CARD_IDS, TYPES
from app.games.grand_bazaar.moves import TRADE, decode
from app.games.grand_bazaar.state import State, dump, load
from app.games.messages import Message, english, refuse, say, unfit
from app.games.notation import checked
from app.games.text_view import common_sections

MAX_PLAYERS = 7


class GrandBazaarEngine(Engine):
    """Grand Bazaar by Sanan Mahmudov (2016): gem trading over 27 rounds of price cards."""

    kind = "grand-bazaar"
    views_differ_by_seat = False  # GB-22: all public but the deck order
    title = "Grand Bazaar"
    min_players = 2
    max_players = MAX_PLAYERS
    summary = (
        "Trade sapphires, rubies and emeralds over 27 rounds while price cards move the market; "
        "buy at least one gem every round, and finish with the most grands."
    )
    options = (
        Option(
            name="first_player",
            kind="choice",
            default="random",
            label="Player number 1",
            choices=("random", *range(MAX_PLAYERS)),
            choice_labels=("Random", *(f"Seat {n + 1}" for n in range(MAX_PLAYERS))),
            seats=True,
            help="the seat that starts round 1, or a random draw",
        ),
        Option(
            name="price_order",
            kind="json",
            default=None,
            label="Price deck order (test fixture)",
            fixture=True,
            help="a permutation of the 27 price-card ids, top card first",
        ),
    )

    # -- options

    def validate_options(self, options: Mapping[str, JSON] | None, players: int) -> dict[str, JSON]:
        """GB-2: reject unknown options and out-of-range values."""
        resolved = super().validate_options(options, players)
        first = resolved["first_player"]
        if first != "random" and (isinstance(first, bool) or not 0 <= first < players):
            raise unfit("GB-2", "first_player must be 'random' or a seat 0-{last}",
                        last=players - 1)
        order = resolved["price_order"]
        if order is not None:
            if not isinstance(order, list) or any(
                isinstance(x, bool) or not isinstance(x, int) for x in order
            ):
                raise unfit("GB-2", "price_order must be a list of card ids")
            if sorted(order) != list(CARD_IDS):
                raise unfit("GB-2", "price_order must be a permutation of the ids 1..27")
            resolved["price_order"] = list(order)
        return resolved

    # -- the contract

    def setup(self, names: Sequence[str], options: Mapping[str, JSON], rng: Rng) -> State:
        return self.start(names, options, rng)[0]

    def start(self, names: Sequence[str], options: Mapping[str, JSON],
              rng: Rng) -> tuple[State, list[Event]]:
        """GB-10: the setup reveals round 1's price card; that reveal is step 0 of the log."""
        opts = self.validate_options(options, len(names))
        state, event = rules.setup(tuple(names), opts, rng)
        return state, [event]

    def to_act(self, state: State) -> frozenset[Seat]:
        turn = state.turn()
        return frozenset() if turn is None else frozenset({turn})

    def legal_moves(self, state: State, seat: Seat) -> list[Move]:
        # the JSON of `Trade.to_json`, built straight from the counts (a test checks they agree)
        s, r, e = TYPES
        return [{"type": TRADE, "sell": {s: a, r: b, e: c}, "buy": {s: x, r: y, e: z}}
                for (a, b, c), (x, y, z) in rules.legal_bundles(state, seat)]

    def apply(self, state: State, seat: Seat, move: Move, rng: Rng) -> tuple[State, list[Event]]:
        trade = decode(move)
        if state.finished:
            raise refuse("GB-19", "the game has ended")
        if state.turn() != seat:
            raise NotYourTurn(f"GB-11: it is seat {state.turn()}'s move, not seat {seat}'s",
                              message=say("it is not your turn"), rule="GB-11")
        return rules.apply_trade(state, seat, trade, rng)

    def write_move(self, state: State, seat: Seat, move: Move) -> str:
        return notation.write(state, seat, move)

    def read_move(self, state: State, seat: Seat, text: str) -> Move:
        return checked(self, state, seat, notation.parse(state, seat, text))

    def view(self, state: State, seat: Seat | None) -> dict[str, Any]:
        public = self.public_options(state.options, state.finished)
        return view_module.view(state, public, reveal=False)

    def full_view(self, state: State) -> dict[str, Any]:
        """GB-23: once the game has ended, every step of its replay shows the deck order too."""
        return view_module.view(state, dict(state.options), reveal=True)

    def outcome(self, state: State) -> Outcome | None:
        return scoring.outcome(state)

    def public_scores(self, state: State) -> list[float | int | None]:
        """GB-22: money is public; after the final sale (GB-19) it is the outcome's score."""
        return list(state.money)

    def score_breakdown(self, state: State) -> list[Breakdown]:
        return score_breakdown(state)

    def bot_move(self, state: State, seat: Seat, rng: Rng) -> Move:
        if state.turn() != seat:
            raise NotYourTurn(f"GB-11: seat {seat} has no move to make now")
        return bot.bot_trade(state, seat, rng).to_json()

    hard_iterations = hard_bot.ITERATIONS

    def hard_move(self, state: State, seat: Seat, rng: Rng, budget: Any) -> Move:
        """The hard bot (hard_bot.py): rollouts of every seat's normal bot over card orders."""
        if state.turn() != seat:
            raise NotYourTurn(f"GB-11: seat {seat} has no move to make now")
        return hard_bot.hard_move(state, seat, rng, budget.iterations(self.hard_iterations),
                                  budget.out_of_time)

    def timeout_move(self, state: State, seat: Seat) -> Move | None:
        """GB-17: the platform's move for a seat whose clock ran out."""
        if state.turn() != seat:
            return None
        return rules.timeout_trade(state, seat).to_json()

    def dump_state(self, state: State) -> JSON:
        return dump(state)

    def load_state(self, data: JSON) -> State:
        return load(data)

    # -- hooks

    def resample_hidden(self, state: State, seat: Seat | None, rng: Rng) -> State:
        """GB-23: the order of the unrevealed cards is the only secret; redraw it.

        The cards are sorted before the shuffle, so the redraw depends only on the public set
        of unrevealed cards, never on their real order.
        """
        if state.finished:
            return state
        deck = sorted(state.deck)
        shuffle(rng, deck)
        options = dict(state.options)
        if options.get("price_order") is not None:
            options["price_order"] = list(state.history) + deck
        return replace(state, deck=tuple(deck), options=options)

    def rename_seats(self, state: State, names: Sequence[str]) -> State:
        return replace(state, names=tuple(names))

    def contract_configs(self) -> list[tuple[int, dict[str, JSON]]]:
        return [
            (2, {}),
            (3, {"first_player": 1}),
            (5, {}),
            (7, {}),
            (4, {"price_order": list(range(1, 28))}),
        ]

    def text_sections(self, view: dict[str, Any], seat: Seat | None,
                      names: Sequence[str]) -> list[dict[str, Any]]:
        """Text mode (issue 31): this game's areas, then the players and scores."""
        return text_module.sections(view, seat, names) + common_sections(view, seat, names)

    def describe(self, event: Event, names: Sequence[str]) -> str:
        """An event in words for the game log (GB-18), in English."""
        return english(words.describe(event, names))

    def describe_message(self, event: Event, names: Sequence[str]) -> Message:
        """An event as a message that each client says in its language (issue 29)."""
        return words.describe(event, names)
