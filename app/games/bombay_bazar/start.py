"""Before play: elephants, closing unused ones, the parity game (§5, §6: BOM-11 to BOM-20).

These helpers change a state the caller has already copied and append events; `flow.py`
chains them into a round.
"""

from __future__ import annotations

from typing import Any

from app.games.bombay_bazar.data import ELEPHANT_IDS, TWO_PLAYER_PAIRS
from app.games.bombay_bazar.geometry import ELEPHANT_START, cell_json
from app.games.bombay_bazar.state import State, clockwise_from, players

Event = dict[str, Any]


def partner_of(elephant: str) -> str:
    """BOM-11: the elephant diagonally opposite (its two-player pair)."""
    for a, b in TWO_PLAYER_PAIRS:
        if elephant == a:
            return b
        if elephant == b:
            return a
    raise ValueError(f"elephant {elephant} is in no two-player pair")


def chooser(state: State) -> int | None:
    """BOM-12: the seat whose turn it is to choose (seat order), or None when all have one."""
    for seat, elephant in enumerate(state["elephants"]):
        if elephant is None:
            return seat
    return None


def choice_error(state: State, elephant: str) -> str | None:
    """BOM-12 then BOM-11: why ``elephant`` may not be chosen now, or None."""
    taken = [e for e in state["elephants"] if e is not None]
    if elephant in taken:
        return "ELEPHANT_TAKEN"
    if players(state) == 2 and taken and elephant != partner_of(taken[0]):
        return "NOT_OPPOSITE"
    return None


def allowed_elephants(state: State) -> list[str]:
    """BOM-11/12: the elephants the current chooser may take, in data order."""
    return [e for e in ELEPHANT_IDS if choice_error(state, e) is None]


def close_unused(state: State) -> Event:
    """BOM-13: an end piece on the start cell of every elephant not in use, stub to the head."""
    unused = [e for e in ELEPHANT_IDS if e not in state["elephants"]]
    for elephant in unused:
        cell, head = ELEPHANT_START[elephant]
        state["ends"][cell] += 1
        state["end_marks"].append([cell, elephant, head, len(state["placements"])])
    return {
        "type": "ElephantsClosed",
        "elephants": unused,
        "cells": [cell_json(ELEPHANT_START[e][0]) for e in unused],
    }


# --------------------------------------------------------------------------- parity game


def begin_parity(state: State, first_caller: int) -> Event:
    """BOM-17: every player is a contender; the first caller is fixed for the whole step."""
    n = players(state)
    state["phase"] = "hide"
    state["parity"] = {
        "first": first_caller,
        "contenders": list(range(n)),
        "hides": [None] * n,
        "calls": [],
        "round": 1,
        "history": [],
    }
    return {"type": "ParityStarted", "first_caller": first_caller}


def hiders(state: State) -> list[int]:
    """BOM-17: contenders who have not hidden yet."""
    parity = state["parity"]
    return [s for s in parity["contenders"] if parity["hides"][s] is None]


def calling_order(state: State) -> list[int]:
    """BOM-17: contenders clockwise from the first caller, or the next contender after them."""
    parity = state["parity"]
    return [s for s in clockwise_from(state, parity["first"]) if s in parity["contenders"]]


def next_caller(state: State) -> int:
    """BOM-17: the contender whose call it is."""
    return calling_order(state)[len(state["parity"]["calls"])]


def hide(state: State, seat: int, value: int) -> Event:
    """BOM-17: record a secret hide; the call part starts once every contender has hidden."""
    state["parity"]["hides"][seat] = value
    if not hiders(state):
        state["phase"] = "call"
    return {"type": "TokensHidden", "seat": seat, "hide": value}


def call(state: State, seat: int, value: str) -> list[Event]:
    """BOM-17/18: record a public call; after the last one, reveal the parity round."""
    parity = state["parity"]
    parity["calls"].append([seat, value])
    events: list[Event] = [{"type": "ParityCalled", "seat": seat, "call": value}]
    if len(parity["calls"]) == len(parity["contenders"]):
        events.append(reveal(state))
    return events


def reveal(state: State) -> Event:
    """BOM-18: reveal all hides; void if all right or all wrong, else the wrong drop out."""
    parity = state["parity"]
    contenders = list(parity["contenders"])
    hides = [[s, parity["hides"][s]] for s in contenders]
    total = sum(h for _s, h in hides)
    parity_of_total = "even" if total % 2 == 0 else "odd"
    right = [s for s, c in parity["calls"] if c == parity_of_total]
    void = len(right) in (0, len(contenders))
    dropped = [] if void else [s for s in contenders if s not in right]
    record = {
        "round": parity["round"],
        "hides": hides,
        "calls": [list(c) for c in parity["calls"]],
        "total": total,
        "parity": parity_of_total,
        "void": void,
        "dropped": dropped,
    }
    parity["history"].append(record)
    if not void:
        parity["contenders"] = [s for s in contenders if s in right]
    parity["hides"] = [None] * players(state)
    parity["calls"] = []
    parity["round"] += 1
    state["phase"] = "hide"
    return {"type": "ParityRevealed", **record}
