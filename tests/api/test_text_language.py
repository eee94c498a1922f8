"""Text play in the caller's language (issue 29 with issue 31), on SQLite and PostgreSQL: the
text view carries its headings and lines as messages beside their English, a malformed move is
refused in the request's language with its rule id and its message as data, and the 404 page
speaks the browser's language."""

from __future__ import annotations

import re
from typing import Any

from app.i18n.render import render
from tests.conftest import ServerThread, start_game
from tests.support.accounts import device

GERMAN = {"accept-language": "de-DE,de;q=0.9,en;q=0.5"}
FRENCH = {"accept-language": "fr-FR,fr;q=0.9"}


def test_the_text_view_carries_messages_that_read_in_german(players: Any) -> None:
    ann = players("Ann")
    game_id = start_game(ann, [], kind="bazaar", options={"first_player": 0}, bots=1)
    text = ann.ok(ann.get(f"/api/games/{game_id}/text-view", headers=GERMAN))
    sections = {s["title"]: s for s in text["sections"]}
    players_section = sections["Players"]
    assert players_section["title_message"] == {"id": "Players", "args": {}}
    assert players_section["items"][0] == "Ann (you, to play)"
    german = [render(m, "de") for m in players_section["item_messages"]]
    assert german[0] == "Ann (du, am Zug)"
    assert render(sections["Your tokens"]["title_message"], "de") == "Deine Steine"
    for section in text["sections"]:
        assert len(section["items"]) == len(section["item_messages"]) > 0


def test_a_malformed_move_is_refused_in_the_caller_s_language(players: Any) -> None:
    ann = players("Ann")
    game_id = start_game(ann, [], kind="bazaar", options={"first_player": 0}, bots=1)
    seq = ann.game(game_id)["seq"]
    bad = {"type": "Buy", "stall": 9}
    german = ann.post(f"/api/games/{game_id}/moves", headers=GERMAN,
                      json={"seq": seq, "move": bad})
    assert german.status_code == 422, german.text
    detail = german.json()["detail"]
    assert detail["code"] == "BAD_INPUT" and detail["rule"] == "BAZ-21"
    assert detail["reason"] == "BAZ-21: der Stand muss 1 bis 4 sein"
    assert detail["message"] == {"id": "stall must be 1-{last}", "args": {"last": 4}}
    french = ann.post(f"/api/games/{game_id}/moves", headers=FRENCH,
                      json={"seq": seq, "move": {"type": "Buy"}})
    assert french.status_code == 422
    assert french.json()["detail"]["reason"] == "BAZ-21: Buy n'a pas le(s) champ(s) stall"
    english = ann.move(game_id, seq, {"type": "Buy", "stall": "2"})
    assert english.json()["detail"]["reason"] == "BAZ-21: Buy: stall must be an integer"
    assert ann.game(game_id)["seq"] == seq  # nothing changed


def test_the_404_page_speaks_the_browser_s_language(server: ServerThread) -> None:
    with device(server) as visitor:
        page = visitor.get("/rules/no-such-game", headers=GERMAN)
        assert page.status_code == 404
        assert re.search(r'<html lang="de">', page.text)
        assert "Nicht gefunden" in page.text and "Diese Seite gibt es hier nicht." in page.text
        assert "Not found" not in page.text
        english = visitor.get("/leaderboards/NO_SUCH_KIND")
        assert english.status_code == 404 and "There is no such page here." in english.text


def test_lobby_options_that_do_not_fit_are_refused_in_the_caller_s_language(players: Any
                                                                           ) -> None:
    """An option outside its schema (the lobby form offers only fitting values, but the API
    takes any JSON) is refused with its rule id and in the request's language."""
    ann = players("Ann")
    german = ann.post("/api/lobbies", headers=GERMAN, json={
        "kind": "grand-bazaar", "players": 2, "options": {"price_order": [1, 2, 3]}})
    assert german.status_code == 422, german.text
    detail = german.json()["detail"]
    assert detail["code"] == "BAD_OPTIONS" and detail["rule"] == "GB-2"
    assert detail["reason"] == "GB-2: price_order muss eine Anordnung der Nummern 1..27 sein"
    assert detail["message"] == {"id": "price_order must be a permutation of the ids 1..27",
                                 "args": {}}
    french = ann.post("/api/lobbies", headers=FRENCH, json={
        "kind": "bazaar", "players": 2, "options": {"penalty": "yes"}})
    assert french.status_code == 422, french.text
    assert french.json()["detail"]["reason"] == "l'option penalty doit être true ou false"
    # a game's title in a refusal is said in the language too
    auction = ann.post("/api/lobbies", headers=GERMAN, json={
        "kind": "carcassonne-auction", "players": 7, "options": {}})
    assert auction.status_code == 422, auction.text
    assert auction.json()["detail"]["reason"].startswith(
        "Carcassonne: Basar-Versteigerung wird mit "), auction.text
