"""Who may open a socket, for every socket endpoint (``/ws/games/{id}``, ``/ws/me``; docs/api.md).

A browser page must come from an allowed origin (app/web/csrf.py); without an Origin it is no
browser page, and only a Bearer header or ``?token=`` identifies it, never the cookie. A token
that is unknown or signed out is told so (4401), not quietly treated as a spectator. Each
identity may hold a bounded number of sockets on this instance, and so may each address over
its sockets without an identity (4429 beyond; docs/operations.md says why identified callers
do not count against their address). An admitted
socket is registered under its session, so that signing out closes it (app/web/deps.py,
``forget_sessions``).
"""

from __future__ import annotations

from dataclasses import dataclass

from fastapi import WebSocket

from app.identity.service import Identity
from app.origins import origin_allowed, parse_origins
from app.ratelimit import SocketSlots, client_address
from app.web.deps import identity_of, token_of


@dataclass(frozen=True)
class Caller:
    """The identity a socket speaks for (None: an anonymous spectator)."""

    user: Identity | None


async def identify(ws: WebSocket) -> Caller | None:
    """The caller, or None once the socket has been refused (and closed)."""
    origin = ws.headers.get("origin")
    if origin is not None and not origin_allowed(
            ws.scope, origin, parse_origins(ws.app.state.settings.allowed_origins)):  # type: ignore[arg-type]
        await ws.close(code=4403, reason="CROSS_SITE")  # another site's page (app/web/csrf.py)
        return None
    token = token_of(ws.headers, ws.cookies if origin is not None else {}, ws.query_params)
    user = await identity_of(ws, token)  # type: ignore[arg-type]
    if token is not None and user is None:  # a signed-out (revoked) or unknown token
        await ws.accept()  # accepted only to say why: a client can read 4401, not a bare 403
        await ws.close(code=4401, reason="UNAUTHORIZED")
        return None
    return Caller(user)


def slot_of(ws: WebSocket, caller: Caller) -> tuple[str, int]:
    """The key the socket counts against and that key's cap."""
    settings = ws.app.state.settings
    if caller.user is not None:
        return f"identity:{caller.user.user_id}", settings.max_sockets_per_identity
    return f"address:{client_address(ws)}", settings.max_sockets_per_address


async def admit(ws: WebSocket, caller: Caller) -> str | None:
    """Accept the socket within its cap; the slot key it holds, or None if refused."""
    slots: SocketSlots = ws.app.state.socket_slots
    key, cap = slot_of(ws, caller)
    if not slots.acquire(key, cap):
        await ws.accept()
        await ws.close(code=4429, reason="TOO_MANY_SOCKETS")
        return None
    try:
        await ws.accept()
    except BaseException:
        slots.release(key)
        raise
    if caller.user is not None:
        ws.app.state.session_sockets.setdefault(caller.user.session_id, set()).add(ws)
        if revoked(ws, caller):  # revoked between the identification and now
            await ws.close(code=4401, reason="SIGNED_OUT")
    return key


def revoked(ws: WebSocket, caller: Caller) -> bool:
    """Whether the caller's session has been revoked on any instance since the handshake: checked
    before each frame is handled (a dict lookup; app/web/revocations.py)."""
    return caller.user is not None and ws.app.state.revocations.is_revoked(
        caller.user.session_id)


def leave(ws: WebSocket, caller: Caller, slot: str) -> None:
    """Forget a closed socket: its session's register and its slot."""
    if caller.user is not None:
        held = ws.app.state.session_sockets.get(caller.user.session_id)
        if held is not None:
            held.discard(ws)
            if not held:
                ws.app.state.session_sockets.pop(caller.user.session_id, None)
    ws.app.state.socket_slots.release(slot)
