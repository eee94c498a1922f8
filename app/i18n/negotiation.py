"""Choosing the language of a request: the account's setting, then the ``bazaar_lang``
cookie, then ``Accept-Language``, then English (issue 29)."""

from __future__ import annotations

from collections.abc import Iterable

from app.i18n import DEFAULT, LANGUAGES


def supported(value: str | None) -> str | None:
    """``value`` as one of the shipped languages ("de-AT" -> "de"), or None."""
    if not value:
        return None
    primary = value.strip().replace("_", "-").split("-")[0].lower()
    return primary if primary in LANGUAGES else None


def accepted(header: str | None) -> list[str]:
    """The languages of an ``Accept-Language`` header, best first (RFC 9110 quality values);
    a range with q=0 is refused, and ``*`` is left out (it names no language)."""
    ranked: list[tuple[float, int, str]] = []
    for index, part in enumerate((header or "").split(",")[:40]):
        tag, _, params = part.strip().partition(";")
        tag = tag.strip()
        if not tag or tag == "*":
            continue
        quality = 1.0
        for param in params.split(";"):
            name, _, value = param.strip().partition("=")
            if name.strip().lower() == "q":
                try:
                    quality = float(value)
                except ValueError:
                    quality = 0.0
        if quality > 0:
            ranked.append((-quality, index, tag))
    return [tag for _, _, tag in sorted(ranked)]


def choose(account: str | None = None, cookie: str | None = None,
           accept_language: str | None = None) -> str:
    """The language to speak: the first shipped one among the account's, the cookie's and
    the browser's (in its order of preference); English when none is shipped."""
    candidates: Iterable[str | None] = (account, cookie, *accepted(accept_language))
    for candidate in candidates:
        found = supported(candidate)
        if found:
            return found
    return DEFAULT
