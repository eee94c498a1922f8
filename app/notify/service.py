"""What the notification API does (docs/api.md, "Notifications"): an account's settings, its
e-mail address and its verification, one-click unsubscribe, and push subscriptions.

Services never commit (docs/style.md): the request's session does.
"""

from __future__ import annotations

import re
from typing import Any
from urllib.parse import urlsplit
from zoneinfo import ZoneInfo

from sqlalchemy import delete, select, update
from sqlalchemy.ext.asyncio import AsyncSession

from app.errors import ApiError
from app.games.messages import Message, say
from app.notify.events import CHANNELS, EVENTS
from app.notify.models import EmailAddress, NotifySettings, OutboxRow, PushSubscription
from app.notify.outbox import choices_of
from app.utc import now

ADDRESS = re.compile(r"^[^@\s<>\"',;]{1,64}@[^@\s<>\"',;]{1,190}\.[^@\s<>\"',;]{2,63}$")
CLOCK = re.compile(r"^([01]\d|2[0-3]):([0-5]\d)$")


def _clock(minutes: int | None) -> str | None:
    return None if minutes is None else f"{minutes // 60:02d}:{minutes % 60:02d}"


def _minutes(value: str | None, field: str) -> int | None:
    if value in (None, ""):
        return None
    match = CLOCK.match(str(value))
    if not match:
        raise ApiError(422, "BAD_TIME", "{field} is a time of day such as 22:30",
                       args={"field": field})
    return int(match[1]) * 60 + int(match[2])


async def settings_of(session: AsyncSession, user_id: str) -> dict[str, Any]:
    """An account's notification settings, address and subscriptions, as the page shows them."""
    choice = choices_of(await session.get(NotifySettings, user_id))
    address = await session.get(EmailAddress, user_id)
    subs = (await session.scalars(select(PushSubscription.endpoint).where(
        PushSubscription.user_id == user_id))).all()
    return {
        "events": [{"kind": kind, "label": label, **choice.events[kind]}
                   for kind, label in EVENTS.items()],
        "email_digest": choice.email_digest,
        "quiet_start": _clock(choice.quiet_start), "quiet_end": _clock(choice.quiet_end),
        "time_zone": choice.time_zone,
        "email": None if address is None else {
            "address": address.address, "verified": address.verified_at is not None,
            "bouncing": address.bounced_at is not None},
        "push_subscriptions": len(subs),
    }


async def change_settings(session: AsyncSession, user_id: str, body: dict[str, Any]) -> None:
    """Store the choices given (the others keep their value)."""
    row = await session.get(NotifySettings, user_id)
    if row is None:
        row = NotifySettings(user_id=user_id, events={}, email_digest=False, time_zone="UTC")
        session.add(row)
    if "events" in body:
        events = dict(row.events or {})
        for kind, channels in (body["events"] or {}).items():
            if kind not in EVENTS or not isinstance(channels, dict):
                raise ApiError(422, "BAD_EVENT", "no such event: {kind}", args={"kind": kind})
            mine = dict(events.get(kind, {}))
            for channel, on in channels.items():
                if channel not in CHANNELS or not isinstance(on, bool):
                    raise ApiError(422, "BAD_CHANNEL", "channels are email and push, on or off")
                mine[channel] = on
            events[kind] = mine
        row.events = events
    if "email_digest" in body:
        row.email_digest = bool(body["email_digest"])
    if "quiet_start" in body or "quiet_end" in body:
        row.quiet_start = _minutes(body.get("quiet_start"), "quiet_start")
        row.quiet_end = _minutes(body.get("quiet_end"), "quiet_end")
    if "time_zone" in body:
        try:
            ZoneInfo(str(body["time_zone"]))
        except Exception as err:  # unknown, malformed, or a folder of zones
            raise ApiError(422, "BAD_TIME_ZONE", "time_zone is a zone such as Europe/Paris") \
                from err
        row.time_zone = str(body["time_zone"])


async def set_address(session: AsyncSession, user_id: str, address: str) -> bool:
    """Give the account an address (unverified until its link is opened); True when it is new
    or changed (a verification mail is due)."""
    address = address.strip()
    if len(address) > 254 or not ADDRESS.match(address):
        raise ApiError(422, "BAD_ADDRESS", "that is not an e-mail address")
    row = await session.get(EmailAddress, user_id)
    if row is not None and row.address == address and row.verified_at is not None \
            and row.bounced_at is None:
        return False
    if row is None:
        row = EmailAddress(user_id=user_id, address=address)
        session.add(row)
    # a new (or bounced, given again) address is unverified until its link is opened
    row.address, row.verified_at, row.bounced_at = address, None, None
    return True


