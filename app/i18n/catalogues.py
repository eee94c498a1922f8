"""The gettext catalogues, read from ``app/locale/<lang>/LC_MESSAGES/messages.po`` once per
process (no compiled ``.mo`` file to keep in step: docs/decisions.md, "Languages")."""

from __future__ import annotations

import functools
import gettext
from io import BytesIO
from pathlib import Path

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

from app.i18n import DEFAULT, LANGUAGES

LOCALE_DIR = Path(__file__).resolve().parents[1] / "locale"
DOMAIN = "messages"


def po_path(lang: str) -> Path:
    """Where the catalogue of ``lang`` lives."""
    return LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


@functools.cache
def translations(lang: str) -> gettext.NullTranslations:
    """The translations of ``lang``; English (the ids themselves) for the default or an
    unknown language. Fuzzy and empty entries are left out, so they fall back to English."""
    path = po_path(lang)
    if lang == DEFAULT or lang not in LANGUAGES or not path.is_file():
        return gettext.NullTranslations()
    with path.open("rb") as source:
        catalog = read_po(source, locale=lang)
    buffer = BytesIO()
    write_mo(buffer, catalog)  # gettext reads the compiled form; fuzzy entries stay out
    buffer.seek(0)
    return gettext.GNUTranslations(buffer)


def gettext_in(lang: str, message_id: str) -> str:
    """``message_id`` in ``lang``."""
    return translations(lang).gettext(message_id)


def ngettext_in(lang: str, singular: str, plural: str, n: int) -> str:
    """The form of ``singular``/``plural`` for ``n`` in ``lang``."""
    return translations(lang).ngettext(singular, plural, n)


def pgettext_in(lang: str, context: str, message_id: str) -> str:
    """``message_id`` in ``lang`` where the same English says two things ("Games": the kinds
    of game, or the games played)."""
    return translations(lang).pgettext(context, message_id)
