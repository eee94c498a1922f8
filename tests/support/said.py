"""Checks for messages said in a language (issue 29): every id of a message (its own and its
arguments') is translated in the catalogue, and the rendering leaves no placeholder, no raw
code and none of a game's English words."""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from typing import Any

from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po

from app.games.base import Engine, Rng
from app.games.messages import english as english_of
from app.games.messages import is_message
from app.i18n.catalogues import po_path
from app.i18n.render import render

_LEFTOVER = re.compile(r"\{[A-Za-z_]\w*\}")
_CODE = re.compile(r"\b[A-Z]{2,}_[A-Z_]+\b")  # a raw error code such as PILE_EMPTY
_QUOTED = re.compile(r"„[^“]*“|« [^»]* »|“[^”]*”")


def catalogue(lang: str) -> Catalog:
    """The shipped catalogue of ``lang``."""
    with po_path(lang).open("rb") as source:
        return read_po(source, locale=lang)


def ids_in(message: dict[str, Any]) -> list[str]:
    """The message's id and the ids of the messages among its arguments."""
    found = [message["id"]]
    for value in (message.get("args") or {}).values():
        for item in value if isinstance(value, list) else [value]:
            if is_message(item):
                found.extend(ids_in(item))
    return found


def english_words(words: Iterable[str]) -> re.Pattern[str]:
    """A pattern that finds any of ``words`` as a whole word, in any case."""
    return re.compile(rf"\b({'|'.join(sorted(words))})\b", re.IGNORECASE)


def said(message: dict[str, Any], lang: str, books: Catalog, english: re.Pattern[str],
         names: Sequence[str], typed: bool = False) -> str:
    """``message`` rendered in ``lang``, after checking that every id in it is translated and
    that the words leave no placeholder, raw code or English word (names apart; with
    ``typed``, also the typed notation quoted in it, which stays English: "„buy“")."""
    for message_id in ids_in(message):
        entry = books.get(message_id)
        assert entry is not None and entry.string and not entry.fuzzy, \
            f"{lang}: no translation for {message_id!r}"
    text = render(message, lang)
    assert not _LEFTOVER.search(text), f"{lang}: a placeholder is left in {text!r}"
    assert not _CODE.search(text), f"{lang}: a raw code in {text!r}"
    without_names = re.sub(rf"\b({'|'.join(map(re.escape, names))})\b", "", text)
    if typed:
        without_names = _QUOTED.sub("", without_names)
    found = english.search(without_names)
    assert found is None, f"{lang}: English {found.group(0)!r} left in {text!r}"
    return text


def said_breakdown(outcome: Any, lang: str, books: Catalog, english: re.Pattern[str],
                   names: Sequence[str]) -> None:
    """Every label and item of an outcome's breakdown: its English is its message's, and its
    message is said in ``lang`` (as `said` checks it)."""
    for seat in outcome.breakdown:
        for line in seat["lines"]:
            assert line["label"] == english_of(line["message"])
            said(line["message"], lang, books, english, names)
            assert line["items"] == [english_of(m) for m in line["item_messages"]]
            for item in line["item_messages"]:
                said(item, lang, books, english, names)


def bot_game(engine: Engine, names: Sequence[str], options: dict[str, Any],
             rng: Rng) -> tuple[list[Any], list[dict[str, Any]]]:
    """The states and every event (the start's too) of one game the normal bot plays."""
    state, events = engine.start(names, engine.validate_options(options, len(names)), rng)
    states = [state]
    for _ in range(5000):
        if engine.outcome(state) is not None:
            return states, events
        seat = sorted(engine.to_act(state))[0]
        state, new = engine.apply(state, seat, engine.bot_move(state, seat, rng), rng)
        states.append(state)
        events.extend(new)
    raise AssertionError("the bot game did not end")
