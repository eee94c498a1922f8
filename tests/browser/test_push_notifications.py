"""Web Push in real Chromium (issue 27, part 2): the account page installs the service worker
(/sw.js, scope "/"), and a push the server sends when it becomes your turn is shown as a
notification by the service worker with no page of the site open, and leads to the game.

Headless Chromium cannot reach a real push service here (and refuses PushManager.subscribe in
a Playwright context, which is incognito), so the test stands in for the push service: it
subscribes keys of its own through the API at a local push service, receives the server's
encrypted push there, decrypts it (RFC 8291) and hands the payload to the real service worker
through the DevTools protocol (ServiceWorker.deliverPushMessage), as the browser would."""

from __future__ import annotations

import json
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.browser.api import post
from tests.browser.conftest import name_as_guest
from tests.conftest import Player, free_port
from tests.support.instances import Instance
from tests.support.mailbox import Mailbox, parts
from tests.support.outside import VAPID_PRIVATE, link_in
from tests.support.push_service import BrowserKeys, PushService

pytestmark = pytest.mark.browser
SHOTS = Path(__file__).resolve().parents[2] / "test-results"


MAILBOX: list[Mailbox] = []


@pytest.fixture(scope="module")
def site() -> Iterator[tuple[str, PushService]]:
    """A server with Web Push and e-mail on, the local push service and the SMTP server
    (MAILBOX[0]) it sends to."""
    with tempfile.TemporaryDirectory(prefix="bazaar-push-") as tmp, PushService() as pushes, \
            Mailbox() as box:
        env = {key.upper(): str(value) for key, value in box.settings().items()}
        port = free_port()
        instance = Instance(f"sqlite+aiosqlite:///{tmp}/push.db", Path(tmp) / "server.log",
                            port=port, extra_env={
                                "VAPID_PRIVATE_KEY": VAPID_PRIVATE, "NOTIFY_TICK_SECONDS": "0.2",
                                "PUSH_EXTRA_ORIGINS": f"http://127.0.0.1:{pushes.port}",
                                "PUBLIC_URL": f"http://127.0.0.1:{port}", **env})
        MAILBOX[:] = [box]
        try:
            yield instance.url, pushes
        finally:
            instance.stop()


def until(page: Any, check: Any, timeout: float = 15) -> Any:
    """Poll ``check`` until it gives something truthy, waiting on ``page`` between two looks
    (Playwright's sync API hands over DevTools events only while it waits)."""
    deadline = time.monotonic() + timeout
    while not (value := check()):
        assert time.monotonic() < deadline, "condition not reached"
        page.wait_for_timeout(100)
    return value


NOTIFICATIONS = """async () => (await self.registration.getNotifications())
  .map(n => ({title: n.title, body: n.body, url: n.data && n.data.url}))"""


@pytest.mark.parametrize("viewport", [{"width": 1280, "height": 800}, {"width": 390, "height": 844}])
def test_the_service_worker_shows_your_turn_with_no_page_open(browser: Any, site: Any,
                                                              viewport: Any) -> None:
    url, pushes = site
    context = browser.new_context(base_url=url, viewport=viewport)
    context.grant_permissions(["notifications"], origin=url)
    try:
        name_as_guest(context, "Ann")
        page = context.new_page()
        page.goto("/account")
        section = page.locator("#notify")
        section.wait_for()
        assert section.get_by_role("row", name="It is your turn").is_visible()
        page.get_by_test_id("push-on").click()
        # the service worker is installed and active for the whole site
        until(page, lambda: page.evaluate(
            "navigator.serviceWorker.getRegistration('/').then(r => !!(r && r.active))"))
        assert page.evaluate("navigator.serviceWorker.getRegistration('/').then(r => r.scope)"
                             ) == f"{url}/"
        SHOTS.mkdir(exist_ok=True)
        section.screenshot(path=str(SHOTS / f"notify-settings-{viewport['width']}.png"))
        keys = BrowserKeys()
        name = f"ann-{viewport['width']}"
        post(page, "/api/notify/push", keys.subscription(pushes.endpoint(name)))
        bob = Player(url, "Bob")
        lobby = post(page, "/api/lobbies", {"kind": "grand-bazaar", "players": 2,
                                            "options": {"first_player": 0}})
        bob.ok(bob.post(f"/api/lobbies/{lobby['id']}/join"))
        game_id = post(page, f"/api/lobbies/{lobby['id']}/start")["game_id"]
        page.close()  # no page of the site is open from here on
        # Ann moves (through the API, as her cookie), then Bob: it is Ann's turn again
        ann = Player(url, "unused")
        ann.http.headers.pop("authorization")
        ann.http.cookies.update({c["name"]: c["value"] for c in context.cookies()})
        ann.http.headers["origin"] = url
        for player, seat in ((ann, 0), (bob, 1)):
            for _ in range(60):
                game = player.game(game_id, seat=seat)
                if seat not in game["view"]["to_act"]:
                    break
                player.ok(player.move(game_id, game["seq"], game["legal"][0], seat=seat))
        (pushed,) = pushes.wait_for(name, 1)
        payload = keys.decrypt(pushed.body)
        blank = context.new_page()  # the DevTools session needs a target; it shows nothing
        cdp = context.new_cdp_session(blank)
        registrations: list[dict[str, Any]] = []
        cdp.on("ServiceWorker.workerRegistrationUpdated",
               lambda event: registrations.extend(event["registrations"]))
        cdp.send("ServiceWorker.enable")
        until(blank, lambda: any(r["scopeURL"] == f"{url}/" for r in registrations))
        registration = next(r for r in registrations if r["scopeURL"] == f"{url}/")
        cdp.send("ServiceWorker.deliverPushMessage", {
            "origin": url, "registrationId": registration["registrationId"],
            "data": json.dumps(payload)})
        worker = until(blank, lambda: context.service_workers and context.service_workers[0])
        shown = until(blank, lambda: worker.evaluate(NOTIFICATIONS))
        assert shown == [{"title": "Bazaar: Grand Bazaar",
                          "body": "Your turn in Grand Bazaar with Bob.",
                          "url": f"/games/{game_id}"}]
        bob.http.close()
        ann.http.close()
    finally:
        context.close()


