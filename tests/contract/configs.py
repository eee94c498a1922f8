"""The configurations the contract suites run over: every engine with each of its
``contract_configs()`` (players, options), and readable test ids for them."""

from __future__ import annotations

import json
from typing import Any

from app.games.base import (
    Engine,
    all_engines,
)

ENGINES = all_engines()


def configs() -> list[tuple[Engine, int, dict[str, Any]]]:
    return [(e, n, opts) for e in ENGINES for n, opts in e.contract_configs()]


def config_id(value: Any) -> str:
    if isinstance(value, Engine):
        return value.kind
    if isinstance(value, dict):
        return json.dumps(value, sort_keys=True) if value else "default"
    return str(value)


MAX_STEPS = 20_000
