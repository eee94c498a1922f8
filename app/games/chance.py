"""Chance in the engine contract (docs/design.md, "Randomness and the move log").

The platform hands an engine an `Rng`; every value the engine draws (`randbelow`) or reveals
from a pre-shuffled stack (`witness`) is a chance outcome that the platform records in the
move's row. `RecordingRng` keeps them, `ReplayRng` plays them back, so a saved game rebuilds
identically on any Python version and never re-rolls. `shuffle`, `choice` and `roll` draw only
through an `Rng`.

Standard library only.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Protocol, TypeVar

from app.games.errors import ReplayMismatch

JSON = Any
T = TypeVar("T")


class Rng(Protocol):
    """The only source of chance an engine may use."""

    def randbelow(self, n: int) -> int:
        """A uniform integer in ``0 .. n-1``."""
        ...

    def witness(self, value: JSON) -> None:
        """Record a value revealed from pre-drawn hidden state (e.g. the tile drawn).

        Replay checks that the record matches, so a record whose draws disagree with its
        setup is rejected (CAR-103).
        """
        ...


class SeededRng:
    """A live generator: Python's Mersenne Twister behind the `Rng` protocol."""

    def __init__(self, seed: int | str | None = None) -> None:
        self._random = random.Random(seed)

    def randbelow(self, n: int) -> int:
        if n <= 0:
            raise ValueError("randbelow needs n >= 1")
        return self._random.randrange(n)

    def witness(self, value: JSON) -> None:
        return None


class RecordingRng:
    """Wraps a live `Rng` and keeps every outcome, in order, as JSON."""

    def __init__(self, inner: Rng) -> None:
        self._inner = inner
        self.outcomes: list[JSON] = []

    def randbelow(self, n: int) -> int:
        value = self._inner.randbelow(n)
        self.outcomes.append(value)
        return value

    def witness(self, value: JSON) -> None:
        self.outcomes.append({"w": value})


class ReplayRng:
    """Returns recorded outcomes in order; raises `ReplayMismatch` when they do not fit."""

    def __init__(self, outcomes: Sequence[JSON]) -> None:
        self._outcomes = list(outcomes)
        self._next = 0

    def _take(self) -> JSON:
        if self._next >= len(self._outcomes):
            raise ReplayMismatch("the record has fewer chance outcomes than the replay needs")
        value = self._outcomes[self._next]
        self._next += 1
        return value

    def randbelow(self, n: int) -> int:
        value = self._take()
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < n:
            raise ReplayMismatch(f"recorded outcome {value!r} is not a draw below {n}")
        return value

    def witness(self, value: JSON) -> None:
        recorded = self._take()
        if recorded != {"w": value}:
            raise ReplayMismatch("a recorded draw disagrees with the setup record")

    def finish(self) -> None:
        """Raise unless every recorded outcome was consumed."""
        if self._next != len(self._outcomes):
            raise ReplayMismatch("the record has more chance outcomes than the replay used")


def shuffle(rng: Rng, items: list[T]) -> None:
    """Fisher-Yates shuffle in place, drawing only through `rng`."""
    for i in range(len(items) - 1, 0, -1):
        j = rng.randbelow(i + 1)
        items[i], items[j] = items[j], items[i]


def choice(rng: Rng, items: Sequence[T]) -> T:
    """One element, uniformly."""
    if not items:
        raise ValueError("choice from an empty sequence")
    return items[rng.randbelow(len(items))]


def roll(rng: Rng, sides: int = 6) -> int:
    """A die roll, ``1 .. sides``."""
    return rng.randbelow(sides) + 1
