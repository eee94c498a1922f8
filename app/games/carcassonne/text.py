"""Carcassonne in text mode (issue 31): the tile to place, the board around the last tile
placed with the figures on it, and each player's supply, said from the view
(app/games/text_view.py) as messages (issue 29), with the log's words for tiles, squares and
spots (words.py); the stand-alone auction shares it."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from app.games.messages import N_, Message, say, say_n
from app.games.text_view import Section, seat_name, section

from .notation import square as square_code
from .words import segment, square, tile, tiles, turn

_FIGURES = {"follower": N_("{who}'s follower on {spot} at {square}"),
            "builder": N_("{who}'s builder on {spot} at {square}")}
"""A figure on the board, by its kind (any other kind is said as a figure)."""


_LAST = (N_("Last placed, {square}: {tile}, {where}"),
         N_("Last placed, {square}: {tile}, {turned}, {where}"))
_NEXT = (N_("Next to it, {square}: {tile}, {where}"),
         N_("Next to it, {square}: {tile}, {turned}, {where}"))


def _placed(words: tuple[str, str], t: dict[str, Any]) -> Message:
    """A placed tile: its square's code, what it shows, how it is turned, where it lies."""
    x, y, r = int(t.get("x", 0)), int(t.get("y", 0)), int(t.get("r", 0))
    turned = turn(r)
    args = {"square": square_code(x, y), "tile": tile(str(t.get("tile"))),
            "where": square(x, y)}
    if turned is None:
        return say(words[0], **args)
    return say(words[1], turned=turned, **args)


def _figure_line(fig: dict[str, Any], board: dict[tuple[int, int], dict[str, Any]],
                 view: dict[str, Any], names: Sequence[str]) -> Message:
    x, y = int(fig.get("x", 0)), int(fig.get("y", 0))
    placed = board.get((x, y), {})
    spot = segment(placed.get("tile"), placed.get("r"), str(fig.get("segment")))
    words = _FIGURES.get(str(fig.get("kind")), N_("{who}'s figure on {spot} at {square}"))
    return say(words, who=seat_name(view, names, int(fig.get("seat", 0))), spot=spot,
               square=square_code(x, y))


def _turn(view: dict[str, Any], seat: int | None, names: Sequence[str]) -> list[Message]:
    turn_ = view.get("turn") or {}
    lines = []
    if turn_.get("tile") and not view.get("finished"):
        placing = tile(str(turn_["tile"]))
        lines.append(say("You have {tile} to place.", tile=placing) if turn_.get("seat") == seat
                     else say("{who} has {tile} to place.", tile=placing,
                              who=seat_name(view, names, int(turn_["seat"]))))
    if view.get("auction"):
        lines.append(say("An auction for bazaar tiles is on: type /legal for your bids."))
    if view.get("stack") is not None:
        lines.append(say("{tiles} left in the stack.", tiles=tiles(int(view.get("stack") or 0))))
    return lines


def _supply(p: dict[str, Any], view: dict[str, Any], seat: int | None,
            names: Sequence[str]) -> Message:
    extras = []
    if p.get("builder") == "supply":
        extras.append(say("the builder in supply"))
    if p.get("abbey"):
        extras.append(say("the abbey"))
    followers = say_n("{n} follower in supply", "{n} followers in supply",
                      int(p.get("followers") or 0))
    held = _commas([followers, *extras])
    if p.get("seat") == seat:
        return say("You: {supply}", supply=held)
    return say("{who}: {supply}", who=seat_name(view, names, int(p.get("seat", 0))), supply=held)


def _commas(parts: Sequence[Message]) -> Message:
    if len(parts) == 1:
        return parts[0]
    return say("{first}, {rest}", first=parts[0], rest=_commas(parts[1:]))


def sections(view: dict[str, Any], seat: int | None, names: Sequence[str]) -> list[Section]:
    """Carcassonne's own areas, before the players and scores every game has."""
    out: list[Section] = [section(say("The turn"), _turn(view, seat, names))]
    placed = list(view.get("board") or [])
    board = {(int(t.get("x", 0)), int(t.get("y", 0))): t for t in placed}
    if placed:
        last = placed[-1]
        lx, ly = int(last.get("x", 0)), int(last.get("y", 0))
        around = [t for t in placed[:-1]
                  if abs(int(t.get("x", 0)) - lx) <= 1 and abs(int(t.get("y", 0)) - ly) <= 1]
        near = [f for f in view.get("figures") or []
                if abs(int(f.get("x", 0)) - lx) <= 1 and abs(int(f.get("y", 0)) - ly) <= 1]
        out.append(section(say("The board around the last tile"), [
            _placed(_LAST, last), *(_placed(_NEXT, t) for t in around),
            *(_figure_line(f, board, view, names) for f in near)]))
    supplies = [p for p in view.get("players") or [] if "followers" in p]
    if not supplies:  # the stand-alone auction has no figures
        return out
    out.append(section(say("Supplies"), [_supply(p, view, seat, names) for p in supplies]))
    return out
