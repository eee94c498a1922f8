"""Cross-site requests (issue 11): a page of another origin cannot act with the browser's cookie.

The attack: a page on another port of the same host (the same *site*, so ``SameSite=Lax`` lets
the cookie through) form-posts ``text/plain`` to ``resign``/``leave``/``start``/``join`` and
opens the victim's game socket. Each request below carries the victim's cookie, as the
browser would, and no Bearer header (app/web/csrf.py).
"""

from __future__ import annotations

import json
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from websockets.exceptions import InvalidStatus
from websockets.sync.client import ClientConnection, connect

from app.origins import normalise_origin, own_origin, parse_origins, referer_origin
from app.web.csrf import refusal
from app.web.deps import COOKIE
from tests.conftest import Player, ServerThread, make_settings, start_game


def cookie_client(server: Any, player: Player) -> httpx.Client:
    """A browser-like client: the player's cookie, no Authorization header."""
    return httpx.Client(base_url=server.url, cookies={COOKIE: player.token}, timeout=30)


def foreign(server: Any) -> str:
    """Another port of the same host: the same site, another origin."""
    return f"http://127.0.0.1:{server.port + 1}"


def attacks(server: Any) -> list[dict[str, str]]:
    """Headers of requests that must not act with the cookie (each with an empty body)."""
    other = foreign(server)
    return [
        {"origin": other, "content-type": "text/plain"},  # the reported form post
        {"origin": other},
        {"origin": f"http://localhost:{server.port}", "content-type": "text/plain"},
        {"origin": f"https://127.0.0.1:{server.port}", "content-type": "text/plain"},
        {"origin": "null", "content-type": "text/plain"},  # a sandboxed frame or data: page
        {"origin": other, "content-type": "application/json"},  # the type alone is not enough
        {"origin": other, "x-requested-with": "x"},
        {"referer": f"{other}/attack.html", "content-type": "text/plain"},
        {"content-type": "text/plain"},  # neither Origin nor Referer
        {},
        # our own origin, but what a form can send: no JSON type, no custom header
        {"origin": server.url, "content-type": "text/plain"},
        {"origin": server.url, "content-type": "application/x-www-form-urlencoded"},
        {"origin": server.url, "content-type": "multipart/form-data; boundary=x"},
        {"origin": server.url},
    ]


def refused(reply: httpx.Response) -> bool:
    return reply.status_code == 403 and reply.json()["detail"]["code"] == "CROSS_SITE"


def assert_all_refused(http: httpx.Client, path: str, server: Any) -> None:
    for headers in attacks(server):
        reply = http.post(path, headers=headers, content=b"")
        assert refused(reply), (headers, reply.status_code, reply.text)


def own_json(server: Any) -> dict[str, str]:
    return {"origin": server.url, "content-type": "application/json"}


