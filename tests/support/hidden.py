"""What a viewer may not know: the keys and the runs of hidden cards that must never appear in a frame, per game kind."""

from __future__ import annotations

from typing import Any

FORBIDDEN_KEYS = {"seed", "setup_chance", "initial_state", "chance", "price_order",
                  "stack_order"}


CASES = [
    ("grand-bazaar", 2, {}),
    # 12 idle rounds end a stuck game (BAZ-31; 30 by default): random moves rarely buy, and
    # at 30 a random game ran 200-770 moves, each checked by every viewer over HTTP and socket
    ("bazaar", 2, {"stall_rounds": 12}),
    ("bombay-bazar", 3, {"first_player": "parity"}),
    ("carcassonne", 2, {"bazaar_builder_order": "builder-first", "stack": [
        "BZ1", "U", "V", "E", "BZ2", "K", "B", "D", "U", "V", "BZ3", "E", "A", "W", "X", "U"]}),
    ("carcassonne-auction", 3, {"players": ["Red", "Blue", "Black"], "placer": 0,
                                "tiles": [{"type": "U"}, {"type": "BZ4"}, {"label": "River"}]}),
]


def hidden_runs(kind: str, dump: dict[str, Any]) -> list[list[Any]]:
    """Runs of the hidden draw order at one step (each must never appear in order)."""
    runs: list[list[Any]] = []
    if kind == "grand-bazaar":
        runs.append(list(dump["deck"]))
    elif kind == "bazaar":
        runs.extend(list(stall) for stall in dump["stalls"])
    elif kind == "carcassonne":
        runs.append(list(dump["stack"][dump["pos"]:]))
        runs.append(list(dump.get("facedown") or []))
    out = []
    for run in runs:
        # the shortest prefix that no public sorted or constant list could match by chance
        for n in range(3, len(run) + 1):
            head = run[:n]
            # ids sort as numbers, tile types as text: a public sorted list could match either
            ascending = head == sorted(head, key=lambda v: (isinstance(v, str), v))
            if len(set(map(str, head))) > 1 and not ascending:
                out.append(head)
                break
    return out


def contains_run(value: Any, run: list[Any]) -> bool:
    if isinstance(value, dict):
        return any(contains_run(v, run) for v in value.values())
    if isinstance(value, list):
        n = len(run)
        if any(value[i:i + n] == run for i in range(len(value) - n + 1)):
            return True
        return any(contains_run(v, run) for v in value)
    return False


def keys_in(value: Any) -> set[str]:
    if isinstance(value, dict):
        return set(value) | {k for v in value.values() for k in keys_in(v)}
    if isinstance(value, list):
        return {k for v in value for k in keys_in(v)}
    return set()
