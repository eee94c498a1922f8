"""Unguessable identifiers and tokens."""

from __future__ import annotations

import hashlib
import secrets


def new_id() -> str:
    """A 16-character URL-safe id (96 bits): lobby and game links cannot be guessed."""
    return secrets.token_urlsafe(12)


def new_token() -> str:
    """A 256-bit bearer token."""
    return secrets.token_urlsafe(32)


def token_hash(token: str) -> str:
    """Only this hash of a token is stored."""
    return hashlib.sha256(token.encode()).hexdigest()
