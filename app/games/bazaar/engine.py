"""The Bazaar engine: options (rules/bazaar.md section 2, BAZ-2) and the contract wiring.

Rules live in rules.py and scoring.py; this module validates options, hides what must stay
hidden (BAZ-35: `resample_hidden` redraws it for the contract suite) and exposes the hooks.
"""

from __future__ import annotations

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
    shuffle,
)
from app.games.breakdown import Breakdown
from app.games.messages import Message, unfit
from app.games.notation import first_accepted
from app.games.text_view import common_sections

from . import bot, hard_bot, notation, rules, view, words
from . import text as text_module
from .breakdown import score_breakdown
from .data import EXCHANGE_CARDS, STALL_COUNT, STALL_SIZE
from .moves import parse_move
from .scoring import final_outcome
from .state import OVER, BazaarState, clone, dump_state, load_state


def _card_words(card: int) -> str:
    """An exchange card in words for the lobby: its number and its five equations."""
    return f"Card {card}: " + ", ".join(f"{a} = {b}" for a, b in EXCHANGE_CARDS[card])


OPTIONS: tuple[Option, ...] = (
    Option("first_player", "choice", "random", label="First player",
           choices=("random", 0, 1, 2, 3, 4, 5), help="who takes the first turn",
           choice_labels=("Random", *(f"Seat {n}" for n in range(1, 7))), seats=True),
    Option("exchange_cards", "json", None, label="Exchange cards",
           help="two of the ten exchange cards, or two drawn at random",
           choices=tuple(EXCHANGE_CARDS), pick=2, none_label="Drawn at random",
           choice_labels=tuple(_card_words(card) for card in EXCHANGE_CARDS)),
    # BAZ-25: presented as Sid Sackson's optional variation; the label stays short because the
    # lobby lists labels beside values, also on a 360 px phone
    Option("penalty", "bool", True, label="Penalty Bazaar",
           help="Sid Sackson's optional variation (1968): every purchase costs each opponent "
                "1 point per token above the buyer's tokens left + 3",
           on_note="Penalty Bazaar is on, as the rules ask for it: each purchase costs every "
                   "opponent 1 point per token they hold above the buyer's tokens left + 3. "
                   "The host may turn it off.",
           rule_anchor="penalty-bazaar"),
    Option("scale", "choice", "classic", label="Scoring chart", choices=("classic", "tenfold"),
           choice_labels=("Classic (1 to 12 points)", "Tenfold (40 to 150 points)")),
    Option("tiebreak", "choice", "shared", label="Tie-break",
           choices=("shared", "fewest-tokens"),
           choice_labels=("Equal scores share the win", "Fewer tokens left ranks higher"),
           help="equal scores share the win, or the player with fewer tokens ranks higher"),
    Option("stall_rounds", "int", 30, label="Stuck-game guard", minimum=1,
           maximum=100, help="full rounds without a purchase after which the game ends",
           unit="full rounds without a purchase end the game"),
    Option("stalls", "json", None, label="Fixed stalls", fixture=True,
           help="4 lists of 5 ware ids, top card first"),
)


def _check_exchange_cards(value: JSON) -> None:
    if value is None:
        return
    if (not isinstance(value, list) or len(value) != 2
            or any(isinstance(c, bool) or not isinstance(c, int) for c in value)):
        raise unfit("BAZ-2", "exchange_cards must be null or a list of two card ids")
    if not all(1 <= c <= 10 for c in value) or value[0] == value[1]:
        raise unfit("BAZ-2", "exchange_cards must be two distinct card ids 1-10")


def _check_stalls(value: JSON) -> None:
    if value is None:
        return
    if not isinstance(value, list) or len(value) != STALL_COUNT or any(
        not isinstance(s, list) or len(s) != STALL_SIZE for s in value
    ):
        raise unfit("BAZ-2", "stalls must be null or 4 lists of 5 ware ids")
    ids = [w for s in value for w in s]
    if any(isinstance(w, bool) or not isinstance(w, int) or not 1 <= w <= 45 for w in ids):
        raise unfit("BAZ-2", "stalls must hold ware ids 1-45")
    if len(set(ids)) != len(ids):
        raise unfit("BAZ-2", "stalls must hold 20 distinct ware ids")


