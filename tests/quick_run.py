"""The README's command runs the quick part of the suite; CI runs all of it (issue 26, point 7).

When the suite is run whole (no folder, file or test named on the command line) the quick run
leaves out the browser tests (tests/browser/) except the few marked ``smoke``, and the tests
marked ``slow`` elsewhere (the costliest few: HTTP fuzzing, a Swiss of nine through the API
...). The browser tests are two thirds of the suite's CPU, half of it Chromium drawing pages;
on a 2-core machine the whole suite takes 17-30 minutes, the quick run a third of that. CI runs
everything: ``--full``, or the ``CI`` variable as ``.ci/run`` sets it (docs/testing.md, "Two
tiers").

Naming a folder, file or test runs every test in it, slow or not: whoever names one wants it.
The summary at the end says how many tests were left out and how to run them.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

MARK = "slow"
SMOKE = "smoke"
BROWSER_TESTS = Path(__file__).resolve().parent / "browser"


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--full", action="store_true", default=False,
                     help="run the slow tests too when the suite is run whole (CI always does)")


def _runs_everything(config: pytest.Config) -> bool:
    """True unless the suite is run whole, outside CI, without --full."""
    if config.getoption("full") or os.environ.get("CI", "").lower() not in ("", "0", "false"):
        return True
    # pytest-xdist starts each worker with the controller's own arguments, so a worker sees
    # the paths the person named (or none) just as the controller does
    return config.args_source is not pytest.Config.ArgsSource.TESTPATHS


def _slow(item: pytest.Item) -> bool:
    """Left out of the quick run: marked slow, or a browser test not marked smoke."""
    if item.get_closest_marker(MARK):
        return True
    in_browser = BROWSER_TESTS in Path(str(item.path)).resolve().parents
    return in_browser and item.get_closest_marker(SMOKE) is None


_left_out: list[int] = []  # how many slow tests this process (or its workers) left out


@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if _runs_everything(config):
        return
    left_out = [item for item in items if _slow(item)]
    items[:] = [item for item in items if not _slow(item)]
    config.hook.pytest_deselected(items=left_out)
    _left_out.append(len(left_out))
    if hasattr(config, "workeroutput"):  # an xdist worker: tell the controller
        config.workeroutput["slow_left_out"] = len(left_out)


@pytest.hookimpl(optionalhook=True)
def pytest_testnodedown(node, error) -> None:  # type: ignore[no-untyped-def]
    """pytest-xdist's controller: each worker collected the whole suite and left out the same
    tests."""
    count = getattr(node, "workeroutput", {}).get("slow_left_out")
    if count is not None and not _left_out:
        _left_out.append(count)


def pytest_terminal_summary(terminalreporter, config: pytest.Config) -> None:  # type: ignore[no-untyped-def]
    if _runs_everything(config) or not _left_out or hasattr(config, "workeroutput"):
        return
    terminalreporter.write_line(
        f"The quick run: {_left_out[0]} slow tests were left out (the browser tests but the "
        f"'{SMOKE}' ones, and those marked '{MARK}'). CI runs them; `--full` runs them here, "
        "and naming a folder or file runs all of it.",
        yellow=True)
