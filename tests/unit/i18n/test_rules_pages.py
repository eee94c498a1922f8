"""The rules pages in every language (issue 29; docs/decisions.md, "Languages", the rules pages):
each game's English fragment, templates/rules/<kind>.html, has a German and a French twin in
templates/rules/<lang>/<kind>.html with the same structure (headings, lists, tables, anchors),
the same move notation (every <code>), the same numbers, and no paragraph left in English."""

from __future__ import annotations

import re
from collections import Counter
from html.parser import HTMLParser
from pathlib import Path

import pytest

from app.i18n import DEFAULT, LANGUAGES
from app.web.routes.pages import RULES_DIR, rules_fragment, rules_kinds

TRANSLATED = [lang for lang in LANGUAGES if lang != DEFAULT]
_STRUCTURE = {"section", "h2", "h3", "p", "ul", "ol", "li", "table", "thead", "tbody", "tr",
              "th", "td"}
_TEXT_BLOCKS = {"h2", "h3", "p", "li", "th", "td"}
_NUMBER = re.compile(r"\d+")


class _Reader(HTMLParser):
    """A fragment's skeleton, its <code> texts, its numbers and its text blocks."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.skeleton: list[str] = []
        self.codes: list[str] = []
        self.numbers: Counter[str] = Counter()
        self.blocks: list[str] = []  # the own text of each block, in order
        self._open: list[list[str]] = []
        self._code: list[str] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in _STRUCTURE:
            marks = "".join(f" {k}={v}" for k, v in sorted(attrs) if k in ("id", "class"))
            self.skeleton.append(f"<{tag}{marks}>")
        if tag in _TEXT_BLOCKS:
            self._open.append([])
        if tag == "code":
            self._code = []

    def handle_endtag(self, tag: str) -> None:
        if tag in _STRUCTURE:
            self.skeleton.append(f"</{tag}>")
        if tag in _TEXT_BLOCKS and self._open:
            self.blocks.append(" ".join("".join(self._open.pop()).split()))
        if tag == "code" and self._code is not None:
            self.codes.append("".join(self._code))
            self._code = None

    def handle_data(self, data: str) -> None:
        if self._code is not None:
            self._code.append(data)
            return
        self.numbers.update(_NUMBER.findall(data))
        if self._open:
            self._open[-1].append(data)


def read(path: Path) -> _Reader:
    reader = _Reader()
    reader.feed(path.read_text(encoding="utf-8"))
    reader.close()
    return reader


def test_every_game_has_rules() -> None:
    assert set(rules_kinds()) == {"bazaar", "bombay-bazar", "carcassonne", "carcassonne-auction",
                                  "grand-bazaar"}


@pytest.mark.parametrize("lang", TRANSLATED)
@pytest.mark.parametrize("kind", rules_kinds())
def test_a_translation_has_the_english_structure_notation_and_numbers(kind: str, lang: str) -> None:
    english = read(RULES_DIR / f"{kind}.html")
    path = RULES_DIR / lang / f"{kind}.html"
    assert path.is_file(), f"no {lang} rules for {kind}"
    translated = read(path)
    assert translated.skeleton == english.skeleton, "headings, lists or tables differ"
    assert translated.codes == english.codes, "the move notation differs"
    assert translated.numbers == english.numbers, "the numbers differ"
    # a block with words in it (not a bare number or letter) reads differently from the English
    same = [t for e, t in zip(english.blocks, translated.blocks, strict=True)
            if e == t and re.search(r"[A-Za-z]{3,}", e) and e != "Penalty Bazaar"]
    assert not same, f"left in English: {same[:3]}"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_page_picks_the_fragment_of_its_language(lang: str) -> None:
    fragment = rules_fragment("carcassonne", lang)
    assert fragment == ("rules/carcassonne.html" if lang == DEFAULT
                        else f"rules/{lang}/carcassonne.html")
    assert rules_fragment("carcassonne", "xx") == "rules/carcassonne.html"
