"""The game log in players' words, for every registered game (issue 13, point 14).

Full bot games of every kind and every contract configuration; every event's text (what
`describe` returns and the game log shows) must be words: no rule id, no Python or JSON value,
no raw coordinates, ids or 0-based seats, and no zero-point scoring line (those are "", which the
log leaves out).
"""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from app.games.base import Engine, SeededRng, all_engines

NAMES = ["Ann", "Bob", "Cy", "Di", "Ed", "Flo", "Gus"]
MAX_STEPS = 20_000

# what must never reach a player in a log line, each with the reason it is raw
EVERY_GAME: list[tuple[str, str]] = [
    (r"\b[A-Z]{2,4}-\d+", "a rule id"),
    (r"\(\s*-?\d+\s*,\s*-?\d+\s*\)", "a coordinate tuple"),
    (r"[\[\]{}]", "a list or dict"),
    (r"\b(?:None|null|True|False|undefined|NaN)\b", "a Python/JSON value"),
    (r"\b[A-Za-z]+_[A-Za-z_]+\b", "an identifier"),
    (r"(?<![\d.])0 points?\b", "a zero-point line"),
    (r"\bseat -?\d", "a seat number"),
    (r"\b[a-z]+[A-Z][A-Za-z]*\b", "a camel-case type name"),
]
# notations of one game that are raw there (ids of the engine, not names printed on the board)
PER_GAME: dict[str, list[tuple[str, str]]] = {
    "carcassonne": [
        (r"\bBZ\d+\b", "a tile type id"),
        (r"\b(?:drew|placed|won tile|reveals|shows) [A-X]\b", "a tile type id"),
        (r"\bturned \d\b", "a rotation number"),
        (r"\bon (?:[crf]\d|cl)\b", "a segment id"),
        (r"\btile 0\b", "a 0-based index"),
    ],
    "carcassonne-auction": [(r"\btile 0\b", "a 0-based index"), (r"\([A-X]\)", "a type id")],
    "bombay-bazar": [(r"\br\d\b", "a rotation number"), (r"\b\d-\d\b", "an edge pair")],
    "bazaar": [(r"\b(?:\d?[RWBGY]){2,}\b|\brolled [RWBGY]\b", "token letters"),
               (r"\bequation\b", "an equation id")],
    "grand-bazaar": [(r"\b[SRE]-?\d+\b", "gem letters")],
}


def bot_game(engine: Engine, players: int, options: dict[str, Any], seed: int
             ) -> list[tuple[dict[str, Any], list[str]]]:
    """One full bot game: each move's events with their texts."""
    names = NAMES[:players]
    state = engine.setup(names, engine.validate_options(options, players), SeededRng(seed))
    chooser = SeededRng(seed * 7919 + 1)
    moves = []
    for _step in range(MAX_STEPS):
        if engine.outcome(state) is not None:
            break
        to_act = sorted(engine.to_act(state))
        seat = to_act[chooser.randbelow(len(to_act))]
        move = json.loads(json.dumps(engine.bot_move(state, seat, chooser)))
        state, events = engine.apply(state, seat, move, SeededRng(chooser.randbelow(2**31)))
        moves.append((move, [engine.describe(e, names) for e in events]))
    assert engine.outcome(state) is not None, f"{engine.kind}: the bot game did not end"
    return moves


CASES = [(e, n, opts) for e in all_engines() for n, opts in e.contract_configs()]


@pytest.mark.parametrize(("engine", "players", "options"), CASES,
                         ids=[f"{e.kind}-{n}-{i}" for i, (e, n, _o) in enumerate(CASES)])
def test_every_log_line_is_in_words(engine: Engine, players: int,
                                    options: dict[str, Any]) -> None:
    patterns = EVERY_GAME + PER_GAME.get(engine.kind, [])
    bad: dict[str, str] = {}
    for seed in (1, 2):
        for _move, texts in bot_game(engine, players, options, seed):
            for text in texts:
                assert isinstance(text, str)
                for pattern, why in patterns:
                    if re.search(pattern, text):
                        bad.setdefault(why, text)
    assert not bad, f"{engine.kind}: raw values in the log: {bad}"
