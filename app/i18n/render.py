"""A message (app/games/messages.py) in one language, on the server: the same rules as the
browser's static/js/i18n.js (``{name}`` placeholders, nested messages, lists joined the
language's way)."""

from __future__ import annotations

from typing import Any

from babel.lists import format_list

from app.games.messages import Message, fill, is_message
from app.i18n.catalogues import gettext_in, ngettext_in

_LIST_LOCALE = {"en": "en_GB"}


def render(message: Message, lang: str) -> str:
    """``message`` in ``lang``: its translation with every argument filled in."""
    plural = message.get("plural")
    if isinstance(plural, str):
        template = ngettext_in(lang, message["id"], plural, int(message.get("n") or 0))
    else:
        template = gettext_in(lang, message["id"])
    args = {k: _arg(v, lang) for k, v in (message.get("args") or {}).items()}
    return fill(template, args)


def _arg(value: Any, lang: str) -> str:
    if is_message(value):
        return render(value, lang)
    if isinstance(value, list):
        # British English joins without the serial comma, as the engines' English does
        return format_list([_arg(v, lang) for v in value], locale=_LIST_LOCALE.get(lang, lang))
    return str(value)


def translate(text: str, lang: str, args: dict[str, Any] | None = None) -> str:
    """A plain message id in ``lang`` (an id no catalogue knows stays as it is)."""
    return render({"id": text, "args": args or {}}, lang)
