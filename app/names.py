"""Names nobody may take (issue 24.5): the names the site itself shows, and names without a
letter or a digit.

A display name must not pass for something the site writes by itself: "Former player" (what a
deleted account leaves behind), "Bot 2" or "Seat 3" (what a lobby calls a bot or an open seat),
"Host", or the site's own staff ("Admin", "Bazaar", "System"). A username must not either, in
any case or with dots, dashes and underscores thrown in ("A.d-min"). Both need a letter or a
digit: "..." or "!!!" names nobody. Other people's names stay possible (two Anns may meet); the
pages show each seat's mark (@username or "guest" and a tag) beside the name to tell them apart.
"""

from __future__ import annotations

import re

_SITE_WORDS = ("admin", "administrator", "bazaar", "system", "moderator", "staff", "support",
               "official", "host", "former player")
"""Names the site shows by itself or that speak for it, as display names and usernames."""
_USERNAME_WORDS = ("mod", "root", "security", "guest", "anonymous", "deleted", "nobody",
                   "everyone", "server", "api", "www", "help", "null", "undefined", "me")
_RESERVED_NAME = re.compile(r"(?:(?:bot|seat)(?: \d+)?|"
                            + "|".join(re.escape(w) for w in _SITE_WORDS) + ")")
_RESERVED_USERNAME = re.compile(r"(?:(?:bot|seat|player)\d*|" + "|".join(
    re.escape(w.replace(" ", "")) for w in _SITE_WORDS + _USERNAME_WORDS) + ")")


def _has_letter_or_digit(text: str) -> bool:
    return any(ch.isalnum() for ch in text)


def check_display_name(name: str) -> str:
    """``name`` if a person may play under it, else ValueError saying why."""
    if not _has_letter_or_digit(name):
        raise ValueError("a name needs at least one letter or digit")
    key = " ".join(name.casefold().split())
    if _RESERVED_NAME.fullmatch(key):
        raise ValueError(f'"{name}" is a name the site uses itself; choose another')
    return name


def check_username(username: str) -> str:
    """``username`` if it may be claimed, else ValueError saying why."""
    if not _has_letter_or_digit(username):
        raise ValueError("a username needs at least one letter or digit")
    key = re.sub(r"[._-]", "", username.lower())
    if _RESERVED_USERNAME.fullmatch(key):
        raise ValueError(f'"{username}" is reserved for the site; choose another')
    return username
