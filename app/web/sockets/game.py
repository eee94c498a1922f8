"""``/ws/games/{id}``: snapshot, per-viewer patches, moves, resume, chat (docs/api.md).

One socket per viewer. The socket's viewer (a seat or a spectator) is fixed when it connects.
Hub notices ("game advanced to seq n") become this viewer's own patches; a socket that falls
too far behind gets a snapshot instead.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import re
from typing import Annotated, Any, Literal

from fastapi import APIRouter, WebSocket, WebSocketDisconnect
from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError

from app.errors import ApiError, request_language
from app.identity.service import Identity
from app.json_text import json_text
from app.play.live import LiveGame
from app.play.service import PlayService
from app.ratelimit import caller_key
from app.realtime.presence import Presence
from app.realtime.pump import pumping
from app.realtime.viewer import Viewer
from app.schemas import ID_PATTERN, ChatText, ClientMoveId
from app.web.sockets import admission

log = logging.getLogger("bazaar.ws")
router = APIRouter()


class _Frame(BaseModel):
    model_config = ConfigDict(extra="forbid")


class Hello(_Frame):
    type: Literal["hello"]
    since: int | None = Field(default=None, ge=0)
    # the id of the last chat line the client has: the lines after it follow the state
    chat_since: int | None = Field(default=None, ge=0, le=2**31 - 1, strict=True)


class MoveFrame(_Frame):
    type: Literal["move"]
    seq: int = Field(ge=0)
    move: dict[str, Any]
    client_move_id: ClientMoveId | None = None


class UndoFrame(_Frame):
    """Undo the seat's last step of this turn (issue 27, point 3); ``seq`` as for a move."""

    type: Literal["undo"]
    seq: int = Field(ge=0)


class ChatFrame(_Frame):
    type: Literal["chat"]
    text: ChatText


class Ping(_Frame):
    type: Literal["ping"]


ClientFrame = TypeAdapter(
    Annotated[Hello | MoveFrame | UndoFrame | ChatFrame | Ping, Field(discriminator="type")]
)


class Connection:
    """One viewer's socket: the seq its view is at, and a lock so frames never interleave."""

    def __init__(self, ws: WebSocket, play: PlayService, live: LiveGame, viewer: Viewer,
                 user: Identity | None) -> None:
        self.ws, self.play, self.live, self.viewer, self.user = ws, play, live, viewer, user
        self.seq: int | None = None
        self._send_lock = asyncio.Lock()

    async def limited(self, what: str, n: int) -> int | None:
        """Rate limits per identity (shared with HTTP), per address for anonymous sockets:
        None when allowed, else the seconds to wait."""
        key = caller_key(self.ws, self.user.user_id if self.user else None)
        wait: int | None = await self.ws.app.state.limiter.hit(what, n, key)
        return wait

    async def send(self, frame: dict[str, Any]) -> None:
        await self.send_text(json_text(frame))

    async def send_text(self, text: str) -> None:
        async with self._send_lock:
            await self.ws.send_text(text)

    async def error(self, code: str, reason: str, **extra: Any) -> None:
        await self.send({"type": "error", "code": code, "reason": reason, **extra})

    async def snapshot(self) -> None:
        frame = self.live.snapshot_frame(self.viewer)
        self.seq = frame["seq"]
        await self.send(frame)
        # a hard bot of this game thinking on this instance now: say so (issue 28.3)
        thinking = self.play.bot_driver.thinking.get(self.live.id)
        if thinking is not None:
            await self.send(thinking)

    async def catch_up(self, since: int) -> None:
        """Send the patches after ``since``, or a snapshot when the gap cannot be filled."""
        live = self.live
        if since > live.seq:
            await self.snapshot()
            return
        frames = [live.patch_frame(s, self.viewer) for s in range(since + 1, live.seq + 1)]
        if any(f is None for f in frames):
            await self.snapshot()
            return
        for frame in frames:
            assert frame is not None
            if self.viewer is not None and frame["seq"] == live.seq:
                await self.send({**frame, "legal": live.legal(self.viewer)})
            else:
                text = live.patch_text(frame["seq"], self.viewer)
                assert text is not None
                await self.send_text(text)
        self.seq = live.seq

    async def missed_chat(self, after: int) -> None:
        """The chat lines after id ``after``, oldest first (a resumed socket missed them)."""
        for line in await self.play.chat_history(self.live.id, after=after):
            await self.send({"type": "chat", **line})

    async def on_notice(self, notice: dict[str, Any]) -> None:
        kind = notice.get("type")
        if kind in ("advanced", "resync"):
            # resync: the hub is back after an outage, in which other instances' notices
            # were lost; the log in the database says what this viewer missed
            if kind == "resync" or notice["seq"] > self.live.seq:
                async with self.live.lock:
                    await self.play.catch_up(self.live)
            if self.seq is not None and self.live.seq > self.seq:
                await self.catch_up(self.seq)
        elif kind in ("chat", "presence", "away", "rematch", "takeback", "thinking"):
            await self.send(notice)
        elif kind == "resigned" and self.seq is not None:
            await self.send(notice)
        elif kind == "reconnect":
            await self.send({"type": "reconnect"})

    async def on_frame(self, text: str) -> None:
        limit = self.ws.app.state.settings.max_frame_bytes
        if len(text.encode()) > limit:
            await self.error("FRAME_TOO_LARGE", f"frames are limited to {limit} bytes")
            return
        try:
            frame = ClientFrame.validate_json(text)
        except ValidationError as err:
            errors = err.errors()
            await self.error("BAD_FRAME",
                             f"malformed frame: {errors[0]['msg'] if errors else 'invalid'}")
            return
        if isinstance(frame, Hello):
            if self.viewer is not None:
                await self.play.come_back(self.live, self.viewer)
            if frame.since is None:
                await self.snapshot()
            else:
                await self.catch_up(frame.since)
            if frame.chat_since is not None:
                await self.missed_chat(frame.chat_since)
        elif isinstance(frame, Ping):
            await self.send({"type": "pong"})
        elif isinstance(frame, MoveFrame):
            await self.on_move(frame)
        elif isinstance(frame, UndoFrame):
            await self.on_undo(frame)
        elif isinstance(frame, ChatFrame):
            if self.user is None:
                await self.error("UNAUTHORIZED", "spectators without a name cannot chat")
            elif (wait := await self.limited("chat", self.ws.app.state.settings.rate_chat)):
                await self.error("RATE_LIMITED", "too many chat lines; slow down",
                                 retry_after=wait)
            else:
                await self.play.chat(self.live.id, self.user.user_id, self.user.name,
                                     frame.text.strip() or "…")

    async def on_move(self, frame: MoveFrame) -> None:
        settings = self.ws.app.state.settings
        user_id = self.user.user_id if self.user else None
        if wait := await self.limited("moves", settings.rate_moves):
            await self.error("RATE_LIMITED", "too many moves; slow down",
                             client_move_id=frame.client_move_id, retry_after=wait)
            return
        try:
            result = await self.play.submit(self.live.id, user_id, frame.move, frame.seq,
                                            frame.client_move_id, self.viewer, words=False)
        except ApiError as err:
            # said in the socket's language, and as data (docs/decisions.md, "Languages")
            body = err.body(request_language(self.ws))
            await self.error(body.pop("code"), body.pop("reason"),
                             client_move_id=frame.client_move_id, **body)
            return
        await self.send({"type": "moved", "seq": result["seq"],
                         "client_move_id": frame.client_move_id})


    async def on_undo(self, frame: UndoFrame) -> None:
        """An undo by socket: answered ``undone`` with the new seq; the patch follows as for
        any step."""
        settings = self.ws.app.state.settings
        user_id = self.user.user_id if self.user else None
        if wait := await self.limited("moves", settings.rate_moves):
            await self.error("RATE_LIMITED", "too many moves; slow down", retry_after=wait)
            return
        try:
            result = await self.play.undo.undo(self.live.id, user_id, frame.seq, self.viewer)
        except ApiError as err:
            body = err.body(request_language(self.ws))  # as a refused move is said
            await self.error(body.pop("code"), body.pop("reason"), **body)
            return
        await self.send({"type": "undone", "seq": result["seq"]})


