"""Invariants of BAZ-43 (and BAZ-3, BAZ-19, BAZ-24, BAZ-26, BAZ-29, BAZ-35); S-BAZ-25.

Every step of a playout is checked: tokens are conserved (bank + hands = 20 per colour, 100
in all), hands respect the limit, the first action of each player is a roll, stalls only
shrink, scores change only by purchases (+chart value) and penalties (1-7 points), and no view
shows a card that is still face down or out of the game.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from app.games.base import Event, SeededRng
from app.games.bazaar import ENGINE
from app.games.bazaar.data import CHARTS
from app.games.bazaar.scoring import penalty
from app.games.bazaar.state import OVER, BazaarState

from .helpers import NAMES

CHART_VALUES = {scale: {v for row in chart for v in row} for scale, chart in CHARTS.items()}


def _shown_ids(view: dict[str, Any]) -> set[int]:
    ids: set[int] = set()
    for stall in view["stalls"]:
        if stall["top"]:
            ids.add(stall["top"]["id"])
        ids.update(stall["sold"])
        ids.update(stall.get("hidden", []))
    ids.update(view.get("unused", []))
    for p in view["players"]:
        ids.update(p["bought"])
    return ids


class Checker:
    """Follows one game and asserts every BAZ-43 invariant after every step."""

    def __init__(self, state: BazaarState, views: str = "every step") -> None:
        self.views = views
        self.revealed = {s[0] for s in state.stalls}
        self.rolled: set[int] = set()
        self.check(None, state, [], -1)

    def check(self, before: BazaarState | None, after: BazaarState, events: list[Event],
              seat: int) -> None:
        """All invariants of one step (before -> after by ``seat``)."""
        # BAZ-3: conservation, colour by colour (zip(*hands) gives the columns)
        held = [sum(column) for column in zip(*after.hands, strict=True)]
        assert [b + h for b, h in zip(after.bank, held, strict=True)] == [20] * 5
        assert sum(after.bank) >= 37  # BAZ-43: the bank is never empty
        sizes = [sum(hand) for hand in after.hands]  # BAZ-19: the limit, 13 during one's turn
        assert min(min(hand) for hand in after.hands) >= 0
        active = after.current if after.phase != OVER else -1
        assert all(size <= (13 if s == active else 10) for s, size in enumerate(sizes)), sizes
        for e in events:
            if e["type"] == "DieRolled":
                self.rolled.add(e["seat"])
            if e["type"] == "Traded":  # BAZ-13: no trade before one's first roll
                assert e["seat"] in self.rolled
            if e["type"] == "CardRevealed":
                self.revealed.add(e["ware"])
        # the stalls change only with a purchase, so "purchases" still sees every stall layout
        changed = before is None or any(e["type"] == "WareBought" for e in events)
        if after.phase != OVER and (self.views == "every step" or changed):
            # BAZ-35: nothing face down or unused is ever shown, to a spectator or a seat (the
            # seats' views are all alike: test_views.test_baz_34...)
            viewers = [None] if self.views != "every step" else [None, seat]
            for viewer in viewers:
                view = ENGINE.view(after, viewer)
                assert _shown_ids(view) <= self.revealed
                assert "stalls" not in view["options"] and "unused" not in view
        if before is None:
            return
        for old, new in zip(before.stalls, after.stalls, strict=True):  # stalls only shrink
            assert old[len(old) - len(new):] == new
        assert after.sold_out() >= before.sold_out()
        gained = [0] * after.n
        for e in events:
            if e["type"] == "WareBought":
                assert e["seat"] == seat and e["points"] > 0
                assert e["points"] in CHART_VALUES[after.options["scale"]]
                gained[seat] += e["points"]
            if e["type"] == "PenaltyApplied":  # BAZ-26/29: 1-7 points, never the purchaser
                assert after.options["penalty"] and 1 <= e["points"] <= 7 and e["seat"] != seat
                gained[e["seat"]] -= e["points"]
        # BAZ-24/43: nothing else changes a score
        assert [after.score(s) - before.score(s) for s in range(after.n)] == gained

    def finish(self, state: BazaarState) -> None:
        """BAZ-30/31/43: the end state."""
        assert state.phase == OVER
        if state.reason == "two-stalls-sold-out":
            assert state.sold_out() == 2 and 10 <= state.purchases <= 18
        else:
            assert state.reason == "stalled" and state.sold_out() <= 1
        assert state.turns <= 18 * state.options["stall_rounds"] * state.n
        assert sorted(w for b in state.bought for w in b) == sorted(
            w for s in state.sold for w in s)
        outcome = ENGINE.outcome(state)
        assert outcome is not None and outcome.reason == state.reason


def playout(n: int, options: dict[str, Any], seed: int, chooser: str = "random",
            views: str = "every step") -> BazaarState:
    """One game to the end with every step checked; ``chooser``: random, bot or timeout.

    ``views``: "every step", or "purchases" to build the spectator's view only at the start and
    after each purchase (the long S-BAZ-25 run; the other invariants are checked every step).
    """
    opts = ENGINE.validate_options(options, n)
    state = ENGINE.setup(NAMES[:n], opts, SeededRng(seed))
    checker = Checker(state, views)
    rng = SeededRng(seed + 1)
    while state.phase != OVER:
        seat = state.current
        if chooser == "bot":
            move = ENGINE.bot_move(state, seat, rng)
        elif chooser == "timeout":
            move = ENGINE.timeout_move(state, seat) or {}
        else:
            legal = ENGINE.legal_moves(state, seat)
            move = legal[rng.randbelow(len(legal))]
        new, events = ENGINE.apply(state, seat, move, rng)
        checker.check(state, new, events, seat)
        state = new
    checker.finish(state)
    return state


@pytest.mark.parametrize("penalty_on", [True, False])
@pytest.mark.parametrize("n", [2, 3, 4, 5, 6])
def test_s_baz_25_baz_43_500_random_playouts(n: int, penalty_on: bool) -> None:
    """S-BAZ-25/BAZ-43: 500 seeded random playouts in all: 50 for each n = 2..6 and penalty."""
    reasons: dict[str, int] = {}
    for k in range(50):
        state = playout(n, {"penalty": penalty_on}, seed=1000 * n + k, views="purchases")
        reasons[str(state.reason)] = reasons.get(str(state.reason), 0) + 1
    assert set(reasons) <= {"two-stalls-sold-out", "stalled"}
    assert sum(reasons.values()) == 50


@settings(max_examples=20, deadline=None, derandomize=True)
@given(seed=st.integers(0, 2**31 - 1), n=st.integers(2, 6), penalty_on=st.booleans(),
       scale=st.sampled_from(["classic", "tenfold"]),
       chooser=st.sampled_from(["random", "bot", "timeout"]),
       stall_rounds=st.sampled_from([1, 3, 30]))
def test_baz_43_invariants_hold_for_any_game(seed: int, n: int, penalty_on: bool, scale: str,
                                             chooser: str, stall_rounds: int) -> None:
    """BAZ-43: the invariants hold under any options, for random, bot and timeout play."""
    playout(n, {"penalty": penalty_on, "scale": scale, "stall_rounds": stall_rounds}, seed,
            chooser)


@settings(max_examples=200, deadline=None)
@given(left=st.integers(0, 8), held=st.integers(0, 10))
def test_baz_26_baz_29_penalty_bounds(left: int, held: int) -> None:
    """BAZ-26/BAZ-29: the penalty is max(0, held - (left + 3)), at most 7."""
    lost = penalty(left, held)
    assert lost == max(0, held - left - 3)
    assert 0 <= lost <= 7
