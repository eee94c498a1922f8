"""Grand Bazaar in text mode (issue 31): the viewer's money and gems, the market's prices and
stock, the round, and the other players' holdings, said from the view
(app/games/text_view.py)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from app.games.text_view import Section, seat_name, section

from .data import TYPE_NAMES, TYPES


def gems_words(hand: dict[str, int] | None) -> str:
    """Gems in words, in the type order: "3 rubies, 1 emerald" ("no gem")."""
    parts = []
    for t in TYPES:
        n = int((hand or {}).get(t, 0))
        if n:
            parts.append(f"{n} {TYPE_NAMES[t][0 if n == 1 else 1]}")
    return ", ".join(parts) if parts else "no gem"


def _grands(n: object) -> str:
    return f"{n} grand{'' if n == 1 else 's'}"


def sections(view: dict[str, Any], seat: int | None, names: Sequence[str]) -> list[Section]:
    """Grand Bazaar's own areas, before the players and scores every game has."""
    out: list[Section] = []
    players = view.get("players") or []
    mine = next((p for p in players if p.get("seat") == seat), None)
    if mine is not None:
        out.append(section("Your holdings", [f"Money: {_grands(mine.get('money', 0))}",
                                             f"Gems: {gems_words(mine.get('hand'))}"]))
    prices, stock = view.get("prices") or {}, view.get("stock") or {}
    out.append(section("The market", [
        f"{TYPE_NAMES[t][0].capitalize()}: price {prices.get(t, '?')}, "
        f"{stock.get(t, 0)} in stock" for t in TYPES]))
    rounds = [f"Round {view.get('round')} of {view.get('rounds')}."]
    compulsory = view.get("compulsory")
    if isinstance(compulsory, dict) and compulsory.get("seat") == seat and \
            compulsory.get("must_buy"):
        can = [TYPE_NAMES[t][0] for t in compulsory.get("feasible") or [] if t in TYPE_NAMES]
        rounds.append(f"You must buy a gem this turn: {' or '.join(can) or 'none is possible'}.")
    out.append(section("The round", rounds))
    out.append(section("Other players", [
        f"{seat_name(view, names, int(p.get('seat', 0)))}: {_grands(p.get('money', 0))}, "
        f"{gems_words(p.get('hand'))}" for p in players if p.get("seat") != seat]))
    return out
