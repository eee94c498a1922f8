"""The game state of Bombay Bazar as plain JSON data (BOM-7, BOM-12, BOM-14, BOM-53).

A state is a dict of JSON values, so `dump_state`/`load_state` are lossless by construction.
Cells are indices into `geometry.CELLS`; a cell holds a layout index (an ordinary piece) or
-1, and, separately, a count of end pieces (BOM-7). Trunks are never stored: they are walked
from the board whenever needed (BOM-22), so they can never disagree with it.

Keys:

* ``names``, ``options``, ``data_version``;
* ``round`` (tournament round, 1-based) and ``phase`` (``elephants``, ``hide``, ``call``,
  ``play`` or ``over``);
* ``elephants``: the elephant of each seat, or None (BOM-12);
* ``board``: layout index or -1 per cell; ``ends``: end-piece count per cell (BOM-7);
* ``end_marks``: [cell, elephant, stub edge, placements made before it] per end piece;
* ``piles``: count per picture (BOM-14);
* ``out``, ``elim_order``, ``start`` (start seat), ``turn`` (seat to place);
* ``ended``: per seat, what ended its trunk this round (`rules.end_cause`), or None; states
  saved before it existed load with None for every seat (`with_defaults`);
* ``placements``: [seat, cell, layout] in order (BOM-33);
* ``parity``: the start step of BOM-17, or None;
* ``results`` (finished rounds), ``medals`` ([gold, silver, bronze] per seat);
* ``solo`` (T, E, U and score once a solo game ends), ``finished``.
"""

from __future__ import annotations

import json
from typing import Any, TypeVar, cast

from app.games.bombay_bazar.data import CLOCKWISE, COPIES, DATA_VERSION
from app.games.bombay_bazar.geometry import CELLS

State = dict[str, Any]
_T = TypeVar("_T")


def new_state(names: list[str], options: dict[str, Any]) -> State:
    """A fresh game before any elephant is given out."""
    n = len(names)
    state: State = {
        "data_version": DATA_VERSION,
        "names": list(names),
        "options": dict(options),
        "round": 1,
        "phase": "elephants",
        "medals": [[0, 0, 0] for _ in range(n)],
        "results": [],
        "solo": None,
        "finished": False,
    }
    reset_round(state)
    return state


def reset_round(state: State) -> None:
    """BOM-45: an empty board, full piles and no elephants, for a new game or round."""
    n = len(state["names"])
    state.update(
        phase="elephants",
        elephants=[None] * n,
        board=[-1] * len(CELLS),
        ends=[0] * len(CELLS),
        end_marks=[],
        piles=list(COPIES),
        out=[False] * n,
        elim_order=[],
        ended=[None] * n,
        start=None,
        turn=None,
        placements=[],
        parity=None,
    )


def deep_copy(value: _T) -> _T:
    """A deep copy of JSON data (a JSON round trip is exact for it)."""
    return cast(_T, json.loads(json.dumps(value)))


_LISTS = ("elephants", "board", "ends", "end_marks", "piles", "out", "elim_order",
          "placements", "results", "ended")


def clone(state: State) -> State:
    """A copy that `apply` may change freely.

    Only containers that the rules change in place are copied; the entries appended to
    ``end_marks``, ``placements``, ``results`` and the parity lists are never changed after
    they are appended, so they may be shared. This keeps `apply` fast and pure.
    """
    new = dict(state)
    for key in _LISTS:
        new[key] = list(state[key])
    new["medals"] = [list(m) for m in state["medals"]]
    parity = state["parity"]
    if parity is not None:
        new["parity"] = {**parity, "contenders": list(parity["contenders"]),
                         "hides": list(parity["hides"]), "calls": list(parity["calls"]),
                         "history": list(parity["history"])}
    return new


def with_defaults(state: State) -> State:
    """A loaded state with the keys that later versions added (old snapshots lack them)."""
    state.setdefault("ended", [None] * len(state["names"]))
    return state


def players(state: State) -> int:
    """Number of seats."""
    return len(state["names"])


def is_solo(state: State) -> bool:
    """BOM-2: one player is the solo game."""
    return players(state) == 1


def is_tournament(state: State) -> bool:
    """BOM-45: several rounds in one game."""
    return bool(state["options"].get("format") == "tournament")


def seats_clockwise(state: State) -> list[int]:
    """BOM-15: seats with an elephant, in the clockwise order of their elephants (A first)."""
    seated = [s for s, e in enumerate(state["elephants"]) if e is not None]
    return sorted(seated, key=lambda s: CLOCKWISE.index(state["elephants"][s]))


def clockwise_from(state: State, first: int) -> list[int]:
    """BOM-15: the clockwise seat order beginning with ``first``."""
    order = seats_clockwise(state)
    i = order.index(first)
    return order[i:] + order[:i]


def next_active(state: State, after: int) -> int | None:
    """BOM-41: the next seat after ``after`` that is still active (itself if alone), or None."""
    order = clockwise_from(state, after)
    for seat in order[1:] + order[:1]:
        if not state["out"][seat]:
            return seat
    return None


def pieces_on_board(state: State) -> int:
    """Ordinary pieces on the board."""
    return sum(1 for v in state["board"] if v >= 0)
