"""``/ws/me``: a small per-account channel of notices (docs/api.md, "Notices").

Every open page of a person (any game, "My games", the home page) keeps one socket here, so the
page that is open learns that it has become their turn in another game, that a rematch is
offered to them, or that a game they play has ended. A notice names a game and says what
happened in words; it carries nothing a game's own socket would not show its players.

Notices are made in app/play/notices.py and travel over the same hub as the games' notices,
on the channel ``user:<id>``, and so reach every instance.
"""

from __future__ import annotations

import contextlib
from typing import Any

import orjson
from fastapi import APIRouter, WebSocket, WebSocketDisconnect

from app.json_text import json_text
from app.play.notices import channel
from app.realtime.hub import Hub
from app.realtime.pump import pumping
from app.web.sockets import admission

router = APIRouter()


@router.websocket("/ws/me")
async def account_socket(ws: WebSocket) -> None:
    """One page's connection to its person's notices; it only listens (and answers pings)."""
    caller = await admission.identify(ws)
    if caller is None:
        return
    user = caller.user
    if user is None:
        await ws.accept()  # then close with a code a page can read: no identity, no notices
        await ws.close(code=4401, reason="UNAUTHORIZED")
        return
    slot = await admission.admit(ws, caller)
    if slot is None:
        return
    hub: Hub = ws.app.state.hub

    async def send(message: dict[str, Any]) -> None:
        if message.get("type") != "resync":  # notices are not read back from a log
            await ws.send_text(json_text(message))

    try:
        async with pumping(hub, channel(user.user_id), send, 64):
            while True:
                message = await ws.receive()
                if message["type"] == "websocket.disconnect":
                    break
                if admission.revoked(ws, caller):
                    with contextlib.suppress(Exception):
                        await ws.close(code=4401, reason="SIGNED_OUT")
                    break
                if _is_ping(message.get("text")):
                    await ws.send_text('{"type":"pong"}')
    except (WebSocketDisconnect, RuntimeError):
        pass
    finally:
        admission.leave(ws, caller, slot)


def _is_ping(text: str | None) -> bool:
    """Whether a client frame is ``{"type": "ping"}``; anything else is ignored."""
    if text is None or len(text) > 256:
        return False
    try:
        frame = orjson.loads(text)
    except orjson.JSONDecodeError:
        return False
    return isinstance(frame, dict) and frame.get("type") == "ping"
