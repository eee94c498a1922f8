"""JSON text as the platform writes it everywhere: frames to sockets, JSON columns, the diff's
size estimates. orjson (about ten times faster than `json.dumps` for a move's events and a
state snapshot, issue 16), integer keys written as strings, as `json.dumps` writes them."""

from __future__ import annotations

from typing import Any

import orjson


def json_bytes(value: Any) -> bytes:
    """``value`` as UTF-8 JSON."""
    return orjson.dumps(value, option=orjson.OPT_NON_STR_KEYS)


def json_text(value: Any) -> str:
    """``value`` as JSON text."""
    return json_bytes(value).decode()
