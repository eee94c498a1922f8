"""How a round runs: give out elephants, choose the start player, take turns, eliminate, end
the round, start the next (BOM-12, BOM-13, BOM-15, BOM-16, BOM-19, BOM-25, BOM-38 to BOM-42,
BOM-45, BOM-56).

Every function changes a state the caller has already copied and appends events. Chance
outcomes are drawn only through the `Rng` passed in (BOM-56).
"""

from __future__ import annotations

from typing import Any

from app.games.base import Rng, choice
from app.games.bombay_bazar import rules, scoring, start, tournament
from app.games.bombay_bazar.state import (
    State,
    is_solo,
    is_tournament,
    next_active,
    players,
    reset_round,
)

Event = dict[str, Any]


def begin_round(state: State, rng: Rng, events: list[Event]) -> None:
    """BOM-12/45: start a game or round; with random elephants, draw them seat by seat."""
    state["phase"] = "elephants"
    if state["options"].get("elephants") != "random":
        return
    for seat in range(players(state)):
        elephant = choice(rng, start.allowed_elephants(state))
        state["elephants"][seat] = elephant
        events.append({"type": "ElephantChosen", "seat": seat, "elephant": elephant,
                       "drawn": True})
    after_elephants(state, rng, events)


def choose_elephant(state: State, seat: int, elephant: str, rng: Rng,
                    events: list[Event]) -> None:
    """BOM-12: a seat's own choice (already checked)."""
    state["elephants"][seat] = elephant
    events.append({"type": "ElephantChosen", "seat": seat, "elephant": elephant,
                   "drawn": False})
    if start.chooser(state) is None:
        after_elephants(state, rng, events)


def after_elephants(state: State, rng: Rng, events: list[Event]) -> None:
    """BOM-13 then §6: close unused elephants, then choose the start player."""
    events.append(start.close_unused(state))
    if is_solo(state):
        begin_play(state, 0, rng, events)  # BOM-21: no start-player step
    elif state["options"].get("first_player") == "parity":
        events.append(start.begin_parity(state, rng.randbelow(players(state))))
    else:
        seat = rng.randbelow(players(state))
        events.append({"type": "StartPlayerChosen", "seat": seat, "by": "random"})
        begin_play(state, seat, rng, events)


def call_parity(state: State, seat: int, value: str, rng: Rng, events: list[Event]) -> None:
    """BOM-17 to BOM-19: a call; once one contender is left, they start."""
    events.extend(start.call(state, seat, value))
    contenders = state["parity"]["contenders"]
    if len(contenders) == 1:
        events.append({"type": "StartPlayerChosen", "seat": contenders[0], "by": "parity"})
        begin_play(state, contenders[0], rng, events)


def begin_play(state: State, first: int, rng: Rng, events: list[Event]) -> None:
    """BOM-15: play begins with the start player."""
    state["phase"] = "play"
    state["start"] = first
    run_from(state, first, rng, events)


def run_from(state: State, seat: int | None, rng: Rng, events: list[Event]) -> None:
    """BOM-25/38/41: hand the turn to ``seat``; eliminate players with no legal placement."""
    while seat is not None:
        if rules.legal_layouts(state, seat):
            state["turn"] = seat
            return
        events.append(rules.eliminate(state, seat))
        seat = next_active(state, seat)
    state["turn"] = None
    end_round(state, rng, events)


def place(state: State, seat: int, layout: int, rng: Rng, events: list[Event]) -> None:
    """BOM-33/34: a legal placement, then the turn passes on (BOM-15, BOM-41)."""
    events.append(rules.place(state, seat, layout))
    run_from(state, next_active(state, seat), rng, events)


def end_round(state: State, rng: Rng, events: list[Event]) -> None:
    """BOM-42 to BOM-46: score the round; start the next one or finish the game."""
    round_scores = scoring.scores(state)
    result: dict[str, Any] = {
        "round": state["round"],
        "scores": round_scores,
        "places": scoring.places(round_scores),
        "elephants": list(state["elephants"]),
        "elim_order": list(state["elim_order"]),
        "ended": list(state["ended"]),
        "paths": [rules.path_json(rules.walk(state["board"], e)[0]) if e else []
                  for e in state["elephants"]],
    }
    if is_tournament(state):
        medals = tournament.round_medals(round_scores)
        state["medals"] = tournament.add_medals(state["medals"], medals)
        result["medals"] = medals
    state["results"].append(result)
    events.append({"type": "RoundEnded", **result})
    if is_tournament(state) and state["round"] < state["options"]["rounds"]:
        state["round"] += 1
        reset_round(state)
        begin_round(state, rng, events)
        return
    state["phase"] = "over"
    state["finished"] = True
    if is_solo(state):
        state["solo"] = scoring.solo_result(state)
    events.append({"type": "GameEnded", "solo": state["solo"]})
