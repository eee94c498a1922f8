"""Each pytest-xdist worker is pointed at databases of its own (tests/per_worker.py)."""

from __future__ import annotations

import os

import pytest

from tests import per_worker


def test_each_worker_gets_its_own_postgres_database_beside_the_given_one() -> None:
    url = "postgresql+asyncpg://postgres@127.0.0.1:5432/test_h5"
    names = {per_worker.database_for_worker(url, i) for i in range(4)}
    assert len(names) == 4
    assert per_worker.database_for_worker(url, 1) == (
        "postgresql+asyncpg://postgres@127.0.0.1:5432/test_h5_gw1")
    assert per_worker.database_for_worker(url + "?ssl=disable", 0).endswith(
        "/test_h5_gw0?ssl=disable")


def test_each_worker_gets_two_redis_databases_of_its_own() -> None:
    hub, limits = "redis://127.0.0.1:6379/9", "redis://127.0.0.1:6379/10"
    used = [per_worker.redis_for_worker(u, i) for i in range(2) for u in (hub, limits)]
    assert [u.rsplit("/", 1)[1] for u in used] == ["9", "10", "11", "12"]
    assert per_worker.redis_for_worker("redis://127.0.0.1:6379/15", 1).endswith("/1")


def test_isolate_rewrites_the_variables_of_a_worker_only(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TEST_DATABASE_URL", "postgresql+asyncpg://postgres@h:5432/test")
    monkeypatch.setenv("TEST_REDIS_URL", "redis://h:6379/9")
    monkeypatch.setattr(per_worker, "WORKER", "gw2")
    per_worker.isolate()
    assert os.environ["TEST_DATABASE_URL"].endswith("/test_gw2")
    assert os.environ["TEST_REDIS_URL"] == "redis://h:6379/13"
    monkeypatch.setattr(per_worker, "WORKER", "")
    per_worker.isolate()  # outside a worker: unchanged
    assert os.environ["TEST_DATABASE_URL"].endswith("/test_gw2")
