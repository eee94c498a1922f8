"""Accounts in Chromium (issue 15): a guest plays, keeps its games as an account, signs in on a
second browser and continues the same game there; a passkey added with Chromium's virtual
authenticator signs a third browser in."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from tests.browser.api import post, start_against_bots
from tests.browser.moves import make_move, page_seq, wait_seq

pytestmark = pytest.mark.browser

PASSWORD = "a long enough password"


def claim_on_account_page(page, username: str) -> list[str]:  # type: ignore[no-untyped-def]
    page.get_by_test_id("account-link").click()
    page.get_by_role("heading", name="Keep your games on every device").wait_for()
    page.get_by_test_id("claim-username").fill(username)
    page.get_by_test_id("claim-password").fill(PASSWORD)
    page.get_by_test_id("claim-submit").click()
    page.get_by_role("heading", name="Your recovery codes").wait_for()
    codes = page.get_by_test_id("recovery-codes").locator("li").all_inner_texts()
    done = page.get_by_test_id("codes-done")
    assert done.is_disabled()  # first "I have saved them"
    page.get_by_test_id("codes-saved").check()
    done.click()
    page.get_by_test_id("account-username").filter(has_text=username).wait_for()
    return codes


def your_turn(page) -> None:  # type: ignore[no-untyped-def]
    page.get_by_test_id("turn").filter(has_text="Your turn").wait_for()
    page.locator("#board[data-board=grand-bazaar]").wait_for(state="attached")  # board drawn


@pytest.mark.parametrize("viewport", [{"width": 1280, "height": 800}, {"width": 390, "height": 844}],
                         ids=["desktop", "phone"])
def test_guest_claims_and_continues_the_same_game_in_a_second_browser(
        guest, new_context, problems, viewport) -> None:  # type: ignore[no-untyped-def]
    username = f"ann-{viewport['width']}"
    ann = guest("Ann", "/", viewport=viewport)
    game_id = start_against_bots(ann, "grand-bazaar", 2, {})
    ann.goto(f"/games/{game_id}")
    your_turn(ann)
    seq = page_seq(ann)
    make_move(ann, random.Random(1))
    wait_seq(ann, seq + 1)

    codes = claim_on_account_page(ann, username)
    assert len(codes) == 10 and all(len(c) == 19 for c in codes)
    ann.screenshot(path=f"test-results/account-{viewport['width']}.png", full_page=True)

    other = problems.watch(new_context(viewport=viewport).new_page())
    other.goto("/account")
    other.get_by_role("heading", name="You are not signed in").wait_for()
    other.get_by_test_id("to-signin").click()
    other.get_by_test_id("signin-username").fill(username.upper())  # any case
    other.get_by_test_id("signin-password").fill("not the password")
    other.get_by_test_id("signin-submit").click()
    other.get_by_role("alert").filter(has_text="do not match").wait_for()
    other.get_by_test_id("signin-password").fill(PASSWORD)
    other.get_by_test_id("signin-submit").click()
    other.wait_for_url("**/me")
    other.locator(f"a[href='/games/{game_id}']").first.click()
    other.wait_for_url(f"**/games/{game_id}")
    your_turn(other)
    seq = page_seq(other)
    make_move(other, random.Random(2))
    wait_seq(other, seq + 1)
    ann.goto(f"/games/{game_id}")  # the first browser is still signed in and sees the move
    wait_seq(ann, seq + 1)
    assert ann.locator("#page").get_attribute("data-seat") == "0"
    other.screenshot(path=f"test-results/account-second-{viewport['width']}.png")
    assert problems.errors == []


def test_a_passkey_signs_in_another_browser(guest, new_context, problems, server
                                            ) -> None:  # type: ignore[no-untyped-def]
    # WebAuthn needs a domain as relying party id (not an IP address): localhost is a secure
    # context over http
    base = server.replace("127.0.0.1", "localhost")
    bea = guest("Bea", f"{base}/", base_url=base)
    claim_on_account_page(bea, "bea-passkey")
    cdp = bea.context.new_cdp_session(bea)
    cdp.send("WebAuthn.enable")
    authenticator = cdp.send("WebAuthn.addVirtualAuthenticator", {"options": {
        "protocol": "ctap2", "transport": "internal", "hasResidentKey": True,
        "hasUserVerification": True, "isUserVerified": True}})["authenticatorId"]
    # the passkey gets a name when added, and the list shows it (issue 25, point 30)
    bea.get_by_label("Name of the new passkey").fill("Bea's laptop")
    bea.get_by_test_id("passkey-add").click()
    bea.get_by_test_id("passkeys").filter(has_text="Bea's laptop: added").wait_for()
    assert "Passkey 1" not in bea.get_by_test_id("passkeys").inner_text()
    credentials = cdp.send("WebAuthn.getCredentials", {"authenticatorId": authenticator})
    assert len(credentials["credentials"]) == 1 and credentials["credentials"][0]["isResidentCredential"]

    # a second browser with the same passkey (as on a synced phone): the credential is copied
    other = problems.watch(new_context(base_url=base).new_page())
    other.goto(f"{base}/signin")
    cdp2 = other.context.new_cdp_session(other)
    cdp2.send("WebAuthn.enable")
    second = cdp2.send("WebAuthn.addVirtualAuthenticator", {"options": {
        "protocol": "ctap2", "transport": "internal", "hasResidentKey": True,
        "hasUserVerification": True, "isUserVerified": True}})["authenticatorId"]
    cdp2.send("WebAuthn.addCredential", {"authenticatorId": second,
                                         "credential": credentials["credentials"][0]})
    with other.expect_request("**/api/account/passkeys/signin") as sent:
        other.get_by_test_id("passkey-signin").click()
    other.wait_for_url("**/me")
    # the same signed assertion sent again (a replay) is refused: its challenge was used
    replay = other.evaluate("""async (body) => { const r = await fetch('/api/account/passkeys/signin',
      {method: 'POST', headers: {'Content-Type': 'application/json'}, body});
      return [r.status, (await r.json()).detail.code]; }""", sent.value.post_data)
    assert replay == [400, "PASSKEY_REFUSED"]
    other.get_by_test_id("account-link").click()
    other.get_by_test_id("account-username").filter(has_text="bea-passkey").wait_for()
    other.screenshot(path="test-results/account-passkey.png", full_page=True)
    assert problems.errors == []


def sign_in(page, username: str) -> None:  # type: ignore[no-untyped-def]
    page.goto("/signin")
    page.get_by_test_id("signin-username").fill(username)
    page.get_by_test_id("signin-password").fill(PASSWORD)
    page.get_by_test_id("signin-submit").click()
    page.wait_for_url("**/me")


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_a_device_signed_out_from_elsewhere_says_so_and_offers_sign_in(
        guest, new_context, problems, size) -> None:  # type: ignore[no-untyped-def]
    """Issue 25, point 14: the second device hears at once that it was signed out (on My games
    and on a game page), and after a reload it still says so instead of a silent new guest."""
    viewport = {"width": 1280, "height": 800} if size == "desktop" else {"width": 390, "height": 844}
    touch = {} if size == "desktop" else {"has_touch": True, "is_mobile": True}
    username = f"dee-{size}"
    dee = guest("Dee", "/", viewport=viewport, **touch)
    game_id = start_against_bots(dee, "grand-bazaar", 2, {})
    claim_on_account_page(dee, username)

    phone = problems.watch(new_context(viewport=viewport, **touch).new_page())
    sign_in(phone, username)
    phone.locator("#whoami").filter(has_text="Dee").wait_for()
    game_page = problems.watch(phone.context.new_page())
    game_page.goto(f"/games/{game_id}")
    your_turn(game_page)

    dee.get_by_test_id("signout-others").click()
    for page in (phone, game_page):
        note = page.get_by_test_id("signed-out")
        note.filter(has_text="You were signed out").wait_for()
        assert note.get_by_role("link", name="Sign in").is_visible()
        assert "Dee" not in page.locator("#whoami").inner_text()
    phone.screenshot(path=f"test-results/signed-out-{size}.png")

    game_page.reload()  # no new guest made silently: it says what happened
    game_page.get_by_test_id("signed-out").filter(has_text="You were signed out").wait_for()
    game_page.locator("#board[data-board=grand-bazaar]").wait_for(state="attached")  # still watchable
    game_page.get_by_test_id("signed-out-signin").click()
    game_page.get_by_test_id("signin-username").fill(username)
    game_page.get_by_test_id("signin-password").fill(PASSWORD)
    game_page.get_by_test_id("signin-submit").click()
    game_page.wait_for_url(f"**/games/{game_id}")  # back where the player was
    your_turn(game_page)
    assert game_page.get_by_test_id("signed-out").count() == 0
    assert problems.errors == []


PRINT_SPY = """window.__printed = [];
window.print = () => window.__printed.push(document.body.classList.contains('printing-codes'));"""


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_recovery_codes_can_be_copied_downloaded_and_printed(guest, problems, size) -> None:  # type: ignore[no-untyped-def]
    """Issue 25, point 15: Copy, Download and Print beside the codes shown once."""
    viewport = {"width": 1280, "height": 800} if size == "desktop" else {"width": 390, "height": 844}
    touch = {} if size == "desktop" else {"has_touch": True, "is_mobile": True}
    page = guest("Cy", "/account", viewport=viewport, **touch)
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    page.add_init_script(PRINT_SPY)
    page.reload()
    page.get_by_role("heading", name="Keep your games on every device").wait_for()
    page.get_by_test_id("claim-username").fill(f"cy-{size}")
    page.get_by_test_id("claim-password").fill(PASSWORD)
    page.get_by_test_id("claim-submit").click()
    page.get_by_role("heading", name="Your recovery codes").wait_for()
    codes = page.get_by_test_id("recovery-codes").locator("li").all_inner_texts()
    assert len(codes) == 10

    page.get_by_test_id("codes-copy").click()
    page.get_by_test_id("codes-note").filter(has_text="Copied").wait_for()
    copied = page.evaluate("() => navigator.clipboard.readText()")
    assert all(code in copied for code in codes) and f"cy-{size}" in copied

    with page.expect_download() as download:
        page.get_by_test_id("codes-download").click()
    saved = download.value
    assert saved.suggested_filename == "bazaar-recovery-codes.txt"
    text = Path(saved.path()).read_text()
    assert all(code in text for code in codes)

    page.get_by_test_id("codes-print").click()
    assert page.evaluate("() => window.__printed") == [True]  # printed with the codes alone
    page.emulate_media(media="print")
    page.evaluate("() => document.body.classList.add('printing-codes')")
    assert page.get_by_test_id("recovery-codes").is_visible()
    assert page.locator(".topbar").is_hidden() and page.get_by_test_id("codes-done").is_hidden()
    page.evaluate("() => document.body.classList.remove('printing-codes')")
    page.emulate_media(media="screen")
    page.screenshot(path=f"test-results/recovery-codes-{size}.png", full_page=True)
    assert problems.errors == []


def test_other_devices_are_said_signed_out_only_after_a_password_change(guest, problems) -> None:  # type: ignore[no-untyped-def]
    """Issue 25, point 16."""
    page = guest("Hal", "/", viewport={"width": 1280, "height": 800})
    claim_on_account_page(page, "hal-password")
    assert "Your other devices are signed out" not in page.locator("#account").inner_text()
    assert "signs you out on your other devices" in page.locator("#account").inner_text()
    with page.context.browser.new_context(base_url=page.url.split("/account")[0]) as second:  # type: ignore[union-attr]
        reply = second.request.post("/api/account/signin", data={"username": "hal-password", "password": PASSWORD})
        assert reply.ok
    page.get_by_label("Current password").fill(PASSWORD)
    page.get_by_label("New password").fill(PASSWORD + " again")
    page.get_by_role("button", name="Change password").click()
    note = page.get_by_test_id("password-note")
    note.filter(has_text="Password changed. Your other devices are signed out (1 device).").wait_for()
    page.screenshot(path="test-results/password-changed-desktop.png")
    assert problems.errors == []


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_the_header_leads_to_leaderboards_and_ones_profile_and_seats_link_profiles(
        guest, problems, size) -> None:  # type: ignore[no-untyped-def]
    """Issue 25, point 17."""
    viewport = {"width": 1280, "height": 800} if size == "desktop" else {"width": 390, "height": 844}
    touch = {} if size == "desktop" else {"has_touch": True, "is_mobile": True}
    ann = guest("Ann", "/", viewport=viewport, **touch)
    claim_on_account_page(ann, f"ann-profile-{size}")
    ann_id = ann.evaluate("async () => (await (await fetch('/api/session')).json()).user_id")
    bob = guest("Bob", "/", viewport=viewport, **touch)
    lobby = post(ann, "/api/lobbies", {"kind": "grand-bazaar", "players": 3, "options": {}})
    post(bob, f"/api/lobbies/{lobby['id']}/join")
    post(ann, f"/api/lobbies/{lobby['id']}/bots", {"seat": 2})
    game_id = post(ann, f"/api/lobbies/{lobby['id']}/start")["game_id"]

    bob.goto(f"/games/{game_id}")
    link = bob.get_by_test_id("profile-0")
    link.wait_for()
    assert link.inner_text() == "Ann" and link.get_attribute("href") == f"/players/{ann_id}"
    assert bob.get_by_test_id("profile-1").count() == 0  # Bob is a guest: no profile
    assert bob.get_by_test_id("profile-2").count() == 0  # a bot has none either
    bob.screenshot(path=f"test-results/seat-profile-links-{size}.png")

    ann.goto("/")
    ann.get_by_test_id("leaderboards-link").click()
    ann.wait_for_url("**/leaderboards")
    ann.get_by_test_id("leaderboard-grand-bazaar").click()
    ann.get_by_role("heading", name="Grand Bazaar: leaderboard").wait_for()
    ann.screenshot(path=f"test-results/header-links-{size}.png")
    ann.get_by_test_id("my-profile").click()
    ann.wait_for_url(f"**/players/{ann_id}")
    ann.get_by_role("heading", name="Ann").wait_for()
    assert problems.errors == []


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_passkeys_on_an_ip_address_say_the_cause(guest, new_context, problems, server, size) -> None:  # type: ignore[no-untyped-def]
    """Issue 25, point 30: on http://127.0.0.1 the account and sign-in pages say that the IP
    address is the cause and name the localhost address to use, before any ceremony."""
    viewport = {"width": 1280, "height": 800} if size == "desktop" else {"width": 390, "height": 844}
    assert "127.0.0.1" in server
    port = server.rsplit(":", 1)[1]
    page = guest("Ida", "/", viewport=viewport)
    claim_on_account_page(page, f"ida-ip-{size}")
    note = page.locator("#passkey-error")
    note.filter(has_text="Passkeys do not work on an IP address such as 127.0.0.1").wait_for()
    assert f"http://localhost:{port}/account" in note.inner_text()
    assert page.get_by_test_id("passkey-add").is_disabled()
    assert "https" not in note.inner_text().split("instead")[0]  # not blamed on http
    page.screenshot(path=f"test-results/passkey-ip-{size}.png")
    other = problems.watch(new_context(viewport=viewport).new_page())
    other.goto("/signin")
    other.locator("#passkey-error").filter(has_text=f"http://localhost:{port}/signin").wait_for()
    assert other.get_by_test_id("passkey-signin").is_disabled()
    assert problems.errors == []
