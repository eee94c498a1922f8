"""A real SMTP server in the test process (aiosmtpd, in its own thread) that keeps every message
delivered to it, refuses the addresses it is told bounce (550, a permanent failure), and
answers every recipient with a temporary failure (451) while ``failing``."""

from __future__ import annotations

import contextlib
import email
import email.policy
import threading
import time
from email.message import EmailMessage
from typing import Any

from aiosmtpd.controller import Controller

from tests.conftest import free_port


class _Handler:
    def __init__(self, box: Mailbox) -> None:
        self.box = box

    async def handle_RCPT(self, server: Any, session: Any, envelope: Any, address: str,
                          rcpt_options: Any) -> str:
        if address in self.box.bouncing:
            return "550 5.1.1 no such mailbox here"
        if self.box.failing:
            return "451 4.3.0 try again later"
        envelope.rcpt_tos.append(address)
        return "250 OK"

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:
        msg = email.message_from_bytes(envelope.content, policy=email.policy.default)
        with self.box.lock:
            self.box.messages.append(msg)  # type: ignore[arg-type]
        return "250 Message accepted for delivery"


class Mailbox:
    """The SMTP server and what it received."""

    def __init__(self) -> None:
        self.port = free_port()
        self.messages: list[EmailMessage] = []
        self.bouncing: set[str] = set()
        self.failing = False  # answer every recipient with a temporary failure (451)
        self.lock = threading.Lock()
        self.controller = Controller(_Handler(self), hostname="127.0.0.1", port=self.port)

    def settings(self) -> dict[str, Any]:
        """The server settings that send here (plain SMTP on localhost)."""
        return {"smtp_host": "127.0.0.1", "smtp_port": self.port, "smtp_tls": "none",
                "notify_secret": "test secret for signed links",
                "mail_from": "Bazaar <games@bazaar.test>"}

    def __enter__(self) -> Mailbox:
        self.controller.start()
        return self

    def __exit__(self, *exc: Any) -> None:
        with contextlib.suppress(AssertionError, RuntimeError):  # a test stopped it already
            self.controller.stop()

    def to(self, address: str) -> list[EmailMessage]:
        with self.lock:
            return [m for m in self.messages if m["To"] == address]

    def wait_for(self, address: str, count: int, timeout: float = 30) -> list[EmailMessage]:
        """The first ``count`` messages to ``address``, once they have arrived."""
        deadline = time.monotonic() + timeout
        while len(got := self.to(address)) < count:
            assert time.monotonic() < deadline, f"{len(got)} of {count} mails arrived"
            time.sleep(0.05)
        return got


def parts(msg: EmailMessage) -> tuple[str, str]:
    """(text, html) bodies of a multipart/alternative mail."""
    text = msg.get_body(("plain",))
    html = msg.get_body(("html",))
    assert text is not None and html is not None
    return text.get_content(), html.get_content()  # type: ignore[attr-defined]
