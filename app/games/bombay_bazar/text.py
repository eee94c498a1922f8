"""Bombay Bazar in text mode (issue 31): the round, each elephant's trunk (whose, how long,
its score, sealed or open) and the pieces left, said from the view
(app/games/text_view.py).

Pieces and elephants are named in words, not by their ids alone: an elephant by where it stands
("elephant A, at the west end of row 2"), a picture by the shapes of its lines ("D8: a bend and
a bend"), as the board names them for a screen reader (static/games/bombay-bazar/board.js).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from app.games.bombay_bazar.data import DATA
from app.games.text_view import Section, count, seat_name, section

_SHAPES = {1: "a tight hook", 2: "a bend", 3: "a straight line"}
_EDGES = ["east", "north-east", "north-west", "west", "south-west", "south-east"]
_PICTURES: dict[str, list[list[int]]] = {p["id"]: p["segments"] for p in DATA["pictures"]}
_ELEPHANTS: dict[str, dict[str, Any]] = {e["id"]: e for e in DATA["elephants"]}


def _length(n: int) -> str:
    return "no piece yet" if n == 0 else f"{count(n, 'piece')} long"


def _and(words: Sequence[str]) -> str:
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def picture_words(picture: Any) -> str:
    """A picture by the shapes of its lines: "D8 (a bend and a bend)"."""
    segments = _PICTURES.get(str(picture))
    if not segments:
        return f"picture {picture}"
    shapes = [_SHAPES[min((b - a) % 6, (a - b) % 6)] for a, b in segments]
    return f"{picture} ({_and(shapes)})"


def elephant_words(elephant: Any) -> str:
    """An elephant by where it stands: "elephant A, at the west end of row 2"."""
    e = _ELEPHANTS.get(str(elephant))
    if e is None:
        return f"elephant {elephant}"
    return f"elephant {elephant}, at the {_EDGES[e['head_edge']]} end of row {e['start'][0] + 1}"


def sections(view: dict[str, Any], seat: int | None, names: Sequence[str]) -> list[Section]:
    """Bombay Bazar's own areas, before the players and scores every game has."""
    out: list[Section] = []
    lines = [f"Round {view.get('round')} of {view.get('rounds')}, phase: {view.get('phase')}."]
    mine = next((p for p in view.get("players") or [] if p.get("seat") == seat), None)
    if mine is not None and mine.get("elephant"):
        lines.append(f"Your elephant is {elephant_words(mine['elephant'])}.")
    out.append(section("The round", lines))
    out.append(section("Trunks", [
        f"The trunk of {elephant_words(t.get('elephant'))}, "
        f"{'yours' if t.get('seat') == seat else seat_name(view, names, int(t.get('seat', 0)))}"
        f": {_length(len(t.get('path') or []))}, "
        f"{count(int(t.get('score') or 0), 'point')}, {'sealed' if t.get('sealed') else 'open'}"
        for t in view.get("trunks") or []]))
    pieces = view.get("board", {}).get("pieces") if isinstance(view.get("board"), dict) else []
    if pieces:
        last = pieces[-1]
        cell = last.get("cell") or [0, 0]
        turned = 60 * int(last.get("rotation") or 0)
        out.append(section("The last piece placed", [
            f"A {picture_words(last.get('picture'))} piece, turned {turned}°, "
            f"on row {int(cell[0]) + 1}, place {int(cell[1]) + 1}"
        ]))
    piles = view.get("piles") or {}
    out.append(section("Pieces left", [
        f"{picture_words(k)}: {n} left" for k, n in piles.items() if n] or ["none"]))
    return out
