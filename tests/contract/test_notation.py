"""The move notation of every engine (issue 31), over every contract configuration.

For every legal move of every step of a random game: reading its text gives the move back,
and different legal moves have different texts. Reading is tolerant of case and spacing
(Hypothesis varies both); anything else typed is refused with a `GameError` whose reason is in
words, never a Python error, and reading never changes the state. Unknown words, moves that
are not legal now and moves out of turn are each refused with their own kind of error.
"""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from app.games.base import (
    HOST,
    Engine,
    GameError,
    IllegalMove,
    InvalidMove,
    NotYourTurn,
    SeededRng,
)
from tests.contract.configs import ENGINES, MAX_STEPS, config_id, configs

RULE_ID = re.compile(r"^[A-Z]{2,4}-\d+[a-z]?: ")


def _game(engine: Engine, players: int, options: dict[str, Any],
          seed: int = 3) -> list[tuple[Any, list[int]]]:
    """(state, seats with moves) at every step of a random game, the end excluded."""
    opts = engine.validate_options(options, players)
    state = engine.setup([f"P{i}" for i in range(players)], opts, SeededRng(seed))
    chooser = SeededRng(seed + 11)
    steps = []
    for _ in range(MAX_STEPS):
        if engine.outcome(state) is not None:
            return steps
        seats = sorted(engine.to_act(state))
        steps.append((state, seats + ([HOST] if engine.host_moves else [])))
        seat = seats[chooser.randbelow(len(seats))]
        legal = engine.legal_moves(state, seat)
        state, _ = engine.apply(state, seat, legal[chooser.randbelow(len(legal))],
                                SeededRng(chooser.randbelow(2**31)))
    pytest.fail(f"{engine.kind}: the game did not end")


def _dump(engine: Engine, state: Any) -> str:
    return json.dumps(engine.dump_state(state), sort_keys=True)


@pytest.mark.parametrize(("engine", "players", "options"), configs(), ids=config_id)
def test_every_legal_move_reads_back_from_its_text_and_texts_differ(
        engine: Engine, players: int, options: dict[str, Any]) -> None:
    checked = 0
    for state, seats in _game(engine, players, options):
        for seat in seats:
            texts: dict[str, Any] = {}
            for move in engine.legal_moves(state, seat):
                text = engine.write_move(state, seat, move)
                assert text == text.strip() and "\n" not in text and len(text) <= 40, text
                assert engine.read_move(state, seat, text) == move, (text, move)
                assert text not in texts, f"{text!r} is both {texts[text]} and {move}"
                texts[text] = move
                checked += 1
    assert checked > 0


def _variants(text: str, data: st.DataObject) -> str:
    """The text as a person might type it: any case per letter, extra spaces where it has
    spaces, before and after."""
    cased = "".join(c.upper() if data.draw(st.booleans()) else c.lower() for c in text)
    spaced = " ".join(part + " " * data.draw(st.integers(0, 2)) for part in cased.split(" "))
    return " " * data.draw(st.integers(0, 2)) + spaced


