"""The hard bot of Bombay Bazar (issue 17): legal in every contract config, deterministic, blind
to the hidden hides of the parity game (BOM-20), and stronger than the normal bot where the
rules reward a look ahead (BOM-31, BOM-38, BOM-44)."""

from __future__ import annotations

from typing import Any

import pytest

from app.games.base import SeededRng
from app.games.bombay_bazar import ENGINE
from app.games.bombay_bazar.hard_bot import odd_chance, parity_call
from app.games.bots import HARD, Budget, decide

from .helpers import State, new_game, play

SMALL = Budget(scale=0.02)
"""About ninety searched positions a placement: enough to see a round end a move ahead."""


def seeded_game(players: int, options: dict[str, Any], seed: int, hard: int,
                steps: int) -> list[tuple[State, int]]:
    """The positions of a seeded game where seat ``hard`` plays the hard bot and the other
    seats the normal bot, with the seat to act at each."""
    opts = ENGINE.validate_options(options, players)
    chance = SeededRng(f"hard-test:{seed}")
    state, _ = ENGINE.start([f"P{i}" for i in range(players)], opts, chance)
    seen: list[tuple[State, int]] = []
    for step in range(steps):
        if ENGINE.outcome(state) is not None:
            break
        seat = min(ENGINE.to_act(state))
        seen.append((state, seat))
        if seat == hard:
            move = decide(ENGINE, state, seat, HARD, f"t:{seed}:{step}", SMALL)
        else:
            move = ENGINE.bot_move(state, seat, SeededRng(f"n:{seed}:{step}"))
        state, _ = ENGINE.apply(state, seat, move, chance)
    return seen


@pytest.mark.parametrize(("players", "options"), ENGINE.contract_configs())
def test_hard_move_is_legal_in_every_contract_config(players: int,
                                                     options: dict[str, Any]) -> None:
    """BOM-54/55: at every step of a seeded game, for every seat to act (the parity game's
    simultaneous hides included), the hard move is one of the legal moves."""
    for step, (state, _seat) in enumerate(seeded_game(players, options, players, players - 1,
                                                      200)):
        if step % 3 and state["phase"] == "play":
            continue  # every step of the start, every third placement: the test stays short
        for actor in sorted(ENGINE.to_act(state)):
            move = decide(ENGINE, state, actor, HARD, "legal", SMALL)
            assert move in ENGINE.legal_moves(state, actor)


def test_hard_bot_plays_a_solo_game_to_its_end() -> None:
    """BOM-50/51: with no opponent the hard bot still plays every placement until it is
    stuck, and the game ends with a solo score."""
    seen = seeded_game(1, {}, 7, 0, 200)
    assert len(seen) < 200
    state, seat = seen[-1]
    move = decide(ENGINE, state, seat, HARD, f"t:7:{len(seen) - 1}", SMALL)  # the game's last
    final, _ = ENGINE.apply(state, seat, move, SeededRng(0))
    outcome = ENGINE.outcome(final)
    assert outcome is not None and outcome.reason == "solo"


def test_same_seed_same_move() -> None:
    """The hard move is a function of the state and the seed."""
    for state, seat in seeded_game(2, {"first_player": "parity"}, 3, 0, 40)[::5]:
        first = decide(ENGINE, state, seat, HARD, "seed", SMALL)
        assert decide(ENGINE, state, seat, HARD, "seed", SMALL) == first


def pending_hides(players: int, seed: int) -> tuple[State, int]:
    """A parity game (BOM-17) where every seat but the last has hidden, and that last seat."""
    state = new_game(["A", "C", "B", "D"][:players], first_player="parity")
    assert state["phase"] == "hide"
    rng = SeededRng(seed)
    for seat in range(players - 1):
        state, _ = ENGINE.apply(state, seat, {"type": "HideTokens", "hide": rng.randbelow(3) + 1},
                                rng)
    return state, players - 1


def with_hides(state: State, hides: list[int | None]) -> State:
    """The same state with other pending hides (what the seat to act cannot see)."""
    other = ENGINE.load_state(ENGINE.dump_state(state))
    other["parity"]["hides"] = list(hides)
    return other


