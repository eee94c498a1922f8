"""Bombay Bazar in text mode (issue 31): the round, each elephant's trunk (whose, how long,
its score, sealed or open) and the pieces left, said from the view
(app/games/text_view.py)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from app.games.text_view import Section, count, seat_name, section


def _length(n: int) -> str:
    return "no piece yet" if n == 0 else f"{count(n, 'piece')} long"


def sections(view: dict[str, Any], seat: int | None, names: Sequence[str]) -> list[Section]:
    """Bombay Bazar's own areas, before the players and scores every game has."""
    out: list[Section] = []
    lines = [f"Round {view.get('round')} of {view.get('rounds')}, phase: {view.get('phase')}."]
    mine = next((p for p in view.get("players") or [] if p.get("seat") == seat), None)
    if mine is not None and mine.get("elephant"):
        lines.append(f"Your elephant is {mine['elephant']}.")
    out.append(section("The round", lines))
    out.append(section("Trunks", [
        f"Elephant {t.get('elephant')}, "
        f"{'yours' if t.get('seat') == seat else seat_name(view, names, int(t.get('seat', 0)))}"
        f": {_length(len(t.get('path') or []))}, "
        f"{count(int(t.get('score') or 0), 'point')}, {'sealed' if t.get('sealed') else 'open'}"
        for t in view.get("trunks") or []]))
    pieces = view.get("board", {}).get("pieces") if isinstance(view.get("board"), dict) else []
    if pieces:
        last = pieces[-1]
        out.append(section("The last piece placed", [
            f"{last.get('picture')} turned {last.get('rotation')} at row "
            f"{int(last.get('cell', [0, 0])[0]) + 1}, place {int(last.get('cell', [0, 0])[1]) + 1}"
        ]))
    piles = view.get("piles") or {}
    out.append(section("Pieces left", [
        ", ".join(f"{k} {n}" for k, n in piles.items() if n) or "none"]))
    return out