def test_cross_site_posts_with_the_cookie_are_refused_and_change_nothing(
        server: Any, players: Any) -> None:
    ann, bob, carol = players("Ann"), players("Bob"), players("Carol")
    lobby = ann.ok(ann.post("/api/lobbies", json={"kind": "grand-bazaar", "players": 2,
                                                  "options": {"first_player": 0}}))
    path = f"/api/lobbies/{lobby['id']}"

    def holder(seat: int) -> str | None:
        return ann.ok(ann.get(path))["seats"][seat]["user_id"]  # type: ignore[no-any-return]

    with cookie_client(server, ann) as ann_web, cookie_client(server, carol) as carol_web:
        # join: refused from another origin, allowed from ours with JSON
        assert_all_refused(carol_web, f"{path}/join", server)
        assert holder(1) is None
        assert carol_web.post(f"{path}/join", headers=own_json(server),
                              content=b'{"seat": 1}').status_code == 200
        assert holder(1) == carol.user_id

        # leave: refused; allowed from our origin with the custom header and no body
        assert_all_refused(carol_web, f"{path}/leave", server)
        assert holder(1) == carol.user_id
        left = carol_web.post(f"{path}/leave",
                              headers={"origin": server.url, "x-requested-with": "bazaar"})
        assert left.status_code == 200, left.text
        assert holder(1) is None

        # start: refused; nothing started
        bob.ok(bob.post(f"{path}/join"))
        assert_all_refused(ann_web, f"{path}/start", server)
        after = ann.ok(ann.get(path))
        assert after["status"] == "open" and after["game_id"] is None
        started = ann_web.post(f"{path}/start", headers=own_json(server), content=b"{}")
        assert started.status_code == 200, started.text
        game_id = started.json()["game_id"]

        # resign: refused; the seat is still Ann's, the game still live and at the same step
        before = ann.game(game_id)
        assert_all_refused(ann_web, f"/api/games/{game_id}/resign", server)
        game = ann.game(game_id)
        assert game["status"] == "live" and game["seq"] == before["seq"]
        assert not game["seats"][0]["resigned"]
        resigned = ann_web.post(f"/api/games/{game_id}/resign", headers=own_json(server),
                                content=b'{"seat": 0}')
        assert resigned.status_code == 200, resigned.text
        assert ann.game(game_id)["seats"][0]["resigned"]


def test_every_state_changing_route_refuses_another_origin(server: Any, players: Any) -> None:
    ann, bob = players("Ann"), players("Bob")
    game_id = start_game(ann, [bob], options={"first_player": 0})
    lobby = ann.ok(ann.post("/api/lobbies", json={"kind": "grand-bazaar", "players": 2}))
    seq = ann.game(game_id)["seq"]
    move = ann.game(game_id)["legal"][0]
    requests = [
        ("POST", "/api/lobbies", {"kind": "grand-bazaar", "players": 2}),
        ("PATCH", f"/api/lobbies/{lobby['id']}", {"private": True}),
        ("POST", f"/api/lobbies/{lobby['id']}/bots", {"seat": 1}),
        ("POST", f"/api/games/{game_id}/moves", {"seq": seq, "move": move}),
        ("POST", f"/api/games/{game_id}/chat", {"text": "forged"}),
        ("POST", f"/api/games/{game_id}/rematch", {}),
        ("POST", f"/api/games/{game_id}/continue", {"step": 0}),
        ("POST", "/api/games/import", {"record": {}}),
    ]
    lobbies_before = len(ann.ok(ann.get("/api/lobbies"))["lobbies"])
    with cookie_client(server, ann) as web:
        for method, path, body in requests:
            for origin in (foreign(server), "null"):
                # even with a JSON type (a preflight that the server never grants would be
                # needed for it): the origin alone refuses
                reply = web.request(method, path, content=json.dumps(body).encode(),
                                    headers={"origin": origin,
                                             "content-type": "application/json"})
                assert refused(reply), (method, path, origin, reply.status_code, reply.text)
    assert ann.game(game_id)["seq"] == seq
    assert ann.ok(ann.get(f"/api/games/{game_id}"))["chat"] == []
    assert ann.ok(ann.get(f"/api/lobbies/{lobby['id']}"))["private"] is False
    assert ann.ok(ann.get(f"/api/lobbies/{lobby['id']}"))["seats"][1]["holder"] == "open"
    assert len(ann.ok(ann.get("/api/lobbies"))["lobbies"]) == lobbies_before


