"""The move envelope of the engine contract: `Field` and `check_move` in app/games/shapes.py.

Every engine checks a move's shape with `check_move` before its rules look at it, so a
malformed payload is always `InvalidMove` (422, code BAD_INPUT) and never a Python error.
"""

from __future__ import annotations

import doctest
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from app.games import shapes
from app.games.base import Field, InvalidMove, check_move

SHAPES: dict[str, dict[str, Field]] = {
    "Roll": {},
    "Buy": {"stall": Field(int), "ware": Field(int, None, required=False)},
    "Say": {"text": Field(str), "loud": Field(bool, required=False)},
    "Pay": {"coins": Field(dict, str), "list": Field(list, required=False)},
    "Open": {"tile": Field(int, rule="X-1", reason="tile is an index"), "bid": Field(float)},
}

JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner,
                                                                max_size=4),
    max_leaves=12,
)


def reason_of(move: Any, rule: str = "") -> str:
    with pytest.raises(InvalidMove) as info:
        check_move(move, SHAPES, rule)
    assert info.value.code == "BAD_INPUT" and info.value.status == 422
    return info.value.reason


def test_the_docstring_examples_run() -> None:
    result = doctest.testmod(shapes, raise_on_error=False)
    assert result.attempted >= 3 and result.failed == 0


@pytest.mark.parametrize(("spec", "value", "ok"), [
    (Field(int), 3, True),
    (Field(int), -(10**40), True),
    (Field(int), True, False),
    (Field(int), 3.0, False),
    (Field(int), "3", False),
    (Field(int), None, False),
    (Field(float), 3, True),
    (Field(float), 2.5, True),
    (Field(float), False, False),
    (Field(bool), False, True),
    (Field(bool), 0, False),
    (Field(str), "", True),
    (Field(str), [], False),
    (Field(list), [], True),
    (Field(list), {}, False),
    (Field(dict), {}, True),
    (Field(dict), [], False),
    (Field(int, None), None, True),
    (Field(dict, str), "RRW", True),
    (Field(dict, str), ["R"], False),
])
def test_field_accepts_its_json_types_only(spec: Field, value: Any, ok: bool) -> None:
    assert spec.accepts(value) is ok


@pytest.mark.parametrize("kinds", [(), (tuple,), (object,), (set,), (list[int],)])
def test_field_takes_json_types_only(kinds: tuple[Any, ...]) -> None:
    with pytest.raises(ValueError):
        Field(*kinds)


def test_field_describes_its_types() -> None:
    assert Field(int, None).expected() == "an integer or null"
    assert "required=False" in repr(Field(bool, required=False))


@pytest.mark.parametrize("move", [
    {"type": "Roll"},
    {"type": "Buy", "stall": 2},
    {"type": "Buy", "stall": 10**30, "ware": None},
    {"type": "Buy", "stall": -1, "ware": 21},
    {"type": "Say", "text": "", "loud": False},
    {"type": "Pay", "coins": "RRW", "list": [[], {}]},
    {"type": "Pay", "coins": {"R": "junk"}},  # inside a field is the engine's business
    {"type": "Open", "tile": 0, "bid": 1.5},
])
def test_well_shaped_moves_come_back_unchanged(move: dict[str, Any]) -> None:
    before = repr(move)
    assert check_move(move, SHAPES) is move
    assert repr(move) == before


@pytest.mark.parametrize("move", [None, [], ["Roll"], "Roll", 7, True, 1.5])
def test_a_move_is_an_object(move: Any) -> None:
    assert reason_of(move) == "a move must be a JSON object with a type"


@pytest.mark.parametrize("kind", [None, [], ["Roll"], {}, {"Roll": 1}, 7, True, 1.5])
def test_the_type_is_a_string(kind: Any) -> None:
    assert reason_of({"type": kind}).startswith("a move's type must be a string: one of Roll, ")
    assert reason_of({}).startswith("a move's type must be a string")


