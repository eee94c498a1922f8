"""The Bombay Bazar engine: wires the rule modules into the `Engine` contract (BOM-10, BOM-20,
BOM-54 to BOM-57, BOM-60)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from app.games.base import (
    JSON,
    Engine,
    Event,
    IllegalMove,
    Move,
    NotYourTurn,
    Option,
    Outcome,
    Reveal,
    Rng,
    Seat,
)
from app.games.bombay_bazar import bot, flow, hard_bot, notation, rules, scoring, start, words
from app.games.bombay_bazar import text as text_module
from app.games.bombay_bazar.breakdown import score_breakdown
from app.games.bombay_bazar.data import MAX_PLAYERS, MIN_PLAYERS, PICTURE_IDS
from app.games.bombay_bazar.describe import describe_event
from app.games.bombay_bazar.geometry import LAYOUT_OF_TURN, LAYOUTS
from app.games.bombay_bazar.moves import CALLS, parse
from app.games.bombay_bazar.state import (
    State,
    clone,
    deep_copy,
    is_solo,
    is_tournament,
    new_state,
    with_defaults,
)
from app.games.bombay_bazar.tournament import standings
from app.games.bombay_bazar.view import view as build_view
from app.games.bombay_bazar.words import illegal
from app.games.breakdown import Breakdown
from app.games.messages import Message, say, unfit
from app.games.notation import checked
from app.games.text_view import common_sections

STEP_OF: dict[str, str] = {
    "ChooseElephant": "elephants",
    "HideTokens": "hide",
    "CallParity": "call",
    "PlacePiece": "play",
}


def _elephant_refused(state: State, elephant: str, code: str) -> IllegalMove:
    """BOM-12 (taken), then BOM-11 (two players sit at opposite elephants)."""
    if code == "ELEPHANT_TAKEN":
        return illegal("BOM-12", code, say("elephant {elephant} is already taken",
                                            elephant=elephant))
    taken = next(e for e in state["elephants"] if e is not None)
    return illegal("BOM-11", code, say("with two players the elephants face each other: take "
                                       "elephant {partner}, opposite {taken}",
                                       partner=start.partner_of(taken), taken=taken))


class BombayBazarEngine(Engine):
    """Bombay Bazar: elephant trunks on a hex board; solo, single game and tournament."""

    kind = "bombay-bazar"
    title = "Bombay Bazar"
    min_players = MIN_PLAYERS
    max_players = MAX_PLAYERS
    summary = ("Lay trunk pieces to grow your elephant's trunk across a hex board; "
               "the longest trunk wins. Solo and tournament play.")
    options = (
        Option("first_player", "choice", "random", "Start player", ("random", "parity"),
               help="Drawn at random, or by the odd-or-even game (ignored in solo).",
               choice_labels=("Drawn at random", "The odd-or-even game"), min_players=2),
        Option("elephants", "choice", "choose", "Elephants", ("choose", "random"),
               help="Players choose in seat order, or elephants are drawn.",
               choice_labels=("Chosen in seat order", "Drawn at random")),
        Option("format", "choice", "single", "Format", ("single", "tournament"),
               help="A tournament is several rounds with medals (2-4 players).",
               choice_labels=("A single game", "A tournament with medals"), min_players=2),
        Option("rounds", "int", 4, "Tournament rounds", minimum=2, maximum=8, min_players=2,
               requires=(("format", "tournament"),)),
        Option("medal_tiebreak", "choice", "olympic", "Medal tie-break", ("olympic", "total"),
               help="Equal golds: silver then bronze (olympic), or silver+bronze (total).",
               choice_labels=("Silver, then bronze (olympic)", "Silver and bronze together"),
               min_players=2, requires=(("format", "tournament"),)),
    )

    # -- setup and turns

    def validate_options(self, options: Mapping[str, JSON] | None, players: int) -> dict[str, JSON]:
        """BOM-10: defaults filled; ``players`` may be given and must match the table."""
        given = dict(options or {})
        if "players" in given:
            if given.pop("players") != players:
                raise unfit("BOM-10", "option players must equal the number of seats")
        resolved = super().validate_options(given, players)
        if resolved["format"] == "tournament" and players < 2:
            raise unfit("BOM-10", "a tournament needs 2-4 players")
        return resolved

    def setup(self, names: Sequence[str], options: Mapping[str, JSON], rng: Rng) -> State:
        return self.start(names, options, rng)[0]

    def start(self, names: Sequence[str], options: Mapping[str, JSON],
              rng: Rng) -> tuple[State, list[Event]]:
        """BOM-56: round 1's draws (elephants, start player or first caller) as step 0."""
        opts = self.validate_options(options, len(names))
        state = new_state(list(names), opts)
        events: list[Event] = []
        flow.begin_round(state, rng, events)
        return state, events

    def to_act(self, state: State) -> frozenset[Seat]:
        phase = state["phase"]
        if phase == "elephants":
            seat = start.chooser(state)
            return frozenset() if seat is None else frozenset({seat})
        if phase == "hide":
            return frozenset(start.hiders(state))
        if phase == "call":
            return frozenset({start.next_caller(state)})
        if phase == "play" and state["turn"] is not None:
            return frozenset({state["turn"]})
        return frozenset()

    def legal_moves(self, state: State, seat: Seat) -> list[Move]:
        if seat not in self.to_act(state):
            return []
        phase = state["phase"]
        if phase == "elephants":
            return [{"type": "ChooseElephant", "elephant": e}
                    for e in start.allowed_elephants(state)]
        if phase == "hide":
            return [{"type": "HideTokens", "hide": h} for h in (1, 2, 3)]
        if phase == "call":
            return [{"type": "CallParity", "call": c} for c in CALLS]
        return [{"type": "PlacePiece", "picture": PICTURE_IDS[LAYOUTS[i].picture],
                 "rotation": LAYOUTS[i].rotation} for i in rules.legal_layouts(state, seat)]

    def apply(self, state: State, seat: Seat, move: Move, rng: Rng) -> tuple[State, list[Event]]:
        if seat not in self.to_act(state):
            raise NotYourTurn("BOM-54: NOT_YOUR_TURN (it is not your turn)",
                              message=say("it is not your turn"), rule="BOM-54")
        parsed = parse(move)
        kind = parsed["type"]
        if STEP_OF[kind] != state["phase"]:
            raise illegal("BOM-54", "WRONG_STEP", say("that move is not taken now: {step}",
                                                      step=say(words.STEPS[state["phase"]])))
        layout = -1
        if kind == "ChooseElephant":
            error = start.choice_error(state, parsed["elephant"])
            if error:
                raise _elephant_refused(state, parsed["elephant"], error)
        elif kind == "PlacePiece":
            picture = PICTURE_IDS.index(parsed["picture"])
            layout = LAYOUT_OF_TURN[(picture, parsed["rotation"])]
            code = rules.check(state, seat, layout)
            if code:
                raise illegal(rules.RULE_OF[code], code,
                              say(words.PLACEMENT[code], picture=parsed["picture"]))
        new = clone(state)
        events: list[Event] = []
        if kind == "ChooseElephant":
            flow.choose_elephant(new, seat, parsed["elephant"], rng, events)
        elif kind == "HideTokens":
            events.append(start.hide(new, seat, parsed["hide"]))
        elif kind == "CallParity":
            flow.call_parity(new, seat, parsed["call"], rng, events)
        else:
            flow.place(new, seat, layout, rng, events)
        return new, events

    def reveals(self, before: State, seat: Seat, move: Move, after: State,
                chance: Sequence[JSON]) -> Reveal:
        """BOM-18: the last call turns every hide over, without any chance: that is hidden
        information coming out. The rest is the contract's default (draws are chance)."""
        if before["phase"] == "call" and after["phase"] != "call":
            return Reveal.HIDDEN
        return super().reveals(before, seat, move, after, chance)

    def write_move(self, state: State, seat: Seat, move: Move) -> str:
        legal = self.legal_moves(state, seat) if move.get("type") == "PlacePiece" else []
        return notation.write(legal, move)

    def read_move(self, state: State, seat: Seat, text: str) -> Move:
        return checked(self, state, seat, notation.parse(self.legal_moves(state, seat), text))

    # -- views and results

    def view(self, state: State, seat: Seat | None) -> dict[str, Any]:
        return build_view(state, seat, self.to_act(state), self.outcome(state))

    def outcome(self, state: State) -> Outcome | None:
        result = self._outcome(state)
        return None if result is None else result.with_breakdown(score_breakdown(state))

    def score_breakdown(self, state: State) -> list[Breakdown]:
        return score_breakdown(state)

    def _outcome(self, state: State) -> Outcome | None:
        if not state["finished"]:
            return None
        last = state["results"][-1]
        details: dict[str, Any] = {
            "data_version": state["data_version"],
            "rounds": state["results"],
        }
        if is_solo(state):
            solo = state["solo"]
            details.update(T=solo["T"], E=solo["E"], U=solo["U"], solo=True)
            return Outcome([solo["score"]], [1], [], "solo", details)
        if is_tournament(state):
            tallies = [list(m) for m in state["medals"]]
            ranks = standings(tallies, state["options"]["medal_tiebreak"])
            details["medals"] = tallies
            winners = [s for s, r in enumerate(ranks) if r == 1]
            return Outcome(tallies, ranks, winners, "tournament", details)
        ranks = scoring.places(last["scores"])
        winners = [s for s, r in enumerate(ranks) if r == 1]
        return Outcome(list(last["scores"]), ranks, winners, "finished", details)

    def public_scores(self, state: State) -> list[float | int | None]:
        return scoring.public_scores(state)

    def bot_move(self, state: State, seat: Seat, rng: Rng) -> Move:
        return bot.bot_move(state, seat, rng)

    hard_iterations = hard_bot.HARD_NODES

    def hard_move(self, state: State, seat: Seat, rng: Rng, budget: Any) -> Move:
        """Issue 17: alpha-beta over placements, an odds-aware parity call (`hard_bot`)."""
        nodes = budget.iterations(self.hard_iterations)
        return hard_bot.hard_move(state, seat, rng, nodes, budget.out_of_time)

    def dump_state(self, state: State) -> JSON:
        return deep_copy(state)

    def load_state(self, data: JSON) -> State:
        return with_defaults(deep_copy(data))

    # -- hidden information (BOM-20)

    def redact_event(self, event: Event, viewer: Seat | None) -> Event | None:
        if event.get("type") == "TokensHidden" and event.get("seat") != viewer:
            return {k: v for k, v in event.items() if k != "hide"}
        return event

    def redact_move(self, move: Move, mover: Seat, viewer: Seat | None) -> Move:
        if move.get("type") == "HideTokens" and mover != viewer:
            return {"type": "HideTokens"}
        return move

    def resample_hidden(self, state: State, seat: Seat | None, rng: Rng) -> State:
        """Redraw every pending hide except the viewer's own (BOM-20)."""
        parity = state.get("parity")
        if parity is None or state["phase"] not in ("hide", "call"):
            return state
        new = deep_copy(state)
        hides = new["parity"]["hides"]
        for s, value in enumerate(hides):
            if value is not None and s != seat:
                hides[s] = rng.randbelow(3) + 1
        return new

    def rename_seats(self, state: State, names: Sequence[str]) -> State:
        new = deep_copy(state)
        new["names"] = list(names)
        return new

    def text_sections(self, view: dict[str, Any], seat: Seat | None,
                      names: Sequence[str]) -> list[dict[str, Any]]:
        """Text mode (issue 31): this game's areas, then the players and scores."""
        return text_module.sections(view, seat, names) + common_sections(view, seat, names)

    def describe(self, event: Event, names: Sequence[str]) -> str:
        return describe_event(event, names)

    def describe_message(self, event: Event, names: Sequence[str]) -> Message:
        return words.describe(event, names)

    def contract_configs(self) -> list[tuple[int, dict[str, JSON]]]:
        return [
            (1, {}),
            (1, {"elephants": "random"}),
            (2, {}),
            (3, {"first_player": "parity"}),
            (4, {"first_player": "parity", "elephants": "random"}),
            (2, {"format": "tournament", "rounds": 2, "first_player": "parity"}),
            (3, {"format": "tournament", "rounds": 2, "elephants": "random",
                 "medal_tiebreak": "total"}),
            (4, {}),
        ]


ENGINE = BombayBazarEngine()
