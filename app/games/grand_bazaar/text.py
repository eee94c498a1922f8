"""Grand Bazaar in text mode (issue 31): the viewer's money and gems, the market's prices and
stock, the round, and the other players' holdings, said from the view
(app/games/text_view.py) as messages (issue 29), with the log's words for gems (words.py)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from app.games.messages import N_, Message, say, say_n
from app.games.text_view import Section, seat_name, section

from .data import TYPES
from .words import gem_choice, held

_MARKET = {"S": N_("Sapphire: price {price}, {stock} in stock"),
           "R": N_("Ruby: price {price}, {stock} in stock"),
           "E": N_("Emerald: price {price}, {stock} in stock")}
"""A gem type's line of the market (the type starts the line)."""


def gems_words(hand: dict[str, int] | None) -> Message | str:
    """Gems in words, in the type order: "3 rubies, 1 emerald" ("no gems")."""
    return held({t: int((hand or {}).get(t, 0)) for t in TYPES})


def _grands(n: Any) -> Message:
    return say_n("{n} grand", "{n} grands", int(n or 0))


def sections(view: dict[str, Any], seat: int | None, names: Sequence[str]) -> list[Section]:
    """Grand Bazaar's own areas, before the players and scores every game has."""
    out: list[Section] = []
    players = view.get("players") or []
    mine = next((p for p in players if p.get("seat") == seat), None)
    if mine is not None:
        out.append(section(say("Your holdings"), [
            say("Money: {money}", money=_grands(mine.get("money", 0))),
            say("Gems: {gems}", gems=gems_words(mine.get("hand")))]))
    prices, stock = view.get("prices") or {}, view.get("stock") or {}
    out.append(section(say("The market"), [
        say(_MARKET[t], price=prices.get(t, "?"), stock=int(stock.get(t, 0))) for t in TYPES]))
    rounds = [say("Round {round} of {rounds}.", round=view.get("round"),
                  rounds=view.get("rounds"))]
    compulsory = view.get("compulsory")
    if isinstance(compulsory, dict) and compulsory.get("seat") == seat and \
            compulsory.get("must_buy"):
        can = [t for t in compulsory.get("feasible") or [] if t in TYPES]
        rounds.append(say("You must buy a gem this turn: {gems}.", gems=gem_choice(can)) if can
                      else say("You must buy a gem this turn, but none is possible."))
    out.append(section(say("The round"), rounds))
    out.append(section(say("Other players"), [
        say("{name}: {money}, {gems}", name=seat_name(view, names, int(p.get("seat", 0))),
            money=_grands(p.get("money", 0)), gems=gems_words(p.get("hand")))
        for p in players if p.get("seat") != seat]))
    return out
