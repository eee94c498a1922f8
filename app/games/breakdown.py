"""The score breakdown of the engine contract (issue 14, part 1): each seat's score by source.

`Engine.score_breakdown` returns one `Breakdown` per seat, computed from the state alone, so it
exists at every step of a game and of its replay. Its lines are in words ("Cities", "City of 4
tiles with 1 pennant: 10"): the end panel shows them as they are, or, for a line that carries
its label and items as messages too (issue 29), says those in the viewer's language.

The sum rule: a seat's lines add up to its ``score``, the score the engine gives it now (the
public score while the game runs, the outcome's score at the end). A tournament score is a medal
tally rather than a number: its lines then carry a ``medal`` each and the tally counts them.

Only public figures go in a breakdown (every score source of the five games is public), so the
platform may show it to anybody at any step; the contract suite checks that it does not change
when the hidden parts of a state are redrawn.

Standard library only.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from app.games.messages import N_, Message, english, say

MEDALS: tuple[str, str, str] = ("gold", "silver", "bronze")


@dataclass(frozen=True)
class Line:
    """One source of points: a stable ``source`` key, its label and points, what scored."""

    source: str
    label: str
    points: int | float
    items: tuple[str, ...] = ()
    medal: str | None = None
    """A tournament round's medal (one of `MEDALS`), or None."""
    message: dict[str, Any] | None = None
    """The label as a message (app/games/messages.py) for each client to say in its language
    (issue 29); ``label`` is then its English."""
    item_messages: tuple[dict[str, Any], ...] | None = None
    """The items as messages, one for each of ``items`` (their English)."""

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"source": self.source, "label": self.label,
                                "points": self.points, "items": list(self.items)}
        if self.medal is not None:
            data["medal"] = self.medal
        if self.message is not None:
            data["message"] = self.message
        if self.item_messages is not None:
            data["item_messages"] = list(self.item_messages)
        return data


@dataclass(frozen=True)
class Breakdown:
    """A seat's score and the lines it is made of."""

    seat: int
    score: Any
    """A number, or a [gold, silver, bronze] tally for a tournament."""
    lines: tuple[Line, ...] = field(default_factory=tuple)

    def total(self) -> int | float:
        """The sum of the lines' points."""
        return sum(line.points for line in self.lines)

    def tally(self) -> list[int]:
        """[gold, silver, bronze]: the medals of the lines."""
        return [sum(1 for line in self.lines if line.medal == m) for m in MEDALS]

    def consistent(self) -> bool:
        """The sum rule: the lines make the score (points, or medals for a tally)."""
        if isinstance(self.score, list):
            return self.tally() == list(self.score)
        return bool(self.total() == self.score)

    def to_json(self) -> dict[str, Any]:
        return {"seat": self.seat, "score": self.score,
                "lines": [line.to_json() for line in self.lines]}


def line(source: str, label: Message, points: int | float, items: Sequence[Message] = (),
         medal: str | None = None) -> Line:
    """A line whose label and items are messages, each client saying them in its language,
    with their English beside (what the log and the golden playthroughs hold)."""
    return Line(source, english(label), points, tuple(english(i) for i in items), medal,
                message=label, item_messages=tuple(items))


def residual(score: int | float, lines: Sequence[Line]) -> list[Line]:
    """The lines, plus one for points the state no longer itemises, if any.

    A state saved before a game kept its score sources (an old snapshot) still loads with an
    empty ledger; its points then show as one line so that the sum rule still holds. New games
    never need it (the contract suite checks that).
    """
    rest = score - sum(line.points for line in lines)
    if rest:
        return [*lines, line("earlier", say(N_("Points not itemised (recorded by an older "
                                              "version)")), rest)]
    return list(lines)


def to_json(breakdowns: Iterable[Breakdown]) -> list[dict[str, Any]]:
    """A list of breakdowns as JSON."""
    return [b.to_json() for b in breakdowns]
