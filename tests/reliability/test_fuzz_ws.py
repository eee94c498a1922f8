"""A WebSocket fuzzer: malformed, oversized, unknown and out-of-turn frames each get an error
frame, the connection survives, and the game is unchanged."""

from __future__ import annotations

import json
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.conftest import start_game
from tests.support.sockets import Viewer

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner,
                                                                max_size=4),
    max_leaves=12,
)
frame_types = st.sampled_from(["move", "hello", "chat", "ping", "launch", "", "MOVE"])
frames = st.one_of(
    st.text(max_size=60),  # not JSON, or JSON that is not an object
    json_values.map(json.dumps),
    st.fixed_dictionaries({"type": frame_types}, optional={
        "seq": json_values, "move": json_values, "since": json_values,
        "client_move_id": json_values, "text": json_values}).map(json.dumps),
    st.integers(16_500, 40_000).map(lambda n: json.dumps({"type": "ping", "pad": "x" * n})),
)


def test_fuzzed_frames_get_errors_and_change_nothing(server: Any, players: Any) -> None:
    ann, bob = players("Ann"), players("Bob")
    game_id = start_game(ann, [bob], options={"first_player": 1})  # Bob to act: Ann is out of turn
    sockets = {"seat": Viewer(server.url, game_id, ann.token),
               "spectator": Viewer(server.url, game_id, None)}

    @settings(max_examples=120, deadline=None, suppress_health_check=list(HealthCheck))
    @given(frame=frames, who=st.sampled_from(["seat", "spectator"]))
    def fuzz(frame: str, who: str) -> None:
        sock = sockets[who]
        sock.send(frame)
        sock.send({"type": "ping"})  # every frame is answered before this pong
        replies = []
        while True:
            reply = sock.recv()
            if reply["type"] == "pong":
                break
            replies.append(reply)
        kinds = {r["type"] for r in replies} - {"presence", "chat"}
        assert kinds <= {"error", "snapshot", "pong"}, (frame, replies)

    fuzz()
    assert ann.game(game_id)["seq"] == 0
    for sock in sockets.values():
        sock.send({"type": "ping"})
        assert sock.recv_type("pong") == {"type": "pong"}
        sock.close()
