"""The contract suite over the bot levels (issue 17, issue 28 point 2; app/games/bots.py), every
registered engine.

- Every engine has its own hard bot (`hard_move`, `hard_iterations`).
- Bot games of every contract config, every seat at one level, end; every move either level
  chooses is one the engine accepts (legal), JSON, and deterministic for its seed.
- The hard bot's input is the seat's view: two states that differ only in what the seat cannot
  see (the second is `resample_hidden` of the first with another generator) show the seat the
  same view and give the same `bots.decide(..., "hard", seed)`; and `resample_hidden` is
  canonical: the same generator redraws both into the same state. The expert bot (hard's
  search in several redrawn worlds, by vote) is held to the same proof, and to the same move
  for the same seed.

The hard level runs with a tiny budget (`TINY`: one iteration per move for every engine's
count of today), so that the suite stays fast; its strength is measured by bench/hard_bots.py,
not here; the expert bot runs at the same scale (its worlds times one iteration). Whole hard
games (not expert ones: their search is hard's, already played through) run over the configs of at most `HARD_GAME_PLAYERS` players (a
rollout plays every seat: a whole 4-player Carcassonne game of hard bots takes about 30 s of
CPU even at one iteration a move); in every config the view proof checks the hard bot's move
(legal, the same for both states) at a few steps spread over a game, and the canonical redraw.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from app.games import bots
from app.games.base import Engine, SeededRng
from tests.contract.configs import ENGINES, config_id, configs

TINY = 0.002
"""Budget scale of the hard bot here: ``max(1, round(hard_iterations * TINY))`` iterations."""
MAX_STEPS = 5_000
HARD_GAME_PLAYERS = 2
"""Whole games of hard bots run over the contract configs of at most this many players."""
STEPS_SEEN = 4
"""Positions per contract config in which the view proof is checked."""


def canon(engine: Engine, state: Any) -> str:
    return json.dumps(engine.dump_state(state), sort_keys=True)


def tiny() -> bots.Budget:
    return bots.Budget(scale=TINY)


@pytest.mark.parametrize("engine", ENGINES, ids=config_id)
def test_every_engine_has_its_own_hard_bot(engine: Engine) -> None:
    assert type(engine).hard_move is not Engine.hard_move, f"{engine.kind} has no hard_move"
    assert engine.hard_iterations > 0, f"{engine.kind}: hard_iterations is not set"


def play(engine: Engine, players: int, options: dict[str, Any], level: str,
         seed: int) -> tuple[Any, int]:
    """A game of bots of ``level`` on every seat, to the end; every move applied (so legal) and
    decided twice with the same seed (so deterministic). Returns the final state and the number
    of moves."""
    opts = engine.validate_options(options, players)
    state = engine.setup([f"P{i}" for i in range(players)], opts, SeededRng(seed))
    chooser = SeededRng(seed * 31 + 7)
    for step in range(MAX_STEPS):
        if engine.outcome(state) is not None:
            return state, step
        to_act = sorted(engine.to_act(state))
        assert to_act, f"{engine.kind}: nobody to act in an unfinished game"
        seat = to_act[chooser.randbelow(len(to_act))]
        move_seed = f"{seed}:bot:{step}:{seat}"
        move = bots.decide(engine, state, seat, level, move_seed, tiny())
        assert json.loads(json.dumps(move)) == move, f"{engine.kind}: the {level} move is not JSON"
        if level == bots.HARD and step % 10 == 0:  # the same seed, the same move
            assert bots.decide(engine, state, seat, level, move_seed, tiny()) == move
        state, _ = engine.apply(state, seat, move, SeededRng(chooser.randbelow(2**31)))
    pytest.fail(f"{engine.kind}: a {level} bot game did not end within {MAX_STEPS} moves")


LEVEL_CONFIGS = [(*config, level) for level in (bots.NORMAL, bots.HARD) for config in configs()
                 if level == bots.NORMAL or config[1] <= HARD_GAME_PLAYERS]
SEARCHING = sorted(bots.SEARCHING)
"""The levels the view proof checks: every level that searches (hard, expert)."""


@pytest.mark.parametrize(("engine", "players", "options", "level"), LEVEL_CONFIGS,
                         ids=config_id)
def test_bot_games_end_with_legal_moves_at_every_level(engine: Engine, players: int,
                                                       options: dict[str, Any],
                                                       level: str) -> None:
    final, moves = play(engine, players, options, level, seed=300 + players)
    assert engine.outcome(final) is not None and moves > 0


def positions(engine: Engine, players: int, options: dict[str, Any]) -> list[tuple[Any, int]]:
    """(state, seat to act) at a few steps of a seeded game of normal bots."""
    opts = engine.validate_options(options, players)
    state = engine.setup([f"P{i}" for i in range(players)], opts, SeededRng(41 + players))
    chooser = SeededRng(43)
    found: list[tuple[Any, int]] = []
    for step in range(MAX_STEPS):
        if engine.outcome(state) is not None:
            break
        to_act = sorted(engine.to_act(state))
        seat = to_act[chooser.randbelow(len(to_act))]
        if step % 7 == 1:
            found.append((state, seat))
        state, _ = engine.apply(state, seat, engine.bot_move(state, seat, chooser), chooser)
    # spread over the game: early, middle and late positions
    stride = max(1, len(found) // STEPS_SEEN)
    return found[::stride][:STEPS_SEEN]


@pytest.mark.parametrize(("engine", "players", "options"), configs(), ids=config_id)
def test_resample_hidden_is_canonical_for_the_seat(engine: Engine, players: int,
                                                   options: dict[str, Any]) -> None:
    for state, seat in positions(engine, players, options):
        other = engine.resample_hidden(state, seat, SeededRng("another world"))
        assert engine.view(other, seat) == engine.view(state, seat)
        redrawn = [canon(engine, engine.resample_hidden(s, seat, SeededRng("one rng")))
                   for s in (state, other)]
        assert redrawn[0] == redrawn[1], (
            f"{engine.kind}: two states seat {seat} cannot tell apart are redrawn differently "
            "by the same generator (resample_hidden must order the hidden parts first)")


def test_every_searching_level_is_checked_here() -> None:
    assert set(SEARCHING) == {bots.HARD, bots.EXPERT} <= set(bots.LEVELS)


@pytest.mark.parametrize("level", SEARCHING)
@pytest.mark.parametrize(("engine", "players", "options"), configs(), ids=config_id)
def test_the_searching_bots_decide_on_the_seats_view_only_and_legally(
        engine: Engine, players: int, options: dict[str, Any], level: str) -> None:
    for step, (state, seat) in enumerate(positions(engine, players, options)):
        other = engine.resample_hidden(state, seat, SeededRng(f"another world {step}"))
        assert engine.view(other, seat) == engine.view(state, seat)
        seed = f"view-proof:{step}:{seat}"
        move = bots.decide(engine, state, seat, level, seed, tiny())
        assert json.loads(json.dumps(move)) == move, f"{engine.kind}: the {level} move is not JSON"
        if step == 0:  # (the whole games above check hard's at every tenth move)
            assert bots.decide(engine, state, seat, level, seed, tiny()) == move, (
                f"{engine.kind}: the {level} bot of seat {seat} moves differently for one seed")
        assert bots.decide(engine, other, seat, level, seed, tiny()) == move, (
            f"{engine.kind}: the {level} bot of seat {seat} decides differently on two states "
            "that differ only in what the seat cannot see")
        engine.apply(state, seat, move, SeededRng(step))  # legal in the real state
