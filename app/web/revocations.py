"""Revoked sessions reach every instance (issue 24.1; docs/operations.md, "Sessions").

Signing out, signing out everywhere else, a password change, a recovery, an account's deletion
and the rotation of a session (claim, password change) revoke sessions in the database. Every
instance must then stop the sockets of those sessions, which checked the token only at their
handshake: the ids are published on the hub (Redis with ``REDIS_URL``, so every instance hears
them; in memory otherwise) on the channel `CHANNEL`, and each instance

* closes its sockets of those sessions (game sockets and ``/ws/me``) with 4401 and a reason
  (``SIGNED_OUT``, or ``SESSION_REPLACED`` when the same device holds a new token),
* drops its cached identities of those sessions, so HTTP refuses the token at once, and
* keeps the ids for `KEEP_SECONDS`, so that a frame from such a socket, read before its close
  completes, is refused before it is handled: a dict lookup, no database round trip.

A publish can be lost (Redis down, an instance restarting); a slow sweep every
``REVOCATION_SWEEP_SECONDS`` asks the database which sessions of the open sockets were revoked
(or whose account was deleted) and closes those too.
"""

from __future__ import annotations

import logging
import time
from typing import Any

from sqlalchemy import or_, select

from app.identity.models import User, UserSession
from app.periodic import Periodic
from app.realtime.hub import Hub, Message
from app.web.deps import forget_sessions

log = logging.getLogger("bazaar.revocations")

CHANNEL = "sessions:revoked"
"""The hub channel of revocation notices: ``{"type": "revoked", "sessions": [...], "reason"}``."""
KEEP_SECONDS = 600.0
"""How long an instance remembers a revoked session id (long after its sockets are closed)."""
SIGNED_OUT = "SIGNED_OUT"
REPLACED = "SESSION_REPLACED"
_SWEEP_CHUNK = 500


class Revocations:
    """This instance's view of revoked sessions; an observer of the hub's `CHANNEL`."""

    def __init__(self, app: Any) -> None:
        self.app = app
        self.hub: Hub | None = None
        self._revoked: dict[str, float] = {}  # session id -> when this instance heard of it
        self._sweeping: Periodic | None = None

    # the hub's Observer protocol: this instance hears every instance's revocations
    def holds(self, game_id: str) -> bool:
        return game_id == CHANNEL

    def observe(self, game_id: str, message: Message) -> None:
        sessions = message.get("sessions")
        if isinstance(sessions, list):
            self._apply([str(s) for s in sessions], str(message.get("reason") or SIGNED_OUT))

    def is_revoked(self, session_id: str) -> bool:
        """Whether this instance knows the session was revoked (a dict lookup)."""
        return session_id in self._revoked

    async def revoke(self, session_ids: list[str], reason: str = SIGNED_OUT) -> None:
        """After the commit that revoked them: act here at once, then tell every instance."""
        if not session_ids:
            return
        self._apply(session_ids, reason)
        if self.hub is None:
            return
        try:
            await self.hub.publish(CHANNEL, {"type": "revoked", "sessions": list(session_ids),
                                             "reason": reason})
        except Exception:
            # the hub is down: the other instances' sweep closes the sockets instead
            log.warning("could not publish %d revoked sessions; the sweep will close them",
                        len(session_ids))

    def _apply(self, session_ids: list[str], reason: str) -> None:
        at = time.monotonic()
        if len(self._revoked) > 10_000:
            self._revoked = {k: t for k, t in self._revoked.items() if at - t < KEEP_SECONDS}
        for session_id in session_ids:
            self._revoked[session_id] = at
        forget_sessions(self.app, session_ids, reason=reason)

    def start(self, hub: Hub, sweep_seconds: float) -> None:
        """Hear the hub's revocations; sweep the open sockets every ``sweep_seconds`` (0: no)."""
        self.hub = hub
        hub.observers.append(self)
        if sweep_seconds > 0:
            self._sweeping = Periodic(self.sweep, sweep_seconds, name="the revocation sweep",
                                      log=log)
            self._sweeping.start()

    async def stop(self) -> None:
        if self._sweeping is not None:
            await self._sweeping.stop()
            self._sweeping = None
        if self.hub is not None and self in self.hub.observers:
            self.hub.observers.remove(self)

    async def sweep(self) -> list[str]:
        """Close the open sockets whose session the database says is over; their ids."""
        open_ids = list(self.app.state.session_sockets)
        over: list[str] = []
        for i in range(0, len(open_ids), _SWEEP_CHUNK):
            chunk = open_ids[i:i + _SWEEP_CHUNK]
            async with self.app.state.sessions() as session:
                rows = await session.scalars(
                    select(UserSession.id).join(User, User.id == UserSession.user_id)
                    .where(UserSession.id.in_(chunk),
                           or_(UserSession.revoked_at.is_not(None),
                               User.deleted_at.is_not(None))))
                over.extend(rows.all())
        if over:
            self._apply(over, SIGNED_OUT)
        return over
