"""The hard bot's board evaluation (issue 17): every seat's estimated final score.

Rules it reasons about: scoring during play and at the end (CAR-36 to CAR-49, farms by the
`farm_scoring` option, CAR-48), followers in hand (CAR-20) and the abbey (CAR-84).

`estimates` takes the score so far and adds, for each open road, city and cloister, its value
now, its expected growth and the completion bonus weighted by its completion chance (the
chances and the growth by open sides and tiles left, as measured in odds.py); farms by the
game's farm rule with unfinished cities weighted by the same chances; a follower in hand is
worth points while turns remain. `evaluate` is a seat's estimate minus the best opponent's.
Split from hard_bot.py so that the placement and the auction (hard_auction.py) share it.
"""

from __future__ import annotations

from typing import Any

from . import odds
from .features import surrounding
from .scoring import majority
from .state import Feat, State


def _chance(rem: int, open_sides: int, n: int) -> float:
    """A rough chance that a feature with ``open_sides`` open sides gets completed."""
    if open_sides <= 0:
        return 1.0
    if rem <= 0:
        return 0.0
    q = rem / (rem + 3.0 + n)
    return float(q ** open_sides)


def open_worth(f: Feat, rem: int, n: int, tiny: bool,
               city: tuple[float, float] | None = None) -> float:
    """An open road's or city's expected points at the end: its tiles (and a city's pennants)
    now, the growth odds.py expects and, for a city, the completion bonus weighted by its
    chance (``city``: odds.city's chance and growth, if already known; ``tiny``: the two-tile
    city scores no bonus)."""
    tiles = len(f.squares)
    if f.kind == "R":
        return tiles + odds.road(rem, f.open, n)[1]
    p, growth = city if city is not None else odds.city(rem, f.open, n)
    now = tiles + f.pennants
    full = now if tiny and tiles == 2 else 2 * now
    return now + p * (full - now) + growth


def estimates(s: State) -> list[float]:
    """Every seat's estimated final score (module docstring)."""
    n = s.n
    rem = s.remaining()
    est = [float(x) for x in s.scores]
    if s.finished:
        return est
    tiny = s.opts.get("tiny_city") == "2"
    fields = []
    city_p: dict[int, float] = {}
    for root, f in s.feats.items():
        kind = f.kind
        if kind == "F":
            if f.followers:
                fields.append(f)
            continue
        if f.scored or f.complete:
            continue
        if kind == "C":
            city_p[root], city_growth = odds.city(rem, f.open, n)
        if not f.followers:
            continue
        if kind == "R":
            v = open_worth(f, rem, n, tiny)
        elif kind == "C":
            v = open_worth(f, rem, n, tiny, (city_p[root], city_growth))
        else:  # cloister
            around = surrounding(s, next(iter(f.squares)))
            v = 1 + around + (8 - around) * odds.cloister_fill(rem, n)
        for w in majority(f):
            est[w] += v
        # a builder on this feature earns extra parts while it grows (CAR-78)
        for b_seat, _node in f.builders:
            est[b_seat] += 2.0 * _chance(rem, 1, n) * min(1.0, rem / (4.0 * n))
    _farms(s, fields, city_p, est)
    turns = rem / n
    for seat in range(n):
        est[seat] += _hand_value(s.followers[seat], turns)
        if s.abbey[seat] and turns > 0:
            est[seat] += 1.0
    return est


def _hand_value(followers: int, turns: float) -> float:
    """Points a follower in hand is still worth: several while many turns remain."""
    c = min(1.0, turns / 10.0)
    total = 0.0
    for j in range(followers):
        total += c * (3.0 if j < 2 else 1.5 if j < 4 else 0.4)
    return total


def _farms(s: State, fields: list[Any], city_p: dict[int, float], est: list[float]) -> None:
    """Farm estimates by the farm rule (CAR-48), unfinished cities by their chance."""
    mode = s.opts.get("farm_scoring", "third")
    if mode == "off" or not fields:
        return

    def weight(root: int) -> float:
        f = s.feats[root]
        return 1.0 if f.complete else city_p.get(root, 0.0)

    if mode == "third":
        for f in fields:
            pts = 3.0 * sum(weight(r) for r in {s.find(c) for c in f.cities})
            for w in majority(f):
                est[w] += pts
    elif mode == "second":
        per_seat: dict[int, set[int]] = {}
        for f in fields:
            for w in majority(f):
                per_seat.setdefault(w, set()).update(s.find(c) for c in f.cities)
        for w, cities in per_seat.items():
            est[w] += 3.0 * sum(weight(r) for r in cities)
    else:
        by_city: dict[int, dict[int, int]] = {}
        for f in fields:
            for city in {s.find(c) for c in f.cities}:
                counts = by_city.setdefault(city, {})
                for seat, _n in f.followers:
                    counts[seat] = counts.get(seat, 0) + 1
        for city, counts in by_city.items():
            best = max(counts.values())
            for w, c in counts.items():
                if c == best:
                    est[w] += 4.0 * weight(city)


def evaluate(s: State, seat: int) -> float:
    """The seat's estimated final score minus the best opponent's."""
    est = estimates(s)
    others = [v for i, v in enumerate(est) if i != seat]
    return est[seat] - (max(others) if others else 0.0)

