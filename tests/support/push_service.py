"""A local Web Push service (an aiohttp server in its own thread) and a browser's subscription
keys, so that tests receive a push and decrypt it as the browser would (RFC 8291, with
http_ece and the subscription's private key), and check its VAPID signature (RFC 8292)."""

from __future__ import annotations

import asyncio
import base64
import json
import os
import threading
import time
from dataclasses import dataclass, field
from typing import Any

import http_ece
from aiohttp import web
from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec, utils

from tests.conftest import free_port


def b64url(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


@dataclass
class BrowserKeys:
    """What a browser keeps for one subscription: its ECDH key pair and auth secret."""

    private: ec.EllipticCurvePrivateKey = field(
        default_factory=lambda: ec.generate_private_key(ec.SECP256R1()))
    auth: bytes = field(default_factory=lambda: os.urandom(16))

    def subscription(self, endpoint: str) -> dict[str, Any]:
        """PushSubscription.toJSON() as a page sends it."""
        public = self.private.public_key().public_bytes(
            serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint)
        return {"endpoint": endpoint, "expirationTime": None,
                "keys": {"p256dh": b64url(public), "auth": b64url(self.auth)}}

    def decrypt(self, body: bytes) -> dict[str, Any]:
        plain = http_ece.decrypt(body, private_key=self.private, auth_secret=self.auth,
                                 version="aes128gcm")
        return json.loads(plain)  # type: ignore[no-any-return]


@dataclass
class Received:
    path: str
    headers: dict[str, str]
    body: bytes


class PushService:
    """Accepts pushes at /push/<name> (201); names in ``gone`` answer 410 as a dropped
    subscription does."""

    def __init__(self) -> None:
        self.port = free_port()
        self.received: list[Received] = []
        self.gone: set[str] = set()
        self.lock = threading.Lock()
        self._loop = asyncio.new_event_loop()
        self._started = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)

    def endpoint(self, name: str) -> str:
        return f"http://127.0.0.1:{self.port}/push/{name}"

    async def _push(self, request: web.Request) -> web.Response:
        name = request.match_info["name"]
        body = await request.read()
        with self.lock:
            self.received.append(Received(request.path, {k.lower(): v for k, v in request.headers.items()}, body))
        return web.Response(status=410 if name in self.gone else 201)

    def _run(self) -> None:
        asyncio.set_event_loop(self._loop)
        app = web.Application()
        app.router.add_post("/push/{name}", self._push)
        self._runner = web.AppRunner(app)
        self._loop.run_until_complete(self._runner.setup())
        self._loop.run_until_complete(web.TCPSite(self._runner, "127.0.0.1", self.port).start())
        self._started.set()
        self._loop.run_forever()

    def __enter__(self) -> PushService:
        self._thread.start()
        assert self._started.wait(10)
        return self

    def __exit__(self, *exc: Any) -> None:
        asyncio.run_coroutine_threadsafe(self._runner.cleanup(), self._loop).result(10)
        self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join(10)

    def to(self, name: str) -> list[Received]:
        with self.lock:
            return [r for r in self.received if r.path == f"/push/{name}"]

    def wait_for(self, name: str, count: int, timeout: float = 30) -> list[Received]:
        deadline = time.monotonic() + timeout
        while len(got := self.to(name)) < count:
            assert time.monotonic() < deadline, f"{len(got)} of {count} pushes arrived"
            time.sleep(0.05)
        return got


def vapid_valid(received: Received, public_key: str, audience: str) -> bool:
    """Whether the push carries a VAPID token (RFC 8292, ``Authorization: vapid t=<jwt>,
    k=<key>``) signed with ES256 by ``public_key``, for the push service's origin, unexpired."""
    auth = received.headers.get("authorization", "")
    assert auth.startswith("vapid "), auth
    fields = dict(part.strip().split("=", 1) for part in auth[len("vapid "):].split(","))
    assert fields["k"] == public_key
    signed, signature = fields["t"].rsplit(".", 1)
    raw = b64url_decode(signature)
    point = ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), b64url_decode(public_key))
    try:
        point.verify(utils.encode_dss_signature(int.from_bytes(raw[:32], "big"),
                                                int.from_bytes(raw[32:], "big")),
                     signed.encode(), ec.ECDSA(hashes.SHA256()))
    except InvalidSignature:
        return False
    claims = json.loads(b64url_decode(signed.split(".")[1]))
    return bool(claims["aud"] == audience and claims["exp"] > time.time()
                and str(claims["sub"]).startswith("mailto:"))


def b64url_decode(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
