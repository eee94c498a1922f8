"""Carcassonne in text mode (issue 31): the tile to place, the board around the last tile
placed with the figures on it, and each player's supply, said from the view
(app/games/text_view.py); the stand-alone auction shares it."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from app.games.text_view import Section, count, seat_name, section

from .notation import square
from .words import segment_words, square_words, tile_name, turn_words


def _tile_line(tile: dict[str, Any]) -> str:
    x, y, r = int(tile.get("x", 0)), int(tile.get("y", 0)), int(tile.get("r", 0))
    turned = turn_words(r)
    return (f"{square(x, y)}: {tile_name(str(tile.get('tile')))}"
            f"{', ' + turned if turned else ''}, {square_words(x, y)}")


def _figure_line(fig: dict[str, Any], board: dict[tuple[int, int], dict[str, Any]],
                 view: dict[str, Any], names: Sequence[str]) -> str:
    x, y = int(fig.get("x", 0)), int(fig.get("y", 0))
    tile = board.get((x, y), {})
    spot = segment_words(tile.get("tile"), tile.get("r"), str(fig.get("segment")))
    who = seat_name(view, names, int(fig.get("seat", 0)))
    return f"{who}'s {fig.get('kind', 'figure')} on {spot} at {square(x, y)}"


def sections(view: dict[str, Any], seat: int | None, names: Sequence[str]) -> list[Section]:
    """Carcassonne's own areas, before the players and scores every game has."""
    out: list[Section] = []
    turn = view.get("turn") or {}
    lines = []
    if turn.get("tile") and not view.get("finished"):
        who = "You" if turn.get("seat") == seat else seat_name(view, names, int(turn["seat"]))
        lines.append(f"{who} {'have' if who == 'You' else 'has'} "
                     f"{tile_name(str(turn['tile']))} to place.")
    if view.get("auction"):
        lines.append("An auction for bazaar tiles is on: type /legal for your bids.")
    if view.get("stack") is not None:
        lines.append(f"{count(int(view.get('stack') or 0), 'tile')} left in the stack.")
    out.append(section("The turn", lines))
    placed = list(view.get("board") or [])
    board = {(int(t.get("x", 0)), int(t.get("y", 0))): t for t in placed}
    if placed:
        last = placed[-1]
        lx, ly = int(last.get("x", 0)), int(last.get("y", 0))
        around = [t for t in placed[:-1]
                  if abs(int(t.get("x", 0)) - lx) <= 1 and abs(int(t.get("y", 0)) - ly) <= 1]
        near = [f for f in view.get("figures") or []
                if abs(int(f.get("x", 0)) - lx) <= 1 and abs(int(f.get("y", 0)) - ly) <= 1]
        out.append(section("The board around the last tile", [
            f"Last placed, {_tile_line(last)}",
            *(f"Next to it, {_tile_line(t)}" for t in around),
            *(_figure_line(f, board, view, names) for f in near)]))
    supplies = [p for p in view.get("players") or [] if "followers" in p]
    if not supplies:  # the stand-alone auction has no figures
        return out
    out.append(section("Supplies", [
        f"{'You' if p.get('seat') == seat else seat_name(view, names, int(p.get('seat', 0)))}: "
        f"{count(int(p.get('followers') or 0), 'follower')} in supply"
        f"{', the builder in supply' if p.get('builder') == 'supply' else ''}"
        f"{', the abbey' if p.get('abbey') else ''}"
        for p in supplies]))
    return out
