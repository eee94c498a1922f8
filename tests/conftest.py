"""Shared fixtures: a real server (uvicorn in a thread) on SQLite and on PostgreSQL.

PostgreSQL tests need TEST_DATABASE_URL (e.g. postgresql+asyncpg://postgres@127.0.0.1/test);
under pytest-xdist each worker uses a database of its own beside it (tests/per_worker.py).
Without it they are skipped locally, but fail in CI (CI or REQUIRE_POSTGRES set), so that a
missing database can never pass silently.
"""

from __future__ import annotations

import asyncio
import os
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
import uvicorn

from app.config import Settings
from app.main import create_app
from tests import per_worker

# Under pytest-xdist, this worker's own PostgreSQL and Redis databases (tests/per_worker.py).
per_worker.isolate()

BACKENDS = ["sqlite", "postgres"]
BROWSER_TESTS = Path(__file__).resolve().parent / "browser"


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Browser tests last. Playwright's sync API keeps an event loop running in the process from
    its first browser test to the end of the session, and ``asyncio.run`` (or pytest-asyncio's
    runner) refuses to start under it; with the browser modules collected last, each xdist worker
    (loadscope hands out modules in collection order) runs every other module it gets first."""
    items.sort(key=lambda item: BROWSER_TESTS in Path(str(item.path)).resolve().parents)


@pytest.hookimpl(hookwrapper=True, tryfirst=True)
def pytest_runtest_protocol(item: pytest.Item, nextitem: pytest.Item | None) -> Iterator[None]:
    """A test outside tests/browser runs with no event loop marked as running in its thread: a
    worker that ran a browser test holds Playwright's loop as running until the session ends,
    and ``asyncio.run`` and pytest-asyncio's runner refuse to start under it. Playwright's loop
    is put back for the browser tests that follow."""
    held = None
    if BROWSER_TESTS not in Path(str(item.path)).resolve().parents:
        held = asyncio._get_running_loop()
        if held is not None:
            asyncio._set_running_loop(None)
    try:
        yield
    finally:
        if held is not None:
            asyncio._set_running_loop(held)


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def postgres_url() -> str | None:
    url = os.environ.get("TEST_DATABASE_URL")
    if url:
        per_worker.ensure_database(url)
        return url
    if os.environ.get("CI") or os.environ.get("REQUIRE_POSTGRES"):
        pytest.fail("TEST_DATABASE_URL is not set, and CI requires the PostgreSQL tests")
    pytest.skip("TEST_DATABASE_URL not set: PostgreSQL tests skipped locally")
    return None


def require_redis(url: str) -> None:
    """Skip locally when Redis does not answer at ``url``; fail in CI, which requires it."""
    import redis

    try:
        redis.Redis.from_url(url, socket_connect_timeout=2).ping()
    except Exception as err:
        if os.environ.get("CI") or os.environ.get("REQUIRE_POSTGRES"):
            pytest.fail(f"Redis is required in CI: {err}")
        pytest.skip(f"Redis not available: {err}")


def reset_postgres(url: str) -> None:
    """Drop every table, so that the server's migrations start from nothing."""
    import asyncpg

    dsn = url.replace("postgresql+asyncpg://", "postgresql://")

    async def run() -> None:
        conn = await asyncpg.connect(dsn)
        try:
            await conn.execute("DROP SCHEMA public CASCADE; CREATE SCHEMA public;")
        finally:
            await conn.close()

    # in a thread of its own: Playwright's sync API may hold a running loop in this one
    worker = threading.Thread(target=asyncio.run, args=(run(),))
    worker.start()
    worker.join()


def database_url(backend: str, tmp: Path) -> str:
    if backend == "sqlite":
        return f"sqlite+aiosqlite:///{tmp / 'bazaar.db'}"
    url = postgres_url()
    assert url is not None
    reset_postgres(url)
    return url


