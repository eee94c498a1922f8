"""The score breakdown of Bazaar (rules/bazaar.md BAZ-23, BAZ-24, BAZ-26; issue 14).

A seat's score is its purchase points minus the penalties it paid (BAZ-24). The lines: the
purchases at each star level (BAZ-23) with every ware, its stall and the tokens left; the
penalties paid (negative); and, for information, the penalties this seat's purchases caused
(0 points: they cost the opponents, never earn the buyer anything, BAZ-26).
"""

from __future__ import annotations

from app.games.breakdown import Breakdown, Line, plural, residual

from .data import COLOUR_NAMES, COLOURS, STARRED, WARES
from .state import BazaarState

LEVEL_WORDS = ("no star", "1 star", "2 stars")


def ware_words(ware: int) -> str:
    """A ware by its cost in words: "2 red, 1 white and 2 yellow" (a star for a starred one)."""
    parts = [f"{n} {COLOUR_NAMES[c]}" for c, n in zip(COLOURS, WARES[ware], strict=True) if n]
    text = parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]
    return f"★ {text}" if ware in STARRED else text


def _name(state: BazaarState, seat: int) -> str:
    return state.names[seat] if 0 <= seat < state.n else f"Player {seat + 1}"


def _seat(state: BazaarState, seat: int) -> Breakdown:
    by_level: dict[int, list[tuple[str, int]]] = {}
    paid: list[tuple[str, int]] = []
    caused: list[str] = []
    caused_points = 0
    for buyer, ware, stall, left, level, points, penalties in state.ledger:
        if buyer == seat:
            by_level.setdefault(level, []).append((
                f"{ware_words(ware)} from stall {stall}, {plural(left, 'token')} left: "
                f"{points}", points))
            for opponent, held, lost in penalties:
                caused.append(f"{_name(state, opponent)} held {held} tokens: −{lost}")
                caused_points += lost
        for opponent, held, lost in penalties:
            if opponent == seat:
                paid.append((f"{_name(state, buyer)} bought with {plural(left, 'token')} left "
                             f"while {_name(state, seat)} held {held}: −{lost}", -lost))
    lines = [
        Line(f"purchases-{level}",
             f"Purchases ({LEVEL_WORDS[level]})",
             sum(p for _t, p in entries), tuple(t for t, _p in entries))
        for level, entries in sorted(by_level.items())
    ]
    if paid:
        lines.append(Line("penalties-paid", "Penalties paid", sum(p for _t, p in paid),
                          tuple(t for t, _p in paid)))
    if caused:
        lines.append(Line("penalties-caused",
                          f"Penalties caused (opponents lost {caused_points}; "
                          "the buyer gains nothing)",
                          0, tuple(caused)))
    lines = residual(state.score(seat), lines) or [Line("none", "No purchase", 0)]
    return Breakdown(seat, state.score(seat), tuple(lines))


def score_breakdown(state: BazaarState) -> list[Breakdown]:
    """Every seat's breakdown (public: purchases and penalties are announced, BAZ-35)."""
    return [_seat(state, seat) for seat in range(state.n)]
