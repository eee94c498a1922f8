"""Password and recovery-code hashing.

Passwords: Argon2id through ``pwdlib`` (its recommended parameters), run in a worker thread so
that a hash never stalls the event loop. A password is never logged or stored as typed.

Recovery codes are 80 random bits each, so a SHA-256 is enough to store them (as for session
tokens): nobody can guess through the hash space, and a lookup needs no slow hash per code.
"""

from __future__ import annotations

import asyncio
import functools
import hashlib
import secrets

from pwdlib import PasswordHash

_HASHER = PasswordHash.recommended()


@functools.cache
def _dummy() -> str:
    """A hash to check when there is none (made on first use: it costs a second at start)."""
    return _HASHER.hash("not a password of anybody")

CODE_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789"  # no 0/o, 1/l/i: read back from paper
RECOVERY_CODES = 10


async def hash_password(password: str) -> str:
    return await asyncio.to_thread(_HASHER.hash, password)


async def verify_password(password: str, stored: str | None) -> bool:
    """Whether ``password`` matches; with no stored hash a dummy one is checked, so that an
    unknown username costs as long as a wrong password (no way to list usernames by timing)."""
    ok = await asyncio.to_thread(_HASHER.verify, password, stored or _dummy())
    return bool(ok) and stored is not None


def new_recovery_code() -> str:
    """Like ``k3mq-7xtv-p2ha-9wer``: 16 letters and digits from a 31-sign alphabet (79 bits)."""
    signs = "".join(secrets.choice(CODE_ALPHABET) for _ in range(16))
    return "-".join(signs[i:i + 4] for i in range(0, 16, 4))


def code_hash(code: str) -> str:
    """The stored form of a recovery code; spaces, dashes and case do not matter."""
    plain = "".join(ch for ch in code.lower() if ch.isalnum())
    return hashlib.sha256(f"recovery:{plain}".encode()).hexdigest()
