"""Messages as data (issue 29): words an engine makes travel as an id with arguments.

An engine never speaks a language: it returns a `Message`, a JSON object
``{"id": "{who} ended the turn", "args": {"who": "Ann"}}``. The id is the English text with
``{name}`` placeholders; it is also the gettext msgid that the catalogues under
``app/locale/`` translate, and each client renders it in its own language (static/js/i18n.js;
app/i18n/render.py on the server). An argument is either kept as it is (a player's name, a
number) or is itself a `Message` (a colour, a reason), rendered in the same language; a list
of arguments reads as the language joins a list ("a, b and c").
A message with a plural carries ``plural`` (the English plural form) and ``n`` (the count
that chooses the form).

The engines stay pure: this module is plain Python, and ``english`` gives the text that the
log and the refusals carried before (``IllegalMove.reason`` stays English, with the rule id).
Extraction (``python -m app.i18n update``) finds the ids through the keywords ``say``,
``say_n`` and ``N_``.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from app.games.errors import IllegalMove, InvalidMove, InvalidOptions

Message = dict[str, Any]
"""``{"id": str, "args": {...}}`` and, for a plural, ``"plural": str, "n": int``."""

_FIELD = re.compile(r"\{([A-Za-z_][A-Za-z0-9_]*)\}")


def N_(text: str) -> str:
    """Mark ``text`` as a message id for extraction; the text itself is returned."""
    return text


def say(message_id: str, **args: Any) -> Message:
    """A message: its id (English text with ``{placeholders}``) and its arguments."""
    return {"id": message_id, "args": args}


def say_n(singular: str, plural: str, n: int, **args: Any) -> Message:
    """A message whose form depends on the count ``n`` (also available as ``{n}``)."""
    return {"id": singular, "plural": plural, "n": n, "args": {"n": n, **args}}


def is_message(value: Any) -> bool:
    """Whether ``value`` is a message (a dict with a string ``id``)."""
    return isinstance(value, dict) and isinstance(value.get("id"), str)


def fill(template: str, args: Mapping[str, str]) -> str:
    """``template`` with each ``{name}`` replaced; an unknown name stays visible as written."""
    return _FIELD.sub(lambda m: args.get(m.group(1), m.group(0)), template)


def placeholders(template: str) -> set[str]:
    """The ``{name}`` placeholders of a template."""
    return set(_FIELD.findall(template))


def english(message: Message) -> str:
    """The message in English: the id (or the plural form) with its arguments filled in."""
    plural = message.get("plural")
    template = message["id"]
    if isinstance(plural, str) and message.get("n") != 1:
        template = plural
    args = {k: english(v) if is_message(v) else _plain(v)
            for k, v in (message.get("args") or {}).items()}
    return fill(template, args)


def _plain(value: Any) -> str:
    if isinstance(value, list):  # a list reads as "a, b and c" (other languages: their own way)
        parts = [english(v) if is_message(v) else _plain(v) for v in value]
        return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]
    return str(value)


def refuse(rule: str, text: str, **args: Any) -> IllegalMove:
    """An `IllegalMove` whose reason is a message: ``refuse("BAZ-18", "stall {stall} is sold
    out", stall=3)``; its English reason is "BAZ-18: stall 3 is sold out" as before."""
    message = say(text, **args)
    return IllegalMove(f"{rule}: {english(message)}", message=message, rule=rule)


def unfit(rule: str | None, text: str, **args: Any) -> InvalidOptions:
    """An `InvalidOptions` (422: the lobby's options do not fit the game) whose reason is a
    message; ``rule`` is None for the checks every option shares (app/games/base.py)."""
    message = say(text, **args)
    said = english(message)
    return InvalidOptions(f"{rule}: {said}" if rule else said, message=message, rule=rule)


def malformed(rule: str, text: str, **args: Any) -> InvalidMove:
    """An `InvalidMove` (422: the input is no move at all) whose reason is a message, as
    `refuse` makes an `IllegalMove`."""
    message = say(text, **args)
    return InvalidMove(f"{rule}: {english(message)}", message=message, rule=rule)
