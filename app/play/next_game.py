"""'Next game' (issue 27, point 1; OGS's skip): of a person's live games where it is their turn,
the one that has waited longest, other than the game they are looking at. ``to_act`` is the
games row's column (kept by every move), so no game is loaded to answer."""

from __future__ import annotations

from collections.abc import Sequence

from app.play.mine import your_turn
from app.play.models import Game


def next_game(games: Sequence[Game], user_id: str, after: str | None) -> str | None:
    waiting = [g for g in games if g.id != after and your_turn(g, user_id, g.to_act or [])]
    waiting.sort(key=lambda g: (g.updated_at is None, g.updated_at, g.id))
    return waiting[0].id if waiting else None
