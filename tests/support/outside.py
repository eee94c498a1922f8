"""A server that tells outside the page: its SMTP server (tests/support/mailbox.py) and push
service (tests/support/push_service.py) are in the test, and its outbox can be read."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any
from urllib.parse import parse_qs, urlparse

import pytest
from sqlalchemy import select
from sqlalchemy.ext.asyncio import create_async_engine

from app.notify.models import OutboxRow
from app.notify.vapid import new_private_key, public_key
from tests.conftest import BACKENDS, Player, ServerThread, database_url, free_port, make_settings
from tests.support.accounts import claim
from tests.support.mailbox import Mailbox, parts
from tests.support.push_service import PushService

VAPID_PRIVATE = new_private_key()
VAPID_PUBLIC = public_key(VAPID_PRIVATE)


@dataclass
class Outside:
    server: ServerThread
    mail: Mailbox
    push: PushService
    database_url: str

    def outbox(self, user_id: str) -> list[dict[str, Any]]:
        """The outbox rows of one person (read in a thread: Playwright may hold this one's
        event loop)."""
        found: list[dict[str, Any]] = []

        async def read() -> None:
            engine = create_async_engine(self.database_url)
            try:
                async with engine.connect() as conn:
                    rows = (await conn.execute(select(OutboxRow).where(
                        OutboxRow.user_id == user_id).order_by(OutboxRow.id))).mappings()
                    found.extend(dict(r) for r in rows)
            finally:
                await engine.dispose()

        worker = threading.Thread(target=asyncio.run, args=(read(),))
        worker.start()
        worker.join()
        return found


@contextmanager
def outside_server(database_url: str, **overrides: Any) -> Iterator[Outside]:
    """A server with e-mail and Web Push on, sending to the test's own servers."""
    with Mailbox() as box, PushService() as pushes:
        port = free_port()
        settings = make_settings(database_url, public_url=f"http://127.0.0.1:{port}",
                                 vapid_private_key=VAPID_PRIVATE,
                                 vapid_subject="mailto:ops@bazaar.test",
                                 notify_tick_seconds=0.2,
                                 push_extra_origins=f"http://127.0.0.1:{pushes.port}",
                                 **box.settings(), **overrides)
        with ServerThread(settings, port=port) as srv:
            yield Outside(srv, box, pushes, database_url)


@pytest.fixture(scope="module", params=BACKENDS)
def outside(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
            ) -> Iterator[Outside]:
    """The server with its mail and push services, on each database (a test module imports
    this fixture and `server` to play on it)."""
    with outside_server(database_url(request.param, tmp_path_factory.mktemp("db"))) as out:
        yield out


@pytest.fixture
def server(outside: Outside) -> Any:
    """The `players` fixture plays on the outside server."""
    return outside.server


def token_of(url: str) -> str:
    return parse_qs(urlparse(url).query)["token"][0]


def link_in(text: str, path: str) -> str:
    """The first link to ``path`` in a mail's text part."""
    for word in text.split():
        if path in word:
            return word.strip("<>")
    raise AssertionError(f"no link to {path} in {text!r}")


def verified_account(outside: Outside, player: Player, username: str) -> str:
    """Claim the player's identity, give it an address and open the mailed link; the address."""
    claim(player, username)
    address = f"{username}@mail.test"
    reply = player.http.put("/api/notify/email", json={"address": address})
    assert reply.status_code == 202, reply.text
    (mail,) = outside.mail.wait_for(address, 1)
    text, _ = parts(mail)
    page = player.http.get(link_in(text, "/notify/verify"))
    assert page.status_code == 200 and "Address confirmed" in page.text
    return address


def play_turn(player: Player, game_id: str, seat: int) -> None:
    """The player moves (the first legal move) until the seat is no longer to act."""
    for _ in range(60):
        game = player.game(game_id, seat=seat)
        if game["status"] == "finished" or seat not in game["view"]["to_act"]:
            return
        player.ok(player.move(game_id, game["seq"], game["legal"][0], seat=seat))
    raise AssertionError("the turn did not pass")


def subscribe(outside: Outside, player: Player, name: str) -> Any:
    """Subscribe the player's "browser" to pushes at the local push service; its keys."""
    from tests.support.push_service import BrowserKeys

    keys = BrowserKeys()
    player.ok(player.post("/api/notify/push", json=keys.subscription(outside.push.endpoint(name))))
    return keys
