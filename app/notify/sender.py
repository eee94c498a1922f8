"""The notifier of one instance (issue 27.2): the hook that queues a notice for the outside
channels, and the background sender that claims due outbox rows and sends them.

The hook never waits: it starts a task that writes the rows (app/notify/outbox.py) and wakes
this instance's sender; a move's commit and its answer never wait on a database write for a
mail, let alone on SMTP. Every instance's sender also looks every NOTIFY_TICK_SECONDS, so rows
queued by an instance that stopped, rows waiting for quiet hours or a digest, and retries are
sent by whichever instance claims them first.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

import aiohttp
from sqlalchemy import delete, select, update
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from app.config import Settings
from app.games.messages import say
from app.ids import new_id
from app.notify import mail, outbox, push, tokens
from app.notify.events import EVENTS
from app.notify.models import EmailAddress, OutboxRow, PushSubscription
from app.notify.words import language_of, said
from app.periodic import Periodic
from app.utc import now

log = logging.getLogger("bazaar.notify")


def site_url(settings: Settings) -> str:
    """The site's address as people reach it (links in mails and pushes)."""
    return (settings.public_url or f"http://{settings.host}:{settings.port}").rstrip("/")


class Notifier:
    """Queues notices for e-mail and Web Push, and sends what is due."""

    def __init__(self, sessions: async_sessionmaker[AsyncSession], settings: Settings) -> None:
        self.sessions = sessions
        self.settings = settings
        self.me = new_id()  # this instance's name on its claims
        self.email_on = mail.enabled(settings)
        self.push_on = push.enabled(settings)
        if settings.smtp_host and not settings.notify_secret:
            log.warning("SMTP_HOST is set but NOTIFY_SECRET is not: e-mail stays off")
        self._queueing: set[asyncio.Task[Any]] = set()
        # sends what is due, then every notify_tick_seconds or when a notice is queued; a
        # failed round (the database away) is logged and the next one tries again
        self._sending = Periodic(self._send_all_due, settings.notify_tick_seconds,
                                 name="the notification sender", log=log, at_once=True)
        self._http: aiohttp.ClientSession | None = None

    # -- queueing ----------------------------------------------------------------------------

    def tell(self, people: list[str], notice: dict[str, Any]) -> None:
        """The notice hook (app/play/notices.py): queue it in the background."""
        if not (self.email_on or self.push_on) or notice.get("kind") not in EVENTS:
            return
        self.keep(asyncio.create_task(self.enqueue(list(people), dict(notice))))

    async def enqueue(self, people: list[str], notice: dict[str, Any]) -> int:
        """Write the outbox rows of one notice and wake the sender; how many rows."""
        try:
            async with self.sessions() as session:
                written = await outbox.enqueue(session, people, notice, self.email_on,
                                               self.push_on)
        except Exception:  # the database is away: this notice reaches the open pages only
            log.exception("notice %s not queued for e-mail or push", notice.get("kind"))
            return 0
        if written:
            self._sending.wake()
        return written

    # -- sending -----------------------------------------------------------------------------

    def start(self) -> None:
        """Send in the background (only when a channel is configured)."""
        if self.email_on or self.push_on:
            self._sending.start()

    async def stop(self) -> None:
        if self._queueing:  # what was told before the shutdown is still queued
            await asyncio.wait(set(self._queueing), timeout=5)
        await self._sending.stop()
        if self._http is not None:
            await self._http.close()

    def keep(self, task: asyncio.Task[Any]) -> None:
        """Hold a background task of this notifier until it ends (stop waits for it)."""
        self._queueing.add(task)
        task.add_done_callback(self._queueing.discard)

    def wake(self) -> None:
        self._sending.wake()

    async def _send_all_due(self) -> None:
        while await self.send_due():
            pass

    async def send_due(self) -> int:
        """Claim the due rows and send them; how many rows were handled."""
        async with self.sessions() as session:
            rows = await outbox.claim(session, self.me, self.settings.notify_claim_seconds)
            session.expunge_all()  # plain values from here: each send has a session of its own
        digests: dict[str, list[OutboxRow]] = {}
        for row in rows:
            if row.channel == "email" and row.digest:
                digests.setdefault(row.user_id, []).append(row)
                continue
            async with self.sessions() as session:
                await self._one(session, row)
        for user_id, part in digests.items():
            async with self.sessions() as session:
                rest = await outbox.claim_digest_rest(session, self.me, user_id,
                                                      self.settings.notify_claim_seconds)
                session.expunge_all()
                await self._digest(session, user_id, part + rest)
        return len(rows)

    async def _one(self, session: AsyncSession, row: OutboxRow) -> None:
        marks = [(row.id, row.attempts)]  # read now: a rollback expires the row
        try:
            if row.channel == "push":
                await self._push(session, row)
            else:
                await self._mail(session, row.user_id, [row], row.title, row.kind)
        except Exception as err:  # a server down, a timeout: retried later
            log.warning("notification %s not sent: %s", marks[0][0], err)
            await session.rollback()
            await outbox.retry_later(session, self.me, marks, self.settings.notify_max_attempts,
                                     self.settings.notify_tick_seconds, type(err).__name__)

    async def _digest(self, session: AsyncSession, user_id: str, rows: list[OutboxRow]) -> None:
        marks = [(r.id, r.attempts) for r in rows]
        try:
            await self._mail(session, user_id, rows, "", "digest")
        except Exception as err:
            log.warning("digest of %s not sent: %s", user_id, err)
            await session.rollback()
            await outbox.retry_later(session, self.me, marks, self.settings.notify_max_attempts,
                                     self.settings.notify_tick_seconds, type(err).__name__)

    async def _push(self, session: AsyncSession, row: OutboxRow) -> None:
        sub = await session.get(PushSubscription, int(row.target))
        if sub is None or sub.user_id != row.user_id:
            await outbox.drop_pending(session, "the subscription was removed", row.user_id,
                                      "push", row.target)
            return
        if self._http is None:
            self._http = aiohttp.ClientSession()
        data = push.payload(row.title, row.text, row.path, f"{row.kind}:{row.path}")
        try:
            await push.send(self.settings, self._http, sub.endpoint, sub.p256dh, sub.auth, data)
        except push.Gone:
            # the browser unsubscribed or the push service forgot it: never push there again
            await session.execute(delete(PushSubscription).where(PushSubscription.id == sub.id))
            await session.commit()
            await outbox.drop_pending(session, "the push service says the subscription is gone",
                                      row.user_id, "push", row.target)
            return
        await outbox.mark_sent(session, self.me, [row.id])

    async def _mail(self, session: AsyncSession, user_id: str, rows: list[OutboxRow],
                    subject: str, kind: str) -> None:
        address = await session.get(EmailAddress, user_id)
        if address is None or address.verified_at is None or address.bounced_at is not None:
            await outbox.drop_pending(session, "no verified address", user_id, "email")
            return
        site = site_url(self.settings)
        lang = await language_of(session, user_id)
        # one line per page in a digest: the latest notice of each game is the one that counts
        latest: dict[str, OutboxRow] = {}
        for row in sorted(rows, key=lambda r: r.id):
            latest[row.path] = row
        items = [mail.Item(r.title, r.text, site + r.path) for r in latest.values()]
        token = tokens.unsubscribe_token(self.settings.notify_secret, user_id, address.address,
                                         kind)
        digest = kind == "digest"
        msg = mail.message(self.settings, address.address,
                           said(lang, say("Your day on Bazaar")) if digest
                           else f"{rows[0].title}: {rows[0].text}"[:150], items,
                           f"{site}/notify/unsubscribe?token={token}",
                           intro=said(lang, say("What happened in your games today."))
                           if digest else "", lang=lang)
        try:
            await mail.send(self.settings, msg)
        except mail.Bounced:
            # an address that bounces gets nothing more until its owner gives it again
            await session.execute(update(EmailAddress).where(EmailAddress.user_id == user_id)
                                  .values(bounced_at=now()))
            await session.commit()
            await outbox.drop_pending(session, "the address bounced", user_id, "email")
            return
        await outbox.mark_sent(session, self.me, [r.id for r in rows])

    async def send_verification(self, user_id: str, address: str) -> None:
        """Mail the link that verifies ``address`` (sent at once, off the request: a failure
        is logged and the person can ask again)."""
        site = site_url(self.settings)
        secret = self.settings.notify_secret
        link = f"{site}/notify/verify?token={tokens.verify_token(secret, user_id, address)}"
        stop = tokens.unsubscribe_token(secret, user_id, address, "address")
        try:
            async with self.sessions() as session:
                lang = await language_of(session, user_id)
            msg = mail.message(
                self.settings, address, said(lang, say("Confirm your e-mail address for Bazaar")),
                [mail.Item(said(lang, say("Confirm this address")),
                           said(lang, say("Open the link to receive notices from your games.")),
                           link)],
                f"{site}/notify/unsubscribe?token={stop}",
                intro=said(lang, say("Someone (we hope you) gave this address to Bazaar. If it "
                                     "was not you, unsubscribe and it is forgotten.")),
                lang=lang)
            await mail.send(self.settings, msg)
        except Exception as err:
            log.warning("verification mail to account %s not sent: %s", user_id, err)

    async def pending(self) -> list[OutboxRow]:
        """Rows not yet sent nor given up (for tests and the operator)."""
        async with self.sessions() as session:
            return list(await session.scalars(select(OutboxRow).where(
                OutboxRow.sent_at.is_(None), OutboxRow.dropped.is_(None))))