def test_the_site_can_be_installed(browser: Any, site: Any) -> None:
    url, _ = site
    context = browser.new_context(base_url=url)
    try:
        page = context.new_page()
        page.goto("/")
        manifest = page.evaluate(
            "fetch(document.querySelector('link[rel=manifest]').href).then(r => r.json())")
        assert manifest["display"] == "standalone" and manifest["start_url"] == "/"
        sizes = {icon["sizes"] for icon in manifest["icons"]}
        assert {"192x192", "512x512"} <= sizes
        for icon in manifest["icons"]:
            reply = page.request.get(icon["src"])
            assert reply.ok and reply.headers["content-type"] == icon["type"]
    finally:
        context.close()


@pytest.mark.parametrize("viewport", [{"width": 1280, "height": 800}, {"width": 390, "height": 844}])
def test_an_account_confirms_its_address_and_chooses_events_and_quiet_hours(
        browser: Any, site: Any, viewport: Any) -> None:
    url, _ = site
    context = browser.new_context(base_url=url, viewport=viewport)
    try:
        name_as_guest(context, "Cat")
        username = f"cat_{viewport['width']}"
        claimed = context.request.post("/api/account/claim", headers={"origin": url},
                                       data={"username": username,
                                             "password": "correct horse battery"})
        assert claimed.ok, claimed.text()
        page = context.new_page()
        page.goto("/account")
        page.get_by_test_id("email-input").fill(f"{username}@mail.test")
        page.get_by_test_id("email-submit").click()
        state = page.get_by_test_id("email-state")
        state.filter(has_text="Open the link mailed to").wait_for()
        (mail,) = MAILBOX[0].wait_for(f"{username}@mail.test", 1)
        assert mail["Subject"] == "Confirm your e-mail address for Bazaar"
        text, _ = parts(mail)
        link = link_in(text, "/notify/verify")
        assert link.startswith(f"{url}/notify/verify?token=")  # PUBLIC_URL's address
        page.goto(link)
        assert page.get_by_test_id("notify-title").text_content() == "Address confirmed"
        page.goto("/account")
        state.filter(has_text="is confirmed").wait_for()
        turn = page.get_by_test_id("event-your-turn-email")
        assert turn.is_checked()
        turn.uncheck()
        page.get_by_test_id("notify-note").filter(has_text="Saved.").wait_for()
        page.get_by_test_id("quiet-start").fill("22:00")
        page.get_by_test_id("quiet-end").fill("07:30")
        page.get_by_test_id("notify-note").filter(has_text="Quiet hours saved.").wait_for()
        page.reload()
        state.filter(has_text="is confirmed").wait_for()
        assert not page.get_by_test_id("event-your-turn-email").is_checked()
        assert page.get_by_test_id("event-finished-email").is_checked()
        assert page.get_by_test_id("quiet-start").input_value() == "22:00"
        assert page.get_by_test_id("quiet-end").input_value() == "07:30"
        SHOTS.mkdir(exist_ok=True)
        page.locator("#notify").screenshot(
            path=str(SHOTS / f"notify-email-{viewport['width']}.png"))
    finally:
        context.close()
