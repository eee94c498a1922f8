"""The hard bot (issue 17): a placement expectimax, a bazaar search, rollouts, a board evaluation.

Rules it reasons about: the turn and its parts (CAR-13 to CAR-17), figures (CAR-20 to CAR-27,
the builder CAR-75 to CAR-81, the abbey CAR-84 to CAR-91), scoring during play and at the end
(CAR-36 to CAR-49, farms by the `farm_scoring` option) and the bazaar auction (CAR-60 to
CAR-70).

Method. `evaluate` estimates every seat's final score from the position: the score so far,
plus, for each open road, city and cloister, its value now, its expected growth and the
completion bonus weighted by its completion chance (the chances and the growth by open sides
and tiles left, as measured in odds.py); farms by the game's farm rule with unfinished cities
weighted by the same chances; a follower in hand is worth points while turns remain. The worth
for a seat is its estimate minus the best opponent's.

* A tile in hand (`place_move`): of the greedy bot's placements that it values about the same as
  its best (each with the greedy's figure), the one that leaves the next seat least: the
  expected value of its best reply over every kind of tile it may draw, weighted by the unseen
  count of each (an exact expectation over the draw). The figure step then places the figure
  the placement was chosen with; on the last tile, the best figure by the final score.
  Searching the placements with rollouts and this evaluation lost to the greedy's own
  judgement (docs/decisions.md, "The Carcassonne hard bot's placement", says what was
  measured).
* The auction: a shortlist of bids and choices (each free tile with a ladder of opening bids;
  pass or a ladder of raises; buy or sell). Each is followed, in the position itself, by the
  rest of the bazaar played by the greedy bot (the auction and the bazaar round need no hidden
  tile), then evaluated.
* Start of a turn, extra part, abbey round: drawing, declining or passing against the best
  abbey holes, each played out in the same determinised worlds (the unseen tiles reshuffled
  per world, `CarcassonneEngine.resample_hidden`) for a few turns of greedy play
  (`quick_choose`), then evaluated (`search`).

Deterministic for a given Rng; standard library only.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

from app.games.base import Move, Rng, SeededRng

from . import auction, bot, odds, rules
from .features import surrounding
from .figures import figure_options, put_figure
from .parts import do_place_abbey, do_place_tile, end_part, hold_tile
from .placement import holes, legal_placements
from .scoring import majority
from .state import State

Resample = Callable[[State, int, Rng], State]

ROLLOUT_TURNS = 2
"""Regular turns each seat plays in a rollout before the evaluation."""
SAMPLE = 6
"""Placements the rollout policy weighs per tile."""


# --------------------------------------------------------------------------- evaluation


def _chance(rem: int, open_sides: int, n: int) -> float:
    """A rough chance that a feature with ``open_sides`` open sides gets completed."""
    if open_sides <= 0:
        return 1.0
    if rem <= 0:
        return 0.0
    q = rem / (rem + 3.0 + n)
    return float(q ** open_sides)


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
        tiles = len(f.squares)
        if kind == "R":
            v = tiles + odds.road(rem, f.open, n)[1]
        elif kind == "C":
            p = city_p[root]
            now = tiles + f.pennants
            full = now if tiny and tiles == 2 else 2 * now
            v = now + p * (full - now) + city_growth
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


# --------------------------------------------------------------------------- candidates


def _settled(p: State) -> State:
    """The position after the scoring step, with nothing queued (for the one-ply evaluation)."""
    p.agenda = ()
    end_part(p, [])
    return p


def _figure_values(p: State, seat: int) -> list[tuple[float, Move]]:
    """Each figure choice in the figure step ``p`` (skip first) with its one-ply value."""
    x, y = p.ctx["x"], p.ctx["y"]
    skip: Move = {"type": "SkipFigure"}
    out = [(evaluate(_settled(p.clone()), seat), skip)]
    for seg, kind in figure_options(p, seat, (x, y)):
        q = p.clone()
        put_figure(q, seat, (x, y), seg, kind)
        m: Move = {"type": "PlaceFigure", "x": x, "y": y, "segment": seg, "kind": kind}
        out.append((evaluate(_settled(q), seat), m))
    return out


def abbey_combos(s: State, seat: int) -> list[tuple[float, list[Move]]]:
    """Every abbey hole with every figure choice, best first."""
    kind = {"start": "first", "extra": "extra"}.get(s.phase, "abbey_round")
    out: list[tuple[float, list[Move]]] = []
    for x, y in holes(s):
        p = s.clone()
        do_place_abbey(p, seat, kind, x, y)
        place: Move = {"type": "PlaceAbbey", "x": x, "y": y}
        out.extend((v, [place, m]) for v, m in _figure_values(p, seat))
    out.sort(key=lambda c: -c[0])
    return out


# --------------------------------------------------------------------------- placement

PLACE_SHORTLIST = 6
PLACE_MARGIN = 0.5
"""The placements weighed: the greedy's best six, those within half a point of its best."""
REPLY_WEIGHT = 1.0
"""What a placement is charged for the next seat's expected best reply, in the greedy's own
points. Measured over the same 200 two-player games against the normal bot
(docs/decisions.md, "The Carcassonne hard bot's placement"): the greedy's placement 72.0 %
first places, its best three with the reply weighted 0.3 69.2 %, its best six within half a
point with the reply at full weight 74.5 % (within two points: 74.8 %)."""


