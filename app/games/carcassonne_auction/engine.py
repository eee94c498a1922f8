"""The stand-alone bazaar auction, kind `carcassonne-auction` (rules/carcassonne.md section 15).

CAR-104 (one auction per game), CAR-105 (options), CAR-106 (exactly the auction of CAR-60 to
CAR-68, run by `app.games.carcassonne.auction`), CAR-107 (seats), CAR-110 (another auction:
`rematch_options`), CAR-111 (the host's `Cancel`), CAR-112 (no timeout move: the bot plays),
CAR-113 (envelope and outcome). There is nothing random and nothing hidden.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping, Sequence
from typing import Any

from app.games.base import (
    HOST,
    JSON,
    Engine,
    Event,
    Field,
    Move,
    Outcome,
    Rng,
    Seat,
    check_move,
)
from app.games.breakdown import Breakdown
from app.games.carcassonne import auction, auction_words, notation
from app.games.carcassonne import text as text_module
from app.games.carcassonne.words import not_yours
from app.games.carcassonne_auction import hard_bot, report
from app.games.carcassonne_auction import options as opts
from app.games.carcassonne_auction import view as views
from app.games.carcassonne_auction.breakdown import score_breakdown
from app.games.messages import Message, english, refuse, say
from app.games.notation import checked
from app.games.text_view import common_sections

State = dict[str, Any]
CANCEL = "Cancel"
FIELDS: dict[str, dict[str, Field]] = {CANCEL: {}, **auction.FIELDS}
"""CAR-19, CAR-111: the auction's moves and the host's `Cancel`, which takes no fields."""


class CarcassonneAuction(Engine):
    """A bazaar auction for a Carcassonne group playing on a physical table."""

    kind = "carcassonne-auction"
    views_differ_by_seat = False  # CAR-106: all tiles visible from the start
    title = "Carcassonne: Bazaar auction"
    summary = ("Runs only the bazaar auction of Carcassonne for a group playing with a physical "
               "set: enter the players, their scores, the placer and the tiles drawn.")
    min_players = opts.MIN_PLAYERS
    max_players = opts.MAX_PLAYERS
    options = opts.OPTIONS
    host_moves = frozenset({CANCEL})
    table_aid = "the auction"  # a physical table's helper (issue 25, point 21)

    # -- options and setup

    def validate_options(self, options: Mapping[str, JSON] | None, players: int) -> dict[str, JSON]:
        """CAR-105: the schema, the required options and one seat per name."""
        resolved = super().validate_options(options, players)
        return opts.check_options(resolved, players)

    def setup(self, names: Sequence[str], options: Mapping[str, JSON], rng: Rng) -> State:
        """A new auction; seat names come from the `players` option (CAR-113), no chance."""
        checked = opts.check_options(options, len(names))
        tiles = checked["tiles"]
        return {
            "players": checked["players"],
            "scores": checked["scores"],
            "placer": checked["placer"],
            "tiles": tiles,
            "auction": auction.new_auction(len(tiles), checked["placer"], tiles),
            "cancelled": False,
        }

    # -- turns and moves

    def to_act(self, state: State) -> frozenset[Seat]:
        return views.to_act(state)

    def _finished(self, state: State) -> bool:
        return bool(state["cancelled"]) or auction.is_done(state["auction"])

    def legal_moves(self, state: State, seat: Seat) -> list[Move]:
        if seat == HOST:
            return [] if self._finished(state) else [{"type": CANCEL}]
        if state["cancelled"]:
            return []
        return auction.legal_moves(state["auction"], seat)

    def apply(self, state: State, seat: Seat, move: Move, rng: Rng) -> tuple[State, list[Event]]:
        move = check_move(move, FIELDS, "CAR-19")  # malformed payloads first (InvalidMove)
        if move["type"] == CANCEL:
            return self._cancel(state, seat)
        parsed = auction.parse_move(move)
        if state["cancelled"]:
            raise refuse("CAR-111", "the host cancelled this auction")
        if seat == HOST:
            raise not_yours("CAR-107", say("the host acts for a seat only through that seat"))
        new_auction, events = auction.apply(state["auction"], seat, parsed)
        new = dict(state)  # the other parts are never changed, so sharing them is safe
        new["auction"] = new_auction
        return new, [self._named(state, e) for e in events]

    def write_move(self, state: State, seat: Seat, move: Move) -> str:
        move = check_move(move, FIELDS, "CAR-19")
        if move["type"] != CANCEL:
            move = auction.parse_move(move)
        return notation.write(move, lambda: self.legal_moves(state, seat))

    def read_move(self, state: State, seat: Seat, text: str) -> Move:
        move = notation.parse(text, lambda: self.legal_moves(state, seat), auction_only=True)
        return checked(self, state, seat, move)

    def _cancel(self, state: State, seat: Seat) -> tuple[State, list[Event]]:
        """CAR-111: the host ends the game; no score changes."""
        if seat != HOST:
            raise not_yours("CAR-111", say("only the host may cancel the auction"))
        if self._finished(state):
            raise refuse("CAR-111", "the auction is already over")
        new = copy.deepcopy(state)
        new["cancelled"] = True
        return new, [self._named(state, {"type": "AuctionCancelled"})]

    @staticmethod
    def _named(state: State, event: Event) -> Event:
        """Events carry the table's names, since the platform's seat names are the holders'."""
        return {**event, "names": list(state["players"])}

    # -- views and results

    def view(self, state: State, seat: Seat | None) -> dict[str, Any]:
        return views.build_view(state)

    def outcome(self, state: State) -> Outcome | None:
        return views.outcome(state)

    def public_scores(self, state: State) -> list[float | int | None]:
        """CAR-108, CAR-113: the entered scores plus each seat's net change (all public)."""
        return list(report.current_scores(state))

    def score_breakdown(self, state: State) -> list[Breakdown]:
        return score_breakdown(state)

    def bot_move(self, state: State, seat: Seat, rng: Rng) -> Move:
        return auction.bot_move(state["auction"], seat, rng)

    hard_iterations = hard_bot.BID_LEVELS

    def hard_move(self, state: State, seat: Seat, rng: Rng, budget: Any) -> Move:
        """Issue 17: the running auction solved by backward induction over bids (`hard_bot`)."""
        if seat not in self.to_act(state):
            raise not_yours("CAR-62", say("the hard bot's seat has nothing to decide"))
        return hard_bot.hard_move(state, seat, budget.iterations(self.hard_iterations))

    def dump_state(self, state: State) -> JSON:
        return copy.deepcopy(state)

    def load_state(self, data: JSON) -> State:
        return copy.deepcopy(dict(data))

    def text_sections(self, view: dict[str, Any], seat: Seat | None,
                      names: Sequence[str]) -> list[dict[str, Any]]:
        """Text mode (issue 31): this game's areas, then the players and scores."""
        return text_module.sections(view, seat, names) + common_sections(view, seat, names)

    def describe(self, event: Event, names: Sequence[str]) -> str:
        message = self.describe_message(event, names)
        return english(message) if message is not None else super().describe(event, names)

    def describe_message(self, event: Event, names: Sequence[str]) -> Message | None:
        """The event as a message, said with the table's names (CAR-113)."""
        return auction_words.describe(event, event.get("names") or list(names))

    def rematch_options(self, options: Mapping[str, JSON], state: State) -> dict[str, JSON]:
        """CAR-110: same players, the final scores carried over; placer and tiles left empty."""
        result = views.outcome(state)
        carried = None
        if options.get("scores") is not None:
            carried = list(result.scores) if result is not None else list(options["scores"])
        return {"players": list(options["players"]), "scores": carried}

    def seat_names(self, options: Mapping[str, JSON] | None, players: int) -> list[str] | None:
        """The seats' table names (CAR-113): the lobby shows them, the game plays under them."""
        return opts.table_names(options, players)

    def start_problems(self, options: Mapping[str, JSON] | None, players: int) -> list[str]:
        """What the lobby still needs before the start (CAR-105), in words; [] when it may start."""
        return opts.problems(options, players)

    def contract_configs(self) -> list[tuple[int, dict[str, JSON]]]:
        names = ["Red", "Blue", "Black", "Green", "Yellow", "Grey"]
        return [
            (2, {"players": names[:2], "placer": 0, "tiles": [{"type": "U"}, {"type": "BZ4"}]}),
            (4, {"players": names[:4], "scores": [10, 10, 10, 10], "placer": 0,
                 "tiles": [{"label": f"t{i}"} for i in range(1, 5)]}),
            (6, {"players": names, "scores": [3, -2, 0, 41, 7, 12], "placer": 5,
                 "tiles": [{"type": "V"}, {"label": "A"}, {"type": "X"}, {"type": "V"},
                           {"label": "river bend"}, {"type": "BZ11"}]}),
        ]