@router.websocket("/ws/games/{game_id}")
async def game_socket(ws: WebSocket, game_id: str) -> None:
    """A viewer's live connection to a game."""
    app = ws.app
    play: PlayService = app.state.play
    caller = await admission.identify(ws)
    if caller is None:
        return
    user = caller.user
    if not re.match(ID_PATTERN, game_id):
        await ws.close(code=4404, reason="NOT_FOUND")
        return
    try:
        live = await play.load(game_id)
        seat_param = ws.query_params.get("seat")
        requested = int(seat_param) if seat_param not in (None, "") else None
        # a seat the caller does not hold shows the caller's own view, as GET /api/games does
        viewer = play.view_seat(live, user.user_id if user else None, requested)
    except ApiError as err:
        await ws.close(code=4000 + err.status, reason=err.code)
        return
    except ValueError:
        await ws.close(code=4422, reason="BAD_SEAT")
        return
    slot = await admission.admit(ws, caller)
    if slot is None:
        return
    conn = Connection(ws, play, live, viewer, user)
    hub = app.state.hub
    presence: Presence = app.state.presence
    try:
        async with pumping(hub, game_id, conn.on_notice, 256):
            seat_came = presence.add(game_id, viewer)
            await presence.announce(hub, game_id, viewer, seat_came)
            while True:
                message = await ws.receive()
                if message["type"] == "websocket.disconnect":
                    break
                if await admission.closed_if_revoked(ws, caller):
                    break  # signed out elsewhere (app/web/revocations.py)
                text = message.get("text")
                if text is None:
                    data = message.get("bytes") or b""
                    try:
                        text = data.decode()
                    except UnicodeDecodeError:
                        await conn.error("BAD_FRAME", "frames are UTF-8 JSON text")
                        continue
                await conn.on_frame(text)
    except (WebSocketDisconnect, RuntimeError):
        pass
    finally:
        admission.leave(ws, caller, slot)
        seat_went = presence.remove(game_id, viewer)
        with contextlib.suppress(Exception):
            await presence.announce(hub, game_id, viewer, seat_went)
