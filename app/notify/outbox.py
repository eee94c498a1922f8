"""The durable outbox (issue 27.2, "a durable outbox table sent in the background, retried,
sent once"): queueing a notice for each person's outside channels, and claiming due rows.

Queueing follows each account's choices (app/notify/events.py): the event on for the channel,
a verified address that does not bounce, the quiet hours (the row waits until they end), the
daily digest (the e-mail row waits for the digest). It writes only rows addressed to the
people the notice was told to, so a private game's notice reaches nobody else.

Claiming is one atomic UPDATE of rows whose claim has lapsed; on PostgreSQL the rows are picked
``FOR UPDATE SKIP LOCKED`` so two instances claiming at once take different rows instead of
waiting on each other; SQLite has one writer at a time. A row is marked sent only by the
instance holding its claim. Exactly once, except for a crash between the SMTP server's (or
push service's) acceptance and the mark: then the row is sent again after its claim lapses.
"""

from __future__ import annotations

import time
from collections.abc import Iterable
from typing import Any

from sqlalchemy import insert, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession

from app.notify.events import EVENTS, Choices, merged
from app.notify.models import EmailAddress, NotifySettings, OutboxRow, PushSubscription
from app.notify.words import languages_of, notice_text, title_text

BATCH = 50
"""Rows claimed at once by one sender."""


def choices_of(row: NotifySettings | None) -> Choices:
    """An account's choices (the defaults without a row)."""
    if row is None:
        return Choices(events=merged(None))
    return Choices(events=merged(row.events), email_digest=row.email_digest,
                   quiet_start=row.quiet_start, quiet_end=row.quiet_end,
                   time_zone=row.time_zone)


def _path(notice: dict[str, Any]) -> str:
    """The page a notice leads to: the lobby of an invitation, else the game."""
    if notice.get("lobby_id"):
        return f"/lobbies/{notice['lobby_id']}"
    return f"/games/{notice.get('game_id', '')}" if notice.get("game_id") else "/me"


async def enqueue(session: AsyncSession, people: Iterable[str], notice: dict[str, Any],
                  email_on: bool, push_on: bool, now: float | None = None) -> int:
    """Queue ``notice`` for each person's outside channels; how many rows were written
    (committed here; a notice queued before, by its dedupe key, skips only its own rows)."""
    kind = str(notice.get("kind", ""))
    people = sorted(set(people))
    if kind not in EVENTS or not people or not (email_on or push_on):
        return 0
    now = time.time() if now is None else now
    settings = {r.user_id: r for r in (await session.scalars(
        select(NotifySettings).where(NotifySettings.user_id.in_(people))))}
    rows: list[OutboxRow] = []
    languages = await languages_of(session, people)
    # the words of each row in its recipient's language, made now (the row keeps them)
    words = {lang: notice_text(notice, lang)[:500] for lang in set(languages.values())}
    titles = {lang: title_text(notice, lang)[:120] for lang in set(languages.values())}
    base = {"kind": kind, "path": _path(notice), "dedupe": notice.get("dedupe")}
    if email_on:
        for address in await session.scalars(select(EmailAddress).where(
                EmailAddress.user_id.in_(people), EmailAddress.verified_at.is_not(None),
                EmailAddress.bounced_at.is_(None))):
            choice = choices_of(settings.get(address.user_id))
            if not choice.wants(kind, "email"):
                continue
            digest = choice.email_digest
            due = choice.next_digest(now) if digest else choice.quiet_until(now)
            rows.append(OutboxRow(user_id=address.user_id, channel="email", target="",
                                  digest=digest, due_at=due,
                                  text=words[languages[address.user_id]],
                                  title=titles[languages[address.user_id]], **base))
    if push_on:
        for sub in await session.scalars(select(PushSubscription).where(
                PushSubscription.user_id.in_(people))):
            choice = choices_of(settings.get(sub.user_id))
            if choice.wants(kind, "push"):
                rows.append(OutboxRow(user_id=sub.user_id, channel="push", target=str(sub.id),
                                      digest=False, due_at=choice.quiet_until(now),
                                      text=words[languages[sub.user_id]],
                                      title=titles[languages[sub.user_id]], **base))
    if not rows:
        return 0
    values = [{c: getattr(r, c) for c in ("user_id", "channel", "target", "digest", "due_at",
                                          "text", "title", *base)} for r in rows]
    try:  # all at once, the usual case
        await session.execute(insert(OutboxRow), values)
        await session.commit()
        return len(values)
    except IntegrityError:  # the same notice queued before (its dedupe key): row by row
        await session.rollback()
    written = 0
    for one in values:
        try:
            await session.execute(insert(OutboxRow), [one])
            await session.commit()
            written += 1
        except IntegrityError:
            await session.rollback()
    return written


