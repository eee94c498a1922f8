"""Bombay Bazar in text mode (issue 31): the round, each elephant's trunk (whose, how long,
its score, sealed or open) and the pieces left, said from the view
(app/games/text_view.py) as messages (issue 29).

Pieces and elephants are named in words, not by their ids alone: an elephant by where it stands
("elephant A, at the west end of row 2"), a picture by the shapes of its lines ("D8: a bend and
a bend"), as the board names them for a screen reader (static/games/bombay-bazar/board.js).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from app.games.bombay_bazar.data import DATA
from app.games.messages import N_, Message, say, say_n
from app.games.text_view import Section, points, seat_name, section

from .words import STEPS

_SHAPES = {1: N_("a tight hook"), 2: N_("a bend"), 3: N_("a straight line")}
_STANDS = [N_("elephant {elephant}, at the east end of row {row}"),
           N_("elephant {elephant}, at the north-east end of row {row}"),
           N_("elephant {elephant}, at the north-west end of row {row}"),
           N_("elephant {elephant}, at the west end of row {row}"),
           N_("elephant {elephant}, at the south-west end of row {row}"),
           N_("elephant {elephant}, at the south-east end of row {row}")]
"""An elephant by the edge its head is on (by edge number, east first) and its row."""
_PICTURES: dict[str, list[list[int]]] = {p["id"]: p["segments"] for p in DATA["pictures"]}
_ELEPHANTS: dict[str, dict[str, Any]] = {e["id"]: e for e in DATA["elephants"]}


def _length(n: int) -> Message:
    return say("no piece yet") if n == 0 else say_n("{n} piece long", "{n} pieces long", n)


def picture_words(picture: Any) -> Message:
    """A picture by the shapes of its lines: "D8 (a bend and a bend)"."""
    segments = _PICTURES.get(str(picture))
    if not segments:
        return say("picture {picture}", picture=str(picture))
    shapes = [say(_SHAPES[min((b - a) % 6, (a - b) % 6)]) for a, b in segments]
    return say("{picture} ({shapes})", picture=str(picture), shapes=shapes)


def elephant_words(elephant: Any) -> Message:
    """An elephant by where it stands: "elephant A, at the west end of row 2"."""
    e = _ELEPHANTS.get(str(elephant))
    if e is None:
        return say("elephant {elephant}", elephant=str(elephant))
    return say(_STANDS[e["head_edge"]], elephant=str(elephant), row=e["start"][0] + 1)


def _trunk(t: dict[str, Any], view: dict[str, Any], seat: int | None,
           names: Sequence[str]) -> Message:
    args = {"elephant": elephant_words(t.get("elephant")),
            "length": _length(len(t.get("path") or [])),
            "points": points(int(t.get("score") or 0)),
            "state": say("sealed") if t.get("sealed") else say("not sealed")}
    if t.get("seat") == seat:
        return say("The trunk of {elephant}, yours: {length}, {points}, {state}", **args)
    return say("The trunk of {elephant}, {who}: {length}, {points}, {state}",
               who=seat_name(view, names, int(t.get("seat", 0))), **args)


def sections(view: dict[str, Any], seat: int | None, names: Sequence[str]) -> list[Section]:
    """Bombay Bazar's own areas, before the players and scores every game has."""
    out: list[Section] = []
    phase = str(view.get("phase"))
    lines = [say("Round {round} of {rounds}: {step}.", round=view.get("round"),
                 rounds=view.get("rounds"), step=say(STEPS[phase]) if phase in STEPS
                 else phase)]
    mine = next((p for p in view.get("players") or [] if p.get("seat") == seat), None)
    if mine is not None and mine.get("elephant"):
        lines.append(say("Your elephant is {elephant}.",
                         elephant=elephant_words(mine["elephant"])))
    out.append(section(say("The round"), lines))
    out.append(section(say("Trunks"), [_trunk(t, view, seat, names)
                                       for t in view.get("trunks") or []]))
    pieces = view.get("board", {}).get("pieces") if isinstance(view.get("board"), dict) else []
    if pieces:
        last = pieces[-1]
        cell = last.get("cell") or [0, 0]
        out.append(section(say("The last piece placed"), [
            say("A {picture} piece, turned {degrees}°, on row {row}, place {place}",
                picture=picture_words(last.get("picture")),
                degrees=60 * int(last.get("rotation") or 0), row=int(cell[0]) + 1,
                place=int(cell[1]) + 1)]))
    piles = view.get("piles") or {}
    out.append(section(say("Pieces left"), [
        say("{picture}: {n} left", picture=picture_words(k), n=n)
        for k, n in piles.items() if n] or [say("none")]))
    return out
