"""Helpers for the Bombay Bazar scenario tests (rules/bombay-bazar.md §15 notation)."""

from __future__ import annotations

from typing import Any

import pytest

from app.games.base import GameError, ReplayRng, SeededRng
from app.games.bombay_bazar import ENGINE
from app.games.bombay_bazar.data import PICTURE_IDS
from app.games.bombay_bazar.geometry import INDEX, LAYOUT_OF_TURN, LAYOUTS
from app.games.bombay_bazar.rules import walk

State = dict[str, Any]


def new_game(elephants: list[str], start: int | None = None, **options: Any) -> State:
    """A game where seat i chooses ``elephants[i]``; the start seat is forced when drawn."""
    opts = ENGINE.validate_options(options, len(elephants))
    state = ENGINE.setup([f"P{i}" for i in range(len(elephants))], opts, SeededRng(0))
    for seat, elephant in enumerate(elephants):
        last = seat == len(elephants) - 1
        rng = ReplayRng([start]) if last and start is not None else SeededRng(1)
        state, _ = ENGINE.apply(state, seat, {"type": "ChooseElephant", "elephant": elephant}, rng)
    return state


def solo(elephant: str = "A") -> State:
    """A solo game on ``elephant`` (the other three closed)."""
    return new_game([elephant])


def place(state: State, seat: int, picture: str, rotation: int) -> tuple[State, list[Any]]:
    """Apply a PlacePiece move."""
    move = {"type": "PlacePiece", "picture": picture, "rotation": rotation}
    return ENGINE.apply(state, seat, move, SeededRng(2))


def play(state: State, *moves: tuple[int, str, int]) -> State:
    """Apply several (seat, picture, rotation) placements."""
    for seat, picture, rotation in moves:
        state, _ = place(state, seat, picture, rotation)
    return state


def code_of(state: State, seat: int, move: dict[str, Any]) -> str:
    """The error code a move is rejected with (fails if it is accepted)."""
    with pytest.raises(GameError) as info:
        ENGINE.apply(state, seat, move, SeededRng(3))
    return info.value.code


def place_code(state: State, seat: int, picture: str, rotation: int) -> str:
    """The code a placement is rejected with."""
    return code_of(state, seat, {"type": "PlacePiece", "picture": picture, "rotation": rotation})


def tip(state: State, seat: int) -> tuple[tuple[int, int], int]:
    """A seat's tip as ((row, col), entry edge)."""
    _path, (cell, entry) = walk(state["board"], state["elephants"][seat])
    from app.games.bombay_bazar.geometry import CELLS

    return CELLS[cell], entry


def path(state: State, seat: int) -> list[tuple[tuple[int, int], tuple[int, int]]]:
    """A seat's trunk path as ((row, col), (low edge, high edge)) pairs."""
    from app.games.bombay_bazar.geometry import CELLS

    steps, _tip = walk(state["board"], state["elephants"][seat])
    return [(CELLS[c], (min(a, b), max(a, b))) for c, a, b in steps]


def legal_set(state: State, seat: int) -> set[tuple[str, int, tuple[tuple[int, int], ...]]]:
    """The legal placements as (picture, canonical rotation, segments)."""
    result = set()
    for move in ENGINE.legal_moves(state, seat):
        layout = LAYOUTS[LAYOUT_OF_TURN[(PICTURE_IDS.index(move["picture"]), move["rotation"])]]
        result.add((move["picture"], move["rotation"], layout.segments))
    return result


def ends_at(state: State, cell: tuple[int, int]) -> int:
    """The end-piece count on a cell."""
    return int(state["ends"][INDEX[cell]])
