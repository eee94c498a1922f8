"""Scoring during play and at the end (spec §8 and §9; CAR-36 to CAR-51).

Every score change is an event naming its cause, points and players (CAR-43, CAR-51).
"""

from __future__ import annotations

from typing import Any

from app.games.messages import Message, say, say_n

from .features import cloisters_around, surrounding
from .ledger import feature_words, note_feature
from .state import Feat, Square, State

Event = dict[str, Any]
KIND_NAMES = {"R": "road", "C": "city", "K": "cloister", "F": "field"}


def majority(f: Feat) -> list[int]:
    """Seats with the most followers in a feature (at least one) (CAR-37)."""
    counts: dict[int, int] = {}
    for seat, _node in f.followers:
        counts[seat] = counts.get(seat, 0) + 1
    if not counts:
        return []
    best = max(counts.values())
    return sorted(seat for seat, c in counts.items() if c == best)


def value(s: State, f: Feat, final: bool) -> int:
    """Points of a road, city or cloister, complete (during play) or not (final)."""
    tiles = len(f.squares)
    if f.kind == "R":
        return tiles  # CAR-39, CAR-46
    if f.kind == "C":
        if final:
            return tiles + f.pennants  # CAR-46: tiny_city never applies here
        if tiles == 2 and s.opts.get("tiny_city") == "2":
            return tiles + f.pennants  # CAR-40 option
        return 2 * tiles + 2 * f.pennants
    sq = next(iter(f.squares))
    return 1 + surrounding(s, sq) if final else 9  # CAR-41, CAR-46


def return_figures(s: State, f: Feat) -> list[list[Any]]:
    """Send every follower and builder of a scored feature home (CAR-38)."""
    s.own()
    back = []
    for seat, node in f.followers + f.builders:
        fig = s.figures.pop(node)
        if fig[1] == "builder":
            s.builder[seat] = -1
        else:
            s.followers[seat] += 1
        back.append(list(fig))
    f.followers = []
    f.builders = []
    return back


def score_feature(s: State, root: int, final: bool) -> Event:
    """Score one feature by majority and return its figures; the event reports it."""
    f = s.feat_mut(root)
    winners = majority(f)
    pts = value(s, f, final) if winners else 0
    for seat in winners:
        s.scores[seat] += pts
    around = surrounding(s, next(iter(f.squares))) if f.kind == "K" else 0
    note_feature(s, f.kind, feature_words(f.kind, len(f.squares), f.pennants, around, final),
                 pts, winners)
    f.scored = True
    back = return_figures(s, f) if not final else []
    return {"type": "FeatureScored", "feature": KIND_NAMES[f.kind],
            "squares": [list(q) for q in sorted(f.squares)], "tiles": len(f.squares),
            "pennants": f.pennants, "points": pts, "seats": winners, "final": final,
            "returned": back}


def score_completed(s: State, sq: Square, roots: list[int]) -> list[Event]:
    """The scoring step of a turn part (CAR-36): everything this placement completed."""
    events: list[Event] = []
    for root in roots:
        f = s.feats[root]
        if f.open == 0 and not f.complete:
            s.feat_mut(root).complete = True
            events.append(score_feature(s, root, False))
    for _p, node in cloisters_around(s, sq):
        f = s.feats[node]
        if not f.complete and surrounding(s, next(iter(f.squares))) == 8:
            s.feat_mut(node).complete = True
            events.append(score_feature(s, node, False))
    return events


def final_scoring(s: State) -> list[Event]:
    """Incomplete features, then farms (CAR-46 to CAR-48)."""
    events: list[Event] = []
    for root in sorted(s.feats):
        f = s.feats[root]
        if f.kind != "F" and f.followers and not f.scored:
            events.append(score_feature(s, root, True))
    events.extend(_farms(s))
    return events


def _cities(count: int) -> Message:
    return say_n("{n} completed city", "{n} completed cities", count)


def _farm_cities(s: State, f: Feat) -> list[int]:
    """Completed cities a field borders, resolved through find (CAR-34, CAR-49)."""
    roots = {s.find(c) for c in f.cities}
    return sorted(r for r in roots if s.feats[r].complete)


def _farms(s: State) -> list[Event]:
    """Farm scoring by the `farm_scoring` option (CAR-48)."""
    mode = s.opts.get("farm_scoring", "third")
    if mode == "off":
        return []
    fields = [(root, f) for root, f in sorted(s.feats.items()) if f.kind == "F" and f.followers]
    events: list[Event] = []
    if mode == "third":
        for _root, f in fields:
            cities = _farm_cities(s, f)
            winners = majority(f)
            pts = 3 * len(cities)
            for seat in winners:
                s.scores[seat] += pts
            note_feature(s, "F", say("Farm beside {cities}", cities=_cities(len(cities))), pts,
                         winners)
            events.append({"type": "FarmScored", "rule": mode, "cities": len(cities),
                           "points": pts, "seats": winners,
                           "farmers": [list(s.figures[n][2:5]) for _st, n in f.followers]})
    elif mode == "second":
        per_seat: dict[int, set[int]] = {}
        for _root, f in fields:
            for seat in majority(f):
                per_seat.setdefault(seat, set()).update(_farm_cities(s, f))
        for seat in sorted(per_seat):
            pts = 3 * len(per_seat[seat])
            s.scores[seat] += pts
            note_feature(s, "F", say("Farms beside {cities}", cities=_cities(len(per_seat[seat]))),
                         pts, [seat])
            events.append({"type": "FarmScored", "rule": mode, "cities": len(per_seat[seat]),
                           "points": pts, "seats": [seat], "farmers": []})
    else:  # "first": per city, farmers of every field bordering it counted together
        by_city: dict[int, dict[int, int]] = {}
        for _root, f in fields:
            for city in _farm_cities(s, f):
                counts = by_city.setdefault(city, {})
                for seat, _n in f.followers:
                    counts[seat] = counts.get(seat, 0) + 1
        for city in sorted(by_city):
            counts = by_city[city]
            best = max(counts.values())
            winners = sorted(seat for seat, c in counts.items() if c == best)
            for seat in winners:
                s.scores[seat] += 4
            tiles = len(s.feats[city].squares)
            note_feature(s, "F", say("Most farmers beside a completed city of {tiles}",
                                     tiles=say_n("{n} tile", "{n} tiles", tiles)), 4, winners)
            events.append({"type": "FarmScored", "rule": mode, "cities": 1, "points": 4,
                           "seats": winners, "farmers": [],
                           "city": [list(q) for q in sorted(s.feats[city].squares)]})
    return events
