"""Each pytest-xdist worker gets databases of its own (the suite runs on several workers).

Under xdist every worker is a process named ``gw0``, ``gw1`` ...; the variables a test run is
given name one PostgreSQL database and two Redis databases, and workers sharing them would
drop each other's tables (``reset_postgres``) in the middle of a test. ``isolate()`` runs in
each worker before any test module is imported (tests/conftest.py calls it at import) and
rewrites the variables for that worker:

* ``TEST_DATABASE_URL`` ``.../test`` -> ``.../test_gw1`` (created on first use by
  ``ensure_database``, from the server's ``postgres`` database);
* ``TEST_REDIS_URL`` and ``TEST_REDIS_LIMITS_URL`` ``.../9`` -> ``.../(9 + 2 * 1) % 16``: two
  databases a worker, so a run given 9 and 10 uses 9-12 on two workers.

Servers the tests start take free ports already (``free_port``), so they need nothing here.
Without xdist (``-n 0``, or ``-p no:xdist``) nothing changes.
"""

from __future__ import annotations

import asyncio
import os
import re
import threading

WORKER = os.environ.get("PYTEST_XDIST_WORKER", "")


def worker_index() -> int | None:
    """0 for gw0, 1 for gw1 ...; None outside an xdist worker."""
    match = re.fullmatch(r"gw(\d+)", WORKER)
    return int(match.group(1)) if match else None


def database_for_worker(url: str, index: int) -> str:
    """The worker's own database beside the one ``url`` names (query string kept)."""
    base, _, query = url.partition("?")
    head, _, name = base.rpartition("/")
    return f"{head}/{name}_gw{index}" + (f"?{query}" if query else "")


def redis_for_worker(url: str, index: int) -> str:
    """The worker's own Redis database: the given one plus two per worker, within 0-15."""
    match = re.fullmatch(r"(.*/)(\d+)", url)
    if not match:  # no database number in the URL: database 0
        return f"{url.rstrip('/')}/{(2 * index) % 16}"
    return f"{match.group(1)}{(int(match.group(2)) + 2 * index) % 16}"


def isolate() -> None:
    """Point this worker's TEST_* variables at its own databases."""
    index = worker_index()
    if index is None:
        return
    if os.environ.get("TEST_DATABASE_URL"):
        os.environ["TEST_DATABASE_URL"] = database_for_worker(
            os.environ["TEST_DATABASE_URL"], index)
    for name in ("TEST_REDIS_URL", "TEST_REDIS_LIMITS_URL"):
        if os.environ.get(name):
            os.environ[name] = redis_for_worker(os.environ[name], index)


_made: set[str] = set()


def ensure_database(url: str) -> None:
    """Create the database ``url`` names when it does not exist yet (once per process)."""
    if url in _made:
        return
    import asyncpg

    dsn = url.replace("postgresql+asyncpg://", "postgresql://").partition("?")[0]
    head, _, name = dsn.rpartition("/")

    async def run() -> None:
        conn = await asyncpg.connect(f"{head}/postgres")
        try:
            exists = await conn.fetchval("SELECT 1 FROM pg_database WHERE datname = $1", name)
            if not exists:
                try:
                    await conn.execute(f'CREATE DATABASE "{name}"')
                except asyncpg.DuplicateDatabaseError:
                    pass  # another run made it in between
        finally:
            await conn.close()

    # in a thread of its own: Playwright's sync API may hold a running loop in this one
    errors: list[BaseException] = []

    def target() -> None:
        try:
            asyncio.run(run())
        except BaseException as err:  # re-raised in the caller's thread
            errors.append(err)

    thread = threading.Thread(target=target)
    thread.start()
    thread.join()
    if errors:
        raise errors[0]
    _made.add(url)
