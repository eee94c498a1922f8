"""The analysis of a finished game over every engine (issue 28, point 4; app/games/analysis.py):
win chances in 0..1 that sum to 1, a finished position's chances are its outcome's, and the
hard bot's chosen move is legal where it was chosen."""

from __future__ import annotations

import pytest

from app.games import analysis, bots
from app.games.base import Engine, SeededRng, State, all_engines

ENGINES = [e for e in all_engines() if not e.table_aid]
QUICK = bots.Budget(scale=0.05)


def _positions(engine: Engine, steps: int) -> tuple[list[State], list[int]]:
    """The states of a two-player game played by normal bots for ``steps`` moves, and the
    seat that moved from each of them."""
    names = ["Ann", "Bob"]
    rng = SeededRng(7)
    state, _ = engine.start(names, engine.validate_options({}, 2), rng)
    states, movers = [state], []
    for _ in range(steps):
        if engine.outcome(state) is not None:
            break
        seat = min(engine.to_act(state))
        state, _ = engine.apply(state, seat, engine.bot_move(state, seat, rng), rng)
        states.append(state)
        movers.append(seat)
    return states, movers


@pytest.mark.parametrize("engine", ENGINES, ids=lambda e: e.kind)
def test_chances_are_shares_of_first_place_and_the_chosen_move_is_legal(engine: Engine) -> None:
    states, movers = _positions(engine, 6)
    for k in (0, len(movers) - 1):
        found = analysis.analyse_position(engine, states[k], movers[k], f"t:{k}", 4, QUICK)
        assert len(found.chances) == 2
        assert all(0.0 <= c <= 1.0 for c in found.chances)
        assert sum(found.chances) == pytest.approx(1.0)
        assert found.best is not None
        engine.apply(states[k], movers[k], found.best, SeededRng(1))  # raises if illegal


@pytest.mark.parametrize("engine", ENGINES, ids=lambda e: e.kind)
def test_a_finished_position_has_its_outcomes_chances(engine: Engine) -> None:
    states, _ = _positions(engine, 5_000)
    final = states[-1]
    result = engine.outcome(final)
    assert result is not None
    assert analysis.win_chances(engine, final, 4, "t") == analysis.first_shares(result.ranks)


def test_the_same_seed_gives_the_same_chances() -> None:
    engine = next(e for e in ENGINES if e.kind == "grand-bazaar")
    states, _ = _positions(engine, 10)
    first = analysis.win_chances(engine, states[-1], 6, "same")
    assert analysis.win_chances(engine, states[-1], 6, "same") == first


def test_a_tie_for_first_shares_the_win() -> None:
    assert analysis.first_shares([1, 1, 3]) == [0.5, 0.5, 0.0]
    assert analysis.first_shares([2, 1]) == [0.0, 1.0]


def test_the_moves_that_lost_the_most_are_marked_in_game_order() -> None:
    # seat 0 moves at odd steps, seat 1 at even ones
    chances = [[0.5, 0.5], [0.6, 0.4], [0.9, 0.1], [0.3, 0.7], [0.32, 0.68], [0.1, 0.9],
               [0.12, 0.88]]
    played = [analysis.Played(k, (k - 1) % 2, {"type": "x"}) for k in range(1, 7)]
    lost = analysis.losses(chances, played)
    assert lost[1] == pytest.approx(-0.1)  # seat 0 gained
    assert lost[2] == pytest.approx(0.3)   # seat 1: 0.4 -> 0.1
    assert lost[3] == pytest.approx(0.6)   # seat 0: 0.9 -> 0.3
    assert lost[4] == pytest.approx(0.02)  # below the threshold
    assert lost[5] == pytest.approx(0.22)  # seat 0: 0.32 -> 0.1
    assert analysis.marked(lost) == [2, 3, 5]
    assert analysis.marked(lost, count=2) == [2, 3]
    # a move the bot would have played too lost by luck: never marked
    assert analysis.marked(lost, agreed={3}) == [2, 5]


@pytest.mark.parametrize("engine", ENGINES, ids=lambda e: e.kind)
def test_the_chances_never_use_what_a_spectator_could_not_see(engine: Engine) -> None:
    # the same position with its hidden parts (deck order, hands) drawn otherwise: the same
    # chances, so the estimate cannot have used the game's real future
    states, _ = _positions(engine, 8)
    state = states[-1]
    other = engine.resample_hidden(state, None, SeededRng("another deck"))
    assert analysis.win_chances(engine, other, 4, "t") == analysis.win_chances(engine, state, 4, "t")
