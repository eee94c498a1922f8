"""VAPID keys for Web Push (RFC 8292): make a pair, and derive the public key that browsers
subscribe with from the private one in VAPID_PRIVATE_KEY.

``python -m app.notify.vapid`` prints a new pair as environment lines (docs/operations.md,
"Notifications").
"""

from __future__ import annotations

import base64

from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec


def b64url(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def b64url_decode(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def new_private_key() -> str:
    """A new P-256 private key as base64url of its raw 32-byte scalar."""
    key = ec.generate_private_key(ec.SECP256R1())
    return b64url(key.private_numbers().private_value.to_bytes(32, "big"))


def public_key(private_b64: str) -> str:
    """The applicationServerKey for ``PushManager.subscribe``: base64url of the uncompressed
    public point."""
    scalar = int.from_bytes(b64url_decode(private_b64), "big")
    key = ec.derive_private_key(scalar, ec.SECP256R1())
    return b64url(key.public_key().public_bytes(serialization.Encoding.X962,
                                                serialization.PublicFormat.UncompressedPoint))


def main() -> None:
    private = new_private_key()
    print(f"VAPID_PRIVATE_KEY={private}")
    print(f"# public key (the server hands it to browsers itself): {public_key(private)}")


if __name__ == "__main__":
    main()
