"""E-mail outside the page (issue 27, part 2) with a real SMTP server in the test process: the
address verified by its signed link, both parts and the RFC 8058 headers of every mail, a
one-click unsubscribe that works, nothing to an unverified or bouncing address, nothing about
a private game to anyone else."""

from __future__ import annotations

from typing import Any

import httpx

from tests.conftest import start_game
from tests.support import outside as outside_fixtures
from tests.support.accounts import claim
from tests.support.games import wait_for
from tests.support.mailbox import parts
from tests.support.outside import (
    Outside,
    link_in,
    play_turn,
    subscribe,
    verified_account,
)

# the server with its mail and push services, on each database (tests/support/outside.py)
outside = outside_fixtures.outside
server = outside_fixtures.server


def turn_mails(outside: Outside, address: str) -> list[Any]:
    return [m for m in outside.mail.to(address) if "Your turn" in str(m["Subject"])]


def test_your_turn_mail_has_a_text_and_an_html_part_and_rfc8058_headers(
        outside: Outside, players: Any) -> None:
    ann, bob = players("Ann"), players("Bob")
    address = verified_account(outside, ann, "ann_mail")
    game_id = start_game(ann, [bob], options={"first_player": 0})
    play_turn(ann, game_id, 0)
    play_turn(bob, game_id, 1)
    (mail,) = outside.mail.wait_for(address, 2)[1:]
    assert mail["To"] == address and mail["From"] == "Bazaar <games@bazaar.test>"
    assert mail["Subject"] == "Grand Bazaar: Your turn in Grand Bazaar with Bob."
    assert mail.get_content_type() == "multipart/alternative"
    text, html = parts(mail)
    game_url = f"{outside.server.url}/games/{game_id}"
    assert "Your turn in Grand Bazaar with Bob." in text and game_url in text
    assert f'href="{game_url}"' in html and "Your turn in Grand Bazaar with Bob." in html
    unsubscribe = str(mail["List-Unsubscribe"])
    assert unsubscribe.startswith(f"<{outside.server.url}/notify/unsubscribe?token=")
    assert mail["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
    assert link_in(text, "/notify/unsubscribe") == unsubscribe.strip("<>")


def test_one_click_unsubscribe_stops_that_event_by_mail(outside: Outside, players: Any) -> None:
    ann, bob = players("Ann"), players("Bob")
    address = verified_account(outside, ann, "ann_unsub")
    subscribe(outside, ann, "ann_unsub")  # its pushes tell when each notice was queued
    game_id = start_game(ann, [bob], options={"first_player": 0})
    play_turn(ann, game_id, 0)
    play_turn(bob, game_id, 1)
    mail = outside.mail.wait_for(address, 2)[1]
    link = str(mail["List-Unsubscribe"]).strip("<>")
    # what a mail client does for RFC 8058: a POST without cookie or token of the account
    reply = httpx.post(link, content=b"List-Unsubscribe=One-Click",
                       headers={"content-type": "application/x-www-form-urlencoded"})
    assert reply.status_code == 200 and "No more mail for: It is your turn." in reply.text
    events = {e["kind"]: e for e in ann.ok(ann.get("/api/notify/settings"))["events"]}
    assert events["your-turn"]["email"] is False and events["finished"]["email"] is True
    play_turn(ann, game_id, 0)
    play_turn(bob, game_id, 1)  # Ann's turn again: no mail queued for it
    outside.push.wait_for("ann_unsub", 2)
    rows = [r for r in outside.outbox(ann.user_id) if r["channel"] == "email"]
    assert len(rows) == 1 and rows[0]["sent_at"] is not None  # only the first turn's mail
    assert len(turn_mails(outside, address)) == 1


def test_the_unsubscribe_page_asks_before_it_unsubscribes(outside: Outside, players: Any
                                                         ) -> None:
    ann, bob = players("Ann"), players("Bob")
    address = verified_account(outside, ann, "ann_page")
    game_id = start_game(ann, [bob], options={"first_player": 0})
    play_turn(ann, game_id, 0)
    play_turn(bob, game_id, 1)
    link = str(outside.mail.wait_for(address, 2)[1]["List-Unsubscribe"]).strip("<>")
    page = httpx.get(link)  # a link checker opening every link changes nothing
    assert page.status_code == 200 and 'data-testid="unsubscribe"' in page.text
    events = {e["kind"]: e for e in ann.ok(ann.get("/api/notify/settings"))["events"]}
    assert events["your-turn"]["email"] is True
    forged = httpx.post(link[:-3] + "abc", content=b"List-Unsubscribe=One-Click")
    assert forged.status_code == 400


def test_an_unverified_address_gets_nothing(outside: Outside, players: Any) -> None:
    ann, bob = players("Ann"), players("Bob")
    claim(ann, "ann_unverified")
    address = "ann_unverified@mail.test"
    assert ann.http.put("/api/notify/email", json={"address": address}).status_code == 202
    outside.mail.wait_for(address, 1)  # the verification mail only
    subscribe(outside, ann, "ann_unverified")
    game_id = start_game(ann, [bob], options={"first_player": 0})
    play_turn(ann, game_id, 0)
    play_turn(bob, game_id, 1)
    assert ann.ok(ann.get("/api/notify/settings"))["email"] == {
        "address": address, "verified": False, "bouncing": False}
    outside.push.wait_for("ann_unverified", 1)  # the notice is queued: a push, and no mail
    assert [r["channel"] for r in outside.outbox(ann.user_id)] == ["push"]
    assert len(outside.mail.to(address)) == 1


def test_a_bouncing_address_gets_nothing_more(outside: Outside, players: Any) -> None:
    ann, bob = players("Ann"), players("Bob")
    address = verified_account(outside, ann, "ann_bounce")
    outside.mail.bouncing.add(address)  # the mailbox is gone: 550 from now on
    subscribe(outside, ann, "ann_bounce")
    game_id = start_game(ann, [bob], options={"first_player": 0})
    play_turn(ann, game_id, 0)
    play_turn(bob, game_id, 1)

    def bouncing() -> bool:
        return bool(ann.ok(ann.get("/api/notify/settings"))["email"]["bouncing"])

    wait_for(bouncing)
    (row,) = [r for r in outside.outbox(ann.user_id) if r["channel"] == "email"]
    assert row["sent_at"] is None and row["dropped"] == "the address bounced"
    play_turn(ann, game_id, 0)
    play_turn(bob, game_id, 1)
    outside.push.wait_for("ann_bounce", 2)  # the second turn is queued: a push, and no mail
    assert len([r for r in outside.outbox(ann.user_id) if r["channel"] == "email"]) == 1


def test_a_private_game_reaches_only_its_players(outside: Outside, players: Any) -> None:
    ann, bob, eve = players("Ann"), players("Bob"), players("Eve")
    address = verified_account(outside, ann, "ann_private")
    eves = verified_account(outside, eve, "eve_private")
    game_id = start_game(ann, [bob], options={"first_player": 0}, private=True)
    play_turn(ann, game_id, 0)
    play_turn(bob, game_id, 1)
    outside.mail.wait_for(address, 2)
    assert outside.outbox(eve.user_id) == []
    assert all(game_id not in m.as_string() for m in outside.mail.to(eves))


def test_a_guest_cannot_give_an_address(outside: Outside, players: Any) -> None:
    guest = players("Gus")
    reply = guest.http.put("/api/notify/email", json={"address": "gus@mail.test"})
    assert reply.status_code == 403 and reply.json()["detail"]["code"] == "ACCOUNT_NEEDED"
    assert guest.ok(guest.get("/api/notify/settings"))["email_available"] is False


def test_deleting_the_account_forgets_its_address_and_outbox(outside: Outside, players: Any
                                                             ) -> None:
    from tests.support.accounts import PASSWORD

    ann, bob = players("Ann"), players("Bob")
    address = verified_account(outside, ann, "ann_gone")
    subscribe(outside, ann, "ann_deleted")
    game_id = start_game(ann, [bob], options={"first_player": 0})
    play_turn(ann, game_id, 0)
    play_turn(bob, game_id, 1)
    outside.mail.wait_for(address, 2)
    outside.push.wait_for("ann_deleted", 1)
    assert len(outside.outbox(ann.user_id)) == 2
    subscribe(outside, bob, "bob_after_delete")
    ann.ok(ann.post("/api/account/delete", json={"password": PASSWORD}))
    assert outside.outbox(ann.user_id) == []
    # Ann's seat is resigned to the bot, which plays it: Bob's turn comes, Ann hears nothing
    outside.push.wait_for("bob_after_delete", 1)
    assert outside.outbox(ann.user_id) == []
    assert len(outside.mail.to(address)) == 2 and len(outside.push.to("ann_deleted")) == 1
