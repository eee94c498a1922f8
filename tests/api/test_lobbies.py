"""Lobbies over HTTP on SQLite and PostgreSQL: create, list, edit, join, leave, bots, start."""

from __future__ import annotations

from typing import Any

from tests.conftest import Player


def test_session_sets_an_httponly_cookie_and_identifies(server: Any) -> None:
    import httpx

    with httpx.Client(base_url=server.url) as http:
        reply = http.post("/api/session", json={"name": "  Ann  "})
        assert reply.status_code == 201
        assert "httponly" in reply.headers["set-cookie"].lower()
        assert reply.json()["name"] == "Ann"
        me = http.get("/api/session")  # the cookie alone identifies the browser
        assert me.status_code == 200 and me.json()["user_id"] == reply.json()["user_id"]


def test_unknown_or_missing_token_is_401(server: Any) -> None:
    import httpx

    with httpx.Client(base_url=server.url) as http:
        assert http.get("/api/session").status_code == 401
        forged = http.get("/api/session", headers={"authorization": "Bearer forged"})
        assert forged.status_code == 401
        assert forged.json()["detail"]["code"] == "UNAUTHORIZED"
        assert http.post("/api/lobbies", json={"kind": "grand-bazaar"}).status_code == 401


def test_names_and_chat_refuse_control_characters(players: Any) -> None:
    """A NUL in a name once reached PostgreSQL and answered 500: now it is a 422."""
    ann = players("Ann")
    for name in ("a\x00b", "line\nbreak", "\x7f"):
        assert ann.post("/api/session", json={"name": name}).status_code == 422
    from tests.conftest import start_game

    game_id = start_game(ann, [], bots=1)
    assert ann.post(f"/api/games/{game_id}/chat", json={"text": "nul\x00"}).status_code == 422
    ann.ok(ann.post(f"/api/games/{game_id}/chat", json={"text": "two\nlines"}))
    # ids and client move ids are tokens: a NUL in them is refused before any query
    for path in ("/api/lobbies/a%00b", "/api/games/a%00b", "/api/games/a%00b/log"):
        assert ann.get(path).status_code == 422
    move = {"type": "Trade", "sell": {}, "buy": {}}
    bad_id = ann.post(f"/api/games/{game_id}/moves",
                      json={"seq": 0, "move": move, "client_move_id": "x\x00"})
    assert bad_id.status_code == 422


def test_catalog_lists_every_kind_with_option_schemas(players: Any) -> None:
    ann: Player = players("Ann")
    games = ann.ok(ann.get("/api/catalog"))["games"]
    kinds = {g["kind"] for g in games}
    assert "grand-bazaar" in kinds
    for game in games:
        assert game["min_players"] <= game["max_players"]
        assert all({"name", "kind", "default"} <= set(o) for o in game["options"])


def test_create_join_start_flow_and_invite_link(players: Any) -> None:
    ann, bob = players("Ann"), players("Bob")
    lobby = ann.ok(ann.post("/api/lobbies", json={"kind": "grand-bazaar", "players": 2}))
    assert lobby["you"]["is_host"] and lobby["you"]["seats"] == [0]
    assert lobby["invite_url"] == f"/lobbies/{lobby['id']}"
    listed = [x["id"] for x in bob.ok(bob.get("/api/lobbies"))["lobbies"]]
    assert lobby["id"] in listed
    # starting with an open seat is refused
    refused = ann.post(f"/api/lobbies/{lobby['id']}/start")
    assert refused.status_code == 409 and refused.json()["detail"]["code"] == "SEATS_OPEN"
    joined = bob.ok(bob.post(f"/api/lobbies/{lobby['id']}/join"))
    assert joined["seats"][1]["name"] == "Bob" and joined["you"]["seats"] == [1]
    # joining twice changes nothing
    again = bob.ok(bob.post(f"/api/lobbies/{lobby['id']}/join"))
    assert again["seats"] == joined["seats"]
    # only the host starts
    assert bob.post(f"/api/lobbies/{lobby['id']}/start").status_code == 403
    game_id = ann.ok(ann.post(f"/api/lobbies/{lobby['id']}/start"))["game_id"]
    started = bob.ok(bob.get(f"/api/lobbies/{lobby['id']}"))
    assert started["status"] == "started" and started["game_id"] == game_id
    assert lobby["id"] not in [x["id"] for x in bob.ok(bob.get("/api/lobbies"))["lobbies"]]
    # a started lobby cannot be joined or edited
    carl = Player(ann.http.base_url.__str__(), "Carl")
    assert carl.post(f"/api/lobbies/{lobby['id']}/join").status_code == 409
    assert ann.patch(f"/api/lobbies/{lobby['id']}", json={"private": True}).status_code == 409


