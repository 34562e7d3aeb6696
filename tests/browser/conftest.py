"""Browser tests: the pages served by a real server on loopback, driven by Playwright
through Debian's Chromium (``/usr/bin/chromium``; these tests never download a browser).

``server`` runs the app (threaded, a SQLite file of its own) in this process;
``games`` are bot games of every kind stored through the same hall; ``page`` is a fresh
browser page; ``shot`` saves a screenshot under ``var/screenshots/`` (or
``$PAIJU_SCREENSHOTS``) with the test's name, so each run leaves pictures of its pages.
"""

from __future__ import annotations

import logging
import os
import random
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from werkzeug.serving import make_server

from service.app import create_app

CHROMIUM = "/usr/bin/chromium"
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync"]
SHOTS = Path(os.environ.get("PAIJU_SCREENSHOTS",
                            Path(__file__).resolve().parents[2] / "var" / "screenshots"))
DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}


class Server:
    def __init__(self, app: Any, url: str) -> None:
        self.app, self.url = app, url

    @property
    def hall(self) -> Any:
        return self.app.extensions["paiju.hall"]

    def bot_game(self, kind: str, players: int, policy: str, seed: int,
                 options: dict[str, Any] | None = None) -> str:
        """A finished game of bots, stored."""
        game = self.hall.create_game(kind, [f"p{i}" for i in range(players)], options,
                                     agents=[policy] * players, rng=random.Random(seed))
        assert game.outcome is not None
        return str(game.id)

    def post(self, path: str, body: dict[str, Any]) -> Any:
        with self.app.test_client() as client:
            r = client.post(path, json=body)
            assert r.status_code < 300, r.json
            return r.json


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    store = tmp_path_factory.mktemp("browser") / "paiju.db"
    app = create_app({"PAIJU_STORE": f"sqlite:///{store}", "SECRET_KEY": "browser-" + "k" * 32})
    http = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=http.serve_forever, daemon=True)
    thread.start()
    yield Server(app, f"http://127.0.0.1:{http.server_port}")
    http.shutdown()
    thread.join(10)
    app.extensions["paiju.hall"].close()


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    if not os.path.exists(CHROMIUM):
        if os.environ.get("CI"):
            pytest.fail(f"{CHROMIUM} is missing (.ci/run installs Debian's chromium)")
        pytest.skip(f"{CHROMIUM} is missing: apt-get install -y chromium")
    sync_api = pytest.importorskip("playwright.sync_api")
    with sync_api.sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        yield chromium
        chromium.close()


@pytest.fixture
def page(browser: Any) -> Iterator[Any]:
    context = browser.new_context(viewport=DESKTOP)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.set_default_timeout(15_000)
    yield page
    context.close()
    assert not errors, f"the page's JavaScript failed: {errors}"


@pytest.fixture
def shot(request: pytest.FixtureRequest) -> Callable[..., Path]:
    """``shot(page, "name")``: a full-page screenshot saved with the test output."""
    def save(page: Any, name: str) -> Path:
        SHOTS.mkdir(parents=True, exist_ok=True)
        path = SHOTS / f"{request.node.name.replace('/', '_')}-{name}.png"
        page.screenshot(path=str(path), full_page=True)
        return path
    return save


logging.getLogger("werkzeug").setLevel(logging.WARNING)  # no line per request in the output
