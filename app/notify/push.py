"""Web Push (issue 27.2): one notification to one browser subscription, encrypted for it
(RFC 8291, aes128gcm) and signed with the server's VAPID key (RFC 8292), by pywebpush.

The payload is what static/sw.js shows: a title, the words, and the site path to open on a
click. A 404 or 410 from the push service means the subscription is gone: ``Gone`` tells the
sender to delete it. Other failures are retried later.
"""

from __future__ import annotations

import json

import aiohttp
from pywebpush import WebPushException, webpush_async

from app.config import Settings


class Gone(Exception):
    """The push service no longer knows this subscription (404/410)."""


def enabled(settings: Settings) -> bool:
    """Whether Web Push is configured (a VAPID private key)."""
    return bool(settings.vapid_private_key)


def payload(title: str, text: str, path: str, tag: str) -> str:
    """The JSON the service worker reads (static/sw.js)."""
    return json.dumps({"title": title, "body": text, "url": path, "tag": tag})


async def send(settings: Settings, http: aiohttp.ClientSession, endpoint: str, p256dh: str,
               auth: str, data: str) -> None:
    """Push ``data`` to one subscription; ``Gone`` when the push service dropped it."""
    try:
        await webpush_async(
            {"endpoint": endpoint, "keys": {"p256dh": p256dh, "auth": auth}}, data=data,
            vapid_private_key=settings.vapid_private_key,
            vapid_claims={"sub": settings.vapid_subject},
            # a day: a turn told later than that is better read on the page
            ttl=24 * 3600, timeout=30, aiohttp_session=http)
    except WebPushException as err:
        status = getattr(err.response, "status", None) or getattr(err.response, "status_code",
                                                                  None)
        if status in (404, 410):
            raise Gone(str(err)) from err
        raise
