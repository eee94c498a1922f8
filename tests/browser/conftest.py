"""Browser tests: a real server (uvicorn in a subprocess) driven by Debian's Chromium.

Chromium is /usr/bin/chromium (or BAZAAR_CHROMIUM). Without it the tests are skipped locally but
fail when CI or REQUIRE_BROWSER is set, so that a missing browser never passes silently.
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from tests.conftest import free_port
from tests.support import chromium_watchdog, instances
from tests.support.chromium_watchdog import bounded_close

CHROMIUM = os.environ.get("BAZAAR_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def _require_browser() -> None:
    if Path(CHROMIUM).exists():
        return
    message = f"Chromium not found at {CHROMIUM} (apt-get install chromium)"
    if os.environ.get("CI") or os.environ.get("REQUIRE_BROWSER"):
        pytest.fail(message)
    pytest.skip(message)


@pytest.fixture(scope="session")
def server() -> Iterator[str]:
    """Base URL of a fresh server on a temporary SQLite database."""
    _require_browser()
    tmp = tempfile.TemporaryDirectory(prefix="bazaar-browser-")
    port = free_port()
    env = {
        **os.environ,
        "DATABASE_URL": f"sqlite+aiosqlite:///{tmp.name}/browser.db",
        "BOT_DELAY": "0.05",
        "RATE_MOVES": "1000",
        "RATE_CHAT": "100",
        "RATE_LOBBIES": "200",
        # every browser test of a worker signs in from 127.0.0.1 on this one server: the
        # per-address limit (tests/api/test_rate_limits.py checks it) would refuse the later ones
        "RATE_SIGNIN_ADDRESS": "1000",
        "LOG_LEVEL": "warning",
        "TOURNAMENT_TICK_SECONDS": "1",
        # hard bots think in the pool with the cheap test double where an engine has no hard
        # bot of its own yet (tests/bot_doubles.py), on a small budget
        "BOT_WORKERS": "1",
        "BOT_BUDGET_SCALE": "0.05",
        "BOT_WORKER_INIT": "tests.bot_doubles:cheap_where_missing",
        # analyses of finished games (issue 28.4) play out few games per position
        "ANALYSIS_PLAYOUTS": "4",
    }
    log_path = Path(tmp.name) / "server.log"
    proc = instances.spawn(instances.uvicorn_command(port), env, log_path)
    base = f"http://127.0.0.1:{port}"
    try:
        try:
            instances.wait_ready(base, proc, log_path, path="/healthz")
        except AssertionError as failed:
            pytest.fail(str(failed))
        yield base
    finally:
        instances.stop(proc)
        tmp.cleanup()


@pytest.fixture(scope="session")
def browser(server: str) -> Iterator[object]:
    """One Chromium for the whole run."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        holder = _Browser(chromium, lambda: playwright.chromium.launch(
            executable_path=CHROMIUM, args=CHROMIUM_ARGS))
        yield holder
        with bounded_close("closing Chromium"):
            try:
                holder.current.close()
            except Exception:  # noqa: BLE001 - killed by the watchdog: nothing left to close
                pass


class _Browser:
    """The run's Chromium, launched again if a hung close had to kill it (chromium_watchdog)."""

    def __init__(self, chromium, launch) -> None:  # type: ignore[no-untyped-def]
        self.current = chromium
        self._launch = launch
        self._kills = chromium_watchdog.kills

    def __getattr__(self, name: str):  # type: ignore[no-untyped-def]
        if self._kills != chromium_watchdog.kills:
            self._kills = chromium_watchdog.kills
            self.current = self._launch()
        return getattr(self.current, name)


@pytest.fixture
def new_context(browser, server: str) -> Iterator[Callable[..., object]]:  # type: ignore[no-untyped-def]
    """new_context(**options) -> a fresh browser context (own cookies) on the test server."""
    contexts = []

    def make(**options):  # type: ignore[no-untyped-def]
        options.setdefault("base_url", server)
        options.setdefault("viewport", {"width": 1280, "height": 900})
        context = browser.new_context(**options)
        context.set_default_timeout(15000)
        contexts.append(context)
        return context

    yield make
    with bounded_close("closing this test's browser contexts"):
        for context in contexts:
            try:
                context.close()
            except Exception:  # noqa: BLE001 - the watchdog killed a hung Chromium
                pass


class PageProblems:
    """Collects uncaught page errors and dialogs (alert() must never fire)."""

    def __init__(self) -> None:
        self.errors: list[str] = []
        self.dialogs: list[str] = []

    def watch(self, page):  # type: ignore[no-untyped-def]
        page.on("pageerror", lambda err: self.errors.append(f"{page.url}: {err}"))

        def on_dialog(dialog):  # type: ignore[no-untyped-def]
            self.dialogs.append(dialog.message)
            dialog.dismiss()

        page.on("dialog", on_dialog)
        return page


@pytest.fixture
def problems() -> PageProblems:
    return PageProblems()


def name_as_guest(context, name: str) -> dict:  # type: ignore[no-untyped-def,type-arg]
    """Make a guest identity for this browser context (POST /api/session; the cookie stays)."""
    response = context.request.post("/api/session", data={"name": name})
    assert response.ok, response.text()
    return dict(response.json())


@pytest.fixture
def guest(new_context, problems):  # type: ignore[no-untyped-def]
    """guest(name, path="/", **context options) -> a page of a new visitor who has a name."""

    def make(name: str, path: str = "/", **options):  # type: ignore[no-untyped-def]
        context = new_context(**options)
        page = problems.watch(context.new_page())
        # a page asks for a name only when its visitor acts (issue 25): the identity is made
        # the way the name dialog makes it, and the context keeps its cookie
        name_as_guest(context, name)
        page.goto(path)
        page.locator("#whoami").filter(has_text=name[:10]).wait_for()
        return page

    return make