def place_move(s: State, seat: int) -> Move:
    """The tile's placement: among the greedy bot's placements that it values about the same
    as its best (`bot.placements`, each with the greedy's figure), the one that leaves the next
    seat least: each is charged the expected value of that seat's best reply over every kind
    of tile it may draw, weighted by how many of them are unseen (an exact expectation over
    the draw, not a sample)."""
    ranked = sorted(bot.placements(s, seat), key=lambda o: -o[0])
    options = [o for o in ranked[:PLACE_SHORTLIST] if o[0] >= ranked[0][0] - PLACE_MARGIN]
    unseen = Counter(s.facedown + s.stack[s.pos:])
    if len(options) == 1 or not unseen:
        return options[0][1]
    nxt = (seat + 1) % s.n
    best = max(options, key=lambda o: o[0] - REPLY_WEIGHT * _reply(_after(s, seat, o), nxt,
                                                                    unseen))
    return best[1]


def _after(s: State, seat: int, option: tuple[float, Move, Move | None]) -> State:
    """The position once the placement and its figure are made and scored."""
    _value, place, fig = option
    p = s.clone()
    do_place_tile(p, place["x"], place["y"], place["r"])
    if fig is not None:
        put_figure(p, seat, (fig["x"], fig["y"]), fig["segment"], fig["kind"])
    return _settled(p)


def _reply(p: State, seat: int, unseen: Counter[str]) -> float:
    """The mean over the unseen tiles of ``seat``'s best greedy value with that tile."""
    total, weight = 0.0, 0
    for tid, count in unseen.items():
        q = p.clone()
        hold_tile(q, seat, "first", tid, True)
        if not legal_placements(q, tid):
            continue  # such a tile is discarded and another drawn (CAR-17)
        total += count * bot.plan(q, seat)[0]
        weight += count
    return total / weight if weight else 0.0


# --------------------------------------------------------------------------- search


def quick_choose(s: State, seat: int, rng: Rng) -> Move:
    """The rollout policy: the greedy bot's judgement over a random sample of placements
    (the listing of every placement is what makes the greedy bot slow), the auction
    baseline's modest bids."""
    ph = s.phase
    if ph == "place":
        spots = legal_placements(s, s.ctx["tile"])
        if len(spots) > SAMPLE:
            picked: set[int] = set()
            while len(picked) < SAMPLE:
                picked.add(rng.randbelow(len(spots)))
            spots = [spots[i] for i in sorted(picked)]
        return _best_spot(s, seat, spots)
    if ph == "auction":
        assert s.auction is not None
        return auction.bot_move(s.auction, seat, rng)
    return bot.choose(s, seat, rng)


def _best_spot(s: State, seat: int, spots: list[tuple[int, int, int]]) -> Move:
    """The greedy bot's valuation (bot.plan) over the given placements."""
    best_val, best = -1e9, spots[0]
    base = bot._margin(s, seat)
    for x, y, r in spots:
        p = s.clone()
        do_place_tile(p, x, y, r)
        bonus, _fig = bot._figure_bonus(p, seat, p.ctx)
        shared = bot._shared_effect(p, seat, p.ctx["roots"])
        extra = 3.0 if p.ctx.get("earned") else 0.0
        _settled(p)
        val = bot._margin(p, seat) - base + bonus + shared + extra
        if val > best_val:
            best_val, best = val, (x, y, r)
    return {"type": "PlaceTile", "x": best[0], "y": best[1], "r": best[2]}


def _rollout(world: State, seat: int, plan: list[Move], rng: Rng) -> float:
    """Play the planned moves, then the greedy bot for a few turns; evaluate for ``seat``."""
    for m in plan:
        world, _ = rules.apply(world, seat, m, rng)
    turns = 0
    limit = rollout_parts(world.n)
    while not world.finished:
        actor = world.actor
        phase = world.phase
        if phase == "place" and world.ctx.get("kind") == "first":
            turns += 1
            if turns > limit:
                break
        world, _ = rules.apply(world, actor, quick_choose(world, actor, rng), rng)
    return evaluate(world, seat)


