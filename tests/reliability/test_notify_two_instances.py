"""The notification outbox with two instances (issue 27, part 2, "Two instances: a mail sent
once, a push sent once"): two notifiers on two engines share one database and send at the same
moment; every mail and every push leaves exactly once. And the daily digest gathers a day's
notices into one mail, one line per game."""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import select

from app.db import make_engine, make_sessionmaker
from app.identity.models import User
from app.migrate import upgrade_async
from app.notify import outbox
from app.notify.models import EmailAddress, NotifySettings, OutboxRow, PushSubscription
from app.notify.sender import Notifier
from app.utc import now
from tests.conftest import BACKENDS, database_url, make_settings
from tests.support.mailbox import Mailbox, parts
from tests.support.outside import VAPID_PRIVATE
from tests.support.push_service import BrowserKeys, PushService


@dataclass
class Pair:
    first: Notifier
    second: Notifier
    mail: Mailbox
    push: PushService
    keys: BrowserKeys


@pytest.fixture(params=BACKENDS)
async def pair(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[Pair]:
    url = await asyncio.to_thread(database_url, request.param, tmp_path)
    await upgrade_async(url)
    with Mailbox() as box, PushService() as pushes:
        settings = make_settings(url, vapid_private_key=VAPID_PRIVATE, notify_tick_seconds=0.1,
                                 public_url="http://bazaar.test", **box.settings())
        engines = [make_engine(url), make_engine(url)]
        first, second = (Notifier(make_sessionmaker(e), settings) for e in engines)
        keys = BrowserKeys()
        async with first.sessions() as session:
            session.add(User(id="ann", name="Ann", username="ann", username_key="ann"))
            await session.flush()
            session.add(EmailAddress(user_id="ann", address="ann@mail.test", verified_at=now()))
            sub = keys.subscription(pushes.endpoint("ann"))
            session.add(PushSubscription(user_id="ann", endpoint=sub["endpoint"],
                                         p256dh=sub["keys"]["p256dh"], auth=sub["keys"]["auth"]))
            await session.commit()
        try:
            yield Pair(first, second, box, pushes, keys)
        finally:
            for notifier in (first, second):
                await notifier.stop()
            for engine in engines:
                await engine.dispose()


def notice(n: int, game: str = "g1") -> dict[str, Any]:
    return {"kind": "your-turn", "game_id": f"{game}-{n}", "title": "Grand Bazaar",
            "text": f"Your turn number {n}."}


async def test_two_instances_send_each_mail_and_push_once(pair: Pair,
                                                          monkeypatch: pytest.MonkeyPatch
                                                          ) -> None:
    monkeypatch.setattr(outbox, "BATCH", 3)  # small claims, so the two interleave
    total = 24
    for n in range(total):  # queued by either instance
        await (pair.first if n % 2 else pair.second).enqueue(["ann"], notice(n))
    sent = await asyncio.gather(*(_drain(n) for n in (pair.first, pair.second)))
    assert sum(sent) == 2 * total  # each row handled by one instance only
    assert all(sent)  # both took part
    mails = await asyncio.to_thread(pair.mail.wait_for, "ann@mail.test", total)
    pushes = await asyncio.to_thread(pair.push.wait_for, "ann", total)
    await asyncio.sleep(0.3)  # a duplicate would have arrived by now (each send is awaited)
    assert len(pair.mail.to("ann@mail.test")) == total and len(pair.push.to("ann")) == total
    texts = sorted(parts(m)[0].splitlines()[2] for m in mails)
    assert texts == sorted(f"* Grand Bazaar: Your turn number {n}." for n in range(total))
    bodies = sorted(pair.keys.decrypt(p.body)["body"] for p in pushes)
    assert bodies == sorted(f"Your turn number {n}." for n in range(total))
    async with pair.first.sessions() as session:
        rows = (await session.scalars(select(OutboxRow))).all()
    assert len(rows) == 2 * total and all(r.sent_at is not None and r.attempts == 1
                                          for r in rows)


async def _drain(notifier: Notifier) -> int:
    handled = 0
    while n := await notifier.send_due():
        handled += n
        await asyncio.sleep(0)  # let the other instance claim between two batches
    return handled


async def test_a_failed_send_is_retried_later(pair: Pair) -> None:
    pair.mail.failing = True  # the SMTP server answers 451: try again later
    await pair.first.enqueue(["ann"], notice(1))
    failed_at = time.time()  # queued before this: the retry is due after it
    assert await pair.first.send_due() == 2
    async with pair.first.sessions() as session:
        mail_row = (await session.scalars(select(OutboxRow).where(
            OutboxRow.channel == "email"))).one()
    # (not "after now": on a loaded machine the short test wait may be over by this read)
    assert mail_row.sent_at is None and mail_row.due_at > failed_at
    assert len(pair.push.to("ann")) == 1  # the push did not wait on the mail
    pair.mail.failing = False
    async with pair.first.sessions() as session:  # its wait is over
        mail_row = await session.get(OutboxRow, mail_row.id)
        assert mail_row is not None
        mail_row.due_at = 0.0
        await session.commit()
    assert await pair.second.send_due() == 1
    assert len(await asyncio.to_thread(pair.mail.wait_for, "ann@mail.test", 1)) == 1


async def test_the_daily_digest_is_one_mail_with_one_line_per_game(pair: Pair) -> None:
    async with pair.first.sessions() as session:
        session.add(NotifySettings(user_id="ann", events={"your-turn": {"push": False}},
                                   email_digest=True, time_zone="Europe/Paris"))
        await session.commit()
    yesterday = time.time() - 2 * 86400  # queued two days ago: yesterday's digest is due
    async with pair.first.sessions() as session:
        for n, game in ((1, "a"), (2, "a"), (3, "b")):
            await outbox.enqueue(session, ["ann"], notice(0, game) | {"text": f"Turn {n}."},
                                 True, True, now=yesterday + n)
    await asyncio.gather(_drain(pair.first), _drain(pair.second))
    (mail,) = await asyncio.to_thread(pair.mail.wait_for, "ann@mail.test", 1)
    assert mail["Subject"] == "Your day on Bazaar"
    text, html = parts(mail)
    assert "Turn 1." not in text and "Turn 2." in text and "Turn 3." in text
    assert "http://bazaar.test/games/a-0" in html and "http://bazaar.test/games/b-0" in html
    assert "/notify/unsubscribe?token=" in str(mail["List-Unsubscribe"])
    assert pair.push.to("ann") == []  # push turned off for turns


async def test_a_notice_told_again_is_queued_once(pair: Pair) -> None:
    """The end-of-game duty may run again after a failure: its "finished" notice carries a
    dedupe key, and the second telling queues nothing."""
    told = {"kind": "finished", "game_id": "g9", "title": "Grand Bazaar",
            "text": "Your game is over.", "dedupe": "finished:g9"}
    assert await pair.first.enqueue(["ann"], told) == 2  # a mail and a push
    assert await pair.second.enqueue(["ann"], told) == 0
    assert await pair.first.enqueue(["ann"], notice(1)) == 2  # others still queue
