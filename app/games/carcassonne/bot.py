"""Bots: a uniform random player and the baseline greedy bot (CAR-112 uses the baseline).

The greedy bot tries every legal placement, reads the points it scores at once (its own minus
the best opponent's) and adds what its best figure there is worth: points in sight for a
follower on an open road, city, cloister or farm, minus the value of keeping the follower.
In a bazaar it values each tile by its best placement and bids a share of that value.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from app.games.base import Move, Rng

from . import auction, rules
from .features import surrounding
from .figures import figure_options
from .parts import do_place_abbey, do_place_tile, end_part, hold_tile
from .placement import holes, legal_placements
from .scoring import majority, value
from .state import Feat, State
from .tiles import segment_kinds, segment_names


def random_move(s: State, seat: int, rng: Rng) -> Move:
    """A move drawn uniformly from ``legal_moves`` without building every move object."""
    if s.phase == "place":
        spots = legal_placements(s, s.ctx["tile"])  # exactly the PlaceTile moves, in order
        x, y, r = spots[rng.randbelow(len(spots))]
        return {"type": "PlaceTile", "x": x, "y": y, "r": r}
    if s.phase != "auction":
        moves = rules.legal_moves(s, seat)
        return moves[rng.randbelow(len(moves))]
    assert s.auction is not None
    info = auction.decision(s.auction)
    assert info is not None
    top = auction.MAX_BID
    if info["kind"] == "open":
        tiles = info["tiles"]
        k = rng.randbelow(len(tiles) * (top + 1))
        return {"type": "AuctionOpen", "tile": tiles[k // (top + 1)], "bid": k % (top + 1)}
    if info["kind"] == "bid":
        low = info["min_bid"]
        k = rng.randbelow(top - low + 2)
        return {"type": "AuctionPass"} if k == 0 else {"type": "AuctionRaise", "bid": low + k - 1}
    return {"type": "AuctionSettle", "choice": ("buy", "sell")[rng.randbelow(2)]}


def _margin(s: State, seat: int) -> float:
    """Own score minus the best opponent's."""
    others = [sc for i, sc in enumerate(s.scores) if i != seat]
    return s.scores[seat] - (max(others) if others else 0)


def _follower_value(s: State, seat: int, f: Feat, kind: str) -> tuple[float, bool]:
    """Points in sight for a new follower on an unoccupied feature, and whether it comes
    straight back (the feature is complete, so it scores at once)."""
    late = s.remaining() < 12
    if kind in "RC" and f.open == 0:
        return float(value(s, f, False)), True
    if kind == "R":
        return len(f.squares) * (0.6 if late else 1.0) + 0.5, False
    if kind == "C":
        per = 1.0 if late else 1.6
        return (len(f.squares) + f.pennants) * per + (0 if late else 1.0) - 0.4 * f.open, False
    if kind == "K":
        sq = next(iter(f.squares))
        n = surrounding(s, sq)
        if n == 8:
            return 9.0, True
        return (1.0 + n if late else 1 + n + (8 - n) * 0.6), False
    cities = {s.find(c) for c in f.cities}
    done = sum(1 for c in cities if s.feats[c].complete)
    return (3 * done + 1.2 * (len(cities) - done)) * (1.0 if s.remaining() < 30 else 0.6), False


def _figure_bonus(s: State, seat: int, ctx: dict[str, Any]) -> tuple[float, Move | None]:
    """The best figure for the tile just placed: its value and the move (None: skip)."""
    sq = (ctx["x"], ctx["y"])
    tid, _r, base = s.board[sq]
    kinds = segment_kinds(tid)
    keep = 1.5 + max(0, 4 - s.followers[seat]) * 1.5  # a follower in hand is worth something
    best, move = 0.0, None
    for seg, kind in figure_options(s, seat, sq):
        i = segment_names(tid).index(seg)
        f = s.feats[s.find(base + i)]
        if kind == "builder":
            val = 2.5 if s.remaining() > 8 else 0.0
        else:
            pts, back = _follower_value(s, seat, f, kinds[i])
            val = pts if back else pts - keep
        if val > best:
            best = val
            move = {"type": "PlaceFigure", "x": sq[0], "y": sq[1], "segment": seg, "kind": kind}
    return best, move


