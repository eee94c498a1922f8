"""No English left on a page shown in German or French (issue 29, "Done when"): a checker built
from the shipped catalogues rather than from a hand-made word list, so that every message of
the code base (Python, templates, browser) is looked for.

Each catalogue entry whose translation differs from its English id gives the English words to
look for: the id (each plural form) without its markup, cut at its placeholders; each piece of
at least two words and `MIN_CHARS` characters that the translation does not itself contain is
English that must not be seen. Single words are left out (a German page may say "Start" or
"Bot"); whole phrases of the interface are what an untranslated string shows. The page's text
is what a person sees (``innerText``) and what a screen reader says for it (the labels and
titles of shown elements), with the players' names taken out first.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable, Sequence
from typing import Any

from babel.messages.pofile import read_po

from app.i18n.catalogues import po_path

MIN_CHARS = 10
"""The shortest English piece looked for (shorter ones are too often a German word too)."""

_PLACEHOLDER = re.compile(r"\{[A-Za-z_]\w*\}|%\(\w+\)[sd]|%[sd]")
_TAG = re.compile(r"<[^>]+>")
_LEFTOVER = re.compile(r"\{[A-Za-z_]\w*\}|%\(\w+\)[sd]")
# raw ids: an error code (PILE_EMPTY), a tile by its id (BZ3, "tile K"), a guest's mark as the
# server makes it ("guest #3f2a"), or a value the page printed without words for it
_RAW = re.compile(r"\b[A-Z]{2,}_[A-Z_]+\b|\bBZ\d+\b|\b(?:Tile|tile|Plättchen|tuile) [A-X]\b"
                  r"|\bguest #\w+|\bundefined\b|\bNaN\b|\[object Object\]")  # "null" is German for zero

PAGE_TEXT = """() => {
  const shown = (node) => node.getClientRects().length > 0 && getComputedStyle(node).visibility !== "hidden";
  const said = [document.title, document.body.innerText];
  for (const node of document.querySelectorAll("[aria-label], [title], [placeholder], img[alt]")) {
    if (node.closest("svg title")) continue;
    if (!shown(node) && !node.closest("svg")) continue;
    for (const name of ["aria-label", "title", "placeholder", "alt"]) {
      const value = node.getAttribute(name);
      if (value) said.push(value);
    }
  }
  return said.join("\\n");
}"""
"""What a person sees on the page and what a screen reader says of its shown elements."""


def _pieces(english: str) -> list[str]:
    """The pieces of an English id worth looking for: its words between placeholders."""
    text = _TAG.sub(" ", english)
    found = []
    for piece in _PLACEHOLDER.split(text):
        piece = " ".join(piece.split()).strip(" ,.;:!?()[]—–-\"'“”")
        if len(piece) >= MIN_CHARS and len(piece.split()) >= 2:
            found.append(piece)
    return found


@functools.cache
def english_pieces(lang: str) -> tuple[str, ...]:
    """Every English piece of the interface that the ``lang`` catalogue translates."""
    with po_path(lang).open("rb") as source:
        books = read_po(source, locale=lang)
    pieces: set[str] = set()
    for message in books:
        if not message.id or not message.string:
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        translated = " ".join(" ".join(_TAG.sub(" ", s).split()) for s in strings if s)
        for english in ids:
            if english in strings:
                continue
            pieces.update(p for p in _pieces(english) if p not in translated)
    return tuple(sorted(pieces, key=len, reverse=True))


@functools.cache
def _pattern(lang: str) -> re.Pattern[str]:
    alternatives = "|".join(re.escape(p) for p in english_pieces(lang))
    return re.compile(rf"(?<![\w]){'(?:' + alternatives + ')'}(?![\w])")


def problems_in(text: str, lang: str, names: Sequence[str] = ()) -> list[str]:
    """What is wrong with ``text`` shown in ``lang``: English left, a placeholder left, a raw id."""
    for name in sorted(names, key=len, reverse=True):
        text = text.replace(name, " ")
    text = " ".join(text.split())
    found = [f"English {m.group(0)!r} in …{_around(text, m)}…" for m in _pattern(lang).finditer(text)]
    found += [f"placeholder {m.group(0)!r} in …{_around(text, m)}…" for m in _LEFTOVER.finditer(text)]
    found += [f"raw id {m.group(0)!r} in …{_around(text, m)}…" for m in _RAW.finditer(text)]
    return _unique(found)


def _around(text: str, match: re.Match[str]) -> str:
    return text[max(0, match.start() - 40):match.end() + 40]


def _unique(items: Iterable[str]) -> list[str]:
    return list(dict.fromkeys(items))


def page_problems(page: Any, lang: str, names: Sequence[str] = ()) -> list[str]:
    """What is wrong with the page as it is shown now in ``lang`` (`problems_in`), with
    ``<html lang>`` checked too."""
    found = []
    html_lang = page.evaluate("() => document.documentElement.lang")
    if html_lang != lang:
        found.append(f"<html lang={html_lang!r}>, not {lang!r}")
    return found + problems_in(page.evaluate(PAGE_TEXT), lang, names)
