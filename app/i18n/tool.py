"""Extract, update and compile the catalogues: ``uv run --locked python -m app.i18n update``
then ``... compile`` (README, "Development notes").

``update`` reads every message id out of the Python code (``say``, ``say_n``, ``N_``, the
refusals of ``ApiError``/``conflict``/``forbidden``/``unauthorized``/``refuse``, gettext's own
``_``/``gettext``/``ngettext``), the Jinja2 templates (``{% trans %}``, ``_()``) and the
browser's modules and boards (``t()``, ``tn()``), writes the template
``app/locale/messages.pot`` and merges it into each language's ``messages.po`` (a changed id
turns fuzzy, a removed id is dropped). ``compile`` writes ``static/locale/<lang>.json`` for
the browser.
"""

from __future__ import annotations

import json
from typing import Any

from babel import Locale
from babel.messages.catalog import Catalog
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.pofile import read_po, write_po

import app.games  # noqa: F401  (registers every engine, whose option words are extracted)
from app.games.base import all_engines
from app.i18n import DEFAULT, LANGUAGES
from app.i18n.catalogues import LOCALE_DIR, po_path

ROOT = LOCALE_DIR.parents[1]
TEMPLATE = LOCALE_DIR / "messages.pot"
JSON_DIR = ROOT / "static" / "locale"

PYTHON_KEYWORDS: dict[str, Any] = {
    **DEFAULT_KEYWORDS,
    "say": None, "say_n": (1, 2), "N_": None, "refuse": (2,), "malformed": (2,),
    "unfit": (2,), "ApiError": (3,),
    "conflict": (2,), "forbidden": (2,), "unauthorized": None,
}
"""Python functions whose string arguments are message ids (None: the first argument)."""

SOURCES: list[tuple[str, list[tuple[str, str]], dict[str, dict[str, str]], dict[str, Any]]] = [
    ("app", [("**.py", "python")], {}, PYTHON_KEYWORDS),
    ("templates", [("**.html", "jinja2.ext:babel_extract")],
     {"**.html": {"trimmed": "true", "extensions": ""}}, DEFAULT_KEYWORDS),
    ("static/js", [("**.js", "javascript")], {}, {"t": None, "tn": (1, 2)}),
    ("static/games", [("**.js", "javascript")], {}, {"t": None, "tn": (1, 2)}),
]
"""Where message ids are: folder, file patterns, extractor options, keywords."""


def extract() -> Catalog:
    """Every message id of the code base, with where it is used."""
    catalog = Catalog(project="Bazaar", charset="utf-8", fuzzy=False)
    for folder, method_map, options, keywords in SOURCES:
        for filename, lineno, message, comments, context in extract_from_dir(
                ROOT / folder, method_map, options_map=options, keywords=keywords,
                comment_tags=("TRANSLATORS:",), strip_comment_tags=True):
            if not message or not (message if isinstance(message, str) else message[0]):
                continue
            catalog.add(message, None, [(f"{folder}/{filename}", lineno)],
                        auto_comments=comments, context=context)
    for message, where in option_words():
        catalog.add(message, None, [(where, 0)])
    return catalog


def option_words() -> list[tuple[str, str]]:
    """The words of every game's lobby options (label, help, choice labels, the word for no
    value, unit, on-note), its title and its one-line summary, with the game they belong to.
    An option's words are its message ids, as every id is its English: the engines declare
    them as data (app/games/base.py ``Option``), and the pages say them with ``t()``. The
    labels of seat choices are left out (the lobby names a seat by its holder), and test
    fixtures are never shown."""
    found: list[tuple[str, str]] = []
    for engine in all_engines():
        where = f"app/games/{engine.kind.replace('-', '_')}/options"
        # the game's title (a descriptive one such as "Carcassonne: Bazaar auction" is
        # translated; a published game's name is its own translation) and its one-line
        # summary on the home page and the new-lobby form
        if engine.title:
            found.append((engine.title, where))
        if engine.summary:
            found.append((engine.summary, where))
        for option in engine.options:
            if option.fixture:
                continue
            labels = [label for choice, label in zip(option.choices, option.choice_labels,
                                                     strict=False)
                      if not (option.seats and isinstance(choice, int))]
            for text in (option.label, option.help, option.none_label, option.unit,
                         option.on_note, *labels):
                if text:
                    found.append((text, where))
    return found


def update() -> None:
    """Write the template and merge it into each language's catalogue."""
    template = extract()
    LOCALE_DIR.mkdir(parents=True, exist_ok=True)
    with TEMPLATE.open("wb") as out:
        write_po(out, template, width=100, omit_header=False, sort_output=True)
    for lang in LANGUAGES:
        if lang == DEFAULT:
            continue
        path = po_path(lang)
        if path.is_file():
            with path.open("rb") as source:
                catalog = read_po(source, locale=lang)
            catalog.update(template, no_fuzzy_matching=False)
        else:
            catalog = Catalog(locale=lang, project="Bazaar", charset="utf-8", fuzzy=False)
            catalog.update(template)
        path.parent.mkdir(parents=True, exist_ok=True)
        with path.open("wb") as out:
            write_po(out, catalog, width=100, ignore_obsolete=True, sort_output=True)
    print(f"{len(template)} message ids; catalogues updated under {LOCALE_DIR}")


def browser_catalogue(lang: str) -> dict[str, Any]:
    """The browser's catalogue of ``lang``: id -> text, or for a plural id -> a text per
    plural category of ``Intl.PluralRules`` ("one", "other" ...). Untranslated and fuzzy
    entries are left out (the browser then shows the English id)."""
    with po_path(lang).open("rb") as source:
        catalog = read_po(source, locale=lang)
    categories = _categories(lang, catalog.num_plurals)
    messages: dict[str, Any] = {}
    for message in catalog:
        if not message.id or message.fuzzy or message.context:
            continue  # an id with a context is the templates' alone
        if isinstance(message.id, tuple | list):
            forms = [str(form) for form in message.string or ()]
            if all(forms):
                messages[message.id[0]] = dict(zip(categories, forms, strict=False))
        elif message.string:
            messages[message.id] = message.string
    return {"lang": lang, "messages": dict(sorted(messages.items()))}


def _categories(lang: str, count: int) -> list[str]:
    """The ``Intl.PluralRules`` category of each gettext form of ``lang``: Babel writes the
    forms in CLDR's order of categories (French: "one", "many", "other")."""
    tags = set(Locale.parse(lang).plural_form.tags) | {"other"}
    order: list[str] = [tag for tag in ("zero", "one", "two", "few", "many", "other")
                        if tag in tags]
    return order if len(order) == count else ["one", "other"][:count]


def browser_json(lang: str) -> str:
    """The text of ``static/locale/<lang>.json``."""
    return json.dumps(browser_catalogue(lang), ensure_ascii=False, indent=1,
                      sort_keys=False) + "\n"


def compile_all() -> None:
    """Write every language's browser catalogue."""
    JSON_DIR.mkdir(parents=True, exist_ok=True)
    for lang in LANGUAGES:
        if lang != DEFAULT:
            (JSON_DIR / f"{lang}.json").write_text(browser_json(lang), encoding="utf-8")
    print(f"browser catalogues written to {JSON_DIR}")
