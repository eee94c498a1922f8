"""Accounts over HTTP on SQLite and PostgreSQL: claim keeps a guest's games, sign-in on a second
device, sign-out (this one and every other), password changes, recovery codes, deletion, rate
limits, and bad input that changes nothing (issue 15, "Accounts")."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from websockets.exceptions import ConnectionClosed

from tests.conftest import ServerThread, database_url, make_settings, start_game
from tests.support.accounts import PASSWORD, claim, device, sign_in, use_token
from tests.support.sockets import Viewer

PER_USERNAME = 8


@pytest.fixture(scope="module", params=["sqlite", "postgres"])
def server(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
           ) -> Iterator[ServerThread]:
    """This module's server: a high allowance per address (every test comes from 127.0.0.1),
    PER_USERNAME attempts per username."""
    url = database_url(request.param, tmp_path_factory.mktemp("db"))
    with ServerThread(make_settings(url, rate_signin_address=10_000, rate_signin=PER_USERNAME)) as srv:
        yield srv


def status(server: ServerThread, token: str, path: str = "/api/session") -> int:
    with device(server, token) as client:
        return client.get(path).status_code


def code_of(reply: httpx.Response) -> str:
    return str(reply.json()["detail"]["code"])


def test_claim_keeps_games_and_lobbies_and_a_second_device_continues_the_game(
        server: ServerThread, players: Any) -> None:
    ann = players("Ann")
    game_id = start_game(ann, [], bots=1)
    lobby = ann.ok(ann.post("/api/lobbies", json={"kind": "grand-bazaar", "players": 2}))
    codes = claim(ann, "Ann.Smith")
    assert len(codes) == 10 and len(set(codes)) == 10
    me = ann.ok(ann.get("/api/account"))
    assert me["account"] and me["username"] == "Ann.Smith" and me["recovery_codes_left"] == 10

    token = sign_in(server, "ann.smith")  # usernames are case-insensitive
    assert token != ann.token  # a new session, a new token
    with device(server, token) as phone:
        assert phone.get("/api/session").json()["user_id"] == ann.user_id
        assert game_id in [g["id"] for g in phone.get("/api/me/games").json()["games"]]
        assert phone.get(f"/api/lobbies/{lobby['id']}").json()["host"]["user_id"] == ann.user_id
        for _ in range(500):  # the bot may be to act first
            view = phone.get(f"/api/games/{game_id}").json()
            if view["legal"]:
                break
        reply = phone.post(f"/api/games/{game_id}/moves",
                           json={"seq": view["seq"], "move": view["legal"][0]})
        assert reply.status_code == 200, reply.text
    assert status(server, ann.token) == 200  # the first device stays signed in


def test_wrong_password_unknown_user_taken_username_and_oversized_fields_change_nothing(
        server: ServerThread, players: Any) -> None:
    bea, cid = players("Bea"), players("Cid")
    claim(bea, "bea")
    with device(server) as client:
        wrong = client.post("/api/account/signin", json={"username": "bea", "password": "nope"})
        unknown = client.post("/api/account/signin",
                              json={"username": "nobody-here", "password": PASSWORD})
    assert wrong.status_code == unknown.status_code == 401
    assert code_of(wrong) == code_of(unknown) == "BAD_CREDENTIALS"
    assert "set-cookie" not in wrong.headers

    taken = cid.post("/api/account/claim", json={"username": "BEA", "password": PASSWORD})
    assert taken.status_code == 409 and code_of(taken) == "USERNAME_TAKEN"
    for bad in ({"username": "x" * 31, "password": PASSWORD},
                {"username": "cid", "password": "p" * 257},
                {"username": "cid", "password": "short"},
                {"username": "ci d", "password": PASSWORD},
                {"username": "cid", "password": PASSWORD, "admin": True}):
        reply = cid.post("/api/account/claim", json=bad)
        assert reply.status_code == 422, (bad, reply.text)
    assert cid.ok(cid.get("/api/account"))["account"] is False  # still a guest
    again = bea.post("/api/account/claim", json={"username": "bea2", "password": PASSWORD})
    assert again.status_code == 409 and code_of(again) == "ALREADY_CLAIMED"
    assert bea.ok(bea.get("/api/account"))["username"] == "bea"


def test_sign_out_refuses_the_old_token_on_http_and_on_the_socket(
        server: ServerThread, players: Any) -> None:
    dan = players("Dan")
    game_id = start_game(dan, [], bots=1)
    claim(dan, "dan")
    token = sign_in(server, "dan")
    watching = Viewer(server.url, game_id, token)  # a socket open before the sign-out
    watching.send({"type": "hello"})
    watching.recv_type("snapshot")
    with device(server, token) as laptop:
        assert laptop.post("/api/account/signout").json() == {"signed_out": 1}
        replay = laptop.post("/api/account/signout")
        assert replay.status_code == 401 and code_of(replay) == "UNAUTHORIZED"
    assert status(server, token) == 401
    assert status(server, token, "/api/me/games") == 401
    viewer = Viewer(server.url, game_id, token)
    with pytest.raises(ConnectionClosed) as closed:
        viewer.recv()
    assert closed.value.rcvd is not None and closed.value.rcvd.code == 4401
    with pytest.raises(ConnectionClosed) as ended:  # the open one was closed by the sign-out
        for _ in range(100):
            watching.recv()
    assert ended.value.rcvd is not None and ended.value.rcvd.code == 4401
    assert status(server, dan.token) == 200  # the other device is not touched


def test_sign_out_everywhere_else(server: ServerThread, players: Any) -> None:
    eve = players("Eve")
    claim(eve, "eve")
    others = [sign_in(server, "eve"), sign_in(server, "eve")]
    assert len(eve.ok(eve.get("/api/account"))["sessions"]) == 3
    assert eve.ok(eve.post("/api/account/signout-others")) == {"signed_out": 2}
    assert [status(server, t) for t in others] == [401, 401]
    me = eve.ok(eve.get("/api/account"))
    assert [s["current"] for s in me["sessions"]] == [True]


def test_password_change_needs_the_current_one_and_signs_out_the_others(
        server: ServerThread, players: Any) -> None:
    fay = players("Fay")
    claim(fay, "fay")
    other = sign_in(server, "fay")
    wrong = fay.post("/api/account/password",
                     json={"current_password": "not it at all", "new_password": "a new one here"})
    assert wrong.status_code == 403 and code_of(wrong) == "WRONG_PASSWORD"
    assert status(server, other) == 200
    before = fay.token
    changed = fay.ok(fay.post("/api/account/password",
                              json={"current_password": PASSWORD, "new_password": "a new one here"}))
    assert changed["signed_out"] == 1 and changed["token"] != before
    # this device goes on with the new token; the one it held before is refused too
    assert status(server, other) == 401 and status(server, before) == 401
    assert status(server, changed["token"]) == 200
    with device(server) as client:
        old = client.post("/api/account/signin", json={"username": "fay", "password": PASSWORD})
    assert old.status_code == 401
    sign_in(server, "fay", "a new one here")


def test_a_recovery_code_signs_in_once_and_sets_a_new_password(
        server: ServerThread, players: Any) -> None:
    gus = players("Gus")
    codes = claim(gus, "gus")
    body = {"username": "gus", "code": codes[3].upper(), "new_password": "recovered pass"}
    with device(server) as client:
        first = client.post("/api/account/recover", json=body)
        second = client.post("/api/account/recover", json=body)
    assert first.status_code == 200, first.text
    assert second.status_code == 401 and code_of(second) == "BAD_RECOVERY_CODE"
    assert status(server, gus.token) == 401  # recovering ends the other sessions
    token = sign_in(server, "gus", "recovered pass")
    with device(server, token) as client:
        assert client.get("/api/account").json()["recovery_codes_left"] == 9


def test_rename_shows_in_new_lobbies(server: ServerThread, players: Any) -> None:
    hal = players("Hal")
    assert hal.ok(hal.patch("/api/account/name", json={"name": "Hal the Great"}))
    assert hal.ok(hal.get("/api/session"))["name"] == "Hal the Great"
    lobby = hal.ok(hal.post("/api/lobbies", json={"kind": "grand-bazaar", "players": 2}))
    assert lobby["host"]["name"] == "Hal the Great"
    assert hal.patch("/api/account/name", json={"name": "x" * 41}).status_code == 422


def test_sign_in_attempts_per_username_are_limited(server: ServerThread, players: Any) -> None:
    ivy = players("Ivy")
    claim(ivy, "ivy")
    with device(server) as client:
        replies = [client.post("/api/account/signin",
                               json={"username": "ivy", "password": "guess number"})
                   for _ in range(PER_USERNAME - 1)]  # the claim was the first
        assert [r.status_code for r in replies] == [401] * (PER_USERNAME - 1)
        limited = client.post("/api/account/signin",
                              json={"username": "IVY", "password": PASSWORD})
    assert limited.status_code == 429 and code_of(limited) == "RATE_LIMITED"
    assert int(limited.headers["retry-after"]) > 0
    assert "set-cookie" not in limited.headers


def test_delete_leaves_former_player_in_games_and_resigns_live_seats(
        server: ServerThread, players: Any) -> None:
    jo, kim = players("Jo"), players("Kim")
    game_id = start_game(jo, [kim])
    claim(jo, "joey")
    refused = jo.post("/api/account/delete", json={"password": "not the password"})
    assert refused.status_code == 403 and jo.ok(jo.get("/api/account"))["username"] == "joey"
    assert jo.ok(jo.post("/api/account/delete", json={"password": PASSWORD})) == {
        "deleted": True, "games_resigned": 1}
    assert status(server, jo.token) == 401
    game = kim.game(game_id)
    assert game["seats"][0]["name"] == "Former player" and game["seats"][0]["resigned"]
    assert game["seats"][1]["name"] == "Kim" and not game["seats"][1]["resigned"]
    with device(server) as client:
        gone = client.post("/api/account/signin", json={"username": "joey", "password": PASSWORD})
    assert gone.status_code == 401
    claim(players("Jo again"), "Joey")  # the username is free again


def test_cookie_sign_in_is_httponly_and_refused_from_another_site(server: ServerThread,
                                                                    players: Any) -> None:
    claim(players("Lea"), "lea")
    body = {"username": "lea", "password": PASSWORD}
    with device(server) as browser:
        foreign = browser.post("/api/account/signin", json=body,
                               headers={"origin": "http://evil.example"})
        assert foreign.status_code == 403 and code_of(foreign) == "CROSS_SITE"
        assert not browser.cookies
        reply = browser.post("/api/account/signin", json=body, headers={"origin": server.url})
        cookie = reply.headers["set-cookie"].lower()
        assert "httponly" in cookie and "samesite=lax" in cookie
        assert browser.get("/api/account").json()["username"] == "lea"
        bare = browser.post("/api/account/signout", headers={"origin": server.url})
        assert bare.status_code == 403  # a form post: no JSON, no X-Requested-With
        out = browser.post("/api/account/signout", json={}, headers={"origin": server.url})
        assert out.status_code == 200
        assert browser.get("/api/account").status_code == 401


def test_claim_rotates_the_session_and_refuses_the_guest_token(
        server: ServerThread, players: Any) -> None:
    """Issue 24.5: a claim is a change of privilege; the guest's token must not carry it."""
    max_ = players("Max")
    game_id = start_game(max_, [], bots=1)
    guest_token = max_.token
    watching = Viewer(server.url, game_id, guest_token)  # a socket of the guest's session
    watching.send({"type": "hello"})
    watching.recv_type("snapshot")
    reply = max_.post("/api/account/claim", json={"username": "maxi", "password": PASSWORD},
                      headers={"origin": server.url})
    assert reply.status_code == 201, reply.text
    data = reply.json()
    assert data["token"] != guest_token and data["username"] == "maxi"
    assert data["user_id"] == max_.user_id and len(data["recovery_codes"]) == 10
    assert f"bazaar_token={data['token']}" in reply.headers["set-cookie"]
    assert status(server, guest_token) == 401
    with device(server, data["token"]) as client:
        assert client.get("/api/account").json()["username"] == "maxi"
        assert game_id in [g["id"] for g in client.get("/api/me/games").json()["games"]]
    with pytest.raises(ConnectionClosed) as ended:
        for _ in range(100):
            watching.recv()
    assert ended.value.rcvd is not None and ended.value.rcvd.code == 4401
    assert ended.value.rcvd.reason == "SESSION_REPLACED"


