"""Notifications outside the page (issue 27.2, docs/api.md "Notifications"): settings, the
e-mail address and its signed links, push subscriptions, and the files a browser needs to
install the site and receive pushes (the service worker at the root, the manifest)."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from fastapi import APIRouter, Request, Response
from fastapi.responses import FileResponse, HTMLResponse
from pydantic import Field

from app.errors import ApiError
from app.games.messages import Message, say
from app.i18n.render import render
from app.notify import service, tokens
from app.notify.sender import Notifier
from app.notify.vapid import public_key
from app.ratelimit import limit_own
from app.schemas import Body
from app.web.deps import CurrentUser, SessionDep
from app.web.routes.pages import page_language, render_page

ROOT = Path(__file__).resolve().parents[3]
STATIC = ROOT / "static"
# the pages of the signed links, rendered here: the page routes (app/web/routes/pages.py) are
# optional in app/main.py, the links in mails are not

router = APIRouter(tags=["notifications"])


def _notifier(request: Request) -> Notifier:
    notifier: Notifier = request.app.state.notifier
    return notifier


@router.get("/api/notify/settings")
async def get_settings(request: Request, session: SessionDep, user: CurrentUser
                       ) -> dict[str, Any]:
    """The caller's notification settings, address, and which channels this server offers."""
    notifier = _notifier(request)
    settings = request.app.state.settings
    return {**await service.settings_of(session, user.user_id),
            "email_available": notifier.email_on and user.username is not None,
            "push_available": notifier.push_on,
            "vapid_public_key": public_key(settings.vapid_private_key) if notifier.push_on
            else None}


class SettingsIn(Body):
    events: dict[str, dict[str, bool]] | None = None
    email_digest: bool | None = None
    quiet_start: str | None = Field(default=None, max_length=5)
    quiet_end: str | None = Field(default=None, max_length=5)
    time_zone: str | None = Field(default=None, max_length=64)


@router.put("/api/notify/settings")
async def put_settings(body: SettingsIn, request: Request, session: SessionDep,
                       user: CurrentUser) -> dict[str, Any]:
    """Change some of the settings (fields left out keep their value; quiet hours are set
    together, both null for none)."""
    await service.change_settings(session, user.user_id, body.model_dump(exclude_unset=True))
    await session.commit()
    return await get_settings(request, session, user)


class AddressIn(Body):
    address: str = Field(min_length=3, max_length=254)


@router.put("/api/notify/email", status_code=202)
async def put_email(body: AddressIn, request: Request, session: SessionDep, user: CurrentUser
                    ) -> dict[str, Any]:
    """Give an address; it gets mail once its owner opens the link mailed to it."""
    notifier = _notifier(request)
    if not notifier.email_on:
        raise ApiError(409, "EMAIL_OFF", "this server sends no e-mail")
    if user.username is None:
        raise ApiError(403, "ACCOUNT_NEEDED", "keep your games as an account to add an address")
    await limit_own(request, user)
    changed = await service.set_address(session, user.user_id, body.address)
    await session.commit()
    if changed:  # off the request: the answer does not wait on the SMTP server
        task = asyncio.create_task(notifier.send_verification(user.user_id,
                                                              body.address.strip()))
        notifier.keep(task)
    return {"address": body.address.strip(), "verified": not changed}


@router.delete("/api/notify/email", status_code=204)
async def delete_email(session: SessionDep, user: CurrentUser) -> Response:
    """Forget the caller's address."""
    await service.remove_address(session, user.user_id)
    await session.commit()
    return Response(status_code=204)


class KeysIn(Body):
    p256dh: str = Field(min_length=20, max_length=200)
    auth: str = Field(min_length=8, max_length=100)


class SubscriptionIn(Body):
    endpoint: str = Field(min_length=10, max_length=1000)
    expirationTime: float | None = None  # noqa: N815 (PushSubscription.toJSON()'s own name)
    keys: KeysIn


