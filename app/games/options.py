"""A game's lobby options and their schema (docs/design.md, "Engine contract"): `Option`
describes one option (its kind, default, bounds and the words the lobby says it in) and checks
a value; `resolve_options` fills the defaults and refuses unknown names or values that do not
fit, in the caller's language (`unfit`, app/games/messages.py).

Standard library only.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from app.games.messages import unfit

JSON = Any


@dataclass(frozen=True)
class Option:
    """One lobby option of a game, with its schema.

    ``kind`` is ``bool``, ``int``, ``choice`` or ``json``. A ``fixture`` option (a stacked deck)
    is for tests: never offered in the lobby form and never shown while the game runs.

    The rest tells the lobby how to put the option in words (players never see raw values):
    ``choice_labels`` are the words for ``choices``, in order; ``seats`` says that the integer
    values are seats (0-based), which the lobby names by their holders and offers only as far as
    the table goes; ``pick`` makes a ``json`` option a list of that many distinct ``choices``,
    or null, said as ``none_label``; the option applies only from ``min_players`` players and
    while every ``requires`` pair (option name, value) holds, and the lobby hides it otherwise.
    ``unit`` follows an integer value in words ("30 full rounds without a purchase"); ``on_note``
    is a sentence the lobby shows while a ``bool`` option is on (a variation on by default says
    so), with a link to ``rule_anchor`` on the game's rules page.
    """

    name: str
    kind: str
    default: JSON
    label: str = ""
    choices: tuple[JSON, ...] = ()
    minimum: int | None = None
    maximum: int | None = None
    fixture: bool = False
    help: str = ""
    choice_labels: tuple[str, ...] = ()
    seats: bool = False
    pick: int = 0
    none_label: str = ""
    min_players: int = 0
    requires: tuple[tuple[str, JSON], ...] = ()
    unit: str = ""
    on_note: str = ""
    rule_anchor: str = ""

    def __post_init__(self) -> None:
        if self.choice_labels and len(self.choice_labels) != len(self.choices):
            raise ValueError(f"option {self.name}: one label per choice")

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "name": self.name,
            "kind": self.kind,
            "default": self.default,
            "label": self.label or self.name,
        }
        if self.choices:
            data["choices"] = list(self.choices)
        if self.minimum is not None:
            data["minimum"] = self.minimum
        if self.maximum is not None:
            data["maximum"] = self.maximum
        if self.help:
            data["help"] = self.help
        if self.choice_labels:
            data["choice_labels"] = list(self.choice_labels)
        if self.seats:
            data["seats"] = True
        if self.pick:
            data["pick"] = self.pick
        if self.none_label:
            data["none_label"] = self.none_label
        if self.min_players:
            data["min_players"] = self.min_players
        for key in ("unit", "on_note", "rule_anchor"):
            if getattr(self, key):
                data[key] = getattr(self, key)
        if self.requires:
            data["requires"] = dict(self.requires)
        return data

    def check(self, value: JSON) -> JSON:
        """Return the value if it fits this option's schema, else raise `InvalidOptions`."""
        if self.kind == "bool":
            if not isinstance(value, bool):
                raise unfit(None, "option {name} must be true or false", name=self.name)
        elif self.kind == "int":
            if isinstance(value, bool) or not isinstance(value, int):
                raise unfit(None, "option {name} must be an integer", name=self.name)
            if self.minimum is not None and value < self.minimum:
                raise unfit(None, "option {name} must be at least {minimum}", name=self.name,
                            minimum=self.minimum)
            if self.maximum is not None and value > self.maximum:
                raise unfit(None, "option {name} must be at most {maximum}", name=self.name,
                            maximum=self.maximum)
        elif self.kind == "choice":
            if value not in self.choices:
                raise unfit(None, "option {name} must be one of {choices}", name=self.name,
                            choices=", ".join(map(str, self.choices)))
        return value


def resolve_options(schema: Iterable[Option], given: Mapping[str, JSON] | None) -> dict[str, JSON]:
    """Fill defaults and check every value; unknown names are rejected."""
    given = dict(given or {})
    by_name = {opt.name: opt for opt in schema}
    unknown = sorted(set(given) - set(by_name))
    if unknown:
        raise unfit(None, "unknown option(s): {names}", names=", ".join(unknown))
    return {
        name: opt.check(given[name]) if name in given else opt.default
        for name, opt in by_name.items()
    }
