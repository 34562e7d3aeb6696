"""Flask fixtures (app, client) over both stores."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from flask.testing import FlaskClient

from service.app import create_app


@pytest.fixture
def app(store: str) -> Iterator[Any]:
    app = create_app({"PAIJU_STORE": store, "SECRET_KEY": "test-secret", "TESTING": True})
    yield app
    app.extensions["paiju.hall"].close()


@pytest.fixture
def client(app: Any) -> FlaskClient:
    return app.test_client()


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}
