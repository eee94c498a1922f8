"""Wrong-shaped moves (issue 11.5): ``{"move": {"type": []}}`` raised TypeError (a plain 500
over HTTP, the socket dropped without a close frame). Every engine's envelope check is the
one helper in app/games/base.py; the platform answers 422 / an error frame and changes
nothing."""

from __future__ import annotations

from typing import Any

import pytest

from tests.conftest import start_game
from tests.support.sockets import Viewer

KINDS = {
    "grand-bazaar": {"first_player": 0},
    "bazaar": {"first_player": 0},
    "bombay-bazar": {},
    "carcassonne": {},
}
SHAPES: list[Any] = [
    {"type": []}, {"type": {}}, {"type": 3}, {"type": None}, {"type": True},
    {"type": ["HideTokens"]}, {}, {"type": "x" * 5000},
]


@pytest.mark.parametrize("kind", list(KINDS))
def test_wrong_shaped_moves_get_a_clear_error_and_change_nothing(
        server: Any, players: Any, kind: str) -> None:
    ann, bob = players("Ann"), players("Bob")
    game_id = start_game(ann, [bob], kind=kind, options=KINDS[kind])
    seat = ann.game(game_id)["view"]["to_act"][0]
    owner = (ann, bob)[seat]
    sock = Viewer(server.url, game_id, owner.token)
    sock.send({"type": "hello"})
    sock.recv_type("snapshot")
    for shape in SHAPES:
        reply = owner.move(game_id, 0, shape, seat=seat)
        assert reply.status_code in (403, 409, 422), (shape, reply.status_code, reply.text)
        assert reply.json()["detail"]["reason"], reply.text
        sock.send({"type": "move", "seq": 0, "move": shape, "client_move_id": "bad"})
        err = sock.recv_type("error")
        assert err["code"] and err["reason"], err
    sock.send({"type": "ping"})  # the socket survived every one of them
    assert sock.recv_type("pong") == {"type": "pong"}
    assert owner.game(game_id)["seq"] == 0
    sock.close()