class BazaarEngine(Engine):
    """Sid Sackson's Bazaar with the Penalty Bazaar variation (rules/bazaar.md)."""

    kind = "bazaar"
    title = "Bazaar"
    min_players = 2
    max_players = 6
    options = OPTIONS
    summary = ("Sid Sackson's trading game: roll or trade tokens through the exchange "
               "equations, buy wares with few tokens left; Penalty Bazaar punishes big hands.")

    def validate_options(self, options: Mapping[str, JSON] | None, players: int) -> dict[str, JSON]:
        """BAZ-2: schema checks plus the cross-field checks."""
        given = dict(options or {})
        if "players" in given:
            # the spec lists `players` among the options; the lobby sets it from the seats
            count = given.pop("players")
            if isinstance(count, bool) or not isinstance(count, int) or count != players:
                raise unfit("BAZ-2", "players must equal the number of seats ({players})",
                            players=players)
        resolved = super().validate_options(given, players)
        fp = resolved["first_player"]
        if isinstance(fp, bool) or (fp != "random" and not 0 <= int(fp) < players):
            raise unfit("BAZ-2", "first_player must be 'random' or a seat 0-{last}",
                        last=players - 1)
        _check_exchange_cards(resolved["exchange_cards"])
        _check_stalls(resolved["stalls"])
        return resolved

    def setup(self, names: Sequence[str], options: Mapping[str, JSON], rng: Rng) -> BazaarState:
        return rules.setup(names, self.validate_options(options, len(names)), rng)

    def to_act(self, state: BazaarState) -> frozenset[int]:
        return rules.to_act(state)

    def legal_moves(self, state: BazaarState, seat: int) -> list[Move]:
        return rules.legal_moves(state, seat)

    def apply(self, state: BazaarState, seat: int, move: Move,
              rng: Rng) -> tuple[BazaarState, list[Event]]:
        return rules.apply(state, seat, parse_move(move), rng)

    def write_move(self, state: BazaarState, seat: int, move: Move) -> str:
        return notation.write(state, seat, move)

    def read_move(self, state: BazaarState, seat: int, text: str) -> Move:
        return first_accepted(self, state, seat, notation.parse(state, seat, text))

    def view(self, state: BazaarState, seat: int | None) -> dict[str, Any]:
        finished = state.phase == OVER
        return view.view(state, seat, self.public_options(state.options, finished))

    def full_view(self, state: BazaarState) -> dict[str, Any]:
        """BAZ-35: every hidden card and the stalls option, for replays of a finished game."""
        return view.view(state, None, dict(state.options), reveal=True)

    def outcome(self, state: BazaarState) -> Outcome | None:
        return final_outcome(state) if state.phase == OVER else None

    def public_scores(self, state: BazaarState) -> list[float | int | None]:
        """BAZ-34: scores are public (purchase points minus penalties, BAZ-24)."""
        return [state.score(seat) for seat in range(state.n)]

    def score_breakdown(self, state: BazaarState) -> list[Breakdown]:
        return score_breakdown(state)

    def bot_move(self, state: BazaarState, seat: int, rng: Rng) -> Move:
        return bot.choose(state, seat, rng)

    hard_iterations = hard_bot.ITERATIONS

    def hard_move(self, state: BazaarState, seat: int, rng: Rng, budget: Any) -> Move:
        """The hard bot (hard_bot.py): determinised rollouts of the normal bot's replica."""
        return hard_bot.hard_move(self, state, seat, rng, budget.iterations(self.hard_iterations),
                                  budget.out_of_time)

    def dump_state(self, state: BazaarState) -> JSON:
        return dump_state(state)

    def load_state(self, data: JSON) -> BazaarState:
        return load_state(data)

    def timeout_move(self, state: BazaarState, seat: int) -> Move | None:
        return rules.timeout_move(state, seat)

    def text_sections(self, view: dict[str, Any], seat: int | None,
                      names: Sequence[str]) -> list[dict[str, Any]]:
        """Text mode (issue 31): this game's areas, then the players and scores."""
        return text_module.sections(view, seat, names) + common_sections(view, seat, names)

    def describe(self, event: Event, names: Sequence[str]) -> str:
        return view.describe(event, names)

    def describe_message(self, event: Event, names: Sequence[str]) -> Message:
        return words.describe(event, names)

    def resample_hidden(self, state: BazaarState, seat: int | None, rng: Rng) -> BazaarState:
        """Redeal every face-down and unused card (BAZ-35); the tops and sizes stay.

        The hidden cards are sorted before the shuffle, so the redeal depends only on the
        public set of them (all wares but the tops and the sold ones), never on the real deal.
        """
        if state.phase == OVER:
            return state  # everything is public once the game is over
        s = clone(state)
        hidden = sorted([w for stall in s.stalls for w in stall[1:]] + list(s.unused))
        shuffle(rng, hidden)
        for stall in s.stalls:
            if stall:
                below = len(stall) - 1
                stall[1:] = hidden[:below]
                hidden = hidden[below:]
        s.unused = sorted(hidden)
        if s.options.get("stalls") is not None:
            # keep the fixture consistent with the redrawn deal: bought cards, then the stall
            s.options["stalls"] = [list(s.sold[i]) + list(s.stalls[i])
                                   for i in range(STALL_COUNT)]
        return s

    def rename_seats(self, state: BazaarState, names: Sequence[str]) -> BazaarState:
        s = clone(state)
        s.names = list(names)
        return s

    def contract_configs(self) -> list[tuple[int, dict[str, JSON]]]:
        return [
            (2, {}),
            (6, {}),
            (3, {"penalty": False, "scale": "tenfold", "tiebreak": "fewest-tokens"}),
            (4, {"exchange_cards": [1, 7], "first_player": 2, "stall_rounds": 1,
                 "stalls": [[21, 1, 2, 3, 4], [36, 6, 7, 8, 9], [41, 11, 12, 13, 14],
                            [45, 16, 17, 18, 19]]}),
        ]


ENGINE = BazaarEngine()
