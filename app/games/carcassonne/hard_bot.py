"""The hard bot (issue 17): a placement expectimax, a bazaar search, rollouts, a board evaluation.

Rules it reasons about: the turn and its parts (CAR-13 to CAR-17), figures (CAR-20 to CAR-27,
the builder CAR-75 to CAR-81, the abbey CAR-84 to CAR-91), scoring during play and at the end
(CAR-36 to CAR-49, farms by the `farm_scoring` option) and the bazaar auction (CAR-60 to
CAR-70).

Method. `evaluate` (hard_eval.py) estimates every seat's final score from the position; the
worth for a seat is its estimate minus the best opponent's.

* A tile in hand (`place_move`): of the greedy bot's placements that it values about the same as
  its best (each with the greedy's figure, farmers valued by hard_farms.py while no opponent
  farms, followers the bot can no longer use at their end worth, a tile that joins pieces
  carrying followers at the change of majority it makes, hard_contest.py), the one that
  leaves the next seat least and the bot itself most: the expected value of the next seat's
  best reply, less, and of the bot's own best next placement (its joins valued too), over
  every kind of tile either may draw, weighted by the unseen count of each (an exact
  expectation over the draw). The figure step then places the figure the placement was
  chosen with; on the last tile, the best figure by the final score.
  Searching the placements with rollouts and this evaluation lost to the greedy's own
  judgement (docs/decisions.md, "The Carcassonne hard bot's placement", says what was
  measured).
* The auction (hard_auction.py): a shortlist of bids, each followed by the rest of the bazaar,
  valued against a model of the greedy bot's bids and, with two players, against the
  opponent's worst reply; the model's best among the moves whose worst case is safe.
* Start of a turn, extra part, abbey round: drawing, declining or passing against the best
  abbey holes, each played out in the same determinised worlds (the unseen tiles reshuffled
  per world, `CarcassonneEngine.resample_hidden`) for a few turns of greedy play
  (`quick_choose`), then evaluated (`search`).

Deterministic for a given Rng; standard library only.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

from app.games.base import Move, Rng, SeededRng

from . import auction, bot, hard_contest, rules
from .figures import figure_options, put_figure
from .hard_auction import auction_move
from .hard_contest import contest_bonus
from .hard_eval import estimates, evaluate
from .hard_farms import figure_bonus
from .parts import do_place_abbey, do_place_tile, end_part, hold_tile
from .placement import holes, legal_placements
from .state import State

__all__ = ["auction_move", "estimates", "evaluate", "hard_move"]

Resample = Callable[[State, int, Rng], State]

ROLLOUT_TURNS = 2
"""Regular turns each seat plays in a rollout before the evaluation."""
SAMPLE = 6
"""Placements the rollout policy weighs per tile."""


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
OWN_WEIGHT = 1.0
"""What a placement is credited for the bot's own expected best next placement (the same
exact expectation over the unseen tiles as the reply), in the greedy's points; 0 turns it off.
Measured (issue 28, point 1, 2026-12-07; bench/README.md), 100 two-player games against the
normal bot on bench/carcassonne_knobs.py's deals: 73.0 % first places (margin +16.5) where the
bot without it took 67.0 % (+12.6) of the same deals; it doubles a placement's CPU (mean
about 50 ms a hard move)."""


def place_move(s: State, seat: int) -> Move:
    """The tile's placement: among the greedy bot's placements that it values about the same
    as its best (`bot.placements`, each with the greedy's figure and the value of the pieces
    it joins, `hard_contest.contest_bonus`), the one that leaves the next seat least and the
    bot most: each is charged the expected value of that seat's best reply
    over every kind of tile it may draw, weighted by how many of them are unseen (an exact
    expectation over the draw, not a sample), and credited the same for the bot's own next
    placement (`OWN_WEIGHT`)."""
    ranked = sorted(bot.placements(s, seat, contest_bonus(s, figure_bonus)), key=lambda o: -o[0])
    options = [o for o in ranked[:PLACE_SHORTLIST] if o[0] >= ranked[0][0] - PLACE_MARGIN]
    unseen = Counter(s.facedown + s.stack[s.pos:])
    if len(options) == 1 or not unseen:
        return options[0][1]
    nxt = (seat + 1) % s.n

    def worth(o: tuple[float, Move, Move | None]) -> float:
        after = _after(s, seat, o)
        v = o[0] - REPLY_WEIGHT * _reply(after, nxt, unseen)
        if OWN_WEIGHT:
            v += OWN_WEIGHT * _reply(after, seat, unseen, own=True)
        return v

    return max(options, key=worth)[1]


def _after(s: State, seat: int, option: tuple[float, Move, Move | None]) -> State:
    """The position once the placement and its figure are made and scored."""
    _value, place, fig = option
    p = s.clone()
    do_place_tile(p, place["x"], place["y"], place["r"])
    if fig is not None:
        put_figure(p, seat, (fig["x"], fig["y"]), fig["segment"], fig["kind"])
    return _settled(p)


def _best(q: State, seat: int, own: bool) -> float:
    """``seat``'s best greedy value with the tile it holds in ``q``; for the bot itself
    (``own``) with the joins it makes valued (hard_contest.py), as its placement values them."""
    if own and hard_contest.CONTEST_WEIGHT:
        return max(o[0] for o in bot.placements(q, seat, contest_bonus(q, bot._figure_bonus)))
    return bot.plan(q, seat)[0]


def _reply(p: State, seat: int, unseen: Counter[str], own: bool = False) -> float:
    """The mean over the unseen tiles of ``seat``'s best greedy value with that tile (with the
    bot's own joins valued when ``own``)."""
    total, weight = 0.0, 0
    for tid, count in unseen.items():
        q = p.clone()
        hold_tile(q, seat, "first", tid, True)
        if not legal_placements(q, tid):
            continue  # such a tile is discarded and another drawn (CAR-17)
        total += count * _best(q, seat, own)
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
        # the figure the placement was chosen with (place_move weighs the same figures)
        return figure_bonus(s, seat, s.ctx)[1] or {"type": "SkipFigure"}
    legal = rules.legal_moves(s, seat)
    plain = [m for m in legal if m["type"] != "PlaceAbbey"]
    plans = [[m] for m in plain]
    if len(plain) < len(legal):
        plans += _shortlist(abbey_combos(s, seat), 2)
    return search(s, seat, plans, max(1, worlds // 2), rng, resample, out_of_time)[0]
