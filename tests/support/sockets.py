"""A game socket with a real client (the `websockets` library), and one move over HTTP."""

from __future__ import annotations

import json
from typing import Any

import jsonpatch
from websockets.sync.client import ClientConnection, connect


class Viewer:
    """A socket with the view it has built from its snapshot and patches."""

    def __init__(self, base_url: str, game_id: str, token: str | None,
                 seat: int | None = None) -> None:
        url = base_url.replace("http://", "ws://") + f"/ws/games/{game_id}"
        params = []
        if token:
            params.append(f"token={token}")
        if seat is not None:
            params.append(f"seat={seat}")
        if params:
            url += "?" + "&".join(params)
        self._connection = connect(url, open_timeout=10)
        self.ws: ClientConnection = self._connection.__enter__()
        self.view: dict[str, Any] | None = None
        self.seq = -1
        self.frames: list[dict[str, Any]] = []

    def send(self, frame: Any) -> None:
        self.ws.send(frame if isinstance(frame, str) else json.dumps(frame))

    def recv(self, timeout: float = 10) -> dict[str, Any]:
        frame = json.loads(self.ws.recv(timeout=timeout))
        self.frames.append(frame)
        if frame["type"] == "snapshot":
            self.view, self.seq = frame["view"], frame["seq"]
        elif frame["type"] == "patch":
            assert frame["seq"] == self.seq + 1, "patches arrive in order, none missing"
            self.view = jsonpatch.apply_patch(self.view, frame["ops"])
            self.seq = frame["seq"]
        return frame

    def recv_type(self, kind: str, timeout: float = 10) -> dict[str, Any]:
        for _ in range(200):
            frame = self.recv(timeout)
            if frame["type"] == kind:
                return frame
        raise AssertionError(f"no {kind} frame")

    def until_seq(self, seq: int) -> None:
        while self.seq < seq:
            self.recv()

    def close(self) -> None:
        self._connection.__exit__(None, None, None)


def move_once(t: dict[str, Any], pick: int = 0) -> int:
    """The person to act makes one legal move over HTTP; returns the new seq."""
    gid = t["game_id"]
    seat = t["eve"].game(gid)["view"]["to_act"][0]
    player = (t["ann"], t["bob"])[seat]
    game = player.game(gid)
    return int(player.ok(player.move(gid, game["seq"], game["legal"][pick]))["seq"])
