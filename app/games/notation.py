"""What every game's move notation shares (issue 31): reading typed text, refusing it in words.

Each game package has a ``notation.py`` that writes its moves as short readable text and reads
them back, in the spirit of chess's SAN: as short as is unambiguous in the position, and
tolerant when reading (any case, any spacing). This module holds the parts they share:

* `normal` folds typed text to one form (lower case, single spaces, a length limit);
* `unknown` is the refusal of text that is no move of the game, with examples in words;
* `checked` proves a read move legal now by a dry run of the engine's own ``apply``, so an
  illegal move is refused with the engine's reason, which names the rule (and a seat that
  is not to act gets `NotYourTurn`), exactly as if it had been sent as JSON;
* `first_accepted` picks the reading of a text that is legal now.

Standard library only, like every engine module.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from app.games.base import Engine, GameError, InvalidMove, Move, Seat
from app.games.messages import Message, malformed, say

MAX_TEXT = 120
"""Typed moves longer than this are refused before any parsing (an input limit, no rule)."""

_SPACES = re.compile(r"\s+")


def normal(text: object, rule: str) -> str:
    """Typed text folded for reading: lower case, trimmed, runs of spaces made one.

    >>> normal("  Buy   2 ", "BAZ-21")
    'buy 2'
    """
    if not isinstance(text, str):
        raise malformed(rule, "a move in notation is a line of text")
    if len(text) > MAX_TEXT:
        raise malformed(rule, "a move in notation is at most {limit} characters", limit=MAX_TEXT)
    folded = _SPACES.sub(" ", text).strip().lower()
    if not folded:
        raise malformed(rule, "type a move, for example {examples}", examples=_examples_hint(()))
    return folded


def _examples_hint(examples: Sequence[str]) -> str | Message:
    """Typed examples as they are written (notation is never translated), or words saying
    where to find one."""
    return ", ".join(f"“{e}”" for e in examples) or say("one from the rules page")


def unknown(rule: str, title: str, text: str, examples: Sequence[str]) -> InvalidMove:
    """The refusal of text that reads as no move of the game (422), with examples."""
    shown = text if len(text) <= 40 else text[:39] + "…"
    return malformed(rule, "“{typed}” is not a {title} move; write for example {examples}",
                     typed=shown, title=title, examples=_examples_hint(examples))


def checked(engine: Engine, state: Any, seat: Seat, move: Move) -> Move:
    """``move`` once the engine accepts it now; raises the engine's own refusal otherwise.

    A dry run of ``apply`` (pure, its result dropped) with a throwaway source of chance: it
    gives the same reason, citing the rule, as a move sent as JSON, and never changes
    anything.
    """
    engine.apply(state, seat, move, _DryRng())
    return move


class _DryRng:
    """Chance for a dry run: every draw is 0 and reveals are not recorded."""

    def randbelow(self, n: int) -> int:
        return 0

    def witness(self, value: Any) -> None:
        return None


def first_accepted(engine: Engine, state: Any, seat: Seat, candidates: Sequence[Move]) -> Move:
    """The first of ``candidates`` (readings of one text, likeliest first) that is legal now.

    A text may read as several moves out of context (Bazaar's "g": the colour taken after a
    wild roll, or one green token given back); the position decides, as in SAN. When none is
    legal, the likeliest reading's refusal is raised.
    """
    first_error: GameError | None = None
    for move in candidates:
        try:
            return checked(engine, state, seat, move)
        except GameError as err:
            first_error = first_error or err
    assert first_error is not None, "first_accepted needs at least one candidate"
    raise first_error