def test_an_unknown_type_is_named_cut_short() -> None:
    assert reason_of({"type": "Pass"}) == (
        "unknown move type 'Pass'; expected one of Roll, Buy, Say, Pay, Open")
    assert "'" + "x" * 40 + "'" in reason_of({"type": "x" * 10_000})
    assert len(reason_of({"type": "x" * 10_000})) < 200
    assert reason_of({"type": "roll"}).startswith("unknown move type 'roll'")


def test_required_fields_must_be_present() -> None:
    assert reason_of({"type": "Buy"}) == "Buy lacks the field(s) stall"
    assert reason_of({"type": "Open"}) == "Open lacks the field(s) bid, tile"
    assert reason_of({"type": "Buy", "ware": 1}) == "Buy lacks the field(s) stall"


def test_unknown_fields_are_rejected_and_cut_short() -> None:
    assert reason_of({"type": "Roll", "extra": 1}) == "Roll has unknown field(s) extra"
    assert reason_of({"type": "Buy", "stall": 1, "Ware": 1}) == "Buy has unknown field(s) Ware"
    many = {"type": "Roll", **{f"k{i:04}" + "y" * 100: i for i in range(1000)}}
    reason = reason_of(many)
    assert reason.startswith("Roll has unknown field(s) k0000") and reason.endswith(", ...")
    assert len(reason) < 300
    assert reason_of({"type": "Roll", 1: 2, None: 3}) == "Roll has unknown field(s) 1, None"


@pytest.mark.parametrize(("move", "reason"), [
    ({"type": "Buy", "stall": "2"}, "Buy: stall must be an integer"),
    ({"type": "Buy", "stall": True}, "Buy: stall must be an integer"),
    ({"type": "Buy", "stall": None}, "Buy: stall must be an integer"),
    ({"type": "Buy", "stall": 2.0}, "Buy: stall must be an integer"),
    ({"type": "Buy", "stall": 1, "ware": "21"}, "Buy: ware must be an integer or null"),
    ({"type": "Say", "text": ["hi"]}, "Say: text must be a string"),
    ({"type": "Say", "text": "hi", "loud": 1}, "Say: loud must be true or false"),
    ({"type": "Pay", "coins": 3}, "Pay: coins must be an object or a string"),
    ({"type": "Pay", "coins": "R", "list": {}}, "Pay: list must be a list"),
    ({"type": "Open", "tile": "U", "bid": 1}, "X-1: tile is an index"),
    ({"type": "Open", "tile": 0, "bid": "1"}, "Open: bid must be a number"),
])
def test_fields_have_their_json_types(move: dict[str, Any], reason: str) -> None:
    assert reason_of(move) == reason


def test_the_rule_starts_every_generic_reason() -> None:
    for move in (None, {"type": []}, {"type": "Pass"}, {"type": "Buy"},
                 {"type": "Roll", "x": 1}, {"type": "Buy", "stall": "1"}):
        assert reason_of(move, "BAZ-21").startswith("BAZ-21: ")
    # a field's own reason follows its own rule
    assert reason_of({"type": "Open", "tile": [], "bid": 0}, "BAZ-21") == "X-1: tile is an index"


@settings(max_examples=300, deadline=None)
@given(JSON_VALUES, st.sampled_from([*SHAPES, "Pass"]), st.dictionaries(
    st.sampled_from(["stall", "ware", "text", "loud", "coins", "list", "tile", "bid", "x"]),
    JSON_VALUES, max_size=4))
def test_any_json_is_accepted_or_invalid_move(junk: Any, kind: str, fields: dict[str, Any]) -> None:
    """No JSON value makes `check_move` raise anything but `InvalidMove`."""
    for move in (junk, {"type": junk}, {"type": kind, **fields}):
        try:
            checked = check_move(move, SHAPES)
        except InvalidMove:
            continue
        shape = SHAPES[checked["type"]]
        assert set(checked) - {"type"} <= set(shape)
        assert all(spec.accepts(checked[name]) for name, spec in shape.items() if name in checked)
