"""A fast RFC 6902 diff for views: ``add``, ``remove`` and ``replace`` ops only.

Views are small trees of dicts and lists; a generic LCS diff (jsonpatch.make_patch) costs
milliseconds per step. This walks both trees once: dict keys are compared by name, lists of
equal length element by element, and a list that changed length is patched at its tail (the
common case: a log or history that grew) or replaced whole.
"""

from __future__ import annotations

from typing import Any

Op = dict[str, Any]


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
        for key, value in old.items():
            sub = f"{path}/{_escape(str(key))}"
            if key not in new:
                ops.append({"op": "remove", "path": sub})
            else:
                _diff(value, new[key], sub, ops)
        for key, value in new.items():
            if key not in old:
                ops.append({"op": "add", "path": f"{path}/{_escape(str(key))}", "value": value})
        return
    if isinstance(old, list) and isinstance(new, list):
        common = min(len(old), len(new))
        if len(old) != len(new) and old[:common] != new[:common]:
            ops.append({"op": "replace", "path": path, "value": new})
            return
        for i in range(common):
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
