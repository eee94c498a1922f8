"""The baseline bot (BOM-59): any allowed elephant, a random hide and call, and a placement
chosen by a short lookahead.

For a placement the bot tries every legal layout and scores the position after it: the
segments gained now, the best gain it could make on its next turn, how many placements it
would still have (a trunk walked into a dead end is eliminated, BOM-38), whether one more
placement could still keep it alive when few are left, the share of a nearby opponent's
replies that would close its tip cell (BOM-31/32), and whether an opponent would be left
without any placement (blocking, worth a little when it costs little).
"""

from __future__ import annotations

from app.games.base import Move, Rng, choice
from app.games.bombay_bazar import start
from app.games.bombay_bazar.data import PICTURE_IDS
from app.games.bombay_bazar.geometry import LAYOUTS, NEIGHBOURS, OFF
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


def _distances(state: State, start: int) -> dict[int, int]:
    """Steps from ``start`` to every empty cell reachable through empty cells."""
    board, ends = state["board"], state["ends"]
    if board[start] >= 0 or ends[start] > 0:
        return {}
    dist = {start: 0}
    frontier = [start]
    while frontier:
        nxt = []
        for cell in frontier:
            for n in NEIGHBOURS[cell]:
                if n != OFF and n not in dist and board[n] < 0 and ends[n] == 0:
                    dist[n] = dist[cell] + 1
                    nxt.append(n)
        frontier = nxt
    return dist


def _survivable(state: State, seat: int, options: list[int]) -> bool:
    """Whether some next placement still leaves the seat a placement after it."""
    return any(legal_layouts(_after(state, seat, layout), seat) for layout in options)


def _threat(state: State, seat: int, all_tips: dict[int, tuple[int, int]]) -> float:
    """The share of an opponent's replies that would leave the seat without a placement.

    Only an opponent whose tip is near ours can close our tip cell (BOM-31/32), so the
    replies are tried only then.
    """
    mine = all_tips[seat][0]
    near = _distances(state, mine)
    worst = 0.0
    for other, (cell, _entry) in all_tips.items():
        if other == seat or state["out"][other] or near.get(cell, 99) > 2:
            continue
        replies = legal_layouts(state, other, all_tips)
        if not replies:
            continue
        killing = 0
        for reply in replies:
            after = _after(state, other, reply)
            if not legal_layouts(after, seat):
                killing += 1
        worst = max(worst, killing / len(replies))
    return worst


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
        if len(mine) <= 6 and not _survivable(after, seat, mine):
            value -= 150.0  # every next placement would walk into a dead end
        value -= 300.0 * _threat(after, seat, all_tips)
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
