"""The catalogue check (issue 29, "Tests"): every message id used in the Python code, the
templates and the browser's modules is in the template and translated in every shipped
language, no catalogue entry is unused, placeholders match, and the browser's compiled
catalogues are those of the .po files."""

from __future__ import annotations

import json
import re

import pytest
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po

from app.i18n import DEFAULT, LANGUAGES
from app.i18n.catalogues import po_path
from app.i18n.tool import JSON_DIR, TEMPLATE, browser_json, extract

TRANSLATED = [lang for lang in LANGUAGES if lang != DEFAULT]
_BRACE = re.compile(r"\{([A-Za-z_][A-Za-z0-9_]*)\}")
_PERCENT = re.compile(r"%\((\w+)\)s")
_TAG = re.compile(r"<[a-z][^>]*>")


def placeholders(text: str) -> set[str]:
    """The ``{name}`` and ``%(name)s`` placeholders and the HTML tags a text must keep."""
    return ({f"{{{n}}}" for n in _BRACE.findall(text)} | {f"%({n})s" for n in _PERCENT.findall(text)}
            | set(_TAG.findall(text)))


def ids(catalog: Catalog) -> set[str]:
    return {m.id[0] if isinstance(m.id, tuple) else m.id for m in catalog if m.id}


@pytest.fixture(scope="module")
def extracted() -> Catalog:
    return extract()


def load(lang: str) -> Catalog:
    with po_path(lang).open("rb") as source:
        return read_po(source, locale=lang)


def test_the_template_holds_exactly_the_ids_the_code_uses(extracted: Catalog) -> None:
    with TEMPLATE.open("rb") as source:
        template = read_po(source)
    used, listed = ids(extracted), ids(template)
    assert used - listed == set(), "ids used but not in app/locale/messages.pot: run " \
        "`python -m app.i18n update`"
    assert listed - used == set(), "ids in messages.pot that no code uses"


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_id_is_translated_with_the_same_placeholders(extracted: Catalog, lang: str) -> None:
    catalog = load(lang)
    entries = {(m.id[0] if isinstance(m.id, tuple) else m.id): m for m in catalog if m.id}
    missing = sorted(ids(extracted) - set(entries))
    assert not missing, f"{lang}: no entry for {missing[:10]}"
    unused = sorted(set(entries) - ids(extracted))
    assert not unused, f"{lang}: entries no code uses: {unused[:10]}"
    for key, message in entries.items():
        assert not message.fuzzy, f"{lang}: fuzzy (to be checked): {key!r}"
        if isinstance(message.id, tuple):
            forms = list(message.string)
            assert len(forms) == catalog.num_plurals and all(forms), f"{lang}: {key!r}"
            expected = placeholders(message.id[0]) | placeholders(message.id[1])
            for form in forms:
                assert placeholders(form) <= expected, f"{lang}: {form!r} for {key!r}"
        else:
            assert message.string, f"{lang}: untranslated {key!r}"
            assert placeholders(message.string) == placeholders(key), \
                f"{lang}: placeholders differ: {key!r} -> {message.string!r}"


@pytest.mark.parametrize("lang", TRANSLATED)
def test_the_browser_catalogue_is_compiled_from_the_po_file(lang: str) -> None:
    shipped = (JSON_DIR / f"{lang}.json").read_text(encoding="utf-8")
    assert shipped == browser_json(lang), \
        f"static/locale/{lang}.json is stale: run `python -m app.i18n compile`"
    data = json.loads(shipped)
    assert {"one", "other"} <= data["messages"]["{n} point"].keys()


def test_a_missing_entry_fails_the_check(extracted: Catalog) -> None:
    """The check itself can fail: a catalogue without one id is caught."""
    catalog = load("de")
    catalog.delete("no such game")
    assert "no such game" in ids(extracted) - ids(catalog)
