"""Carcassonne's log lines as messages (issue 29): every event of the game, the bazaar and its
auctions as an id with arguments that each client says in its own language. `english` of each
gives the words the log always had (`view.describe`; the golden playthroughs hold them)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from app.games.messages import N_, Message, say, say_n

from . import auction_words
from .auction_words import name
from .words import commas, points, segment, square, tile, tiles, turn

Event = dict[str, Any]

FARM_RULES = {"third": N_("each field apart"), "second": N_("once per player"),
              "first": N_("per city, to the most farmers around it")}
"""The farm scoring of the game's option (CAR-4), said after a farm's points."""

SCORED = {
    (False, "road"): N_("{who}: {points} for a completed road of {tiles}"),
    (True, "road"): N_("{who}: {points} for an unfinished road of {tiles}"),
    (False, "city"): N_("{who}: {points} for a completed city of {tiles}"),
    (True, "city"): N_("{who}: {points} for an unfinished city of {tiles}"),
    (False, "cloister"): N_("{who}: {points} for a completed cloister"),
    (True, "cloister"): N_("{who}: {points} for an unfinished cloister"),
}
"""A scored feature by (unfinished at the end?, kind) (CAR-36 to CAR-49)."""

SIMPLE = {
    "ExtraPartEarned": N_("{who} earns an extra part (builder)"),
    "ExtraPartStarted": N_("{who} takes the extra part"),
    "ExtraPartDeclined": N_("{who} declines the extra part"),
    "ExtraPartLapsed": N_("the extra part of {who} lapses: no tile and no abbey"),
    "AbbeyPassed": N_("{who} passes with the abbey"),
    "TurnStarted": N_("{who}'s turn"),
    "StackEmpty": N_("the stack is empty: {who} places nothing"),
    "BazaarEnded": N_("the bazaar is over"),
    "RegularPlayEnded": N_("the stack is empty: regular play ends"),
    "GameEnded": N_("the game is over"),
}
"""Events said in one sentence with at most the seat's name."""


def _paid(names: Sequence[str], seats: Sequence[int]) -> str:
    return ", ".join(name(names, s) for s in seats)  # names only: nothing to translate


def _feature(event: Event, names: Sequence[str]) -> Message | None:
    if not event["points"] or not event["seats"]:
        return None  # zero-point lines stay out of the log (issue 13, point 14)
    template = SCORED.get((bool(event["final"]), str(event["feature"])))
    if template is None:  # a feature kind the log does not know: its name as it is
        return say("{who}: {points} for {feature}", who=_paid(names, event["seats"]),
                   points=points(event["points"]), feature=str(event["feature"]))
    return say(template, who=_paid(names, event["seats"]), points=points(event["points"]),
               tiles=tiles(event["tiles"]))


def _farm(event: Event, names: Sequence[str]) -> Message | None:
    if not event["points"] or not event["seats"]:
        return None
    who, pts = _paid(names, event["seats"]), points(event["points"])
    cities = say_n("{n} completed city", "{n} completed cities", event["cities"])
    rule = FARM_RULES.get(str(event.get("rule")))
    if rule is None:
        return say("{who}: {points} for a farm by {cities}", who=who, points=pts, cities=cities)
    return say("{who}: {points} for a farm by {cities} ({rule})", who=who, points=pts,
               cities=cities, rule=say(rule))


def _placed(event: Event, who: str) -> Message:
    at = square(event["x"], event["y"])
    turned = turn(event["r"])
    if turned is None:
        return say("{who} placed {tile} {square}", who=who, tile=tile(event["tile"]), square=at)
    return say("{who} placed {tile} {square}, {turned}", who=who, tile=tile(event["tile"]),
               square=at, turned=turned)


def _figure(event: Event, who: str) -> Message:
    spot = segment(event.get("tile"), event.get("r"), event["segment"])
    at = square(event["x"], event["y"])
    if event["kind"] == "builder":
        return say("{who} put a builder on {spot} of the tile {square}", who=who, spot=spot,
                   square=at)
    return say("{who} put a follower on {spot} of the tile {square}", who=who, spot=spot,
               square=at)


def describe(event: Event, names: Sequence[str]) -> Message | None:
    """An event as a message for the game log; None for a scoring that paid nobody anything."""
    t = event.get("type")
    who = name(names, event.get("seat"))
    said = auction_words.describe(event, names)
    if said is not None:
        return said
    if t == "TileDrawn":
        return say("{who} drew {tile}", who=who, tile=tile(event["tile"]))
    if t == "TileDiscarded":
        return say("{tile} fits nowhere and is set aside", tile=tile(event["tile"], True))
    if t == "TilePlaced":
        return _placed(event, who)
    if t == "AbbeyPlaced":
        return say("{who} placed the abbey {square}", who=who,
                   square=square(event["x"], event["y"]))
    if t == "FigurePlaced":
        return _figure(event, who)
    if t == "FeatureScored":
        return _feature(event, names)
    if t == "FarmScored":
        return _farm(event, names)
    if t == "BazaarSkipped":
        return say("only {tiles} left: no bazaar this time", tiles=tiles(event["stack"]))
    if t == "BazaarQueued":
        return say("the bazaar of {who} waits until this one is over",
                   who=name(names, event["placer"]))
    if t == "BazaarDrawn":
        if event["face_down"]:
            return say("{count} tiles are drawn face down", count=event["count"])
        return say("{count} tiles are drawn for the auction", count=event["count"])
    if t == "TilesRevealed":
        return say("the bazaar shows {tiles}", tiles=commas([tile(x) for x in event["tiles"]]))
    if t == "BazaarTurn":
        return say("{who} plays the won tile, {tile}", who=who, tile=tile(event["tile"]))
    if str(t) in SIMPLE:
        return say(SIMPLE[str(t)], who=who)
    return {"id": "{event}", "args": {"event": str(t)}}  # an unknown event: its type
