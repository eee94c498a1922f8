"""The hard bot (issue 17): legal, deterministic, blind to the face-down wares (BAZ-35), and it
sees what the normal bot's purchase rule misses (BAZ-27)."""

from __future__ import annotations

from typing import Any

import pytest

from app.games.base import SeededRng
from app.games.bazaar import ENGINE, hard_bot
from app.games.bazaar.bot import _Judge
from app.games.bazaar.state import ACTION, PURCHASE, BazaarState, dump_state
from app.games.bots import Budget, decide

from .helpers import buy, given, new_game

SMALL = Budget(scale=0.05)


def _advance(state: BazaarState, moves: int, seed: int = 0) -> BazaarState:
    """``moves`` normal-bot moves (fewer if the game ends)."""
    rng = SeededRng(seed)
    for k in range(moves):
        if ENGINE.outcome(state) is not None:
            break
        seat = state.current
        state, _ = ENGINE.apply(state, seat, ENGINE.bot_move(state, seat, SeededRng(k)), rng)
    return state


@pytest.mark.parametrize(("players", "options"), ENGINE.contract_configs())
def test_hard_move_is_legal_through_seeded_games(players: int, options: dict[str, Any]) -> None:
    """BAZ-12 to BAZ-19: at every fifth step of a seeded game (every phase meets it) the hard
    move is one of the legal moves."""
    opts = ENGINE.validate_options(options, players)
    rng = SeededRng(players)
    state = ENGINE.setup([f"P{i}" for i in range(players)], opts, rng)
    for step in range(120):
        if ENGINE.outcome(state) is not None:
            break
        seat = state.current
        if step % 5 == 0:
            move = decide(ENGINE, state, seat, "hard", f"legal:{step}", SMALL)
            assert move in ENGINE.legal_moves(state, seat)
        else:
            move = ENGINE.bot_move(state, seat, SeededRng(step))
        state, _ = ENGINE.apply(state, seat, move, rng)


def test_same_seed_same_move() -> None:
    """The search draws only from the seeded generator: the same seed gives the same move."""
    state = _advance(ENGINE.setup(["A", "B"], ENGINE.validate_options({}, 2), SeededRng(4)), 30)
    first = decide(ENGINE, state, state.current, "hard", "same", SMALL)
    assert decide(ENGINE, state, state.current, "hard", "same", SMALL) == first


def _running() -> BazaarState:
    state = _advance(ENGINE.setup(["A", "B", "C"], ENGINE.validate_options({}, 3),
                                  SeededRng(8)), 40)
    assert ENGINE.outcome(state) is None
    return state


def test_resample_hidden_is_canonical() -> None:
    """BAZ-35: two deals that differ only in the face-down and unused cards redraw alike."""
    state = _running()
    other = ENGINE.resample_hidden(state, 0, SeededRng(77))
    assert [s[1:] for s in other.stalls] != [s[1:] for s in state.stalls]
    assert ENGINE.view(other, 0) == ENGINE.view(state, 0)
    again = ENGINE.resample_hidden(state, 0, SeededRng(9))
    assert dump_state(again) == dump_state(ENGINE.resample_hidden(other, 0, SeededRng(9)))


def test_decision_ignores_the_face_down_cards() -> None:
    """BAZ-35: the same seed gives the same hard move whatever lies under the stall tops."""
    state = _running()
    other = ENGINE.resample_hidden(state, None, SeededRng(5))
    for seat in range(state.n):
        assert ENGINE.view(other, seat) == ENGINE.view(state, seat)
    seat = state.current
    assert decide(ENGINE, state, seat, "hard", "blind", SMALL) == decide(
        ENGINE, other, seat, "hard", "blind", SMALL)


def test_rollout_replica_values_hands_like_the_normal_bot() -> None:
    """The rollouts' cached hand value is the normal bot's (bot._Judge.value)."""
    state = _running()
    judge = _Judge(state, 0)
    sim = hard_bot.Sim(state, SeededRng(0))
    tops = sim.tops()
    for k in range(300):
        rng = SeededRng(k)
        hand = (rng.randbelow(5), rng.randbelow(5), rng.randbelow(4), rng.randbelow(4),
                rng.randbelow(3))
        assert sim.value(hand, tops) == pytest.approx(judge.value(hand))


def test_baz_27_hard_bot_ends_the_game_when_the_penalty_makes_it_a_win() -> None:
    """BAZ-27, BAZ-30: penalties follow the game-ending purchase. Seat 0 (10 points) can buy
    the last card of stall 4 (ware 45, YYYYY, level 2) with no token left: +12, and seat 1
    (24 points) holds 10 tokens, so it loses 10 - 3 = 7 and seat 0 wins 22 to 17. The
    normal bot counts only its own points (22 <= 24) and declines; the hard bot buys."""
    state = given(new_game(2), seat=0, phase=PURCHASE, hands={0: "YYYYY", 1: "RRRWWWBBGG"},
                  scores={0: 10, 1: 24}, stalls=[[], [1, 2], [6, 7], [45]])
    assert ENGINE.bot_move(state, 0, SeededRng(0)) == {"type": "EndTurn"}
    move = decide(ENGINE, state, 0, "hard", "end", Budget(scale=0.1))
    assert move == buy(4)
    after, _ = ENGINE.apply(state, 0, move, SeededRng(0))
    outcome = ENGINE.outcome(after)
    assert outcome is not None and outcome.winners == [0]


def test_hard_move_on_a_first_turn_is_the_roll() -> None:
    """BAZ-13: a first turn has one legal action, the roll; the search returns it at once."""
    state = new_game(2)
    assert state.phase == ACTION
    assert decide(ENGINE, state, 0, "hard", "first", SMALL) == {"type": "Roll"}
