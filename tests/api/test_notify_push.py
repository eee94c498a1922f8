"""Web Push outside the page (issue 27, part 2) with a local push service in the test: the push
is encrypted for the subscription (RFC 8291; decrypted here with its private key) and signed
with the server's VAPID key (RFC 8292); a subscription the push service calls gone (410) is
removed; quiet hours hold a push back; a stranger to a private game is told nothing."""

from __future__ import annotations

from typing import Any

from tests.conftest import start_game
from tests.support import outside as outside_fixtures
from tests.support.games import wait_for
from tests.support.outside import (
    VAPID_PUBLIC,
    Outside,
    play_turn,
    subscribe,
)
from tests.support.push_service import vapid_valid

# the server with its mail and push services, on each database (tests/support/outside.py)
outside = outside_fixtures.outside
server = outside_fixtures.server


def test_the_settings_hand_the_vapid_public_key(outside: Outside, players: Any) -> None:
    ann = players("Ann")
    settings = ann.ok(ann.get("/api/notify/settings"))
    assert settings["push_available"] is True and settings["vapid_public_key"] == VAPID_PUBLIC


def test_your_turn_push_is_encrypted_for_the_subscription_and_signed(outside: Outside,
                                                                     players: Any) -> None:
    ann, bob = players("Ann"), players("Bob")
    keys = subscribe(outside, ann, "ann_turn")
    game_id = start_game(ann, [bob], options={"first_player": 0})
    play_turn(ann, game_id, 0)
    play_turn(bob, game_id, 1)
    (push,) = outside.push.wait_for("ann_turn", 1)
    assert push.headers["content-encoding"] == "aes128gcm" and int(push.headers["ttl"]) > 0
    assert vapid_valid(push, VAPID_PUBLIC, f"http://127.0.0.1:{outside.push.port}")
    assert keys.decrypt(push.body) == {
        "title": "Grand Bazaar", "body": "Your turn in Grand Bazaar with Bob.",
        "url": f"/games/{game_id}", "tag": f"your-turn:/games/{game_id}"}
    assert outside.push.to("bob") == []


def test_a_gone_subscription_is_removed(outside: Outside, players: Any) -> None:
    ann, bob = players("Ann"), players("Bob")
    subscribe(outside, ann, "ann_gone")
    outside.push.gone.add("ann_gone")  # the browser unsubscribed: 410 from now on
    game_id = start_game(ann, [bob], options={"first_player": 0})
    play_turn(ann, game_id, 0)
    play_turn(bob, game_id, 1)
    outside.push.wait_for("ann_gone", 1)
    wait_for(lambda: ann.ok(ann.get("/api/notify/settings"))["push_subscriptions"] == 0)
    play_turn(ann, game_id, 0)
    play_turn(bob, game_id, 1)
    keep = subscribe(outside, bob, "bob_barrier")  # Bob's next turn tells us Ann's is queued
    assert keep is not None
    play_turn(ann, game_id, 0)
    outside.push.wait_for("bob_barrier", 1)
    assert len(outside.push.to("ann_gone")) == 1  # never pushed there again
    rows = outside.outbox(ann.user_id)
    assert len(rows) == 1 and rows[0]["sent_at"] is None


def test_events_turned_off_for_push_are_not_pushed(outside: Outside, players: Any) -> None:
    ann, bob = players("Ann"), players("Bob")
    subscribe(outside, ann, "ann_off")
    ann.ok(ann.http.put("/api/notify/settings", json={"events": {"your-turn": {"push": False}}}))
    game_id = start_game(ann, [bob], options={"first_player": 0})
    play_turn(ann, game_id, 0)
    subscribe(outside, bob, "bob_off_barrier")
    play_turn(bob, game_id, 1)
    play_turn(ann, game_id, 0)
    outside.push.wait_for("bob_off_barrier", 1)
    assert outside.push.to("ann_off") == [] and outside.outbox(ann.user_id) == []


def test_quiet_hours_hold_the_push_until_they_end(outside: Outside, players: Any) -> None:
    ann, bob = players("Ann"), players("Bob")
    subscribe(outside, ann, "ann_quiet")
    # quiet all day but one minute: whatever the time now, the push waits
    from datetime import UTC, datetime, timedelta

    now = datetime.now(UTC)
    end = (now + timedelta(minutes=-2)).strftime("%H:%M")
    start = (now + timedelta(minutes=-1)).strftime("%H:%M")
    ann.ok(ann.http.put("/api/notify/settings",
                        json={"quiet_start": start, "quiet_end": end, "time_zone": "UTC"}))
    game_id = start_game(ann, [bob], options={"first_player": 0})
    play_turn(ann, game_id, 0)
    subscribe(outside, bob, "bob_quiet_barrier")
    play_turn(bob, game_id, 1)
    play_turn(ann, game_id, 0)
    outside.push.wait_for("bob_quiet_barrier", 1)
    (row,) = outside.outbox(ann.user_id)
    assert row["sent_at"] is None and row["due_at"] > now.timestamp() + 20 * 3600
    assert outside.push.to("ann_quiet") == []


def test_a_stranger_to_a_private_game_is_pushed_nothing(outside: Outside, players: Any) -> None:
    ann, bob, eve = players("Ann"), players("Bob"), players("Eve")
    subscribe(outside, ann, "ann_private")
    subscribe(outside, eve, "eve_private")
    game_id = start_game(ann, [bob], options={"first_player": 0}, private=True)
    play_turn(ann, game_id, 0)
    play_turn(bob, game_id, 1)
    outside.push.wait_for("ann_private", 1)
    assert outside.push.to("eve_private") == [] and outside.outbox(eve.user_id) == []


def test_a_subscription_must_point_at_a_push_service(outside: Outside, players: Any) -> None:
    """The server POSTs to the endpoint: one a caller chose elsewhere is refused."""
    from tests.support.push_service import BrowserKeys

    ann = players("Ann")
    keys = BrowserKeys()
    for endpoint in (f"{outside.server.url}/api/session", "http://fcm.googleapis.com/fcm/send/x",
                     "https://fcm.googleapis.com.evil.test/x", "https://10.0.0.1/push",
                     "https://user@fcm.googleapis.com/fcm/send/x"):
        reply = ann.post("/api/notify/push", json=keys.subscription(endpoint))
        assert reply.status_code == 422 and reply.json()["detail"]["code"] == "BAD_ENDPOINT"
    assert ann.post("/api/notify/push", json=keys.subscription(
        "https://fcm.googleapis.com/fcm/send/abc")).status_code == 201
    assert ann.ok(ann.get("/api/notify/settings"))["push_subscriptions"] == 1
