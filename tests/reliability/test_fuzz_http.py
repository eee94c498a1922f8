"""Schema-driven fuzzing of the OpenAPI spec (schemathesis): no request ever gets a 5xx."""

from __future__ import annotations

from typing import Any

import pytest
import schemathesis
from hypothesis import HealthCheck, settings
from schemathesis.checks import not_a_server_error

from tests.conftest import Player, start_game


@pytest.fixture
def api_schema(server: Any) -> Any:
    schema = schemathesis.openapi.from_url(f"{server.url}/openapi.json")
    schema.config.update(base_url=server.url)
    return schema


@pytest.fixture
def auth(server: Any) -> dict[str, str]:
    """A guest with a live game, so that some fuzzed requests reach real objects."""
    fuzz = Player(server.url, "Fuzz")
    start_game(fuzz, [], bots=1)
    return {"authorization": f"Bearer {fuzz.token}"}


schema = schemathesis.pytest.from_fixture("api_schema")


@pytest.mark.slow  # tests/quick_run.py: CI runs it
@schema.parametrize()
@settings(max_examples=25, deadline=None,
          suppress_health_check=list(HealthCheck))
def test_no_request_gets_a_server_error(case: Any, auth: dict[str, str]) -> None:
    case.call_and_validate(headers=auth, checks=[not_a_server_error])
