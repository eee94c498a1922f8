"""The hub: fans a game's messages out to every socket watching it (docs/design.md,
"Many instances").

Messages are small notices (``{"type": "advanced", "seq": n}``, chat lines, resignations); each
socket turns a notice into its own viewer's patches. `InProcessHub` serves one instance;
`RedisHub` (app/realtime/redis_hub.py) carries the same notices between instances.
"""

from __future__ import annotations

import asyncio
import logging
from abc import ABC, abstractmethod
from collections import defaultdict
from typing import Any, Protocol

log = logging.getLogger("bazaar.hub")

Message = dict[str, Any]


class Observer(Protocol):
    """Something besides sockets that hears a game's messages (app/play/games_cache.py: the away
    seats of the games it holds follow the other instances; issue 16)."""

    def holds(self, game_id: str) -> bool:
        """Whether this observer wants the game's messages at all."""
        ...

    def observe(self, game_id: str, message: Message) -> None:
        """Called with each message of a held game, on the event loop; must not block."""
        ...


class Hub(ABC):
    """Publish a game's messages; deliver them to this instance's subscribed queues."""

    def __init__(self) -> None:
        self._subscribers: dict[str, set[asyncio.Queue[Message]]] = defaultdict(set)
        self.observers: list[Observer] = []

    def subscribe(self, game_id: str, queue: asyncio.Queue[Message]) -> None:
        self._subscribers[game_id].add(queue)

    def unsubscribe(self, game_id: str, queue: asyncio.Queue[Message]) -> None:
        queues = self._subscribers.get(game_id)
        if queues is not None:
            queues.discard(queue)
            if not queues:
                del self._subscribers[game_id]

    def wanted(self, game_id: str) -> bool:
        """Whether a socket or an observer of this instance wants the game's messages."""
        return game_id in self._subscribers or any(o.holds(game_id) for o in self.observers)

    def subscriber_count(self) -> int:
        return sum(len(q) for q in self._subscribers.values())

    def deliver(self, game_id: str, message: Message) -> None:
        """Hand a message to every local subscriber of the game; a full queue drops it.

        A socket whose queue is full is too slow; it will be resynchronised with a snapshot
        (the message carries only a seq, so nothing is lost by dropping it).
        """
        for observer in self.observers:
            if observer.holds(game_id):
                try:
                    observer.observe(game_id, message)
                except Exception:
                    log.exception("a hub observer failed on a message of game %s", game_id)
        for queue in list(self._subscribers.get(game_id, ())):
            try:
                queue.put_nowait(message)
            except asyncio.QueueFull:
                log.warning("dropping a message for a slow socket of game %s", game_id)

    def deliver_all(self, message: Message) -> None:
        """Hand a message to every local subscriber of every game (graceful shutdown)."""
        for game_id in list(self._subscribers):
            self.deliver(game_id, message)

    @abstractmethod
    async def publish(self, game_id: str, message: Message) -> None:
        """Send a message to every instance's subscribers of the game (after commit); raises
        if the hub cannot carry it (Redis is down)."""

    async def fan_out(self, game_id: str, message: Message) -> bool:
        """Publish as best effort (issue 24, point 6): a hub that is down never fails what has
        already been committed. This instance's own viewers get the message anyway; the other
        instances' viewers catch up from the log when the hub returns (``resync``). False if
        the hub failed (logged)."""
        try:
            await self.publish(game_id, message)
        except Exception as err:
            log.warning("fan-out of a %s message failed (%s); delivered locally only",
                        message.get("type"), type(err).__name__)
            self.deliver(game_id, message)
            self.publish_failed(game_id, message)
            return False
        return True

    def publish_failed(self, game_id: str, message: Message) -> None:
        """A message the hub could not carry to the other instances (delivered locally only);
        a hub that can try again later does so here."""
        return None

    async def start(self) -> None:
        return None

    async def stop(self) -> None:
        return None


class InProcessHub(Hub):
    """One instance: publishing is local delivery."""

    async def publish(self, game_id: str, message: Message) -> None:
        self.deliver(game_id, message)
