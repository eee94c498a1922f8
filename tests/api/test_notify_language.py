"""Mails and pushes in the recipient's language (issue 29): the account's setting
(``users.language``), else English, whoever made the notice and whatever page is open. A German
account's verification mail, "your turn" mail (subject, text and HTML parts, the fixed words
too) and push are German, while the English player of the same game is told in English."""

from __future__ import annotations

from typing import Any

from tests.conftest import start_game
from tests.support import outside as outside_fixtures
from tests.support.accounts import claim
from tests.support.mailbox import parts
from tests.support.outside import (
    Outside,
    link_in,
    play_turn,
    subscribe,
)

# the server with its mail and push services, on each database (tests/support/outside.py)
outside = outside_fixtures.outside
server = outside_fixtures.server


def test_a_german_account_is_told_in_german_and_an_english_one_in_english(
        outside: Outside, players: Any) -> None:
    ann, bob = players("Ann"), players("Bob")
    claim(ann, "ann_de")
    saved = ann.ok(ann.http.put("/api/language", json={"language": "de"}))
    assert saved["saved_to_account"] is True
    address = "ann_de@mail.test"
    assert ann.http.put("/api/notify/email", json={"address": address}).status_code == 202
    (verify,) = outside.mail.wait_for(address, 1)
    assert verify["Subject"] == "Bestätige deine E-Mail-Adresse für Bazaar"
    text, _ = parts(verify)
    assert "Öffne den Link" in text and "Abbestellen:" in text
    assert ann.http.get(link_in(text, "/notify/verify")).status_code == 200
    ann_keys = subscribe(outside, ann, "ann_de")
    bob_keys = subscribe(outside, bob, "bob_en")

    game_id = start_game(ann, [bob], options={"first_player": 0})
    play_turn(ann, game_id, 0)  # Bob's turn: told in English
    (bob_push,) = outside.push.wait_for("bob_en", 1)
    assert bob_keys.decrypt(bob_push.body)["body"] == "Your turn in Grand Bazaar with Ann."
    play_turn(bob, game_id, 1)  # Ann's turn: told in German

    (push,) = outside.push.wait_for("ann_de", 1)
    assert ann_keys.decrypt(push.body)["body"] == "Du bist am Zug in Grand Bazaar mit Bob."
    mail = outside.mail.wait_for(address, 2)[1]
    assert mail["Subject"] == "Grand Bazaar: Du bist am Zug in Grand Bazaar mit Bob."
    assert mail["Content-Language"] == "de"
    text, html = parts(mail)
    assert "Du bist am Zug in Grand Bazaar mit Bob." in text
    assert "Du bekommst diese Mail, weil du Bazaar darum gebeten hast." in text
    assert "Your" not in text and "Unsubscribe" not in text and "Open it" not in html
    assert '<html lang="de">' in html and ">Öffnen</a>" in html and ">Abbestellen</a>" in html


def test_an_account_without_a_language_is_told_in_english(outside: Outside, players: Any
                                                          ) -> None:
    ann, bob = players("Ann"), players("Bob")
    claim(ann, "ann_none")
    keys = subscribe(outside, ann, "ann_none")
    game_id = start_game(ann, [bob], options={"first_player": 0})
    play_turn(ann, game_id, 0)
    play_turn(bob, game_id, 1)
    (push,) = outside.push.wait_for("ann_none", 1)
    assert keys.decrypt(push.body)["body"] == "Your turn in Grand Bazaar with Bob."
