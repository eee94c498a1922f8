"""The "reminder" notice of a turn-based seat whose time runs short (issue 27, point 1): sent
through app/play/notices.py like every other notice, so that part 2's e-mail and push hook on
the same kind. Words only: whose turn, in which game, how long is left."""

from __future__ import annotations

from collections.abc import Iterable

from app.games.messages import say
from app.play import notices
from app.play.live import LiveGame
from app.play.turn_clock import duration_parts, in_words
from app.realtime.hub import Hub


async def remind(hub: Hub, live: LiveGame, seat: int, seconds_left: float, due_at: float,
                 outside: Iterable[notices.NoticeHook] = ()) -> None:
    """Remind the seat's person; the dedupe key (game, seat, due time) queues one mail or push
    per turn even if a scheduler retries the reminder."""
    title = live.engine.title
    await notices.tell(hub, notices.people_of(live, [seat]), {
        "kind": "reminder", "game_id": live.id, "title": title,
        "text": f"Your turn in {title}: {in_words(seconds_left)} left before the timeout.",
        "message": say("Your turn in {title}: {left} left before the timeout.", title=say(title),
                       left=duration_parts(seconds_left)),
        "dedupe": f"reminder:{live.id}:{seat}:{int(due_at)}"}, outside)
