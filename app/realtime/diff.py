"""A fast RFC 6902 diff for views: ``add``, ``remove`` and ``replace`` ops only.

Views are small trees of dicts and lists; a generic LCS diff (jsonpatch.make_patch) costs
milliseconds per step. This walks both trees once: dict keys are compared by name, lists of
equal length element by element, and a list that changed length is patched at its tail (the
common case: a log or history that grew by an entry) or, when most of it changed, replaced whole;
an object in which several fields changed is replaced whole when that is shorter.

Equal subtrees are skipped by Python's `==` before anything else is done (three to four times
faster on a view, bench/move_path.py). `==` holds 1, 1.0 and True for equal, so inside an
unchanged-looking container a switch from ``true`` to ``1`` would go unsent: views keep each
field's JSON type from step to step, which the contract suite checks for every engine
(`test_every_step_patch_rebuilds_the_view_to_the_byte`). Scalars compared directly still
tell True from 1.
"""

from __future__ import annotations

from typing import Any

from app.json_text import json_bytes

Op = dict[str, Any]


def _size(value: Any) -> int:
    """About the bytes of the value in a frame (exact but for escapes in strings)."""
    if value is None or value is True:
        return 4
    if value is False:
        return 5
    if isinstance(value, str):
        return len(value) + 2
    if isinstance(value, int):
        return len(str(value))
    return len(json_bytes(value))


def _shorter_whole(new: dict[str, Any], inner: list[Op]) -> bool:
    """Whether replacing the object whole takes fewer bytes than the ops in ``inner``."""
    parts = 0
    for op in inner:
        parts += len(op["path"]) + 24  # {"op":"replace","path":"","value":}
        if "value" in op:
            parts += _size(op["value"])
    # the object is at least its keys, quotes, colons, commas and a byte a value: ops shorter
    # than that need no encoding of the whole to be kept
    if parts <= 1 + sum(len(key) + 4 for key in new):
        return False
    return _size(new) < parts


def _same(old: Any, new: Any) -> bool:
    """Whether a subtree is unchanged, by the comparison in C (see the module's docstring for
    what `==` takes for equal)."""
    return old is new or (type(old) is type(new) and old == new)


def _escape(key: str) -> str:
    return key.replace("~", "~0").replace("/", "~1")


def diff(old: Any, new: Any, path: str = "") -> list[Op]:
    """The ops that turn ``old`` into ``new`` (both JSON values)."""
    ops: list[Op] = []
    _diff(old, new, path, ops)
    return ops


def _diff(old: Any, new: Any, path: str, ops: list[Op]) -> None:
    if old is new:
        return
    if isinstance(old, dict) and isinstance(new, dict):
        inner: list[Op] = []
        for key, value in old.items():
            if key not in new:
                inner.append({"op": "remove", "path": f"{path}/{_escape(str(key))}"})
                continue
            # most of a view is the same from one step to the next: no path is built for it
            if not _same(value, new[key]):
                _diff(value, new[key], f"{path}/{_escape(str(key))}", inner)
        for key, value in new.items():
            if key not in old:
                inner.append({"op": "add", "path": f"{path}/{_escape(str(key))}", "value": value})
        if len(inner) > 1 and path and _shorter_whole(new, inner):
            # several fields of a small object changed (a turn's seat and tile, an auction's
            # current bid and bidder): the object whole is shorter than an op for each
            ops.append({"op": "replace", "path": path, "value": new})
        else:
            ops.extend(inner)
        return
    if isinstance(old, list) and isinstance(new, list):
        if abs(len(old) - len(new)) == 1 and _one_element(old, new, path, ops):
            return
        common = min(len(old), len(new))
        changed = abs(len(old) - len(new))
        # one op per element costs ~40 bytes each: a list that mostly changed is cheaper whole
        if changed and (old[:common] != new[:common] or (changed > 2 and changed >= common)):
            ops.append({"op": "replace", "path": path, "value": new})
            return
        for i in range(common):
            if not _same(old[i], new[i]):
                _diff(old[i], new[i], f"{path}/{i}", ops)
        for i in range(len(old) - 1, common - 1, -1):
            ops.append({"op": "remove", "path": f"{path}/{i}"})
        for i in range(common, len(new)):
            ops.append({"op": "add", "path": f"{path}/-", "value": new[i]})
        return
    if type(old) is not type(new) or old != new:
        if path == "":
            ops.append({"op": "replace", "path": "", "value": new})
        else:
            ops.append({"op": "replace", "path": path, "value": new})


def _one_element(old: list[Any], new: list[Any], path: str, ops: list[Op]) -> bool:
    """One element removed from, or inserted into, the list (say a card drawn from a pile)."""
    short, long_ = (new, old) if len(new) < len(old) else (old, new)
    i = next((k for k in range(len(short)) if short[k] != long_[k]), len(short))
    if short[i:] != long_[i + 1:]:
        return False
    if long_ is old:
        ops.append({"op": "remove", "path": f"{path}/{i}"})
    else:
        where = "-" if i == len(old) else str(i)
        ops.append({"op": "add", "path": f"{path}/{where}", "value": new[i]})
    return True
