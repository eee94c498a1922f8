"""Text mode (issue 31): a viewer's view said as headings and lists, for screen readers.

Every game's text is built from its ``view`` alone (the dictionary the socket sends to that
viewer), never from the state: it cannot say more than the viewer may see. A section is
``{"title": str, "items": [str, ...]}``; the page draws each as a heading and a list. The
sections every game shares are here: the players (whose turn, who you are) and the scores, or
the final ranking once the game is over; each game package adds its own areas before them
(``text.py``: your holdings, the market, the board around the last tile).

Standard library only, like every engine module.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

Section = dict[str, Any]


def section(title: str, items: Sequence[str]) -> Section:
    """One area of the board: a heading and its lines (an empty list says "nothing")."""
    return {"title": title, "items": list(items) or ["Nothing."]}


def count(n: int, one: str, many: str | None = None) -> str:
    """``n`` things in words: "1 ruby", "3 rubies", "no ruby"."""
    if n == 0:
        return f"no {one}"
    return f"{n} {one if n == 1 else (many or one + 's')}"


def seat_name(view: dict[str, Any], names: Sequence[str], seat: int) -> str:
    """A seat's name as the view gives it, else as the game's seats do."""
    for player in view.get("players") or []:
        if player.get("seat") == seat and player.get("name"):
            return str(player["name"])
    return names[seat] if 0 <= seat < len(names) else f"Seat {seat + 1}"


def players_section(view: dict[str, Any], seat: int | None, names: Sequence[str]) -> Section:
    """Who plays, who is to act now, and which seat is yours."""
    to_act = set(view.get("to_act") or [])
    items = []
    for player in view.get("players") or []:
        s = int(player.get("seat", 0))
        notes = []
        if s == seat:
            notes.append("you")
        if s in to_act and not view.get("finished"):
            notes.append("to play")
        tail = f" ({', '.join(notes)})" if notes else ""
        items.append(f"{seat_name(view, names, s)}{tail}")
    return section("Players", items)


def scores_section(view: dict[str, Any], names: Sequence[str]) -> Section:
    """The scores now, or the final ranking once the game is over."""
    outcome = view.get("outcome")
    if view.get("finished") and isinstance(outcome, dict) and outcome.get("ranks"):
        ranks = list(outcome.get("ranks") or [])
        scores = list(outcome.get("scores") or [])
        order = sorted(range(len(ranks)), key=lambda s: ranks[s])
        items = [f"{_ordinal(ranks[s])}: {seat_name(view, names, s)}"
                 + (f", {_points(scores[s])}" if s < len(scores) else "") for s in order]
        return section("Final ranking", items)
    items = []
    for player in view.get("players") or []:
        score = player.get("score")
        shown = "hidden" if score is None else _points(score)
        items.append(f"{seat_name(view, names, int(player.get('seat', 0)))}: {shown}")
    return section("Scores", items)


def _points(score: Any) -> str:
    if isinstance(score, float) and score.is_integer():
        score = int(score)
    if isinstance(score, int):
        return f"{'minus ' if score < 0 else ''}{abs(score)} point{'' if abs(score) == 1 else 's'}"
    return str(score)


def _ordinal(n: int) -> str:
    return {1: "First", 2: "Second", 3: "Third", 4: "Fourth", 5: "Fifth", 6: "Sixth"}.get(
        n, f"Place {n}")


def common_sections(view: dict[str, Any], seat: int | None,
                    names: Sequence[str]) -> list[Section]:
    """The sections every game has: the players, then the scores (or the final ranking)."""
    return [players_section(view, seat, names), scores_section(view, names)]