def rollout_parts(n: int) -> int:
    """Regular turns a rollout plays: `ROLLOUT_TURNS` rounds with two players, one round
    (every opponent answers once) with more, so the work per move stays about the same."""
    return ROLLOUT_TURNS * n if n == 2 else n


def scaled_worlds(worlds: int, n: int) -> int:
    """Determinised worlds for ``n`` players: all of them with two, fewer with more players
    (each rollout has more opponents' turns and each bazaar more tiles)."""
    return worlds if n == 2 else max(2, worlds * 2 // n)


def search(s: State, seat: int, plans: list[list[Move]], worlds: int, rng: Rng,
           resample: Resample, out_of_time: Callable[[], bool]) -> list[Move]:
    """The plan with the best mean rollout value over the same ``worlds`` determinisations."""
    if len(plans) == 1:
        return plans[0]
    totals = [0.0] * len(plans)
    for _ in range(worlds):
        world = resample(s, seat, SeededRng(rng.randbelow(2**62)))
        seed = rng.randbelow(2**62)
        for i, plan in enumerate(plans):
            totals[i] += _rollout(world, seat, plan, SeededRng(seed))
        if out_of_time():
            break
    best = max(range(len(plans)), key=lambda i: (totals[i], -i))
    return plans[best]


def _shortlist(combos: list[tuple[float, list[Move]]], k: int,
               margin: float = 6.0) -> list[list[Move]]:
    """The best ``k`` combinations, without those far below the best one-ply value."""
    if not combos:
        return []
    top = combos[0][0]
    return [plan for v, plan in combos[:k] if v >= top - margin]


def hard_move(s: State, seat: int, rng: Rng, worlds: int, resample: Resample,
              out_of_time: Callable[[], bool]) -> Move:
    """The hard bot's move for ``seat`` (module docstring)."""
    ph = s.phase
    worlds = scaled_worlds(worlds, s.n)
    if ph == "auction":
        return auction_move(s, seat)
    if ph == "place":
        return place_move(s, seat)
    if ph == "figure":
        if s.remaining() == 0:
            # the last tile: a follower in hand is worth nothing any more and the one-ply
            # evaluation is the final score (CAR-44, CAR-46), where the greedy keeps one back
            return max(_figure_values(s, seat), key=lambda c: c[0])[1]
        # the figure the placement was chosen with (place_move weighs the greedy's figure)
        return bot.choose(s, seat, rng)
    legal = rules.legal_moves(s, seat)
    plain = [m for m in legal if m["type"] != "PlaceAbbey"]
    plans = [[m] for m in plain]
    if len(plain) < len(legal):
        plans += _shortlist(abbey_combos(s, seat), 2)
    return search(s, seat, plans, max(1, worlds // 2), rng, resample, out_of_time)[0]


# --------------------------------------------------------------------------- auction

OPEN_BIDS = (0, 1, 2, 3, 4, 5, 6, 8, 10, 13)
OPEN_BIDS_MANY = (0, 1, 2, 4, 6, 9, 13)
"""The opening ladder with 3-5 players: a tile per player in the row (CAR-60), so fewer bids
per tile keep the opening decision, the costliest one, under the CPU cap."""
RAISES = (0, 1, 2, 3, 5, 8)


def auction_candidates(s: State) -> list[Move]:
    """A shortlist of auction moves: bids on a ladder, pass, buy and sell."""
    assert s.auction is not None
    info = auction.decision(s.auction)
    assert info is not None
    if info["kind"] == "open":
        ladder = OPEN_BIDS if s.n == 2 else OPEN_BIDS_MANY
        return [{"type": "AuctionOpen", "tile": t, "bid": b}
                for t in info["tiles"] for b in ladder]
    if info["kind"] == "bid":
        low = info["min_bid"]
        return [{"type": "AuctionPass"}] + [
            {"type": "AuctionRaise", "bid": low + d} for d in RAISES if low + d <= auction.MAX_BID]
    return [{"type": "AuctionSettle", "choice": "buy"}, {"type": "AuctionSettle", "choice": "sell"}]


Cache = dict[tuple[Any, ...], tuple[list[float], list[int]]]


Values = dict[tuple[Any, ...], float]


def _tile_value(s: State, seat: int, tid: str, values: Values) -> float:
    """`bot.tile_value`, remembered: during an auction only the scores change (CAR-63)."""
    key = (seat, tid, tuple(s.scores))
    if key not in values:
        values[key] = bot.tile_value(s, seat, tid)
    return values[key]


def greedy_bid(s: State, seat: int, values: Values) -> Move:
    """The greedy bot's auction move (bot._auction_move), its tile values remembered: the
    auction candidates replay the same auctions, and every value is a full placement listing."""
    assert s.auction is not None
    info = auction.decision(s.auction)
    assert info is not None
    row = s.auction["tiles"]
    if info["kind"] == "open":
        worth = {i: _tile_value(s, seat, row[i], values) for i in info["tiles"]}
        tile = max(worth, key=lambda i: (worth[i], -i))
        return {"type": "AuctionOpen", "tile": tile, "bid": int(worth[tile] * 0.3)}
    current = s.auction["current"]
    value = _tile_value(s, seat, row[current["tile"]], values)
    if info["kind"] == "bid":
        if info["min_bid"] <= value * 0.5:
            return {"type": "AuctionRaise", "bid": info["min_bid"]}
        return {"type": "AuctionPass"}
    return {"type": "AuctionSettle", "choice": "buy" if value > info["high_bid"] * 1.5 else "sell"}


def _finish_bazaar(world: State, seat: int, move: Move, cache: Cache, values: Values) -> float:
    """Apply the auction move, let the greedy bot finish the bazaar, evaluate for ``seat``.

    Candidates that end in the same owners differ only in the points paid (CAR-63), which
    add to the scores: the bazaar round after the auction is played once per set of owners.
    """
    rng = SeededRng(0)  # nothing random happens before the window closes
    world, _ = rules.apply(world, seat, move, rng)
    while not world.finished and world.phase == "auction":
        actor = world.actor
        world, _ = rules.apply(world, actor, greedy_bid(world, actor, values), rng)
    return _after_auction(world, seat, cache)


def _after_auction(world: State, seat: int, cache: Cache) -> float:
    """The worth for ``seat`` of a bazaar whose auction is over: the bazaar round played by
    the greedy bot, once per set of owners, the points paid added (CAR-63)."""
    rng = SeededRng(0)
    key = tuple(auction.owners(world.auction)) if world.auction is not None else ()
    paid = list(world.scores)
    if key not in cache:
        while not world.finished and world.window:
            actor = world.actor
            world, _ = rules.apply(world, actor, bot.choose(world, actor, rng), rng)
        cache[key] = (estimates(world), paid)
    est, base = cache[key]
    est = [e + p - b for e, p, b in zip(est, paid, base, strict=True)]
    others = [v for i, v in enumerate(est) if i != seat]
    return est[seat] - (max(others) if others else 0.0)


MINIMAX_PLAYERS = 2
"""Up to this many players the auction is also searched against the opponent's best replies."""
WORST_WEIGHT = 0.0
"""The weight of the worst-case reply's value next to the greedy model's; 0 keeps the model
alone. Measured (bench/bot_strength.py, two players, seeds 0 onward; docs/decisions.md): the
model alone exploits the normal bot's bids and is exploited by the baseline's, the worst case
alone the reverse (83.3 % of 60 games against the baseline, 47.5 % of 60 against normal), and
half of each was 54.2 % of 24 against normal. Left at the model until a weight or a better
auction beats both."""


def auction_move(s: State, seat: int) -> Move:
    """The auction move whose bazaar evaluates best against the greedy bot's bids, blended with
    two players by `WORST_WEIGHT` with its value against the opponent's best replies
    (`_minimax`)."""
    cands = auction_candidates(s)
    cache: Cache = {}
    known: Values = {}
    values = [_finish_bazaar(s, seat, m, cache, known) for m in cands]
    if s.n <= MINIMAX_PLAYERS and WORST_WEIGHT > 0:
        worst = [_minimax(_bid_applied(s, seat, m), seat, cache) for m in cands]
        values = [(1 - WORST_WEIGHT) * v + WORST_WEIGHT * w
                  for v, w in zip(values, worst, strict=True)]
    best = max(range(len(cands)), key=lambda i: (values[i], -i))
    return cands[best]


def _bid_applied(s: State, seat: int, move: Move) -> State:
    return rules.apply(s, seat, move, SeededRng(0))[0]  # an auction draws nothing (CAR-60)


def _minimax(world: State, seat: int, cache: Cache) -> float:
    """The worth for ``seat`` when the rest of a two-player auction is played well by both.

    Everything in an auction is public (CAR-98) and nothing in it is random, and with two
    players one's gain is the other's loss (the worth is a score difference), so the bot can
    take the opponent's reply that is worst for it rather than guess how the opponent bids
    (a model of the greedy bot's bids lost to players who open low and sell when raised). The
    tree is small: an opening, one reply (CAR-62), a settlement (CAR-63); the last tile is
    free (CAR-66)."""
    if world.finished or world.phase != "auction":
        return _after_auction(world, seat, cache)
    actor = world.actor
    values = [_minimax(_bid_applied(world, actor, m), seat, cache)
              for m in auction_candidates(world)]
    return max(values) if actor == seat else min(values)
