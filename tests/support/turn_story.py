"""A person of a browser turn-based story (issue 27, "Done when"): an account in its own
Chromium context with a verified address (read at the test's SMTP server) and a push
subscription (received and decrypted at the test's push service), and the server's simulated
days (the turn scheduler's ``now`` moved ahead, as tests/reliability/test_turn_based_timeout.py
does)."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import select

from app.play.models import TurnDue
from tests.browser.api import post
from tests.support.mailbox import parts
from tests.support.outside import Outside, link_in
from tests.support.push_service import BrowserKeys
from tests.support.server_loop import on_server

PASSWORD = "correct horse battery"


@dataclass
class Person:
    """One account in its own browser context, and what reached it outside the page."""

    outside: Outside
    context: Any
    name: str
    address: str
    keys: BrowserKeys = field(default_factory=BrowserKeys)
    pushes_seen: int = 0
    mails_seen: int = 0

    def page(self) -> Any:
        return self.context.new_page()

    def told(self, words: str) -> tuple[dict[str, Any], Any]:
        """The next push and the next mail to this person, both saying ``words``: the decrypted
        push payload and the mail (its text and HTML parts checked)."""
        pushed = self.outside.push.wait_for(self.name, self.pushes_seen + 1)[self.pushes_seen]
        self.pushes_seen += 1
        payload = self.keys.decrypt(pushed.body)
        mail = self.outside.mail.wait_for(self.address, self.mails_seen + 1)[self.mails_seen]
        self.mails_seen += 1
        text, html = parts(mail)
        said = f"{payload.get('title')} {payload.get('body')}"
        assert words in said, (words, payload)
        assert words in str(mail["Subject"]) and words in text and words in html, mail["Subject"]
        return payload, mail

    def nothing_more(self) -> None:
        """Nothing reached this person beyond what ``told`` has read."""
        assert len(self.outside.push.to(self.name)) == self.pushes_seen
        assert len(self.outside.mail.to(self.address)) == self.mails_seen


def sign_up(outside: Outside, browser: Any, name: str, username: str) -> Person:
    """A new account in a new 1280x800 context that may show notifications: claimed, its
    address verified through the mailed link (opened in the browser), the service worker
    installed from the account page, and a push subscription of the test's keys."""
    url = outside.server.url
    context = browser.new_context(base_url=url, viewport={"width": 1280, "height": 800})
    context.set_default_timeout(20000)
    context.grant_permissions(["notifications"], origin=url)
    made = context.request.post("/api/session", data={"name": name})
    assert made.ok, made.text()
    origin = {"origin": url}
    claimed = context.request.post("/api/account/claim", headers=origin,
                                   data={"username": username, "password": PASSWORD})
    assert claimed.ok, claimed.text()
    address = f"{username}@mail.test"
    given = context.request.put("/api/notify/email", headers=origin, data={"address": address})
    assert given.status == 202, given.text()
    (mail,) = outside.mail.wait_for(address, 1)
    page = context.new_page()
    page.goto(link_in(parts(mail)[0], "/notify/verify"))
    assert page.get_by_test_id("notify-title").text_content() == "Address confirmed"
    page.goto("/account")
    page.get_by_test_id("email-state").filter(has_text="is confirmed").wait_for()
    page.get_by_test_id("push-on").click()
    page.wait_for_function(
        "navigator.serviceWorker.getRegistration('/').then(r => !!(r && r.active))")
    person = Person(outside, context, username, address, mails_seen=1)
    # headless Chromium cannot reach a real push service: the subscription is the test's
    # (tests/browser/test_push_notifications.py says why)
    post(page, "/api/notify/push", person.keys.subscription(outside.push.endpoint(username)))
    page.close()
    return person


def simulate(outside: Outside, at: float) -> None:
    """The server's turn scheduler (and its reminder words) now live at ``at``."""
    turns = outside.server.app.state.turns
    clock: Callable[[], float] = lambda: at + (time.time() - started)  # noqa: E731
    started = time.time()
    turns.now = clock
    turns.remind.__self__.now = clock  # the TurnDuties whose reminder says the time left


def tick(outside: Outside) -> int:
    """One tick of the server's turn scheduler, on its own loop: how many rows it handled."""
    turns = outside.server.app.state.turns
    return int(on_server(outside.server, lambda: turns.tick()))


def due_row(outside: Outside, game_id: str, seat: int) -> TurnDue:
    """A seat's turn_dues row, as the server's database holds it now."""
    sessions = outside.server.app.state.sessions

    async def read() -> TurnDue:
        async with sessions() as session:
            row = (await session.scalars(select(TurnDue).where(
                TurnDue.game_id == game_id, TurnDue.seat == seat))).one()
            session.expunge(row)
            return row

    return on_server(outside.server, read)
