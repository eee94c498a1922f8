"""The golden playthrough file format shared by the ``*_golden.py`` writers."""

from __future__ import annotations

import json


def dumps(data: dict[str, object]) -> str:
    """JSON with one step per line, so that a rule change shows as a readable diff."""
    head = {k: v for k, v in data.items() if k != "steps"}
    lines = [json.dumps(step) for step in data["steps"]]  # type: ignore[attr-defined]
    body = json.dumps(head, indent=1)[:-2]
    return body + ',\n "steps": [\n  ' + ",\n  ".join(lines) + "\n ]\n}\n"
