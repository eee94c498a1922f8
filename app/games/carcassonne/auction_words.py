"""The bazaar auction's log lines as messages (rules/carcassonne.md CAR-60 to CAR-68; issue 29),
shared by the full game and the stand-alone auction (CAR-104 to CAR-113). `english` of each
gives the words the log always had (`auction.describe`)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from app.games.base import JSON
from app.games.messages import Message, say

from .words import points, tile

Event = dict[str, Any]


def name(names: Sequence[str], seat: Any) -> str:
    """A seat's name (a name is never translated)."""
    if isinstance(seat, int) and 0 <= seat < len(names):
        return names[seat]
    return f"seat {seat}"


def shown(value: JSON) -> Message:
    """A tile of the row in words: what its type shows, or its label as typed."""
    if isinstance(value, dict):
        if "label" in value:
            return say("“{label}”", label=str(value["label"]))
        if "type" in value:
            return tile(str(value["type"]))
    return tile(str(value))


def row_tile(event: Event) -> Message:
    """ "tile 2 (a city tile)": the row's tiles counted from 1."""
    index = event["tile"]
    number = index + 1 if isinstance(index, int) else index
    return say("tile {number} ({shown})", number=number, shown=shown(event["shown"]))


def price(p: int) -> Message:
    """A bid or a price; never "0 points" in the log (issue 13, point 14)."""
    return points(p) if p else say("nothing")


def _settled(event: Event, names: Sequence[str]) -> Message:
    t = row_tile(event)
    owner = name(names, event["owner"])
    auctioneer = name(names, event["auctioneer"])
    settlement = event["settlement"]
    if settlement == "buy":
        return say("{auctioneer} bought {tile} from {seller} for {price}", auctioneer=auctioneer,
                   tile=t, seller=name(names, event["paid_to"]), price=price(event["price"]))
    if settlement == "sell":
        return say("{auctioneer} sold {tile} to {owner} for {price}", auctioneer=auctioneer,
                   tile=t, owner=owner, price=price(event["price"]))
    if settlement == "kept":
        paid = (say("paid nothing") if not event["price"] else
                say("paid {price} to nobody", price=price(event["price"])))
        return say("nobody else bid: {owner} took {tile} and {paid}", owner=owner, tile=t,
                   paid=paid)
    return say("{owner} took the last tile, {tile}, for free", owner=owner, tile=t)


def describe(event: Event, names: Sequence[str]) -> Message | None:
    """An auction event as a message, or None if the event is not an auction event."""
    kind = event.get("type")
    who = name(names, event.get("seat"))
    if kind == "AuctionOpened":
        return say("{who} opened auction {auction} for {tile} with a bid of {bid}", who=who,
                   auction=event["auction"], tile=row_tile(event), bid=price(event["bid"]))
    if kind == "AuctionRaised":
        return say("{who} raised to {bid}", who=who, bid=price(event["bid"]))
    if kind == "AuctionPassed":
        return say("{who} passed", who=who)
    if kind == "AuctionSettled":
        return _settled(event, names)
    if kind == "AuctionFinished":
        order = ", ".join(name(names, s) for s in event["play_order"])  # names only
        return say("every tile has an owner; the won tiles are played in this order: {order}",
                   order=order)
    if kind == "AuctionCancelled":
        return say("the host cancelled the auction: no score changes")
    return None
