"""The hard bot's figures, farmers valued apart (issue 28, point 1): CAR-20 to CAR-26, CAR-47/48.

The greedy bot (bot.py) values a farmer at 1.2 points per open city beside it (0.6 of that
while 30 tiles or more remain), less the worth of a follower kept: early in a game it never
farms, and a player that farms scores about 45 points a game from farms against the bots'
0-18 (bench/README.md). Here a farmer is worth what its field should pay at the end under the
"third" and "second" rules (CAR-48): 3 points per completed city beside it and 3 times the
measured completion chance (odds.py) per open one, less `FARMER_COST`, the follower it keeps
on the board for good (less of it as the stack runs out, more when few are left in hand).
Every other figure keeps the greedy's value, so the placement (hard_bot.place_move) still
weighs the greedy's judgement, farmers included at this worth. Once an opponent has a farmer
on the board the bot farms as the greedy does (`_contested`): a player that farms joins
fields and outnumbers a lone farmer (CAR-37).

Spare followers (issue 28, point 1, 2026-12-06 evening): once the bot holds more followers
than it has turns left (the stack is drawn in turn order, CAR-13), a follower kept scores
nothing (CAR-46), yet the greedy still charges for keeping one back. Then every figure is
valued at what its feature should score at the end (points now plus the completion bonus and
growth by odds.py; farms by `farm_worth`) with nothing charged (`spare`). It comes up in
about one game in three, in the last turn or two (bench/README.md).

Measured (bench/README.md, two players, bench/bot_strength.py's games 0-39): counting the
cities a field may still reach and a cost of 3 put farmers everywhere early and starved the
bot of followers (2 first places in 17 against normal); without the reach, at a cost of 5 and
only while no opponent farms, 70.0 % against normal (main's figure 60.0 % of the same games)
and 83.8 % against the baseline (68.8 % when it farmed regardless).
"""

from __future__ import annotations

from typing import Any

from app.games.base import Move

from . import bot, odds
from .figures import figure_options
from .state import Feat, State
from .tiles import segment_kinds, segment_names

STACK = 72
"""About the tiles of a game with the bazaar tiles: the share of the stack still to come."""
FARMER_COST = 5.0
"""A farmer never comes back (CAR-46): what a follower in hand is worth, early; less later."""


def farm_worth(s: State, f: Feat) -> float:
    """What a field pays its farmer at the end, expected (CAR-48, "third" and "second")."""
    rem = s.remaining()
    total = 0.0
    for root in {s.find(c) for c in f.cities}:
        city = s.feats[root]
        total += 3.0 if city.complete else 3.0 * odds.city(rem, city.open, s.n)[0]
    return total


def _contested(s: State, seat: int) -> bool:
    """Whether an opponent farms too (a farmer of another seat on the board, CAR-98: public):
    a player that farms joins fields and outnumbers a lone farmer (CAR-37), so the bot then
    farms only as the greedy does."""
    return any(f.kind == "F" and any(st != seat for st, _n in f.followers)
               for f in s.feats.values())


SPARE = True
"""Whether followers the bot can no longer use are placed for what they will score (`spare`)."""


def own_turns(s: State, seat: int) -> int:
    """The regular turns ``seat`` still plays: the stack is drawn in turn order (CAR-13)."""
    rem = s.remaining()
    return (rem + (s.n - 1)) // s.n


def spare(s: State, seat: int) -> bool:
    """Whether ``seat`` holds more followers than it has turns left to place them: a follower
    kept then never scores, so it is worth nothing in hand (CAR-46)."""
    return SPARE and s.followers[seat] > own_turns(s, seat)


def _spare_bonus(s: State, seat: int, ctx: dict[str, Any]) -> tuple[float, Move | None]:
    """The best figure once followers are spare: each feature at what it should score at the
    end (its points now, plus its completion bonus by the measured chances), nothing kept."""
    sq = (ctx["x"], ctx["y"])
    tid, _r, base = s.board[sq]
    kinds = segment_kinds(tid)
    names = segment_names(tid)
    farms = s.opts.get("farm_scoring", "third") in ("third", "second")
    rem = s.remaining()
    best, move = 0.0, None
    for seg, kind in figure_options(s, seat, sq):
        i = names.index(seg)
        f = s.feats[s.find(base + i)]
        k = kinds[i]
        if kind == "builder":
            val = 0.0
        elif k == "F":
            val = farm_worth(s, f) if farms else bot._follower_value(s, seat, f, k)[0]
        elif k == "C" and f.open:
            p, growth = odds.city(rem, f.open, s.n)
            now = len(f.squares) + f.pennants
            val = now * (1 + p) + growth
        elif k == "R" and f.open:
            val = len(f.squares) + odds.road(rem, f.open, s.n)[1]
        else:
            val = bot._follower_value(s, seat, f, k)[0]
        if val > best:
            best = val
            move = {"type": "PlaceFigure", "x": sq[0], "y": sq[1], "segment": seg, "kind": kind}
    return best, move


def figure_bonus(s: State, seat: int, ctx: dict[str, Any]) -> tuple[float, Move | None]:
    """The best figure for the tile just placed, as `bot._figure_bonus` but with farmers at
    `farm_worth` (the first and off rules keep the greedy's value)."""
    if spare(s, seat):
        return _spare_bonus(s, seat, ctx)
    if s.opts.get("farm_scoring", "third") not in ("third", "second") or _contested(s, seat):
        return bot._figure_bonus(s, seat, ctx)
    sq = (ctx["x"], ctx["y"])
    tid, _r, base = s.board[sq]
    kinds = segment_kinds(tid)
    names = segment_names(tid)
    keep = 1.5 + max(0, 4 - s.followers[seat]) * 1.5  # bot._figure_bonus's
    cost = FARMER_COST * min(1.0, s.remaining() / STACK) + max(0, 4 - s.followers[seat]) * 1.5
    best, move = 0.0, None
    for seg, kind in figure_options(s, seat, sq):
        i = names.index(seg)
        f = s.feats[s.find(base + i)]
        if kind == "builder":
            val = 2.5 if s.remaining() > 8 else 0.0
        elif kinds[i] == "F":
            val = farm_worth(s, f) - cost
        else:
            pts, back = bot._follower_value(s, seat, f, kinds[i])
            val = pts if back else pts - keep
        if val > best:
            best = val
            move = {"type": "PlaceFigure", "x": sq[0], "y": sq[1], "segment": seg, "kind": kind}
    return best, move
