"""Who a game's frames are shaped for: a seat, or ``None`` for a spectator (docs/design.md's
per-viewer views). Presence counts sockets per viewer and the live game caches one view per
viewer, so the name lives here, below both."""

from __future__ import annotations

from app.games.base import Seat

Viewer = Seat | None