@pytest.mark.parametrize("players", [2, 3, 4])
def test_resample_hidden_is_canonical(players: int) -> None:
    """BOM-20: two states that differ only in others' pending hides give the same redraw
    for the same generator."""
    state, seat = pending_hides(players, 1)
    other = with_hides(state, [4 - h if h is not None else None
                               for h in state["parity"]["hides"]])
    assert other != state
    assert ENGINE.view(other, seat) == ENGINE.view(state, seat)
    for k in range(5):
        assert (ENGINE.resample_hidden(state, seat, SeededRng(k))
                == ENGINE.resample_hidden(other, seat, SeededRng(k)))


@pytest.mark.parametrize("players", [2, 3, 4])
def test_hidden_hides_do_not_change_the_hard_move(players: int) -> None:
    """BOM-20: at the hide and at the call, two states that differ only in what the seat may
    not see give the same hard move for the same seed."""
    state, seat = pending_hides(players, 2)
    # the call step: everyone has hidden; the first caller decides knowing only its own hide
    hidden, _ = ENGINE.apply(state, seat, {"type": "HideTokens", "hide": 2}, SeededRng(0))
    caller = min(ENGINE.to_act(hidden))
    for base, actor in ((state, seat), (hidden, caller)):
        for k in range(4):
            other = ENGINE.resample_hidden(base, actor, SeededRng(100 + k))
            assert ENGINE.view(other, actor) == ENGINE.view(base, actor)
            assert (decide(ENGINE, other, actor, HARD, f"h{k}", SMALL)
                    == decide(ENGINE, base, actor, HARD, f"h{k}", SMALL))


def test_bom_17_call_the_likelier_parity() -> None:
    """BOM-17: each other hide (1-3) is odd two times in three, so with one other contender
    a hide of 2 makes the total odd with chance 2/3, a hide of 1 or 3 makes it even."""
    state, seat = pending_hides(2, 3)
    for own, expected in ((1, "even"), (2, "odd"), (3, "even")):
        hidden, _ = ENGINE.apply(state, seat, {"type": "HideTokens", "hide": own},
                                 SeededRng(0))
        assert hidden["phase"] == "call"
        assert odd_chance(hidden, seat) == pytest.approx(2 / 3 if own == 2 else 1 / 3)
        assert parity_call(hidden, seat) == expected


SHOWDOWN = [
    (0, "D9", 0), (1, "D5", 1), (0, "T4", 0), (1, "D2", 0), (0, "D2", 2), (1, "T2", 1),
    (0, "S1", 0), (1, "S1", 3), (0, "S1", 4), (1, "D6", 1), (0, "D8", 1), (1, "T1", 0),
    (0, "T1", 0), (1, "D5", 1), (0, "D1", 5), (1, "D5", 1), (0, "D5", 2), (1, "T3", 5),
    (0, "D1", 5), (1, "D1", 3), (0, "D4", 3), (1, "T1", 0), (0, "D1", 4), (1, "D7", 1),
    (0, "T2", 2), (1, "T3", 4), (0, "D3", 1), (1, "S1", 3), (0, "D7", 3), (1, "T5", 0),
    (0, "D7", 3),
]
"""A two-player game (A seat 0, C seat 1) after which C leads 26 to 24, A's tip is (1,5)
and C can point its trunk into that cell with D3 r2."""


def test_bom_31_38_44_pointing_into_the_trailing_tip_ends_the_round_as_the_winner() -> None:
    """BOM-31/32: no piece may go on a cell that is two players' tip, so after C points into
    A's tip cell A is eliminated (BOM-38), then C on the same cell, and the round ends with
    C ahead (BOM-44). The normal bot sees only that its own trunk would stop and plays on,
    a lead of a few segments at stake; the hard bot takes the sure win."""
    state = play(new_game(["A", "C"], start=0), *SHOWDOWN)
    assert ENGINE.to_act(state) == {1}
    assert ENGINE.public_scores(state) == [24, 26]
    normal = ENGINE.bot_move(state, 1, SeededRng(0))
    after_normal, _ = ENGINE.apply(state, 1, normal, SeededRng(0))
    assert ENGINE.outcome(after_normal) is None
    hard = decide(ENGINE, state, 1, HARD, "showdown", SMALL)
    assert hard == {"type": "PlacePiece", "picture": "D3", "rotation": 2}
    after_hard, _ = ENGINE.apply(state, 1, hard, SeededRng(0))
    outcome = ENGINE.outcome(after_hard)
    assert outcome is not None and outcome.ranks == [2, 1]
