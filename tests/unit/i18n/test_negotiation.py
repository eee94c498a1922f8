"""Choosing a request's language (issue 29): the account's setting, then the cookie, then
Accept-Language (in its order of preference), then English."""

from __future__ import annotations

import pytest

from app.i18n.negotiation import accepted, choose, supported


def test_the_account_wins_over_the_cookie_and_the_browser() -> None:
    assert choose("fr", "de", "de-DE,de;q=0.9") == "fr"


def test_the_cookie_wins_over_the_browser() -> None:
    assert choose(None, "de", "fr-FR,fr;q=0.9") == "de"


def test_the_browser_decides_when_nothing_is_chosen() -> None:
    assert choose(None, None, "de-AT,de;q=0.9,en;q=0.5") == "de"


def test_quality_values_order_the_browser_languages() -> None:
    assert choose(None, None, "en;q=0.3, fr;q=0.8, de;q=0.5") == "fr"
    assert accepted("en;q=0.3, fr;q=0.8, de;q=0.5") == ["fr", "de", "en"]


def test_an_unshipped_language_falls_through_to_the_next_one() -> None:
    assert choose(None, None, "ja-JP, it;q=0.9, fr;q=0.8") == "fr"
    assert choose("pt", "xx", "es") == "en"


@pytest.mark.parametrize("header", ["", "*", "de;q=0", "garbage;q=abc", ";;;,,,"])
def test_an_empty_refused_or_malformed_header_means_english(header: str) -> None:
    assert choose(None, None, header) == "en"


def test_regional_and_underscore_forms_map_to_the_language() -> None:
    assert supported("DE_ch") == "de"
    assert supported("fr-CA") == "fr"
    assert supported("") is None