def test_private_lobby_is_not_listed_but_its_link_works(players: Any) -> None:
    ann, bob = players("Ann"), players("Bob")
    lobby = ann.ok(ann.post("/api/lobbies", json={"kind": "grand-bazaar", "private": True}))
    assert lobby["id"] not in [x["id"] for x in bob.ok(bob.get("/api/lobbies"))["lobbies"]]
    assert bob.ok(bob.get(lobby["invite_url"].replace("/lobbies", "/api/lobbies")))["private"]
    bob.ok(bob.post(f"/api/lobbies/{lobby['id']}/join"))


def test_host_edits_options_players_and_seats_before_start(players: Any) -> None:
    ann, bob = players("Ann"), players("Bob")
    lobby = ann.ok(ann.post("/api/lobbies", json={"kind": "grand-bazaar", "players": 2}))
    lid = lobby["id"]
    edited = ann.ok(ann.patch(f"/api/lobbies/{lid}", json={
        "players": 4, "options": {"first_player": 1},
        "seats": [{"seat": 2, "holder": "bot"}, {"seat": 3, "holder": "host"}]}))
    assert [s["holder"] for s in edited["seats"]] == ["user", "open", "bot", "host"]
    assert edited["options"] == {"first_player": 1}
    assert edited["you"]["seats"] == [0, 3]  # the host's device seat is the host's
    # options are validated against the game's schema
    bad = ann.patch(f"/api/lobbies/{lid}", json={"options": {"no_such_option": 1}})
    assert bad.status_code == 422
    assert ann.patch(f"/api/lobbies/{lid}", json={"players": 9}).status_code == 422
    # only the host edits
    assert bob.patch(f"/api/lobbies/{lid}", json={"private": True}).status_code == 403
    bob.ok(bob.post(f"/api/lobbies/{lid}/join", json={"seat": 1}))
    left = bob.ok(bob.post(f"/api/lobbies/{lid}/leave"))
    assert left["seats"][1]["holder"] == "open"
    assert ann.post(f"/api/lobbies/{lid}/leave").status_code == 409


def test_create_rejects_unknown_kind_bad_options_and_unknown_fields(players: Any) -> None:
    ann = players("Ann")
    assert ann.post("/api/lobbies", json={"kind": "chess"}).status_code == 422
    bad = ann.post("/api/lobbies", json={"kind": "grand-bazaar", "options": {"first_player": 9}})
    assert bad.status_code == 422
    extra = ann.post("/api/lobbies", json={"kind": "grand-bazaar", "colour": "red"})
    assert extra.status_code == 422 and extra.json()["detail"]["code"] == "BAD_REQUEST"
    assert ann.post("/api/lobbies", json={"kind": "grand-bazaar", "players": 1}).status_code == 422
    assert ann.get("/api/lobbies/nope").status_code == 404


def test_my_lobbies_are_the_open_ones_i_host_sit_in_or_am_invited_to(players: Any) -> None:
    """Issue 25, point 18: GET /api/lobbies/mine, private lobbies included."""
    from tests.conftest import start_game

    ann, bob, cat = players("Ann"), players("Bob"), players("Cat")
    hosted = ann.ok(ann.post("/api/lobbies", json={"kind": "grand-bazaar", "players": 2,
                                                   "private": True}))
    joined = cat.ok(cat.post("/api/lobbies", json={"kind": "grand-bazaar", "players": 2}))
    ann.ok(ann.post(f"/api/lobbies/{joined['id']}/join"))
    cat.ok(cat.post("/api/lobbies", json={"kind": "grand-bazaar", "players": 2}))  # not Ann's
    table = {"players": ["Red", "Blue"], "scores": [10, 5], "placer": 1,
             "tiles": [{"type": "U"}, {"label": "river bend"}]}
    done = start_game(bob, [ann], kind="carcassonne-auction", options=table)
    bob.ok(bob.move(done, bob.game(done)["seq"], {"type": "Cancel"}))
    rematch = bob.ok(bob.post(f"/api/games/{done}/rematch"))["lobby_id"]  # Ann's seat kept
    start_game(ann, [], bots=1)  # a started lobby is not listed
    mine = {lob["id"]: lob for lob in ann.ok(ann.get("/api/lobbies/mine"))["lobbies"]}
    assert set(mine) == {hosted["id"], joined["id"], rematch}
    assert mine[hosted["id"]]["you"]["is_host"] and mine[joined["id"]]["you"]["seats"] == [1]
    assert mine[rematch]["you"]["invited"] == [1]
    assert [lob["id"] for lob in bob.ok(bob.get("/api/lobbies/mine"))["lobbies"]] == [rematch]
    assert cat.get("/api/lobbies/mine").status_code == 200
