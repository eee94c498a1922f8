"""Scoring: trunk scores, places, the solo score and personal best (BOM-43, BOM-44, BOM-51, BOM-52).

Tournament medals and standings are in `tournament.py`.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from app.games.bombay_bazar.geometry import LAYOUTS, NEIGHBOURS, OFF
from app.games.bombay_bazar.rules import walk
from app.games.bombay_bazar.state import State, is_solo


def scores(state: State) -> list[int]:
    """BOM-43: each seat's trunk score, the entries of its trunk path (0 without an elephant)."""
    return [
        0 if elephant is None else len(walk(state["board"], elephant)[0])
        for elephant in state["elephants"]
    ]


def places(values: Sequence[Any]) -> list[int]:
    """BOM-44: standard competition ranking, highest first (1 + number strictly higher)."""
    return [1 + sum(1 for other in values if other > mine) for mine in values]


def empty_cells(state: State) -> int:
    """BOM-51 `E`: cells holding neither an ordinary piece nor an end piece."""
    return sum(1 for piece, ends in zip(state["board"], state["ends"], strict=True)
               if piece < 0 and ends == 0)


def unused_openings(state: State, seat: int) -> int:
    """BOM-51 `U`: ports of placed pieces facing a cell with no ordinary piece.

    The one port where the seat's trunk ends (facing its own end piece) is not counted, and a
    head-edge port faces off the board, so it is not counted either.
    """
    board = state["board"]
    path, _tip = walk(board, state["elephants"][seat])
    trunk_end = (path[-1][0], path[-1][2]) if path else None
    count = 0
    for cell, layout in enumerate(board):
        if layout < 0:
            continue
        for e in LAYOUTS[layout].ports:
            n = NEIGHBOURS[cell][e]
            if n == OFF or board[n] >= 0 or (cell, e) == trunk_end:
                continue
            count += 1
    return count


def solo_result(state: State) -> dict[str, int]:
    """BOM-51: ``T``, ``E``, ``U`` and the solo score ``T - E - U`` of seat 0."""
    t = scores(state)[0]
    e = empty_cells(state)
    u = unused_openings(state, 0)
    return {"T": t, "E": e, "U": u, "score": t - e - u}


def best_so_far(
    earlier: Iterable[tuple[int, int]], score: int, data_version: int
) -> tuple[int, bool]:
    """BOM-52: (best so far, is this a new best) from earlier (score, data_version) results.

    Only finished solo games of the same ``data_version`` count; a new best must be strictly
    higher than every earlier score.
    """
    same = [s for s, version in earlier if version == data_version]
    if not same:
        return score, True
    best = max(same)
    return max(best, score), score > best


def public_scores(state: State) -> list[float | int | None]:
    """BOM-53: every trunk score is public; once the game ends, the outcome's numbers.

    A solo game ends with its solo score (BOM-51), a single game with the trunk scores of its
    round (BOM-43). A tournament ranks by medal tallies (BOM-47), which are not points: its
    scores stay the trunk scores of the round in play, and then of the last round.
    """
    if state["finished"] and is_solo(state):
        return [state["solo"]["score"]]
    if state["finished"] and state["results"]:
        return list(state["results"][-1]["scores"])
    return list(scores(state))