class ServerThread:
    """uvicorn serving a fresh app in a background thread."""

    def __init__(self, settings: Settings, port: int | None = None) -> None:
        self.port = port or free_port()
        self.app = create_app(settings)
        config = uvicorn.Config(self.app, host="127.0.0.1", port=self.port, log_level="warning",
                                ws_max_size=64 * 1024, lifespan="on")
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, daemon=True)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def __enter__(self) -> ServerThread:
        self.thread.start()
        deadline = time.monotonic() + 90  # a loaded machine starts the app slowly
        while not self.server.started:
            if time.monotonic() > deadline or not self.thread.is_alive():
                raise RuntimeError("the test server did not start")
            time.sleep(0.02)
        return self

    def __exit__(self, *exc: Any) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=10)


def make_settings(url: str, **overrides: Any) -> Settings:
    base: dict[str, Any] = {"database_url": url, "bot_delay": 0.0, "rate_moves": 10_000,
                            "rate_chat": 50, "rate_lobbies": 10_000, "snapshot_every": 5,
                            # one process builds many apps: each would freeze the last's garbage
                            "gc_young_threshold": 0}
    base.update(overrides)
    return Settings(**base)


@pytest.fixture(scope="module", params=BACKENDS)
def server(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
           ) -> Iterator[ServerThread]:
    """A running server with an empty database, once per test module and backend."""
    url = database_url(request.param, tmp_path_factory.mktemp("db"))
    with ServerThread(make_settings(url)) as srv:
        yield srv


class Player:
    """An HTTP client with its own guest identity."""

    def __init__(self, base_url: str, name: str) -> None:
        self.http = httpx.Client(base_url=base_url, timeout=30)
        reply = self.http.post("/api/session", json={"name": name})
        assert reply.status_code == 201, reply.text
        data = reply.json()
        self.token, self.user_id, self.name = data["token"], data["user_id"], data["name"]
        self.http.headers["authorization"] = f"Bearer {self.token}"
        self.http.cookies.clear()

    def get(self, path: str, **kw: Any) -> httpx.Response:
        return self.http.get(path, **kw)

    def post(self, path: str, json: Any = None, **kw: Any) -> httpx.Response:
        return self.http.post(path, json=json, **kw)

    def patch(self, path: str, json: Any = None) -> httpx.Response:
        return self.http.patch(path, json=json)

    def ok(self, response: httpx.Response) -> Any:
        assert response.status_code < 300, (response.status_code, response.text)
        return response.json()

    def game(self, game_id: str, seat: int | None = None) -> dict[str, Any]:
        params = {"seat": seat} if seat is not None else {}
        return self.ok(self.get(f"/api/games/{game_id}", params=params))

    def move(self, game_id: str, seq: int, move: dict[str, Any], **kw: Any) -> httpx.Response:
        return self.post(f"/api/games/{game_id}/moves", json={"seq": seq, "move": move, **kw})


@pytest.fixture
def players(server: ServerThread) -> Iterator[Any]:
    made: list[Player] = []

    def make(name: str) -> Player:
        player = Player(server.url, name)
        made.append(player)
        return player

    yield make
    for p in made:
        p.http.close()


def start_game(host: Player, others: list[Player], kind: str = "grand-bazaar",
               options: dict[str, Any] | None = None, bots: int = 0,
               private: bool = False) -> str:
    """A started game: host in seat 0, the others joined in order, then ``bots`` bot seats."""
    n = 1 + len(others) + bots
    lobby = host.ok(host.post("/api/lobbies", json={
        "kind": kind, "players": n, "options": options or {}, "private": private}))
    for other in others:
        other.ok(other.post(f"/api/lobbies/{lobby['id']}/join"))
    for seat in range(1 + len(others), n):
        host.ok(host.post(f"/api/lobbies/{lobby['id']}/bots", json={"seat": seat}))
    return str(host.ok(host.post(f"/api/lobbies/{lobby['id']}/start"))["game_id"])


def move_entries(player: Player, game_id: str) -> list[dict[str, Any]]:
    """The log's move entries (step 0, the setup's own events, left out)."""
    entries = player.ok(player.get(f"/api/games/{game_id}/log"))["entries"]
    return [e for e in entries if e["seq"] > 0]
