"""Choosing the language over HTTP (issue 29) on SQLite and PostgreSQL: Accept-Language,
then the cookie, then the account's setting decide a page's language; the choice follows an
account to another device; refusals are said in the request's language with their rule id and
travel as data; the log carries each line as a message."""

from __future__ import annotations

import re
from typing import Any

import httpx

from tests.conftest import ServerThread, start_game
from tests.support.accounts import claim, device, sign_in

GERMAN = {"accept-language": "de-DE,de;q=0.9,en;q=0.5"}


def html_lang(page: httpx.Response) -> str:
    found = re.search(r'<html lang="([a-z]+)">', page.text)
    assert found, page.text[:200]
    return found.group(1)


def test_a_visitor_s_browser_language_decides_the_page(server: ServerThread) -> None:
    with device(server) as visitor:
        page = visitor.get("/", headers=GERMAN)
        assert html_lang(page) == "de" and page.headers["content-language"] == "de"
        assert "Offene Lobbys" in page.text and "Open lobbies" not in page.text
        assert html_lang(visitor.get("/", headers={"accept-language": "ja, fr;q=0.5"})) == "fr"
        english = visitor.get("/")
        assert html_lang(english) == "en" and "Open lobbies" in english.text


def test_the_picker_s_cookie_wins_over_the_browser(server: ServerThread) -> None:
    with device(server) as visitor:
        reply = visitor.put("/api/language", json={"language": "fr"},
                            headers={"X-Requested-With": "bazaar"})
        assert reply.status_code == 200, reply.text
        assert reply.json() == {"language": "fr", "saved_to_account": False}
        assert visitor.cookies.get("bazaar_lang") == "fr"
        page = visitor.get("/games", headers=GERMAN)
        assert html_lang(page) == "fr" and "Parties" in page.text


def test_a_language_not_shipped_is_refused_and_changes_nothing(server: ServerThread) -> None:
    with device(server) as visitor:
        reply = visitor.put("/api/language", json={"language": "xx"},
                            headers={"X-Requested-With": "bazaar"})
        assert reply.status_code == 422
        assert visitor.cookies.get("bazaar_lang") is None
        assert html_lang(visitor.get("/")) == "en"


def test_an_account_s_language_follows_it_to_another_device(server: ServerThread,
                                                              players: Any) -> None:
    ann = players("Ann")
    claim(ann, "ann.lang")
    ann.ok(ann.http.put("/api/language", json={"language": "de"}))
    assert ann.ok(ann.get("/api/account"))["language"] == "de"
    # another device, whose browser asks for French: signing in brings the account's German
    with device(server) as phone:
        reply = phone.post("/api/account/signin",
                           json={"username": "ann.lang", "password": "correct horse battery"})
        assert reply.status_code == 200 and reply.json()["language"] == "de"
        assert phone.cookies.get("bazaar_lang") == "de"
    token = sign_in(server, "ann.lang")
    with device(server, token) as tablet:  # no cookie at all: the account still decides
        assert html_lang(tablet.get("/me", headers={"accept-language": "fr"})) == "de"


def test_a_refusal_is_said_in_the_request_s_language_and_changes_nothing(
        server: ServerThread, players: Any) -> None:
    ann = players("Ann")
    game_id = start_game(ann, [], kind="bazaar", options={"first_player": 0}, bots=1)
    view = ann.game(game_id)
    refused = ann.post(f"/api/games/{game_id}/moves", headers=GERMAN,
                       json={"seq": view["seq"], "move": {"type": "EndTurn"}})
    assert refused.status_code == 409
    detail = refused.json()["detail"]
    assert detail["code"] == "ILLEGAL_MOVE" and detail["rule"] == "BAZ-14"
    assert detail["reason"] == "BAZ-14: führe zuerst deine Aktion aus: Würfeln oder ein Tausch"
    assert detail["message"] == {"id": "first take your action: Roll or one Trade", "args": {}}
    assert ann.game(game_id)["seq"] == view["seq"]
    english = ann.move(game_id, view["seq"], {"type": "EndTurn"})
    assert english.json()["detail"]["reason"] == "BAZ-14: first take your action: Roll or one Trade"
    missing = ann.get("/api/games/nope-nope", headers={"accept-language": "fr"})
    assert missing.json()["detail"]["reason"] == "cette partie n'existe pas"


def test_the_log_carries_each_line_as_a_message(server: ServerThread, players: Any) -> None:
    ann = players("Ann")
    game_id = start_game(ann, [], kind="bazaar", options={"first_player": 0}, bots=1)
    view = ann.game(game_id)
    ann.ok(ann.move(game_id, view["seq"], {"type": "Roll"}))
    entries = ann.ok(ann.get(f"/api/games/{game_id}/log"))["entries"]
    rolled = [e for entry in entries for e in entry["events"] if e["type"] == "DieRolled"]
    assert rolled, entries
    message = rolled[0]["message"]
    assert message["id"].startswith("{who} rolled") and message["args"]["who"] == "Ann"
    assert rolled[0]["text"].startswith("Ann rolled")
