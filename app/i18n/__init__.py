"""The platform's languages (issue 29): catalogues, choosing a language, rendering messages.

English is the source language: every message id is English text, so English needs no
catalogue. German and French are gettext catalogues in ``app/locale/<lang>/LC_MESSAGES/
messages.po``, read at start-up (app/i18n/catalogues.py) and compiled for the browser to
``static/locale/<lang>.json`` by ``python -m app.i18n compile`` (docs/decisions.md, "Languages").
"""

from __future__ import annotations

LANGUAGES: tuple[str, ...] = ("en", "de", "fr")
"""The shipped languages, the default first."""

DEFAULT = "en"

NAMES: dict[str, str] = {"en": "English", "de": "Deutsch", "fr": "Français"}
"""Each language in its own words, for the language picker."""

COOKIE = "bazaar_lang"
"""The cookie that holds a visitor's chosen language (app/i18n/negotiation.py)."""
