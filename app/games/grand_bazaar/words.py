"""Grand Bazaar's log lines, refusals and score words as messages (issue 29; GB-13, GB-18):
ids with arguments that each client says in its own language. `english` of each log line gives
the words the log always had (the golden playthrough holds them).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from app.games.base import Event
from app.games.messages import N_, Message, say, say_n

from .data import FINAL_PRICE, TYPES

GEM: dict[str, str] = {"S": N_("sapphire"), "R": N_("ruby"), "E": N_("emerald")}
"""A gem type alone ("a sapphire", a price "sapphire 11")."""

A_GEM: dict[str, str] = {"S": N_("a sapphire"), "R": N_("a ruby"), "E": N_("an emerald")}
"""One gem of a type, with its article (French: "une émeraude")."""

PLURAL: dict[str, str] = {"S": N_("sapphires"), "R": N_("rubies"), "E": N_("emeralds")}
"""A gem type in the plural, alone ("rubies cannot be bought and sold ...")."""

MOVED: dict[str, str] = {"S": N_("sapphires {change}"), "R": N_("rubies {change}"),
                         "E": N_("emeralds {change}")}
"""A price card's change for one type ("rubies −1")."""

WAIVER: dict[str, str] = {
    "no stock": N_("no stock"),
    "hand full of that type": N_("hand full of that type"),
    "not enough money": N_("not enough money"),
}
"""GB-14's reasons (rules.NO_STOCK ...): the log's events hold these English words."""



def joined(parts: Sequence[Message | str], separator: str = ", ") -> Message | str:
    """Parts joined by ``separator`` alone (", " or "; "), as the log always wrote them."""
    if len(parts) == 1:
        return parts[0]
    rest = joined(parts[1:], separator)
    if separator == "; ":
        return say("{first}; {rest}", first=parts[0], rest=rest)
    return say("{first}, {rest}", first=parts[0], rest=rest)


def gems(t: str, n: int) -> Message:
    """``n`` gems of type ``t`` ("2 rubies")."""
    if t == "S":
        return say_n("{n} sapphire", "{n} sapphires", n)
    if t == "R":
        return say_n("{n} ruby", "{n} rubies", n)
    return say_n("{n} emerald", "{n} emeralds", n)


def at_price(t: str, n: int, price: int) -> Message:
    """``n`` gems of type ``t`` traded at ``price`` ("2 rubies at 9")."""
    if t == "S":
        return say_n("{n} sapphire at {price}", "{n} sapphires at {price}", n, price=price)
    if t == "R":
        return say_n("{n} ruby at {price}", "{n} rubies at {price}", n, price=price)
    return say_n("{n} emerald at {price}", "{n} emeralds at {price}", n, price=price)


def held(data: Mapping[str, int]) -> Message | str:
    """Gems in words ("2 rubies, 1 emerald"; "no gems")."""
    parts = [gems(t, n) for t in TYPES if (n := data.get(t, 0))]
    return joined(parts) if parts else say("no gems")


def gem_choice(types: Sequence[str]) -> Message:
    """Gem types as alternatives: "a sapphire", "a sapphire or a ruby"."""
    first = say(A_GEM[types[0]])
    if len(types) == 1:
        return first
    return say("{first} or {rest}", first=first, rest=gem_choice(types[1:]))


def _goods(data: Mapping[str, int], prices: Mapping[str, int]) -> Message | str:
    return joined([at_price(t, n, prices[t]) for t in TYPES if (n := data.get(t, 0))])


def _signed(value: int) -> str:
    """A price change with its sign, a true minus for a fall ("+1", "−1")."""
    return ("+" if value > 0 else "−") + str(abs(value))


def _revealed(event: Event, names: Sequence[str]) -> Message:
    change, prices = event["change"], event["prices"]
    moved = [say(MOVED[t], change=_signed(change[t])) for t in TYPES if change[t]]
    return say("Round {round}: price card {card} revealed ({moved}); prices: {prices}; {who} "
               "moves first", round=event["round"], card=event["card"],
               moved=joined(moved) if moved else say("no change"),
               prices=say("sapphire {S}, ruby {R}, emerald {E}", **prices),
               who=names[event["first_player"]])


def _traded(event: Event, names: Sequence[str]) -> Message:
    who = names[event["seat"]]
    sold, bought = any(event["sell"].values()), any(event["buy"].values())
    if sold and bought:
        action = say("{who} sold {sold}; bought {bought}", who=who,
                     sold=_goods(event["sell"], event["prices"]),
                     bought=_goods(event["buy"], event["prices"]))
    elif sold:
        action = say("{who} sold {sold}", who=who, sold=_goods(event["sell"], event["prices"]))
    elif bought:
        action = say("{who} bought {bought}", who=who,
                     bought=_goods(event["buy"], event["prices"]))
    else:
        action = say("{who} passed", who=who)
    text = say("{action} (money {money}; holds {held})", action=action, money=event["money"],
               held=held(event["hand"]))
    if event.get("waived"):
        why = joined([say("{gem}: {reason}", gem=say(GEM[t]), reason=say(WAIVER.get(r, r)))
                      for t, r in event["waived"].items()])
        text = say("{text}; compulsory buy waived ({why})", text=text, why=why)
    if event.get("timeout"):
        text = say("{text}; timeout move", text=text)
    return text


def _ended(event: Event, names: Sequence[str]) -> Message:
    sales = [say("{who} sells {gems} for {amount}", who=names[s], gems=held(sold),
                 amount=FINAL_PRICE * sum(sold.values()))
             for s, sold in enumerate(event["sold"]) if any(sold.values())]
    # names and numbers only: nothing to translate
    money = ", ".join(f"{names[s]} {m}" for s, m in enumerate(event["money"]))
    if sales:
        return say("Final sale at {price}: {sales}. Money: {money}", price=FINAL_PRICE,
                   sales=joined(sales, "; "), money=money)
    return say("Final sale at {price}. Money: {money}", price=FINAL_PRICE, money=money)


def describe(event: Event, names: Sequence[str]) -> Message:
    """An event (GB-18) as a message for the game log."""
    kind = event.get("type")
    if kind == "PriceRevealed":
        return _revealed(event, names)
    if kind == "Traded":
        return _traded(event, names)
    if kind == "GameEnded":
        return _ended(event, names)
    return {"id": "{event}", "args": {"event": str(kind)}}  # an unknown event: its type