def test_a_revoked_session_s_frame_is_refused_before_it_is_handled(
        server: ServerThread, players: Any) -> None:
    """Issue 24.1: once this instance knows a session is revoked (here: told so, as by another
    instance, before its sockets are closed), a move frame of its socket is not applied."""
    ned, ola = players("Ned"), players("Ola")
    game_id = start_game(ned, [ola], options={"first_player": 0})
    game = ned.game(game_id)
    sock = Viewer(server.url, game_id, ned.token)
    sock.send({"type": "hello"})
    sock.recv_type("snapshot")
    session_id = next(iter(
        sid for sid, held in server.app.state.session_sockets.items() if held))
    # the revocation notice marks the session before its sockets' close is delivered
    server.app.state.revocations._revoked[session_id] = 0.0
    sock.send({"type": "move", "seq": game["seq"], "move": game["legal"][0],
               "client_move_id": "after-revocation"})
    with pytest.raises(ConnectionClosed) as ended:
        for _ in range(100):
            assert sock.recv()["type"] != "moved"
    assert ended.value.rcvd is not None and ended.value.rcvd.code == 4401
    assert ola.game(game_id)["seq"] == game["seq"]  # the move was never applied


def test_someone_else_s_wrong_sign_ins_do_not_lock_the_owner_out(
        server: ServerThread, players: Any) -> None:
    """Issue 24.5: guesses at a username are bounded, but they neither block the signed-in
    owner's own actions nor recovery with a valid code."""
    pia = players("Pia")
    codes = claim(pia, "pia")
    with device(server) as attacker:
        guesses = [attacker.post("/api/account/signin",
                                 json={"username": "pia", "password": f"guess {i}"})
                   for i in range(PER_USERNAME + 2)]
    assert guesses[-1].status_code == 429  # the bound on guessing holds
    new_codes = pia.post("/api/account/recovery-codes", json={"password": PASSWORD})
    assert new_codes.status_code == 200, new_codes.text
    codes = new_codes.json()["recovery_codes"]
    changed = pia.post("/api/account/password",
                       json={"current_password": PASSWORD, "new_password": "another pass 1"})
    assert changed.status_code == 200, changed.text
    use_token(pia, changed.json()["token"])
    with device(server) as phone:
        recovered = phone.post("/api/account/recover", json={
            "username": "pia", "code": codes[0], "new_password": "recovered again"})
    assert recovered.status_code == 200, recovered.text
    with device(server, recovered.json()["token"]) as phone:
        assert phone.post("/api/account/delete",
                          json={"password": "recovered again"}).status_code == 200
