"""Signed links in mails (issue 27.2): verifying an address, and one-click unsubscribe
(RFC 8058). itsdangerous signs them with NOTIFY_SECRET, so any instance checks any link and
nothing is stored for them.

A verification link says which account and which address, and lapses after a week (a link to
an address since changed verifies nothing). An unsubscribe link says which account, address
and event kind ("all" for every mail) and never lapses: an old mail's link must still work.
"""

from __future__ import annotations

from typing import Any

from itsdangerous import BadSignature, URLSafeTimedSerializer

VERIFY_SECONDS = 7 * 24 * 3600


def _signer(secret: str, purpose: str) -> URLSafeTimedSerializer:
    # a salt per purpose: an unsubscribe token can never pass for a verification one
    return URLSafeTimedSerializer(secret, salt=f"bazaar-notify-{purpose}")


def verify_token(secret: str, user_id: str, address: str) -> str:
    """The token of the link that verifies ``address`` for ``user_id``."""
    return _signer(secret, "verify").dumps({"u": user_id, "a": address})


def read_verify(secret: str, token: str) -> tuple[str, str] | None:
    """(user id, address) of a valid, unexpired verification token, else None."""
    try:
        data: Any = _signer(secret, "verify").loads(token, max_age=VERIFY_SECONDS)
    except BadSignature:
        return None
    return str(data["u"]), str(data["a"])


def unsubscribe_token(secret: str, user_id: str, address: str, kind: str) -> str:
    """The token of a mail's one-click unsubscribe link."""
    return _signer(secret, "unsubscribe").dumps({"u": user_id, "a": address, "k": kind})


def read_unsubscribe(secret: str, token: str) -> tuple[str, str, str] | None:
    """(user id, address, kind) of a valid unsubscribe token, else None."""
    try:
        data: Any = _signer(secret, "unsubscribe").loads(token)
    except BadSignature:
        return None
    return str(data["u"]), str(data["a"]), str(data["k"])