@router.post("/api/notify/push", status_code=201)
async def subscribe(body: SubscriptionIn, request: Request, session: SessionDep,
                    user: CurrentUser) -> dict[str, Any]:
    """Keep this browser's push subscription (PushSubscription.toJSON())."""
    if not _notifier(request).push_on:
        raise ApiError(409, "PUSH_OFF", "this server sends no push notifications")
    settings = request.app.state.settings
    if not service.endpoint_allowed(body.endpoint, settings.push_service_hosts,
                                    settings.push_extra_origins):
        raise ApiError(422, "BAD_ENDPOINT", "the endpoint is not at a push service this "
                                            "server knows")
    await service.subscribe(session, user.user_id, body.endpoint, body.keys.p256dh,
                            body.keys.auth)
    await session.commit()
    return {"subscribed": True}


class EndpointIn(Body):
    endpoint: str = Field(min_length=10, max_length=1000)


@router.post("/api/notify/push/remove", status_code=204)
async def unsubscribe_push(body: EndpointIn, session: SessionDep, user: CurrentUser
                           ) -> Response:
    """Forget a push subscription of the caller's."""
    await service.unsubscribe_push(session, user.user_id, body.endpoint)
    await session.commit()
    return Response(status_code=204)


async def _words(request: Request, title: Message, text: Message, form_token: str | None = None
                 ) -> HTMLResponse:
    """A page of words (a verified address, an unsubscribe), in the pages' own way: the
    visitor's language, the header's picker."""
    lang = await page_language(request)
    return await render_page(request, "notify.html", title=render(title, lang),
                             text=render(text, lang), form_token=form_token, needs_identity=False)


@router.get("/notify/verify", response_class=HTMLResponse, include_in_schema=False)
async def verify(token: str, request: Request, session: SessionDep) -> HTMLResponse:
    """The link of the verification mail."""
    read = tokens.read_verify(request.app.state.settings.notify_secret, token)
    if read is None or not await service.verify(session, *read):
        return await _words(request, say("This link does not work"),
                            say("It is too old or its address has changed. Give the address "
                                "again on your account page for a new link."))
    await session.commit()
    return await _words(request, say("Address confirmed"),
                        say("{address} now gets the notices you chose on your account page.",
                            address=read[1]))


@router.get("/notify/unsubscribe", response_class=HTMLResponse, include_in_schema=False)
async def unsubscribe_page(token: str, request: Request) -> HTMLResponse:
    """The unsubscribe link opened in a browser: a button, so that a link checker that opens
    every link in a mail unsubscribes nobody."""
    if tokens.read_unsubscribe(request.app.state.settings.notify_secret, token) is None:
        return await _words(request, say("This link does not work"),
                            say("It was changed or cut short."))
    return await _words(request, say("Unsubscribe"), say("Stop these mails from Bazaar?"),
                        form_token=token)


@router.post("/notify/unsubscribe", response_class=HTMLResponse, include_in_schema=False)
async def unsubscribe(token: str, request: Request, session: SessionDep) -> HTMLResponse:
    """One-click unsubscribe (RFC 8058): the mail client POSTs
    ``List-Unsubscribe=One-Click``; the page's button posts the same. The signed token is the
    authority (app/web/csrf.py lets this path through)."""
    read = tokens.read_unsubscribe(request.app.state.settings.notify_secret, token)
    if read is None:
        return HTMLResponse("This link does not work.", status_code=400)
    said = await service.unsubscribe(session, *read)
    await session.commit()
    return await _words(request, say("Unsubscribed"), said)


@router.get("/sw.js", include_in_schema=False)
async def service_worker() -> FileResponse:
    """The service worker, at the root so that its scope is the whole site."""
    return FileResponse(STATIC / "sw.js", media_type="text/javascript",
                        headers={"Cache-Control": "no-cache", "Service-Worker-Allowed": "/"})


@router.get("/manifest.webmanifest", include_in_schema=False)
async def manifest() -> FileResponse:
    """The web app manifest (a phone installs the site to its home screen)."""
    return FileResponse(STATIC / "manifest.webmanifest", media_type="application/manifest+json")
