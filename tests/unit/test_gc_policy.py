"""The collector's settings of a serving process (app/gc_policy.py, issue 16)."""

from __future__ import annotations

import gc
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from app.gc_policy import tune_for_serving
from tests.conftest import ServerThread, make_settings


@pytest.fixture
def collector() -> Iterator[None]:
    """Put the collector back as the test process had it."""
    threshold = gc.get_threshold()
    yield
    gc.unfreeze()
    gc.set_threshold(*threshold)


def test_serving_freezes_what_start_up_made_and_raises_the_young_threshold(
        collector: None) -> None:
    kept = [[n] for n in range(100)]  # containers alive at the end of start-up
    _, middle, old = gc.get_threshold()
    tune_for_serving(12_345)
    assert gc.get_threshold() == (12_345, middle, old)
    assert gc.get_freeze_count() >= len(kept)
    young = {id(x) for x in gc.get_objects(0)}
    assert not any(id(x) in young for x in kept)


def test_zero_keeps_the_defaults_and_freezes_nothing(collector: None) -> None:
    before, frozen = gc.get_threshold(), gc.get_freeze_count()
    tune_for_serving(0)
    assert gc.get_threshold() == before and gc.get_freeze_count() == frozen


def test_the_server_tunes_the_collector_once_it_has_started(
        collector: None, tmp_path: Path) -> None:
    settings = make_settings(f"sqlite+aiosqlite:///{tmp_path / 'gc.db'}",
                             gc_young_threshold=23_456)
    with ServerThread(settings) as server:
        assert httpx.get(f"{server.url}/healthz").status_code == 200
        assert gc.get_threshold()[0] == 23_456
        assert gc.get_freeze_count() > 0
