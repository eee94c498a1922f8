"""The per-account channel ``/ws/me`` (issue 15, "My games and notices") with a real client:
it becomes your turn, a rematch is offered to you, a game you play ends; nobody else hears it."""

from __future__ import annotations

import json
from typing import Any

import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from tests.conftest import start_game

AUCTION = {"players": ["Red", "Blue"], "scores": [10, 5], "placer": 1,
           "tiles": [{"type": "U"}, {"label": "river bend"}]}


class Notices:
    """One page's notice socket."""

    def __init__(self, base_url: str, token: str | None) -> None:
        url = base_url.replace("http://", "ws://") + "/ws/me" + (f"?token={token}" if token else "")
        self._connection = connect(url, open_timeout=10)
        self.ws = self._connection.__enter__()

    def next(self, timeout: float = 10) -> dict[str, Any]:
        return json.loads(self.ws.recv(timeout=timeout))  # type: ignore[no-any-return]

    def quiet(self) -> list[dict[str, Any]]:
        """Every notice until a ping's pong (the socket has nothing more queued)."""
        self.ws.send(json.dumps({"type": "ping"}))
        frames = []
        while (frame := self.next())["type"] != "pong":
            frames.append(frame)
        return frames

    def close(self) -> None:
        self._connection.__exit__(None, None, None)


def test_your_turn_is_told_on_every_open_page_of_that_person_only(server: Any, players: Any) -> None:
    ann, bob, eve = players("Ann"), players("Bob"), players("Eve")
    game_id = start_game(ann, [bob], options={"first_player": 0})
    pages = [Notices(server.url, bob.token), Notices(server.url, bob.token)]
    anns, eves = Notices(server.url, ann.token), Notices(server.url, eve.token)
    for page in (*pages, anns, eves):
        assert page.quiet() == []  # the sockets are subscribed
    game = ann.game(game_id)
    ann.ok(ann.move(game_id, game["seq"], game["legal"][0]))
    for page in pages:
        notice = page.next()
        assert notice == {"type": "notice", "kind": "your-turn", "game_id": game_id,
                          "title": "Grand Bazaar", "text": "Your turn in Grand Bazaar with Ann.",
                          "message": {"id": "Your turn in {title} with {others}.",
                                      "args": {"title": {"id": "Grand Bazaar", "args": {}},
                                               "others": ["Ann"]}}}
    assert anns.quiet() == [] and eves.quiet() == []  # the mover and a stranger hear nothing
    for page in (*pages, anns, eves):
        page.close()


def test_the_end_and_the_rematch_are_told_to_the_players(server: Any, players: Any) -> None:
    ann, bob = players("Ann"), players("Bob")
    game_id = start_game(ann, [bob], kind="carcassonne-auction", options=AUCTION)
    bobs, anns = Notices(server.url, bob.token), Notices(server.url, ann.token)
    assert bobs.quiet() == [] and anns.quiet() == []
    ann.ok(ann.move(game_id, ann.game(game_id)["seq"], {"type": "Cancel"}))
    for page in (bobs, anns):
        frames = page.quiet()
        assert [f["kind"] for f in frames] == ["finished"], frames
        assert frames[0]["game_id"] == game_id and "is over" in frames[0]["text"]
    lobby_id = ann.ok(ann.post(f"/api/games/{game_id}/rematch"))["lobby_id"]
    offer = bobs.next()
    assert offer["kind"] == "rematch" and offer["lobby_id"] == lobby_id
    assert offer["text"] == "Ann offers you a rematch of Carcassonne: Bazaar auction."
    assert anns.quiet() == []  # the one who offered it is not told
    bobs.close()
    anns.close()


def test_a_socket_without_an_identity_is_refused(server: Any) -> None:
    page = Notices(server.url, None)
    with pytest.raises(ConnectionClosed) as closed:
        page.next()
    assert closed.value.rcvd is not None and closed.value.rcvd.code == 4401


def test_signing_out_closes_the_notice_socket(server: Any, players: Any) -> None:
    bob = players("Bob")
    page = Notices(server.url, bob.token)
    assert page.quiet() == []
    bob.ok(bob.post("/api/account/signout"))
    with pytest.raises(ConnectionClosed) as closed:
        page.next()
    assert closed.value.rcvd is not None and closed.value.rcvd.code == 4401
    again = Notices(server.url, bob.token)  # the signed-out token opens nothing
    with pytest.raises(ConnectionClosed) as refused:
        again.next()
    assert refused.value.rcvd is not None and refused.value.rcvd.code == 4401