def _shared_effect(s: State, seat: int, roots: list[int]) -> float:
    """Growing a feature I lead is good, growing an opponent's is bad."""
    val = 0.0
    for root in roots:
        f = s.feats[root]
        if f.followers and f.open:
            lead = majority(f)
            val += 0.5 if seat in lead else -0.4
    return val


FigureBonus = Callable[[State, int, dict[str, Any]], tuple[float, Move | None]]


def placements(s: State, seat: int, figure_bonus: FigureBonus | None = None
               ) -> list[tuple[float, Move, Move | None]]:
    """Every (value, placement or abbey move, best figure move) for the tile or abbey in
    hand, in the order of the legal placements; the figure valued by ``figure_bonus``
    (the greedy's `_figure_bonus` unless given: the hard bot values farmers its own way)."""
    bonus_of = figure_bonus or _figure_bonus
    out: list[tuple[float, Move, Move | None]] = []
    base_margin = _margin(s, seat)
    ctx = s.ctx
    if ctx.get("tile") is None:
        spots = [("abbey", x, y, 0) for x, y in holes(s)]
    else:
        spots = [("tile", x, y, r) for x, y, r in legal_placements(s, ctx["tile"])]
    for what, x, y, r in spots:
        p = s.clone()
        if what == "tile":
            do_place_tile(p, x, y, r)
            move: Move = {"type": "PlaceTile", "x": x, "y": y, "r": r}
        else:
            do_place_abbey(p, seat, "first", x, y)
            move = {"type": "PlaceAbbey", "x": x, "y": y}
        pctx = p.ctx
        bonus, fig = bonus_of(p, seat, pctx)
        shared = _shared_effect(p, seat, pctx["roots"])
        extra = 3.0 if pctx.get("earned") else 0.0
        p.agenda = ()
        end_part(p, [])
        out.append((_margin(p, seat) - base_margin + bonus + shared + extra, move, fig))
    return out


def plan(s: State, seat: int) -> tuple[float, Move, Move | None]:
    """The best (value, placement or abbey move, figure move) for the tile or abbey in hand
    (the first of equal values)."""
    options = placements(s, seat)
    best = options[0]
    for option in options[1:]:
        if option[0] > best[0]:
            best = option
    return best


def tile_value(s: State, seat: int, tid: str) -> float:
    """What a won tile is worth to ``seat`` now (its best placement)."""
    p = s.clone()
    hold_tile(p, seat, "bazaar", tid, False)
    if not legal_placements(p, tid):
        return 0.0
    return max(0.0, plan(p, seat)[0])


def _auction_move(s: State, seat: int, rng: Rng) -> Move:
    assert s.auction is not None
    info = auction.decision(s.auction)
    assert info is not None
    row = s.auction["tiles"]
    if info["kind"] == "open":
        values = {i: tile_value(s, seat, row[i]) for i in info["tiles"]}
        tile = max(values, key=lambda i: (values[i], -i))
        return {"type": "AuctionOpen", "tile": tile, "bid": int(values[tile] * 0.3)}
    current = s.auction["current"]
    worth = tile_value(s, seat, row[current["tile"]])
    if info["kind"] == "bid":
        if info["min_bid"] <= worth * 0.5:
            return {"type": "AuctionRaise", "bid": info["min_bid"]}
        return {"type": "AuctionPass"}
    return {"type": "AuctionSettle", "choice": "buy" if worth > info["high_bid"] * 1.5 else "sell"}


def choose(s: State, seat: int, rng: Rng) -> Move:
    """The baseline bot's move for ``seat``."""
    ph = s.phase
    if ph == "auction":
        return _auction_move(s, seat, rng)
    if ph == "place":
        return plan(s, seat)[1]
    if ph == "figure":
        return _figure_bonus(s, seat, s.ctx)[1] or {"type": "SkipFigure"}
    legal = rules.legal_moves(s, seat)
    types = {m["type"] for m in legal}
    if "PlaceAbbey" in types:
        p = s.clone()
        p.ctx = {}
        val, move, _fig = plan(p, seat)
        if val >= 3 or ph == "abbey_round" or (ph == "extra" and "Draw" not in types):
            return move
    for kind in ("Draw", "PassAbbey", "DeclineExtra"):
        if kind in types:
            return {"type": kind}
    return legal[0]