def test_bearer_clients_need_no_origin_but_the_cookie_alone_does(
        server: Any, players: Any) -> None:
    ann, bob = players("Ann"), players("Bob")
    lobby = ann.ok(ann.post("/api/lobbies", json={"kind": "grand-bazaar", "players": 2}))
    path = f"/api/lobbies/{lobby['id']}"
    # a Bearer client: no Origin, no body, no content type
    assert bob.post(f"{path}/join").status_code == 200
    assert bob.post(f"{path}/leave").status_code == 200
    # the Bearer header decides even when a form type, another origin or a cookie come along
    with httpx.Client(base_url=server.url, cookies={COOKIE: ann.token}) as both:
        reply = both.post(f"{path}/join", content=b"", headers={
            "authorization": f"Bearer {bob.token}", "origin": foreign(server),
            "content-type": "text/plain"})
        assert reply.status_code == 200, reply.text
        assert reply.json()["seats"][1]["user_id"] == bob.user_id
    bob.ok(bob.post(f"{path}/leave"))
    # the same body-less request authenticated by the cookie alone is refused
    with cookie_client(server, bob) as web:
        reply = web.post(f"{path}/join")
        assert refused(reply), reply.text
        assert "Bearer" in reply.json()["detail"]["reason"]
        # reading is never affected
        assert web.get("/api/session").json()["user_id"] == bob.user_id
    assert ann.ok(ann.get(path))["seats"][1]["holder"] == "open"


def test_another_site_cannot_replace_the_browsers_guest_identity(server: Any) -> None:
    body = b'{"name": "Mallory"}'
    with httpx.Client(base_url=server.url) as http:
        for headers in ({"origin": foreign(server), "content-type": "application/json"},
                        {"origin": foreign(server), "content-type": "text/plain"},
                        {"referer": f"{foreign(server)}/x", "content-type": "application/json"},
                        {"origin": server.url, "content-type": "text/plain"}):
            reply = http.post("/api/session", content=body, headers=headers)
            assert refused(reply), (headers, reply.status_code, reply.text)
            assert "set-cookie" not in reply.headers
        # our own page, and a client that is no browser page (no Origin, no Referer)
        mine = http.post("/api/session", content=body, headers=own_json(server))
        assert mine.status_code == 201 and COOKIE in mine.headers["set-cookie"]
        http.cookies.clear()
        assert http.post("/api/session", json={"name": "Cli"}).status_code == 201


# --- the socket --------------------------------------------------------------------------


class Socket:
    """A socket opened like a browser page would (Origin, cookie) or like a script."""

    def __init__(self, server: Any, game_id: str, *, origin: str | None = None,
                 cookie: str | None = None, token: str | None = None,
                 bearer: str | None = None, seat: int | None = None) -> None:
        url = server.url.replace("http://", "ws://") + f"/ws/games/{game_id}"
        query = [f"token={token}"] if token else []
        query += [f"seat={seat}"] if seat is not None else []
        if query:
            url += "?" + "&".join(query)
        headers = {"cookie": f"{COOKIE}={cookie}"} if cookie else {}
        if bearer:
            headers["authorization"] = f"Bearer {bearer}"
        self._cm = connect(url, origin=origin, additional_headers=headers,  # type: ignore[arg-type]
                           open_timeout=10)
        self.ws: ClientConnection = self._cm.__enter__()

    def snapshot(self) -> dict[str, Any]:
        self.ws.send(json.dumps({"type": "hello"}))
        for _ in range(50):
            frame: dict[str, Any] = json.loads(self.ws.recv(timeout=10))
            if frame["type"] == "snapshot":
                return frame
        raise AssertionError("no snapshot")

    def request(self, frame: dict[str, Any], kind: str) -> dict[str, Any]:
        self.ws.send(json.dumps(frame))
        for _ in range(50):
            got: dict[str, Any] = json.loads(self.ws.recv(timeout=10))
            if got["type"] == kind:
                return got
        raise AssertionError(f"no {kind} frame")

    def close(self) -> None:
        self._cm.__exit__(None, None, None)


@pytest.fixture
def game(server: Any, players: Any) -> dict[str, Any]:
    ann, bob, eve = players("Ann"), players("Bob"), players("Eve")
    game_id = start_game(ann, [bob], options={"first_player": 0})  # Ann (seat 0) to act
    return {"ann": ann, "bob": bob, "eve": eve, "id": game_id}


