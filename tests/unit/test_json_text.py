"""The platform's JSON text (app/json_text.py): what `json.dumps` writes, compactly."""

from __future__ import annotations

import json

from app.json_text import json_bytes, json_text


def test_integer_keys_are_written_as_strings_as_json_dumps_writes_them() -> None:
    # seats and card ids key some views and events: orjson alone refuses non-string keys
    value = {1: {"S": 2}, "seats": [0, None, True], "name": "Zoë"}
    compact = json.dumps(value, separators=(",", ":"), ensure_ascii=False)
    assert json_text(value) == compact
    assert json_bytes(value) == compact.encode()
    assert json.loads(json_text(value)) == {"1": {"S": 2}, "seats": [0, None, True],
                                             "name": "Zoë"}
