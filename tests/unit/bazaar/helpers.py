"""Shared builders for the Bazaar scenario tests: positions are given directly, as the spec does."""

from __future__ import annotations

from typing import Any

from app.games.base import Event, ReplayRng, SeededRng
from app.games.bazaar import ENGINE
from app.games.bazaar.data import COLOURS, counts
from app.games.bazaar.state import ACTION, BazaarState, clone

NAMES = ["Ann", "Bob", "Cid", "Dee", "Eve", "Fay"]
S01_STALLS = [[21, 1, 2, 3, 4], [36, 6, 7, 8, 9], [41, 11, 12, 13, 14], [45, 16, 17, 18, 19]]
FACE = {face: i for i, face in enumerate(("R", "W", "B", "G", "Y", "WILD"))}


def new_game(n: int = 2, **options: Any) -> BazaarState:
    """A fresh game with exchange cards [1, 7], seat 0 first and the S-BAZ-01 stalls."""
    opts: dict[str, Any] = {"exchange_cards": [1, 7], "first_player": 0, "stalls": S01_STALLS}
    opts.update(options)
    return ENGINE.setup(NAMES[:n], ENGINE.validate_options(opts, n), SeededRng(0))


def hand(letters: str) -> list[int]:
    """A hand from a letter string such as "RRWB"."""
    return list(counts(letters))


def given(
    state: BazaarState,
    *,
    seat: int = 0,
    phase: str = ACTION,
    hands: dict[int, str] | None = None,
    bank: dict[str, int] | None = None,
    scores: dict[int, int] | None = None,
    stalls: list[list[int]] | None = None,
    started: bool = True,
) -> BazaarState:
    """A copy of ``state`` with the seat to act, phase, hands, scores and stalls set.

    The bank is derived from the hands (conservation, BAZ-3) unless given explicitly.
    """
    s = clone(state)
    s.current = seat
    s.phase = phase
    for i, letters in (hands or {}).items():
        s.hands[i] = hand(letters)
    s.bank = [20 - sum(h[c] for h in s.hands) for c in range(5)]
    if bank is not None:
        s.bank = [bank.get(c, 0) for c in COLOURS]
    for i, score in (scores or {}).items():
        s.points[i] = score
    if stalls is not None:
        s.stalls = [list(st) for st in stalls]
    s.started = [started] * s.n
    return s


def play(state: BazaarState, seat: int, move: dict[str, Any],
         die: str | None = None) -> tuple[BazaarState, list[Event]]:
    """Apply a move; ``die`` fixes the die face of a roll (a recorded chance outcome)."""
    rng = ReplayRng([FACE[die]]) if die is not None else SeededRng(1)
    return ENGINE.apply(state, seat, move, rng)


def trade(eq: str, direction: str = "left-to-right") -> dict[str, Any]:
    """A Trade move."""
    return {"type": "Trade", "equation_id": eq, "direction": direction}


def buy(stall: int) -> dict[str, Any]:
    """A Buy move."""
    return {"type": "Buy", "stall": stall}


def held(state: BazaarState, seat: int) -> dict[str, int]:
    """A hand as {colour: count} with only the colours held."""
    return {c: n for c, n in zip(COLOURS, state.hands[seat], strict=True) if n}


def bank(state: BazaarState) -> dict[str, int]:
    """The bank as {colour: count} for every colour."""
    return dict(zip(COLOURS, state.bank, strict=True))
