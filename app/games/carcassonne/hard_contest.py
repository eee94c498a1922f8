"""Contesting features for the hard bot (issue 28, point 1): CAR-28, CAR-37, CAR-39 to CAR-48.

A tile that joins two pieces of a road, city or field that already carry followers changes who
holds the majority (CAR-37): joining a piece of the bot's own to an opponent's city ties it, so
the bot scores the whole city too, and the opponent's lead in it is gone. The greedy bot
(bot.py), whose placement judgement the hard bot builds on, counts such a join at half a point
(`bot._shared_effect`), whatever the feature is worth.

`contest` values the join: for each feature of the placed tile carrying followers from two or
more pieces, the feature's expected worth at the end (as hard_eval.py estimates it: points now,
growth and the completion bonus by odds.py; a field by `hard_farms.farm_worth`) under the new
majority, less the pieces' worth under theirs, from the bot's side: its own share counts for
it, an opponent's against it. A completed road or city scores at once and the greedy's margin
already counts it, so only open features are valued here.

`contest_bonus` adds it to a figure bonus (the placement's value in `bot.placements`), so that
the hard bot's placement and its own next placement (hard_bot.place_move) see it; the
opponent's reply is still the greedy's, which is what the normal bot plays.
"""

from __future__ import annotations

from typing import Any

from app.games.base import Move

from .hard_eval import open_worth
from .hard_farms import farm_worth
from .scoring import majority
from .state import Feat, State
from .tiles import segment_kinds

CONTEST_WEIGHT = 1.0
"""What a join's change of majority counts for in a placement's value; 0 turns it off.
Measured (issue 28, point 1, 2026-12-07; bench/README.md, "Carcassonne against normal,
again"), two players, over the same deals and move seeds as the bot without it: against the
normal bot +7.7 ± 3.5 points of margin a game on 37 tuning deals, +8.6 ± 2.2 on the first 144
record deals (78.5 % first places where it took 68.4 %); against the baseline +0.7 ± 2.7 on
126 (85.7 % where it took 88.9 %). Over all 200 record deals: 76.5 % against normal
(70.2-81.8 %), 86.2 % against the baseline (80.8-90.3 %)."""


def worth(s: State, f: Feat) -> float:
    """A road's, city's or field's expected points at the end (hard_eval.py's estimate)."""
    if f.kind == "F":
        return farm_worth(s, f) if s.opts.get("farm_scoring", "third") != "off" else 0.0
    return open_worth(f, s.remaining(), s.n, s.opts.get("tiny_city") == "2")


def share(s: State, seat: int, holders: list[int]) -> float:
    """A feature's worth for ``seat`` per point, by who holds its majority: 1 if the seat
    does, less the share of the opponents that do (each counts 1/(n-1): with two players the
    margin, with more an average opponent)."""
    mine = 1.0 if seat in holders else 0.0
    others = sum(1 for h in holders if h != seat)
    return mine - others / max(1, s.n - 1)


def contest(before: State, after: State, seat: int, sq: tuple[int, int]) -> float:
    """What the tile just placed on ``sq`` in ``after`` (``before``: the position before it)
    gains ``seat`` by joining pieces that carry followers (module docstring)."""
    if sq not in after.board:
        return 0.0
    tid, _r, base = after.board[sq]
    total = 0.0
    seen: set[int] = set()
    for i, kind in enumerate(segment_kinds(tid)):
        if kind not in "CRF":
            continue
        root = after.find(base + i)
        if root in seen:
            continue
        seen.add(root)
        f = after.feats[root]
        if f.complete or f.scored or not f.followers:
            continue
        pieces = {before.find(node) for _seat, node in f.followers}
        if len(pieces) < 2:
            continue
        gained = worth(after, f) * share(after, seat, majority(f))
        for piece in pieces:
            g = before.feats[piece]
            gained -= worth(before, g) * share(before, seat, majority(g))
        total += gained
    return total


FigureBonus = Any


def contest_bonus(before: State, figure_bonus: FigureBonus) -> FigureBonus:
    """``figure_bonus`` (a `bot.placements` valuation of the figure) with the tile's join
    value (`contest`, times `CONTEST_WEIGHT`) added; ``before`` is the position it is placed
    in."""

    def bonus(p: State, seat: int, ctx: dict[str, Any]) -> tuple[float, Move | None]:
        value, fig = figure_bonus(p, seat, ctx)
        if CONTEST_WEIGHT and "x" in ctx:
            value += CONTEST_WEIGHT * contest(before, p, seat, (ctx["x"], ctx["y"]))
        return value, fig

    return bonus