async def remove_address(session: AsyncSession, user_id: str) -> None:
    await session.execute(delete(EmailAddress).where(EmailAddress.user_id == user_id))
    await _drop_unsent(session, user_id, "email", "the address was removed")


async def verify(session: AsyncSession, user_id: str, address: str) -> bool:
    """Mark the address verified if it is still the account's; whether it was."""
    row = await session.get(EmailAddress, user_id)
    if row is None or row.address != address:
        return False
    if row.verified_at is None:
        row.verified_at = now()
    return True


async def unsubscribe(session: AsyncSession, user_id: str, address: str, kind: str) -> Message:
    """One-click unsubscribe (RFC 8058): what was turned off, as a message."""
    row = await session.get(EmailAddress, user_id)
    if row is None or row.address != address:
        return say("This address gets no mail from Bazaar.")
    if kind == "address":  # the verification mail's link: forget the address
        await remove_address(session, user_id)
        return say("The address is forgotten; it gets no mail from Bazaar.")
    kinds = [kind] if kind in EVENTS else list(EVENTS)  # a digest's link: every mail
    await change_settings(session, user_id, {"events": {k: {"email": False} for k in kinds}})
    if kind in EVENTS:
        return say("No more mail for: {event}.", event=say(EVENTS[kind]))
    return say("No more mail from Bazaar.")


def endpoint_allowed(endpoint: str, hosts: str, extra_origins: str) -> bool:
    """Whether ``endpoint`` is at a known push service (https, a host under one of ``hosts``)
    or at one of the exact ``extra_origins``: the server POSTs there, so a caller may not
    point it anywhere else (an address inside the operator's network, say)."""
    url = urlsplit(endpoint)
    if url.username or url.password:
        return False
    origin = f"{url.scheme}://{url.netloc}"
    if origin in {o.strip().rstrip("/") for o in extra_origins.split(",") if o.strip()}:
        return True
    host = (url.hostname or "").lower()
    return url.scheme == "https" and url.port in (None, 443) and any(
        host == h or host.endswith("." + h)
        for h in (h.strip().lower() for h in hosts.split(",")) if h)


async def subscribe(session: AsyncSession, user_id: str, endpoint: str, p256dh: str,
                    auth: str) -> None:
    """Store a browser's push subscription (the same endpoint moves to the caller); the
    caller has checked the endpoint with ``endpoint_allowed``."""
    row = (await session.scalars(select(PushSubscription).where(
        PushSubscription.endpoint == endpoint))).first()
    if row is None:
        session.add(PushSubscription(user_id=user_id, endpoint=endpoint, p256dh=p256dh,
                                     auth=auth))
        return
    if row.user_id != user_id:  # the browser now belongs to someone else: nothing of theirs
        await _drop_unsent(session, row.user_id, "push", "the subscription moved", str(row.id))
    row.user_id, row.p256dh, row.auth = user_id, p256dh, auth


async def unsubscribe_push(session: AsyncSession, user_id: str, endpoint: str) -> None:
    await session.execute(delete(PushSubscription).where(
        PushSubscription.user_id == user_id, PushSubscription.endpoint == endpoint))


async def forget(session: AsyncSession, user_id: str) -> None:
    """Everything of an account's notifications (its deletion)."""
    await session.execute(delete(OutboxRow).where(OutboxRow.user_id == user_id))
    await session.execute(delete(PushSubscription).where(PushSubscription.user_id == user_id))
    await session.execute(delete(EmailAddress).where(EmailAddress.user_id == user_id))
    await session.execute(delete(NotifySettings).where(NotifySettings.user_id == user_id))


async def _drop_unsent(session: AsyncSession, user_id: str, channel: str, reason: str,
                       target: str | None = None) -> None:
    where = [OutboxRow.user_id == user_id, OutboxRow.channel == channel,
             OutboxRow.sent_at.is_(None), OutboxRow.dropped.is_(None)]
    if target is not None:
        where.append(OutboxRow.target == target)
    await session.execute(update(OutboxRow).where(*where).values(dropped=reason))
