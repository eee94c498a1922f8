"""The two tiers of the suite (tests/quick_run.py): the README's command leaves the slow tests
out when the suite is run whole, CI and ``--full`` run them, and naming a file runs all of it.

Each case runs pytest in a subprocess on a small suite of its own, with our plugin loaded the way
pyproject.toml loads it (``-p tests.quick_run``) and the variables a person or CI would have."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SUITE = '''
import pytest

@pytest.mark.slow
def test_a_whole_game_at_the_second_size():
    pass

def test_a_rule():
    pass
'''


@pytest.fixture
def suite(tmp_path: Path) -> Path:
    (tmp_path / "pyproject.toml").write_text(
        '[tool.pytest.ini_options]\ntestpaths = ["checks"]\nmarkers = ["slow: slow"]\n')
    (tmp_path / "checks").mkdir()
    (tmp_path / "checks" / "test_two.py").write_text(SUITE)
    return tmp_path


def run(suite: Path, *args: str, ci: str | None = None) -> str:
    env = {key: value for key, value in os.environ.items()
           if key not in ("CI", "PYTEST_ADDOPTS", "PYTEST_XDIST_WORKER")}
    if ci is not None:
        env["CI"] = ci
    env["PYTHONPATH"] = str(ROOT)
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "tests.quick_run", "-p", "no:cacheprovider",
         "-p", "no:xdist", "-v", *args],
        cwd=suite, env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stdout + done.stderr
    return done.stdout


def test_the_whole_suite_run_outside_ci_leaves_the_slow_tests_out_and_says_so(suite: Path) -> None:
    said = run(suite)
    assert "test_a_rule PASSED" in said
    assert "test_a_whole_game_at_the_second_size" not in said
    assert "1 passed, 1 deselected" in said
    assert "The quick run: 1 slow tests were left out" in said


@pytest.mark.parametrize("ci", ["true", "1"])
def test_ci_runs_the_slow_tests(suite: Path, ci: str) -> None:
    said = run(suite, ci=ci)
    assert "test_a_whole_game_at_the_second_size PASSED" in said
    assert "2 passed" in said and "quick run" not in said


def test_full_runs_the_slow_tests(suite: Path) -> None:
    said = run(suite, "--full", ci="false")
    assert "test_a_whole_game_at_the_second_size PASSED" in said
    assert "quick run" not in said


def test_naming_a_file_runs_every_test_in_it(suite: Path) -> None:
    said = run(suite, "checks/test_two.py")
    assert "test_a_whole_game_at_the_second_size PASSED" in said
    assert "2 passed" in said and "quick run" not in said
