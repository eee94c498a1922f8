"""The view diff is a valid RFC 6902 patch: applied with jsonpatch it rebuilds the new view."""

from __future__ import annotations

import copy
from typing import Any

import jsonpatch
from hypothesis import given, settings
from hypothesis import strategies as st

from app.realtime.diff import diff

keys = st.sampled_from(["a", "b", "c/d", "e~f", "0", ""])
values = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 3) | st.floats(allow_nan=False) | st.text(max_size=3),
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(keys, inner, max_size=4),
    max_leaves=25,
)


@given(values, values)
@settings(max_examples=400, deadline=None)
def test_patch_applied_to_old_gives_new(old: Any, new: Any) -> None:
    before = copy.deepcopy(old)
    ops = diff(old, new)
    assert jsonpatch.apply_patch(old, ops) == new
    assert old == before  # diffing never mutates


def test_equal_values_need_no_ops_and_a_grown_list_is_appended() -> None:
    view = {"log": [1, 2], "to_act": [0], "x": {"y": 1}}
    assert diff(view, copy.deepcopy(view)) == []
    grown = {"log": [1, 2, 3], "to_act": [1], "x": {"y": 1}}
    assert sorted(diff(view, grown), key=lambda op: op["path"]) == [
        {"op": "add", "path": "/log/-", "value": 3},
        {"op": "replace", "path": "/to_act/0", "value": 1},
    ]


def test_one_card_taken_from_the_middle_is_one_remove() -> None:
    assert diff({"deck": [1, 2, 3, 4]}, {"deck": [1, 3, 4]}) == [
        {"op": "remove", "path": "/deck/1"}]
    assert diff([5, 6], [5, 9, 6]) == [{"op": "add", "path": "/1", "value": 9}]


def test_type_changes_and_bool_int_are_replaced() -> None:
    assert diff({"a": True}, {"a": 1}) == [{"op": "replace", "path": "/a", "value": 1}]
    assert diff({"a": [1]}, {"a": {"0": 1}}) == [{"op": "replace", "path": "/a", "value": {"0": 1}}]


def test_a_small_object_with_several_changes_is_replaced_whole() -> None:
    """A turn whose seat and tile both changed costs one op, not one per field (issue 16:
    the late-game patch), while one changed field of a large object stays one small op."""
    old = {"turn": {"seat": 0, "part": "first", "tile": "A"}, "log": list(range(50))}
    new = {"turn": {"seat": 1, "part": "first", "tile": "D"}, "log": list(range(50))}
    assert diff(old, new) == [{"op": "replace", "path": "/turn", "value": new["turn"]}]
    big_old = {"a": {"x": 1, "y": 2, "rows": [[i] * 5 for i in range(20)]}}
    big_new = {"a": {"x": 3, "y": 4, "rows": [[i] * 5 for i in range(20)]}}
    assert diff(big_old, big_new) == [{"op": "replace", "path": "/a/x", "value": 3},
                                      {"op": "replace", "path": "/a/y", "value": 4}]