@pytest.mark.parametrize("engine", ENGINES, ids=config_id)
@settings(max_examples=60, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(data=st.data())
def test_reading_ignores_case_and_spacing(engine: Engine, data: st.DataObject) -> None:
    players, options = engine.contract_configs()[0]
    steps = _STEPS.setdefault(engine.kind, _game(engine, players, options))
    state, seats = data.draw(st.sampled_from(steps))
    seat = data.draw(st.sampled_from(seats))
    legal = engine.legal_moves(state, seat)
    if not legal:
        return
    move = data.draw(st.sampled_from(legal))
    typed = _variants(engine.write_move(state, seat, move), data)
    assert engine.read_move(state, seat, typed) == move, typed


_STEPS: dict[str, list[tuple[Any, list[int]]]] = {}

_TYPED = st.one_of(
    st.text(max_size=30),
    st.text(alphabet="abcdefghijklmnopqrstuvwxyz0123456789 .,>=#@-+", max_size=20),
    st.sampled_from(["", " ", "buy", "sell", "raise", "open", "hide", "d9 r9", "9z", "1.1 r>r",
                     "follower", "abbey", "sell buy", "take q", "x" * 200, "0", "pass pass"]),
)


@pytest.mark.parametrize("engine", ENGINES, ids=config_id)
# Hypothesis's default count (was 150): the fixed words of _TYPED are drawn many times over in
# 100 examples, and the reading of every legal move's own text is checked exhaustively above
@settings(max_examples=100, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(data=st.data(), typed=_TYPED)
def test_any_typed_text_is_a_move_or_a_game_error_and_changes_nothing(
        engine: Engine, data: st.DataObject, typed: str) -> None:
    players, options = engine.contract_configs()[0]
    steps = _STEPS.setdefault(engine.kind, _game(engine, players, options))
    state, seats = data.draw(st.sampled_from(steps))
    seat = data.draw(st.sampled_from(seats))
    before = _dump(engine, state)
    try:
        move = engine.read_move(state, seat, typed)
    except GameError as err:
        # a reason in words: no move JSON, no Python error text; the player's own text quoted
        # back (notation.unknown: “"type"” is not a ... move) is theirs, whatever it holds
        args = err.message.get("args", {}) if isinstance(err.message, dict) else {}
        echo = args.get("typed")
        reason = err.reason.replace(f"“{echo}”", "“…”") if isinstance(echo, str) else err.reason
        assert reason and "'type'" not in reason and '"type"' not in reason
        assert "Traceback" not in reason and "Error" not in reason
    else:
        assert move in engine.legal_moves(state, seat) or engine.apply(
            state, seat, move, SeededRng(0))
    assert _dump(engine, state) == before


@pytest.mark.parametrize("engine", ENGINES, ids=config_id)
def test_unknown_words_are_refused_in_words(engine: Engine) -> None:
    players, options = engine.contract_configs()[0]
    state, seats = _game(engine, players, options)[0]
    with pytest.raises(InvalidMove) as refused:
        engine.read_move(state, seats[0], "  Juggle three Oranges ")
    assert RULE_ID.match(refused.value.reason)
    assert "“Juggle three Oranges” is not a" in refused.value.reason
    assert "for example" in refused.value.reason


@pytest.mark.parametrize(("engine", "players", "options"), configs(), ids=config_id)
def test_moves_of_other_steps_are_refused_with_the_rule_when_not_legal_now(
        engine: Engine, players: int, options: dict[str, Any]) -> None:
    """Every text written at some step, read at other steps where it is not legal: an
    `IllegalMove` citing the rule or `NotYourTurn`, never a move and never a change."""
    steps = _game(engine, players, options)
    texts = sorted({engine.write_move(s, seat, m) for s, seats in steps[:40] for seat in seats
                    for m in engine.legal_moves(s, seat)[:30]})
    refusals: set[type] = set()
    for state, seats in steps[:40:3]:
        seat = seats[0]
        legal = engine.legal_moves(state, seat)
        before = _dump(engine, state)
        for text in texts[:150]:
            try:
                move = engine.read_move(state, seat, text)
            except (IllegalMove, NotYourTurn) as err:
                assert RULE_ID.match(err.reason), err.reason
                refusals.add(type(err))
            else:
                assert move in legal or engine.apply(state, seat, move, SeededRng(0))
        assert _dump(engine, state) == before
    assert IllegalMove in refusals or NotYourTurn in refusals


@pytest.mark.parametrize("engine", [e for e in ENGINES if e.max_players > 1], ids=config_id)
def test_a_move_read_for_a_seat_not_to_act_is_not_your_turn(engine: Engine) -> None:
    players, options = engine.contract_configs()[-1]
    for state, _seats in _game(engine, players, options):
        idle = [s for s in range(players) if s not in engine.to_act(state)]
        if not idle:
            continue
        mover = sorted(engine.to_act(state))[0]
        text = engine.write_move(state, mover, engine.legal_moves(state, mover)[0])
        with pytest.raises(NotYourTurn) as refused:
            engine.read_move(state, idle[0], text)
        assert RULE_ID.match(refused.value.reason)
        return
    pytest.fail("no step with a seat that is not to act")
