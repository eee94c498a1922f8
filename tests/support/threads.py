"""Run a blocking call that starts its own event loop (``asyncio.run``: Alembic's env, a direct
database read) in a thread of its own, so it works in a test process where Playwright's sync API
already holds a running loop (a pytest-xdist worker that ran browser tests first)."""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any, TypeVar

T = TypeVar("T")


def in_thread(call: Callable[..., T], *args: Any) -> T:
    """``call(*args)`` in a fresh thread; its result, or its exception re-raised here."""
    box: dict[str, Any] = {}

    def target() -> None:
        try:
            box["result"] = call(*args)
        except BaseException as err:  # re-raised in the caller's thread
            box["error"] = err

    thread = threading.Thread(target=target)
    thread.start()
    thread.join()
    if "error" in box:
        raise box["error"]
    return box["result"]  # type: ignore[no-any-return]
