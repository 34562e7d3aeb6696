"""schemathesis over the OpenAPI document: generated requests to every operation, valid
and not, never get a 500, and every error is in the one shape."""

from __future__ import annotations

from typing import Any

import pytest
import schemathesis
from hypothesis import HealthCheck, settings
from schemathesis.checks import not_a_server_error

from service.app import create_app

APP = create_app({"PAIJU_STORE": "memory://", "SECRET_KEY": "k" * 32})
CLIENT = APP.test_client()
# a finished game and a match for the generated paths to land on now and then
FINISHED = CLIENT.post("/games", json={"kind": "doudizhu", "players": ["a", "b", "c"],
                                       "agents": ["greedy"] * 3}).json
schema = schemathesis.openapi.from_wsgi("/docs/openapi.json", APP)


def one_error_shape(ctx: Any, response: Any, case: Any) -> bool | None:
    """A 4xx answer is {"error": code, "message": text} (JSON), nothing else."""
    if response.status_code >= 400:
        body = response.json()
        assert isinstance(body, dict) and set(body) == {"error", "message"}, body
        assert isinstance(body["error"], str) and isinstance(body["message"], str)
    return None


def exercise(case: Any) -> None:
    if "game_id" in (case.path_parameters or {}) and case.path_parameters["game_id"] == "0":
        case.path_parameters["game_id"] = FINISHED["id"]
    case.call_and_validate(checks=[not_a_server_error, one_error_shape])


@schema.parametrize()
@settings(max_examples=10, deadline=None, suppress_health_check=list(HealthCheck))
def test_generated_requests(case: Any) -> None:
    exercise(case)


@pytest.mark.reliability
@schema.parametrize()
@settings(max_examples=400, deadline=None, suppress_health_check=list(HealthCheck))
def test_generated_requests_long(case: Any) -> None:
    exercise(case)