def refused_at_handshake(server: Any, game_id: str, **kw: Any) -> None:
    with pytest.raises(InvalidStatus) as err:
        s = Socket(server, game_id, **kw)
        s.snapshot()  # never reached
    assert err.value.response.status_code == 403


def test_a_socket_opened_by_another_sites_page_is_refused(server: Any,
                                                          game: dict[str, Any]) -> None:
    ann, gid = game["ann"], game["id"]
    for origin in (foreign(server), f"http://localhost:{server.port}", "null",
                   f"https://127.0.0.1:{server.port}"):
        refused_at_handshake(server, gid, origin=origin, cookie=ann.token)
        refused_at_handshake(server, gid, origin=origin, cookie=ann.token, seat=0)
        refused_at_handshake(server, gid, origin=origin)
    # the site's own page with the cookie gets its seat
    mine = Socket(server, gid, origin=server.url, cookie=ann.token)
    try:
        frame = mine.snapshot()
        assert frame["legal"], "seat 0 is to act: its snapshot carries its legal moves"
        assert frame["view"] == ann.game(gid)["view"]
    finally:
        mine.close()


def test_without_origin_the_cookie_alone_does_not_identify_a_socket(
        server: Any, game: dict[str, Any]) -> None:
    ann, eve, gid = game["ann"], game["eve"], game["id"]
    spectator = Socket(server, gid, token=eve.token)
    try:
        expected = spectator.snapshot()
    finally:
        spectator.close()
    assert expected["legal"] == []

    # the cookie without Origin: a spectator, exactly as a stranger sees the game
    script = Socket(server, gid, cookie=ann.token)
    try:
        frame = script.snapshot()
        assert frame["view"] == expected["view"] and frame["legal"] == []
        move = ann.game(gid)["legal"][0]
        error = script.request({"type": "move", "seq": frame["seq"], "move": move}, "error")
        assert error["code"] in ("UNAUTHORIZED", "NOT_YOUR_SEAT"), error
        chat = script.request({"type": "chat", "text": "forged"}, "error")
        assert chat["code"] == "UNAUTHORIZED"
    finally:
        script.close()
    assert ann.game(gid)["seq"] == frame["seq"]
    # and it cannot claim the seat either: naming seat 0 falls back to the caller's own view,
    # which for an unidentified socket is the spectator's (docs/api.md)
    claimed = Socket(server, gid, cookie=ann.token, seat=0)
    try:
        frame = claimed.snapshot()
        assert frame["view"] == expected["view"] and frame["legal"] == []
    finally:
        claimed.close()

    # the token query (or a Bearer header) identifies a client that is no browser page
    for kw in ({"token": ann.token}, {"token": ann.token, "cookie": game["bob"].token},
               {"bearer": ann.token, "cookie": game["bob"].token}):
        seated = Socket(server, gid, **kw)  # type: ignore[arg-type]
        try:
            assert seated.snapshot()["legal"], kw
        finally:
            seated.close()


# --- configured origins (ALLOWED_ORIGINS) and the rules in isolation ---------------------


@pytest.fixture(scope="module")
def configured() -> Iterator[ServerThread]:
    """A server whose public origin is https://games.example.org (behind a proxy)."""
    with tempfile.TemporaryDirectory() as tmp:
        url = f"sqlite+aiosqlite:///{Path(tmp) / 'origins.db'}"
        settings = make_settings(url, allowed_origins="https://Games.Example.org:443, "
                                                      "http://127.0.0.1:1")
        with ServerThread(settings) as srv:
            yield srv