async def claim(session: AsyncSession, me: str, claim_seconds: float,
                now: float | None = None) -> list[OutboxRow]:
    """Claim up to BATCH due rows for this instance (committed); the claimed rows."""
    now = time.time() if now is None else now
    due = (select(OutboxRow.id)
           .where(OutboxRow.sent_at.is_(None), OutboxRow.dropped.is_(None),
                  OutboxRow.due_at <= now, OutboxRow.claimed_until < now)
           .order_by(OutboxRow.due_at, OutboxRow.id).limit(BATCH)
           .with_for_update(skip_locked=True))
    ids = list(await session.scalars(
        update(OutboxRow)
        # the lapse is checked again on the row itself: PostgreSQL re-reads a row another
        # claimer updated meanwhile, and leaves it out
        .where(OutboxRow.id.in_(due), OutboxRow.claimed_until < now)
        .values(claimed_by=me, claimed_until=now + claim_seconds,
                attempts=OutboxRow.attempts + 1)
        .returning(OutboxRow.id)))
    await session.commit()
    if not ids:
        return []
    rows = list(await session.scalars(select(OutboxRow).where(OutboxRow.id.in_(ids))
                                      .order_by(OutboxRow.id)))
    return [r for r in rows if r.claimed_by == me]


async def claim_digest_rest(session: AsyncSession, me: str, user_id: str, claim_seconds: float,
                            now: float | None = None) -> list[OutboxRow]:
    """The other due digest rows of one account, claimed too, so one digest mail holds them."""
    now = time.time() if now is None else now
    ids = list(await session.scalars(
        update(OutboxRow)
        .where(OutboxRow.user_id == user_id, OutboxRow.channel == "email",
               OutboxRow.digest.is_(True), OutboxRow.sent_at.is_(None),
               OutboxRow.dropped.is_(None), OutboxRow.due_at <= now,
               OutboxRow.claimed_until < now)
        .values(claimed_by=me, claimed_until=now + claim_seconds,
                attempts=OutboxRow.attempts + 1)
        .returning(OutboxRow.id)))
    await session.commit()
    if not ids:
        return []
    return list(await session.scalars(select(OutboxRow).where(OutboxRow.id.in_(ids))))


async def mark_sent(session: AsyncSession, me: str, ids: list[int]) -> None:
    """Rows this instance sent (only while it holds their claim)."""
    await session.execute(update(OutboxRow).where(OutboxRow.id.in_(ids),
                                                  OutboxRow.claimed_by == me)
                          .values(sent_at=time.time()))
    await session.commit()


async def retry_later(session: AsyncSession, me: str, rows: list[tuple[int, int]],
                      max_attempts: int, tick: float, reason: str) -> None:
    """Failed rows, as (id, attempts so far): due again after a growing wait, or given up
    after ``max_attempts``."""
    now = time.time()
    for row_id, attempts in rows:
        values: dict[str, Any] = {"claimed_until": 0.0}
        if attempts >= max_attempts:
            values["dropped"] = f"gave up: {reason}"[:200]
        else:
            values["due_at"] = now + tick * 2 ** attempts
        await session.execute(update(OutboxRow).where(OutboxRow.id == row_id,
                                                      OutboxRow.claimed_by == me)
                              .values(**values))
    await session.commit()


async def drop_pending(session: AsyncSession, reason: str, user_id: str, channel: str,
                       target: str = "") -> None:
    """Give up every unsent row of one address or subscription (it bounced, it is gone)."""
    await session.execute(update(OutboxRow).where(
        OutboxRow.user_id == user_id, OutboxRow.channel == channel, OutboxRow.target == target,
        OutboxRow.sent_at.is_(None), OutboxRow.dropped.is_(None)).values(dropped=reason[:200]))
    await session.commit()
