"""Notices to a person, wherever they have a page open (docs/api.md, "Notices"): it has become
their turn, a game they play has ended, a rematch is offered to them.

They travel over the hub on the channel ``user:<id>`` (ids never hold a colon, so a person's
channel cannot be a game's), and ``/ws/me`` (app/web/sockets/account.py) hands them to the
pages. A notice says in words what any player of the game may know; nothing hidden.

Each notice is also handed to the ``outside`` hooks (``PlayService.on_notice``): the
notifier that app/main.py plugs in queues it for e-mail and Web Push (app/notify/, issue 27.2)
for the same people only. A hook never waits (it queues in the background).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from app.games.base import Outcome, State
from app.games.messages import Message, say
from app.play.live import LiveGame
from app.realtime.hub import Hub

NoticeHook = Callable[[list[str], dict[str, Any]], None]
"""Told each notice and the people it is for; must return at once."""


def channel(user_id: str) -> str:
    """The hub channel of one person's notices."""
    return f"user:{user_id}"


def _person(live: LiveGame, seat: int) -> str | None:
    """Who plays a seat: its user, the host for a seat on their device, nobody for a bot."""
    if not 0 <= seat < len(live.seats) or seat in live.resigned:
        return None
    held = live.seats[seat]
    if held["holder"] == "user":
        return held["user_id"]  # type: ignore[no-any-return]
    return live.host_id if held["holder"] == "host" else None


def people_to_act(live: LiveGame, state: State) -> set[str]:
    """The people one of whose seats must act in ``state``."""
    return people_of(live, live.engine.to_act(state))


def people_of(live: LiveGame, seats: Iterable[int]) -> set[str]:
    """The people who play any of ``seats``."""
    return {p for seat in seats if (p := _person(live, seat))}


def players(live: LiveGame) -> set[str]:
    """Everyone who plays the game."""
    return {p for seat in range(len(live.seats)) if (p := _person(live, seat))}


def _with(live: LiveGame, person: str) -> str:
    """ "with Bob and Cat": the other players' names, for a notice's words."""
    others = [s["name"] for i, s in enumerate(live.seats) if _person(live, i) != person]
    if not others:
        return ""
    listed = others[0] if len(others) == 1 else f"{', '.join(others[:-1])} and {others[-1]}"
    return f" with {listed}"


def _others(live: LiveGame, person: str) -> list[str]:
    """The other players' names (never translated)."""
    return [s["name"] for i, s in enumerate(live.seats) if _person(live, i) != person]


def turn_message(live: LiveGame, person: str) -> Message:
    """ "Your turn in Carcassonne with Bob." as a message, said in each reader's language."""
    title, others = say(live.engine.title), _others(live, person)  # a title said in words
    if others:
        return say("Your turn in {title} with {others}.", title=title, others=others)
    return say("Your turn in {title}.", title=title)


def over_message(live: LiveGame, person: str, winners: list[str]) -> Message:
    """ "Your game of Carcassonne with Bob is over: Ann won." as a message."""
    title, others = say(live.engine.title), _others(live, person)
    result = say("{winners} won.", winners=winners) if winners else say("It has ended.")
    if others:
        return say("Your game of {title} with {others} is over: {result}", title=title,
                   others=others, result=result)
    return say("Your game of {title} is over: {result}", title=title, result=result)


async def tell(hub: Hub, people: Iterable[str], notice: dict[str, Any],
               outside: Iterable[NoticeHook] = ()) -> None:
    """Send a notice ({"kind", "game_id", "title", "text", "message"}: ``text`` in English,
    ``message`` the same as data for each reader's language) to each person's open pages, and
    hand it to the ``outside`` hooks (first: a hub that is down must not stop a mail)."""
    people = sorted(set(people))
    for hook in outside:
        hook(people, notice)
    said = {k: v for k, v in notice.items() if k != "dedupe"}  # the outbox's key only
    for person in people:
        await hub.publish(channel(person), {"type": "notice", **said})


async def game_over(hub: Hub, live: LiveGame, outcome: Outcome,
                    outside: Iterable[NoticeHook] = ()) -> None:
    """Tell everyone who played that the game has ended, and who won (an end-of-game duty,
    app/play/duties.py: raises if the hub cannot carry it, so that it is sent later)."""
    title = live.engine.title
    names = [s["name"] for s in live.seats]
    winners = [names[w] for w in outcome.winners if w < len(names)]
    said = f"{' and '.join(winners)} won." if winners else "It has ended."
    for person in players(live):
        # the duty may run again after a failure: the dedupe key queues the mail once
        await tell(hub, [person], {"kind": "finished", "game_id": live.id, "title": title,
                                   "text": f"Your game of {title}{_with(live, person)} is "
                                           f"over: {said}", "dedupe": f"finished:{live.id}",
                                   "message": over_message(live, person, winners)},
                   outside)


async def your_turn(hub: Hub, live: LiveGame, waiting_before: set[str],
                    to_act: list[int], outside: Iterable[NoticeHook] = ()) -> None:
    """Tell the people whose turn has just come (they were not already to act)."""
    title = live.engine.title
    for person in people_of(live, to_act) - waiting_before:
        await tell(hub, [person], {"kind": "your-turn", "game_id": live.id, "title": title,
                                   "text": f"Your turn in {title}{_with(live, person)}.",
                                   "message": turn_message(live, person)},
                   outside)
