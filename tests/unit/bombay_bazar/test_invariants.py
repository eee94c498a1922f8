"""Invariants: BOM-58 (items 1 to 8) and scenario check S-BOM-21, with Hypothesis and a
1,000-game sweep of random legal games with 1-4 players under both `elephants` and both
`first_player` options."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from app.games.base import SeededRng
from app.games.bombay_bazar import ENGINE
from app.games.bombay_bazar.data import END_PIECES, SUPPLY_TOTAL
from app.games.bombay_bazar.invariants import violations
from app.games.bombay_bazar.rules import walk

State = dict[str, Any]


def paths(state: State) -> dict[int, list[tuple[int, int, int]]]:
    return {s: walk(state["board"], e)[0] for s, e in enumerate(state["elephants"])
            if e is not None}


def play_checked(players: int, options: dict[str, Any], seed: int) -> State:
    """Play one random legal game, checking every invariant after every move."""
    rng = SeededRng(seed)
    state = ENGINE.setup([f"p{i}" for i in range(players)],
                         ENGINE.validate_options(options, players), rng)
    turns = 0
    while not state["finished"]:
        seat = sorted(ENGINE.to_act(state))[rng.randbelow(len(ENGINE.to_act(state)))]
        moves = ENGINE.legal_moves(state, seat)
        assert moves
        before = paths(state)
        round_before = state["round"]
        state, events = ENGINE.apply(state, seat, moves[rng.randbelow(len(moves))], rng)
        assert violations(state) == [], violations(state)  # items 1-6 and the list
        if moves[0]["type"] == "PlacePiece":
            turns += 1 + sum(1 for e in events if e["type"] == "PlayerEliminated")
            if state["round"] == round_before and not state["finished"]:
                after = paths(state)  # 7. mover grows from a prefix; others unchanged
                for s, old in before.items():
                    if s == seat:
                        assert after[s][: len(old)] == old and len(after[s]) > len(old)
                    else:
                        assert after[s] == old
            if any(e["type"] == "RoundEnded" for e in events):
                assert turns <= SUPPLY_TOTAL + players  # 8. within 68 + n turns
                turns = 0
    assert sum(state["ends"]) == END_PIECES  # S-BOM-21: every game ends with 4 on the board
    return state


OPTIONS = st.fixed_dictionaries({
    "elephants": st.sampled_from(["choose", "random"]),
    "first_player": st.sampled_from(["random", "parity"]),
})


@settings(max_examples=40, deadline=None)
@given(players=st.integers(1, 4), options=OPTIONS, seed=st.integers(0, 10**6))
def test_bom_58_invariants_hold_after_every_turn(players: int, options: dict[str, Any],
                                                 seed: int) -> None:
    """BOM-58 items 1-8 over random legal games."""
    play_checked(players, options, seed)


@settings(max_examples=8, deadline=None)
@given(players=st.integers(2, 4), seed=st.integers(0, 10**6))
def test_bom_58_invariants_hold_across_tournament_rounds(players: int, seed: int) -> None:
    """BOM-58 item 8 per round and BOM-45: every round ends with all 4 end pieces placed."""
    state = play_checked(players, {"format": "tournament", "rounds": 2,
                                   "elephants": "random"}, seed)
    assert len(state["results"]) == 2


def test_s_bom_21_thousand_random_games() -> None:
    """S-BOM-21: 1,000 random legal games (1-4 players, both option pairs); shared end-piece
    cells occur."""
    shared = 0
    for seed in range(1000):
        players = 1 + seed % 4
        options = {"elephants": ("choose", "random")[(seed // 4) % 2],
                   "first_player": ("random", "parity")[(seed // 8) % 2]}
        state = play_checked(players, options, seed)
        shared += any(count > 1 for count in state["ends"])
    assert shared > 0


def test_bom_58_the_checker_catches_broken_states() -> None:
    """BOM-58: each invariant check reports a state that breaks it (so the sweeps can fail)."""
    from app.games.bombay_bazar.data import PICTURE_IDS
    from app.games.bombay_bazar.geometry import INDEX, LAYOUT_OF_TURN

    from .helpers import play, solo

    state = play(solo(), (0, "S3", 0), (0, "D9", 0))
    assert violations(state) == []

    def broken(change: Any) -> list[str]:
        copy = ENGINE.load_state(ENGINE.dump_state(state))
        change(copy)
        return violations(copy)

    s3 = LAYOUT_OF_TURN[(PICTURE_IDS.index("S3"), 0)]  # {0-3}
    # 2: a port off the top edge
    assert any(v.startswith("2:") for v in broken(lambda s: s["board"].__setitem__(
        INDEX[(0, 4)], LAYOUT_OF_TURN[(PICTURE_IDS.index("S3"), 1)])))
    # 3: a blank side against the port of (1,1)
    assert any(v.startswith("3:") for v in broken(lambda s: s["board"].__setitem__(
        INDEX[(0, 2)], s3)))
    # 4: a piece and an end piece on one cell
    assert any(v.startswith("4:") for v in broken(lambda s: s["ends"].__setitem__(
        INDEX[(1, 0)], 1)))
    # 5: a piece lost from the piles
    assert any(v.startswith("5:") for v in broken(lambda s: s["piles"].__setitem__(0, 3)))
    # 6: an end piece too many
    assert any(v.startswith("6:") for v in broken(lambda s: s["ends"].__setitem__(
        INDEX[(4, 4)], 1)))
    # each piece placed once
    assert any("once" in v for v in broken(lambda s: s["placements"].append(
        list(s["placements"][0]))))
