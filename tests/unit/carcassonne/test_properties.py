"""Properties over random games (Hypothesis) and the information rules S-CAR-34, S-CAR-36.

No follower lands on an occupied feature (CAR-22); every tile is in exactly one place (stack,
face-down, auction, hand, won, board or discard); the draw order never shows in a view
(CAR-97, CAR-100); replay never re-rolls (CAR-103).
"""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from app.games.base import GameError, RecordingRng, ReplayMismatch, ReplayRng, SeededRng
from app.games.carcassonne.bot import random_move
from app.games.carcassonne.engine import ENGINE
from app.games.carcassonne.figures import figure_error, figure_options
from app.games.carcassonne.state import State
from app.games.carcassonne.tiles import ABBEY, START, segment_names, supply

from .helpers import NAMES, Game

OPTION_SETS: list[dict[str, Any]] = [
    {},
    {"bazaar_builder_order": "builder-first"},
    {"farm_scoring": "first", "tiny_city": "2"},
    {"bazaar": False, "abbey": False},
    {"builder": False, "show_remaining": False},
]


def locations(s: State) -> Counter[str]:
    """Every tile of the game by where it is now (the start tile excluded)."""
    c: Counter[str] = Counter(t for t, _r, _b in s.board.values() if t != ABBEY)
    c[START] -= 1
    c.update(s.stack[s.pos:])
    c.update(s.facedown)
    c.update(s.discards)
    if s.phase == "place":
        c[s.ctx["tile"]] += 1
    if s.phase == "auction":
        assert s.auction is not None
        c.update(s.auction["tiles"])
    c.update(step[2] for step in s.agenda if step[0] == "bturn")
    return +c


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 10_000), n=st.integers(2, 5), which=st.integers(0, 4))
def test_invariants_over_random_games(seed: int, n: int, which: int) -> None:
    opts = ENGINE.validate_options(OPTION_SETS[which], n)
    rng = SeededRng(seed)
    s = ENGINE.setup(NAMES[:n], opts, rng)
    whole = Counter(supply(opts["bazaar"]))
    whole[START] -= 1
    while not s.finished:
        assert locations(s) == +whole
        move = random_move(s, s.actor, rng)
        if s.phase != "auction":
            assert move in ENGINE.legal_moves(s, s.actor)
        if move["type"] == "PlaceFigure" and move["kind"] == "follower":
            tid, _r, base = s.board[(move["x"], move["y"])]
            node = base + segment_names(tid).index(move["segment"])
            assert not s.feats[s.find(node)].followers  # CAR-22
        if s.phase == "figure":
            sq = (s.ctx["x"], s.ctx["y"])
            slow = [(g, k) for g in segment_names(s.board[sq][0]) for k in ("follower", "builder")
                    if figure_error(s, s.actor, sq, g, k) is None]
            assert figure_options(s, s.actor, sq) == slow
        s, _ = ENGINE.apply(s, s.actor, move, rng)
        # followers on the board + in supply = 7 each (CAR-5, CAR-24)
        on_board = Counter(f[0] for f in s.figures.values() if f[1] == "follower")
        assert all(on_board[i] + s.followers[i] == 7 for i in range(n))
    assert locations(s) == +whole


@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 10_000), which=st.integers(0, 4))
def test_car_97_100_views_do_not_depend_on_the_draw_order(seed: int, which: int) -> None:
    opts = ENGINE.validate_options(OPTION_SETS[which], 3)
    rng = SeededRng(seed)
    s = ENGINE.setup(NAMES[:3], opts, rng)
    step = 0
    while not s.finished:
        if step % 7 == 0:
            other = ENGINE.resample_hidden(s, None, SeededRng(step))
            for seat in (None, 0, 1, 2):
                assert ENGINE.view(other, seat) == ENGINE.view(s, seat)
        s, _ = ENGINE.apply(s, s.actor, random_move(s, s.actor, rng), rng)
        step += 1


def test_car_101_34_one_view_for_everybody_and_no_fixture() -> None:
    """S-CAR-34."""
    g = Game(2, ["E", "U", "V"])
    views = [ENGINE.view(g.state, seat) for seat in (None, 0, 1)]
    assert views[0] == views[1] == views[2]
    text = json.dumps(views[0])
    assert "stack_order" not in text and "'stack'" not in str(views[0]["options"])
    assert "stack" not in views[0]["options"]
    g.tile(0, -1, 2)
    g.tile(1, 0, 0)
    g.tile(2, 0, 1) if g.state.ctx["tile"] == "V" else None
    assert g.state.finished
    full = ENGINE.full_view(g.state)
    assert full["options"]["stack"] == ["E", "U", "V"]
    assert ENGINE.public_options(g.state.opts, True)["stack"] == ["E", "U", "V"]


def test_car_99_show_remaining() -> None:
    """S-CAR-34: the unseen list with show_remaining, only the count without."""
    on = Game(4, ["BZ4", "U", "V", "W", "B", "U"])
    before = ENGINE.view(on.state, None)["remaining"]
    on.tile(0, 1, 0)
    after = ENGINE.view(on.state, None)["remaining"]
    assert before == {"U": 2, "V": 1, "W": 1, "B": 1}
    assert after == {"U": 1}
    off = Game(4, ["BZ4", "U", "V", "W", "B", "U"], show_remaining=False)
    v = ENGINE.view(off.state, None)
    assert "remaining" not in v and v["stack"] == 5


