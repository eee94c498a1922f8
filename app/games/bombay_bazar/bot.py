"""The baseline bot (BOM-59): any allowed elephant, a random hide and call, and a placement
chosen by a short lookahead.

For a placement the bot tries every legal layout and scores the position after it: the
segments gained now, the best gain it could make on its next turn, how many placements it
would still have (a trunk walked into a dead end is eliminated), and whether an opponent would
be left without any placement (blocking, worth a little when it costs little).
"""

from __future__ import annotations

from app.games.base import Move, Rng, choice
from app.games.bombay_bazar import start
from app.games.bombay_bazar.data import PICTURE_IDS
from app.games.bombay_bazar.geometry import LAYOUTS
from app.games.bombay_bazar.moves import CALLS
from app.games.bombay_bazar.rules import legal_layouts, tips, walk
from app.games.bombay_bazar.state import State


def _after(state: State, seat: int, layout: int) -> State:
    """A light copy of ``state`` with ``layout`` placed on the seat's tip (board and piles)."""
    board = list(state["board"])
    piles = list(state["piles"])
    _path, (cell, _entry) = walk(board, state["elephants"][seat])
    board[cell] = layout
    piles[LAYOUTS[layout].picture] -= 1
    return {**state, "board": board, "piles": piles}


def _best_gain(state: State, seat: int, base: int) -> int:
    """The most segments the seat could add with one more placement."""
    best = 0
    for layout in legal_layouts(state, seat):
        length = len(walk(_after(state, seat, layout)["board"], state["elephants"][seat])[0])
        best = max(best, length - base)
    return best


def evaluate(state: State, seat: int, layout: int) -> float:
    """How good placing ``layout`` looks for ``seat`` (higher is better)."""
    elephant = state["elephants"][seat]
    before = len(walk(state["board"], elephant)[0])
    after = _after(state, seat, layout)
    length = len(walk(after["board"], elephant)[0])
    value = 10.0 * (length - before)
    all_tips = tips(after)
    mine = legal_layouts(after, seat, all_tips)
    if not mine:
        value -= 200.0  # a dead end: the trunk stops growing
    else:
        value += 2.0 * min(len(mine), 8) + 6.0 * _best_gain(after, seat, length)
    for other, elephant_other in enumerate(state["elephants"]):
        if other == seat or elephant_other is None or state["out"][other]:
            continue
        if not legal_layouts(after, other, all_tips):
            value += 25.0  # the opponent would be eliminated on their turn
    return value


def choose_layout(state: State, seat: int, rng: Rng) -> int:
    """The legal layout with the best evaluation (random among equals)."""
    options = legal_layouts(state, seat)
    scored = [(evaluate(state, seat, layout), layout) for layout in options]
    top = max(v for v, _ in scored)
    return choice(rng, [layout for v, layout in scored if v == top])


def bot_move(state: State, seat: int, rng: Rng) -> Move:
    """BOM-59: a legal move for ``seat`` at the current step."""
    phase = state["phase"]
    if phase == "elephants":
        return {"type": "ChooseElephant", "elephant": choice(rng, start.allowed_elephants(state))}
    if phase == "hide":
        return {"type": "HideTokens", "hide": rng.randbelow(3) + 1}
    if phase == "call":
        return {"type": "CallParity", "call": choice(rng, list(CALLS))}
    lay = LAYOUTS[choose_layout(state, seat, rng)]
    return {"type": "PlacePiece", "picture": PICTURE_IDS[lay.picture], "rotation": lay.rotation}