def test_allowed_origins_replace_the_host_derived_origin(configured: ServerThread) -> None:
    ann = Player(configured.url, "Ann")
    lobby = ann.ok(ann.post("/api/lobbies", json={"kind": "grand-bazaar", "players": 2}))
    try:
        with cookie_client(configured, ann) as web:
            for origin in ("https://games.example.org", "http://127.0.0.1:1"):
                reply = web.patch(f"/api/lobbies/{lobby['id']}", content=b'{"private": true}',
                                  headers={"origin": origin, "content-type": "application/json"})
                assert reply.status_code == 200, (origin, reply.text)
            for origin in (configured.url, "http://games.example.org",
                           "https://evil.games.example.org"):
                reply = web.patch(f"/api/lobbies/{lobby['id']}", content=b'{"private": false}',
                                  headers={"origin": origin, "content-type": "application/json"})
                assert refused(reply), (origin, reply.text)
        assert ann.ok(ann.get(f"/api/lobbies/{lobby['id']}"))["private"] is True
        # Ann moves first, so the bot cannot move between the snapshot and the read below
        game_id = start_game(ann, [], bots=1, options={"first_player": 0})
        ok = Socket(configured, game_id, origin="https://games.example.org", cookie=ann.token)
        try:
            assert ok.snapshot()["view"] == ann.game(game_id)["view"]
        finally:
            ok.close()
        refused_at_handshake(configured, game_id, origin=configured.url, cookie=ann.token)
    finally:
        ann.http.close()


def test_origin_rules() -> None:
    assert normalise_origin("HTTP://Example.ORG:80") == "http://example.org"
    assert normalise_origin("https://example.org:443/") == "https://example.org"
    assert normalise_origin("https://example.org:8443") == "https://example.org:8443"
    assert normalise_origin("http://[::1]:8000") == "http://[::1]:8000"
    for bad in ("null", "", "file://x", "http://", "http://a:b", "http://u@a", "http://a/x",
                "ws://a", "http://a:99999"):
        assert normalise_origin(bad) is None, bad
    assert referer_origin("http://127.0.0.1:9/a/b?c#d") == "http://127.0.0.1:9"
    assert referer_origin("about:blank") is None
    assert parse_origins("") is None and parse_origins(" , ") is None
    assert parse_origins("https://a.org, http://b:8") == {"https://a.org", "http://b:8"}
    with pytest.raises(ValueError):
        parse_origins("a.org")

    def scope(method: str = "POST", path: str = "/api/lobbies", scheme: str = "http",
              **headers: str) -> dict[str, Any]:
        raw = [(k.replace("_", "-").encode(), v.encode()) for k, v in headers.items()]
        return {"type": "http", "method": method, "path": path, "scheme": scheme,
                "headers": [(b"host", b"bazaar.example:8000"), *raw]}

    cookie = f"{COOKIE}=t"
    assert own_origin(scope()) == "http://bazaar.example:8000"
    assert own_origin(scope(scheme="wss")) == "https://bazaar.example:8000"
    own = "http://bazaar.example:8000"
    good = {"cookie": cookie, "origin": own, "content_type": "application/json"}
    assert refusal(scope(**good), None) is None
    assert refusal(scope(**{**good, "content_type": "application/merge-patch+json"}), None) is None
    assert refusal(scope(scheme="https", **good), None) is not None  # TLS seen: origin is https
    assert refusal(scope(**{**good, "origin": "https://bazaar.example:8000"}), None) is not None
    assert refusal(scope(method="GET", cookie=cookie, origin="http://evil"), None) is None
    assert refusal(scope(method="DELETE", cookie=cookie, origin="http://evil"), None) is not None
    assert refusal(scope(cookie=cookie, referer=f"{own}/games/x",
                         x_requested_with="1"), None) is None
    assert refusal(scope(cookie=cookie, referer="garbage", x_requested_with="1"), None) is not None
    assert refusal(scope(content_type="text/plain"), None) is None  # no cookie: routes say 401
    assert refusal(scope(authorization="Bearer t", cookie=cookie, origin="http://evil"),
                   None) is None
    assert refusal(scope(**good), frozenset({"https://bazaar.example"})) is not None