def test_car_102_103_replay_never_rerolls_and_checks_draws() -> None:
    """S-CAR-36: replay with recorded outcomes only; an altered draw is rejected."""
    opts = ENGINE.validate_options({}, 3)
    setup = RecordingRng(SeededRng(4))
    s = ENGINE.setup(NAMES[:3], opts, setup)
    start = ENGINE.dump_state(s)
    chooser = SeededRng(9)
    log = []
    while not s.finished:
        move = random_move(s, s.actor, chooser)
        rng = RecordingRng(SeededRng(0))
        s, _ = ENGINE.apply(s, s.actor, move, rng)
        assert all(isinstance(o, dict) for o in rng.outcomes)  # draws only, never a roll
        log.append((move, rng.outcomes))
    # replay from the setup record
    r = ReplayRng(setup.outcomes)
    t = ENGINE.setup(NAMES[:3], opts, r)
    r.finish()
    assert ENGINE.dump_state(t) == start
    # a tampered draw fails verification
    idx = next(i for i, (_m, out) in enumerate(log) if out)
    s2 = ENGINE.load_state(json.loads(json.dumps(start)))
    for move, out in log[:idx]:
        s2, _ = ENGINE.apply(s2, s2.actor, move, ReplayRng(out))
    move, out = log[idx]
    with pytest.raises(ReplayMismatch):
        ENGINE.apply(s2, s2.actor, move, ReplayRng([{"w": "ZZ"}] + out[1:]))


def test_rejected_moves_change_nothing() -> None:
    g = Game(2, ["E", "U"])
    before = ENGINE.dump_state(g.state)
    for move in ({"type": "PlaceTile", "x": 5, "y": 5, "r": 0}, {"type": "SkipFigure"},
                 {"type": "PlaceTile", "x": 0, "y": -1, "r": 7}, {"type": "Draw"},
                 {"type": "AuctionPass"}, {"type": "PlaceTile", "x": 0, "y": -1}):
        with pytest.raises(GameError):
            g.move(move)
    with pytest.raises(GameError):
        g.move({"type": "PlaceTile", "x": 0, "y": -1, "r": 2}, seat=1)
    assert ENGINE.dump_state(g.state) == before


def brute_features(s: State) -> list[set[int]]:
    """Features recomputed from the board alone (CAR-28, CAR-88), as sets of nodes."""
    from app.games.carcassonne.tiles import DELTAS, PARTNER_HALF, ROTATIONS

    adj: dict[int, set[int]] = {}
    for (x, y), (tid, r, base) in s.board.items():
        n = len(segment_names(tid))
        for i in range(n):
            adj.setdefault(base + i, set())
        if tid == ABBEY:
            continue
        rot = ROTATIONS[tid][r]
        for d, (dx, dy) in enumerate(DELTAS):
            nb = s.board.get((x + dx, y + dy))
            if nb is None or nb[0] == ABBEY:
                continue
            nrot = ROTATIONS[nb[0]][nb[1]]
            if rot.side_seg[d] >= 0:
                a, b = base + rot.side_seg[d], nb[2] + nrot.side_seg[(d + 2) % 4]
                adj[a].add(b)
            for h in (2 * d, 2 * d + 1):
                if rot.half_field[h] >= 0:
                    adj[base + rot.half_field[h]].add(nb[2] + nrot.half_field[PARTNER_HALF[h]])
    seen: set[int] = set()
    comps = []
    for start in adj:
        if start in seen:
            continue
        comp, todo = set(), [start]
        while todo:
            v = todo.pop()
            if v in comp:
                continue
            comp.add(v)
            todo.extend(adj[v] | {u for u in adj if v in adj[u]})
        seen |= comp
        comps.append(comp)
    return comps


def open_sides(s: State, comp: set[int]) -> int:
    """Road/city sides of a feature that face an empty square."""
    from app.games.carcassonne.tiles import DELTAS, ROTATIONS

    total = 0
    for (x, y), (tid, r, base) in s.board.items():
        if tid == ABBEY:
            continue
        rot = ROTATIONS[tid][r]
        for d, (dx, dy) in enumerate(DELTAS):
            seg = rot.side_seg[d]
            if seg >= 0 and base + seg in comp and (x + dx, y + dy) not in s.board:
                total += 1
    return total


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 10_000))
def test_car_28_to_30_union_find_matches_a_recount(seed: int) -> None:
    """The incremental features equal features recomputed from scratch, open counts too."""
    opts = ENGINE.validate_options({}, 3)
    rng = SeededRng(seed)
    s = ENGINE.setup(NAMES[:3], opts, rng)
    step = 0
    while not s.finished:
        if step % 25 == 0 or s.phase == "end":
            comps = brute_features(s)
            roots = set()
            for comp in comps:
                r = {s.find(v) for v in comp}
                assert len(r) == 1
                root = r.pop()
                roots.add(root)
                f = s.feats[root]
                if f.kind in "RC":
                    assert f.open == open_sides(s, comp)
                    assert f.complete == (f.open == 0) or not f.complete
            assert roots == set(s.feats)
        s, _ = ENGINE.apply(s, s.actor, random_move(s, s.actor, rng), rng)
        step += 1
