"""Accounts through the public API: claim an identity (the claim answers a new token, which the
player then uses), sign in from another device."""

from __future__ import annotations

import httpx

from tests.conftest import Player, ServerThread

PASSWORD = "correct horse battery"


def device(server: ServerThread, token: str | None = None) -> httpx.Client:
    client = httpx.Client(base_url=server.url, timeout=30)
    if token:
        client.headers["authorization"] = f"Bearer {token}"
    return client


def claim(player: Player, username: str, password: str = PASSWORD) -> list[str]:
    """Claim the player's identity; the player goes on with the new token the claim answers."""
    reply = player.post("/api/account/claim", json={"username": username, "password": password})
    assert reply.status_code == 201, reply.text
    use_token(player, reply.json()["token"])
    return list(reply.json()["recovery_codes"])


def use_token(player: Player, token: str) -> None:
    player.token = token
    player.http.headers["authorization"] = f"Bearer {token}"


def sign_in(server: ServerThread, username: str, password: str = PASSWORD) -> str:
    with device(server) as client:
        reply = client.post("/api/account/signin",
                            json={"username": username, "password": password})
    assert reply.status_code == 200, reply.text
    return str(reply.json()["token"])
