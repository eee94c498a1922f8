"""The tables of notifications outside the page (issue 27, part 2; migration 0018).

* ``notify_settings``: per account, which events reach it by which channel, the daily digest
  choice, and quiet hours in the account's own time zone.
* ``email_addresses``: one address per account, usable once verified by a signed link and
  until it bounces.
* ``push_subscriptions``: the browsers' Web Push subscriptions (endpoint and keys, RFC 8291).
* ``notify_outbox``: the durable outbox. A notice writes one row per person and channel (and
  push subscription); any instance's sender claims due rows (``claimed_until``, taken by one
  atomic UPDATE, ``FOR UPDATE SKIP LOCKED`` on PostgreSQL) and marks them sent.

Times the sender compares (due, claim, sent) are epoch seconds, as in ``game_duties``.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import (
    JSON,
    Boolean,
    DateTime,
    Float,
    ForeignKey,
    Index,
    Integer,
    String,
    UniqueConstraint,
    func,
)
from sqlalchemy.orm import Mapped, mapped_column

from app.db import Base


class NotifySettings(Base):
    """One account's choices; no row means the defaults (app/notify/events.py)."""

    __tablename__ = "notify_settings"

    user_id: Mapped[str] = mapped_column(ForeignKey("users.id"), primary_key=True)
    # {"your-turn": {"email": true, "push": true}, ...}: missing entries take the default
    events: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
    email_digest: Mapped[bool] = mapped_column(Boolean, default=False)
    # quiet hours as minutes after local midnight; equal or null: none
    quiet_start: Mapped[int | None] = mapped_column(Integer, default=None)
    quiet_end: Mapped[int | None] = mapped_column(Integer, default=None)
    time_zone: Mapped[str] = mapped_column(String(64), default="UTC")


class EmailAddress(Base):
    """An account's e-mail address; it receives mail only while verified and not bouncing."""

    __tablename__ = "email_addresses"

    user_id: Mapped[str] = mapped_column(ForeignKey("users.id"), primary_key=True)
    address: Mapped[str] = mapped_column(String(254))
    verified_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), default=None)
    bounced_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), default=None)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True),
                                                 server_default=func.now())


class PushSubscription(Base):
    """A browser's push subscription (PushSubscription.toJSON() of the page)."""

    __tablename__ = "push_subscriptions"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    user_id: Mapped[str] = mapped_column(ForeignKey("users.id"), index=True)
    endpoint: Mapped[str] = mapped_column(String(1000), unique=True)
    p256dh: Mapped[str] = mapped_column(String(200))
    auth: Mapped[str] = mapped_column(String(100))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True),
                                                 server_default=func.now())


class OutboxRow(Base):
    """One notification to send on one channel: e-mail, or push to one subscription."""

    __tablename__ = "notify_outbox"
    __table_args__ = (
        # the same notice told twice (an end-of-game duty run again) is queued once
        UniqueConstraint("user_id", "channel", "target", "dedupe"),
        Index("ix_notify_outbox_due", "sent_at", "due_at"),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    user_id: Mapped[str] = mapped_column(ForeignKey("users.id"), index=True)
    channel: Mapped[str] = mapped_column(String(8))  # "email" or "push"
    # the push subscription's id; "" for e-mail (one address per account)
    target: Mapped[str] = mapped_column(String(32), default="")
    dedupe: Mapped[str | None] = mapped_column(String(120), default=None)
    kind: Mapped[str] = mapped_column(String(24))
    title: Mapped[str] = mapped_column(String(120))
    text: Mapped[str] = mapped_column(String(500))
    path: Mapped[str] = mapped_column(String(200))  # where the notification leads, on this site
    digest: Mapped[bool] = mapped_column(Boolean, default=False)
    due_at: Mapped[float] = mapped_column(Float)
    claimed_by: Mapped[str | None] = mapped_column(String(32), default=None)
    claimed_until: Mapped[float] = mapped_column(Float, default=0.0)
    attempts: Mapped[int] = mapped_column(Integer, default=0)
    sent_at: Mapped[float | None] = mapped_column(Float, default=None)
    # given up (too many failures, a bouncing address, a dead subscription): never sent
    dropped: Mapped[str | None] = mapped_column(String(200), default=None)
