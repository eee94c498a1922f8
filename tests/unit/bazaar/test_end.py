"""End of the game and the result: BAZ-30 to BAZ-33; S-BAZ-20, S-BAZ-21, S-BAZ-22."""

from __future__ import annotations

import pytest

from app.games.base import NotYourTurn, SeededRng
from app.games.bazaar import ENGINE
from app.games.bazaar.scoring import ranks
from app.games.bazaar.state import OVER, PURCHASE, BazaarState

from .helpers import buy, given, new_game, play


def test_s_baz_20_baz_30_baz_27_game_end() -> None:
    """S-BAZ-20/BAZ-30/BAZ-27: stall 1 sold out, Buy(4) of ware 45 with Y5: +12, 4 and 0."""
    state = given(new_game(3), hands={0: "YYYYY", 1: "RRWWBBG", 2: "RW"}, phase=PURCHASE,
                  stalls=[[], [36, 6], [41, 11], [45]])
    after, events = play(state, 0, buy(4))
    assert after.score(0) == 12
    assert [after.score(1), after.score(2)] == [-4, 0]
    assert after.phase == OVER and after.reason == "two-stalls-sold-out"
    assert ENGINE.to_act(after) == frozenset()
    assert events[-1]["type"] == "GameEnded"
    outcome = ENGINE.outcome(after)
    assert outcome is not None and outcome.reason == "two-stalls-sold-out"
    for seat in range(3):
        assert ENGINE.legal_moves(after, seat) == []
        with pytest.raises(NotYourTurn, match="^BAZ-30"):
            play(after, seat, {"type": "Roll"})


def test_baz_30_no_hand_limit_step_after_the_last_purchase() -> None:
    """BAZ-30: the game stops at once: the turn has no further step, the seat stays."""
    state = given(new_game(2), hands={0: "YYYYY"}, phase=PURCHASE,
                  stalls=[[], [36, 6], [41, 11], [45]])
    after, _ = play(state, 0, buy(4))
    assert after.current == 0 and after.turns == state.turns
    assert ENGINE.view(after, None)["finished"] is True


def test_baz_30_one_sold_out_stall_does_not_end_the_game() -> None:
    """BAZ-30: the first sell-out leaves the game running; sold-out stalls stay sold out."""
    state = given(new_game(2), hands={0: "YYYYY"}, phase=PURCHASE,
                  stalls=[[21, 1], [36, 6], [41, 11], [45]])
    after, _ = play(state, 0, buy(4))
    assert after.phase != OVER and after.sold_out() == 1 and after.current == 1
    assert ENGINE.view(after, None)["stalls"][3]["top"] is None


def _finished(scores: list[int], tokens: list[int], tiebreak: str) -> BazaarState:
    state = given(new_game(len(scores), tiebreak=tiebreak))
    for seat, (score, count) in enumerate(zip(scores, tokens, strict=True)):
        state.points[seat] = score
        state.hands[seat] = [count, 0, 0, 0, 0]
    state.phase = OVER
    state.reason = "two-stalls-sold-out"
    return state


def test_s_baz_21_baz_32_ties_shared() -> None:
    """S-BAZ-21/BAZ-32: A 20 B 20 C 15, shared: winners A and B, ranks 1 1 3."""
    outcome = ENGINE.outcome(_finished([20, 20, 15], [3, 5, 0], "shared"))
    assert outcome is not None
    assert outcome.winners == [0, 1] and outcome.ranks == [1, 1, 3]


def test_s_baz_21_baz_32_ties_fewest_tokens() -> None:
    """S-BAZ-21/BAZ-32: fewest-tokens: A (3 tokens) beats B (5): ranks 1 2 3."""
    outcome = ENGINE.outcome(_finished([20, 20, 15], [3, 5, 0], "fewest-tokens"))
    assert outcome is not None
    assert outcome.winners == [0] and outcome.ranks == [1, 2, 3]


@pytest.mark.parametrize("tiebreak", ["shared", "fewest-tokens"])
def test_s_baz_21_baz_32_still_equal_share(tiebreak: str) -> None:
    """S-BAZ-21/BAZ-32: A and B both with 3 tokens share rank 1 under either setting."""
    outcome = ENGINE.outcome(_finished([20, 20, 15], [3, 3, 0], tiebreak))
    assert outcome is not None
    assert outcome.winners == [0, 1] and outcome.ranks == [1, 1, 3]


def test_baz_32_competition_ranks() -> None:
    """BAZ-32: competition numbering 1, 1, 3 and high score first."""
    assert ranks([5, 9, 5, -2], [0, 0, 0, 0], "shared") == [2, 1, 2, 4]


def test_baz_33_result_record() -> None:
    """BAZ-33: the outcome lists scores, tokens held, wares bought, ranks, winners, reason."""
    state = _finished([4, 9], [2, 6], "shared")
    state.bought = [[21], [36, 41]]
    outcome = ENGINE.outcome(state)
    assert outcome is not None
    data = outcome.to_json()
    assert data["scores"] == [4, 9] and data["ranks"] == [2, 1] and data["winners"] == [1]
    assert data["reason"] == "two-stalls-sold-out"
    assert data["details"]["tokens"] == [2, 6]
    assert data["details"]["wares"] == [[21], [36, 41]]


def _idle_turn(state: BazaarState, rng: SeededRng) -> BazaarState:
    """One turn played by the timeout move (BAZ-20): roll, no purchase, returns if needed."""
    seat = state.current
    start = state.turns
    while state.turns == start and state.phase != OVER:
        move = ENGINE.timeout_move(state, seat)
        assert move is not None
        state, _ = ENGINE.apply(state, seat, move, rng)
    return state


def test_s_baz_22_baz_31_stuck_game_guard() -> None:
    """S-BAZ-22/BAZ-31: n = 3, stall_rounds 20: after 60 idle turns the game is stalled."""
    state = new_game(3, stall_rounds=20)
    rng = SeededRng(22)
    for turn in range(1, 61):
        assert state.phase != OVER, turn
        state = _idle_turn(state, rng)
        assert state.idle == turn
    assert state.phase == OVER and state.reason == "stalled"
    outcome = ENGINE.outcome(state)
    assert outcome is not None and outcome.reason == "stalled"
    assert outcome.winners == [s for s in range(3) if outcome.ranks[s] == 1]


def test_s_baz_22_baz_31_purchase_on_turn_59_restarts_the_count() -> None:
    """S-BAZ-22/BAZ-31: a purchase on the 59th turn resets the count; the game goes on."""
    state = new_game(3, stall_rounds=20)
    rng = SeededRng(22)
    for _ in range(58):
        state = _idle_turn(state, rng)
    assert state.idle == 58
    seat = state.current
    state = given(state, seat=seat, hands={seat: "RRWWB"}, phase=PURCHASE)
    state, _ = play(state, seat, buy(1))
    assert state.idle == 0 and state.phase != OVER
    for _ in range(59):
        state = _idle_turn(state, rng)
    assert state.phase != OVER
    state = _idle_turn(state, rng)
    assert state.phase == OVER and state.reason == "stalled"


def test_baz_31_guard_count_is_public() -> None:
    """BAZ-31/BAZ-34: the view shows the stall-guard count and its limit."""
    state = new_game(2, stall_rounds=5)
    state = _idle_turn(state, SeededRng(1))
    view = ENGINE.view(state, 1)
    assert view["idle_turns"] == 1 and view["idle_limit"] == 10
