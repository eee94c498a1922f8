"""The contract suite (DESIGN.md "Engine contract"): run over every registered engine.

Random games to the end never raise; apply never mutates its input; serialise -> deserialise is
identity; replaying the recorded chance outcomes reproduces the state; views hold no hidden
data (a view is unchanged when every hidden part is redrawn); bots finish games.
"""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest

from app.games.base import (
    Engine,
    GameError,
    InvalidMove,
    RecordingRng,
    ReplayRng,
    SeededRng,
    all_engines,
)

MAX_STEPS = 20_000
ENGINES = all_engines()


def configs() -> list[tuple[Engine, int, dict[str, Any]]]:
    return [(e, n, opts) for e in ENGINES for n, opts in e.contract_configs()]


def config_id(value: Any) -> str:
    if isinstance(value, Engine):
        return value.kind
    if isinstance(value, dict):
        return json.dumps(value, sort_keys=True) if value else "default"
    return str(value)


def canon(engine: Engine, state: Any) -> str:
    return json.dumps(engine.dump_state(state), sort_keys=True)


def play(engine: Engine, players: int, options: dict[str, Any], seed: int, bots: bool,
         check_each_step: bool = True) -> dict[str, Any]:
    """Play one game to the end; return the record needed to replay it."""
    names = [f"P{i}" for i in range(players)]
    opts = engine.validate_options(options, players)
    setup_rng = RecordingRng(SeededRng(seed))
    state = engine.setup(names, opts, setup_rng)
    initial = canon(engine, state)
    chooser = SeededRng(seed * 7919 + 1)
    log: list[tuple[int, dict[str, Any], list[Any]]] = []
    for _step in range(MAX_STEPS):
        if engine.outcome(state) is not None:
            break
        to_act = sorted(engine.to_act(state))
        assert to_act, f"{engine.kind}: nobody to act in an unfinished game"
        seat = to_act[chooser.randbelow(len(to_act))]
        if bots:
            move = engine.bot_move(state, seat, chooser)
        else:
            legal = engine.legal_moves(state, seat)
            assert legal, f"{engine.kind}: seat {seat} is to act but has no legal move"
            move = legal[chooser.randbelow(len(legal))]
        move = json.loads(json.dumps(move))  # moves are JSON
        before = canon(engine, state)
        rng = RecordingRng(SeededRng(chooser.randbelow(2**31)))
        new_state, events = engine.apply(state, seat, move, rng)
        assert canon(engine, state) == before, f"{engine.kind}: apply mutated its input"
        json.dumps(events)
        assert all(isinstance(e, dict) and "type" in e for e in events)
        log.append((seat, move, rng.outcomes))
        state = new_state
        if check_each_step:
            check_state(engine, state, seed)
    else:
        pytest.fail(f"{engine.kind}: game did not end within {MAX_STEPS} moves")
    return {"names": names, "options": opts, "seed": seed, "setup": setup_rng.outcomes,
            "initial": initial, "log": log, "final": canon(engine, state), "state": state}


def check_state(engine: Engine, state: Any, seed: int) -> None:
    dumped = engine.dump_state(state)
    round_trip = json.loads(json.dumps(dumped))
    assert canon(engine, engine.load_state(round_trip)) == json.dumps(dumped, sort_keys=True)
    viewers: list[int | None] = [None, *range(len(engine.view(state, None)["players"]))]
    for viewer in viewers:
        view = engine.view(state, viewer)
        json.dumps(view)
        for key in ("to_act", "players", "finished", "outcome"):
            assert key in view, f"{engine.kind}: view lacks envelope key {key}"
        assert sorted(view["to_act"]) == sorted(engine.to_act(state))
        if not engine.views_differ_by_seat:
            assert view == engine.view(state, None), (
                f"{engine.kind} claims one view for all, but seat {viewer} sees more")
        other = engine.resample_hidden(copy.deepcopy(state), viewer, SeededRng(seed + 17))
        assert engine.view(other, viewer) == view, (
            f"{engine.kind}: the view of {viewer} changes when hidden information is redrawn"
        )


@pytest.mark.parametrize(("engine", "players", "options"), configs(), ids=config_id)
def test_random_games_end_and_replay(engine: Engine, players: int, options: dict[str, Any]) -> None:
    for seed in range(3):
        record = play(engine, players, options, seed, bots=False)
        # replay from the recorded setup outcomes and move outcomes reproduces every state
        replay_setup = ReplayRng(record["setup"])
        state = engine.setup(record["names"], record["options"], replay_setup)
        replay_setup.finish()
        assert canon(engine, state) == record["initial"]
        for seat, move, outcomes in record["log"]:
            rng = ReplayRng(outcomes)
            state, _ = engine.apply(state, seat, move, rng)
            rng.finish()
        assert canon(engine, state) == record["final"]
        outcome = engine.outcome(state)
        assert outcome is not None
        assert len(outcome.scores) == players
        assert len(outcome.ranks) in (0, players)  # an auction ranks nobody (CAR-113)
        assert set(outcome.winners) <= set(range(players))
        assert engine.view(state, None)["finished"] is True


@pytest.mark.parametrize(("engine", "players", "options"), configs(), ids=config_id)
def test_bots_finish_games(engine: Engine, players: int, options: dict[str, Any]) -> None:
    for seed in range(2):
        record = play(engine, players, options, 100 + seed, bots=True, check_each_step=False)
        assert engine.outcome(record["state"]) is not None


@pytest.mark.parametrize("engine", ENGINES, ids=config_id)
def test_malformed_moves_are_invalid_and_change_nothing(engine: Engine) -> None:
    players, options = engine.contract_configs()[0]
    state = engine.setup([f"P{i}" for i in range(players)],
                         engine.validate_options(options, players), SeededRng(5))
    before = canon(engine, state)
    seat = sorted(engine.to_act(state))[0]
    for junk in ({}, {"type": "NoSuchMove"}, {"type": 7}, {"type": "x" * 10_000}):
        with pytest.raises(GameError) as info:
            engine.apply(state, seat, junk, SeededRng(1))
        assert isinstance(info.value, InvalidMove), (engine.kind, junk, info.value)
        assert canon(engine, state) == before


@pytest.mark.parametrize("engine", ENGINES, ids=config_id)
def test_catalog_entry_is_json(engine: Engine) -> None:
    entry = engine.catalog_entry()
    json.dumps(entry)
    assert entry["kind"] == engine.kind
    assert 1 <= entry["min_players"] <= entry["max_players"]


@pytest.mark.parametrize("engine", ENGINES, ids=config_id)
def test_start_is_setup_with_its_events(engine: Engine) -> None:
    """`start` builds the same state as `setup` from the same draws, plus JSON events."""
    players, options = engine.contract_configs()[0]
    names = [f"P{i}" for i in range(players)]
    opts = engine.validate_options(options, players)
    recorded = RecordingRng(SeededRng(11))
    state, events = engine.start(names, opts, recorded)
    replay = ReplayRng(recorded.outcomes)
    assert canon(engine, engine.setup(names, opts, replay)) == canon(engine, state)
    replay.finish()
    json.dumps(events)
    assert all(isinstance(e, dict) and isinstance(e.get("type"), str) for e in events)
    assert all(isinstance(engine.describe(e, names), str) for e in events)
