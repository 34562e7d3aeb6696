"""The replay viewer in a real browser: stepping with buttons and keys, a shared #N link,
the table drawn per kind at that step, the move list, and hidden information."""

from __future__ import annotations

import json
import random
import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from domain import registry
from domain.game import REFEREE
from tests.browser.conftest import PHONE, Server
from tests.toy.highcard import SPEC as HIGHCARD

FIXTURES = Path(__file__).parent / "fixtures"
BOTS = {"doudizhu": (3, "greedy"), "killer": (8, "informed"), "identity": (5, "identity"),
        "highcard": (3, "random")}


@pytest.fixture
def highcard() -> Iterator[None]:
    registry.register(HIGHCARD)  # the toy game: drawn by the generic table
    yield
    registry.unregister(HIGHCARD.kind)


def step(page: Any) -> int:
    return int(page.inner_text("#n"))


def at_step(page: Any, n: int) -> None:
    """Wait until the page shows step n, its table drawn and the fragment saying so."""
    page.wait_for_function(f"document.getElementById('n').textContent === '{n}'")
    page.wait_for_function(f"location.hash.split('&')[0] === '#{n}'")
    page.wait_for_selector(f"#table[data-step='{n}']")


def state_at(server: Server, game_id: str, n: int, token: str | None = None) -> Any:
    with server.app.test_client() as client:
        headers = {"Authorization": f"Bearer {token}"} if token else {}
        return client.get(f"/games/{game_id}/state?at={n}", headers=headers).json


@pytest.mark.parametrize("kind", list(BOTS))
def test_a_replay_stepped_with_buttons_and_keys(kind: str, server: Server, page: Any,
                                               shot: Callable[..., Path],
                                               request: pytest.FixtureRequest) -> None:
    if kind == "highcard":
        request.getfixturevalue("highcard")
    players, policy = BOTS[kind]
    game = server.bot_game(kind, players, policy, seed=7)
    total = server.hall.game(game).version
    # a fresh link opens at the start, with nothing before it
    page.goto(f"{server.url}/games/{game}/viewer")
    at_step(page, 1)
    assert page.inner_text("#total") == str(total)
    assert page.is_disabled("#first") and page.is_disabled("#prev")
    assert page.is_enabled("#next") and page.is_enabled("#last")
    # the buttons step one event at a time; the keys do the same
    page.click("#next")
    at_step(page, 2)
    page.keyboard.press("ArrowRight")
    at_step(page, 3)
    page.keyboard.press("ArrowLeft")
    at_step(page, 2)
    # End and the last button reach the end, where the way forward is closed
    page.keyboard.press("End")
    at_step(page, total)
    assert page.is_disabled("#next") and page.is_disabled("#last")
    assert page.is_enabled("#prev") and page.is_enabled("#first")
    assert page.locator(".banner.over").count() == 1  # who won
    shot(page, "end")
    page.keyboard.press("Home")
    at_step(page, 1)
    page.click("#last")
    at_step(page, total)
    page.click("#first")
    at_step(page, 1)
    # the move list is in words, and a click on a move jumps to its last event
    moves = page.locator("#moves li.move")
    assert moves.count() >= 2
    texts = moves.all_inner_texts()
    assert not any(re.search(r"\b[A-Z][a-z]+[A-Z]\w+ \{", t) for t in texts), texts[:5]
    chosen = moves.nth(moves.count() // 2)
    target = int(chosen.get_attribute("data-last"))
    chosen.click()
    at_step(page, target)
    assert "now" in (chosen.get_attribute("class") or "")
    shot(page, "middle")


def test_a_shared_link_opens_at_its_step_with_the_table_of_that_step(
        server: Server, page: Any, shot: Callable[..., Path]) -> None:
    # Dou Dizhu: after the landlord takes the kitty, each seat's count is drawn
    game = server.bot_game("doudizhu", 3, "greedy", seed=11)
    events = server.hall.events_view(game, REFEREE)[1]
    n = next(e["version"] for e in events if e["type"] == "LandlordChosen") + 3
    page.goto(f"{server.url}/games/{game}/viewer#{n}")
    at_step(page, n)
    state = state_at(server, game, n)
    for seat, count in enumerate(state["hand_counts"]):
        box = page.locator(f"#table .seat[data-seat='{seat}']")
        assert f"{count} cards" in box.inner_text()
        # a finished game is open to all: every hand, card by card
        assert box.locator(".card:not(.back)").count() == count
    landlord = page.locator(f"#table .seat[data-seat='{state['landlord']}'] .tag.landlord")
    assert landlord.count() == 1
    assert page.is_enabled("#prev") and page.is_enabled("#next")
    shot(page, "doudizhu")


def test_a_shared_link_into_sanguosha_and_killer(server: Server, page: Any,
                                                 shot: Callable[..., Path]) -> None:
    game = server.bot_game("identity", 5, "identity", seed=3)
    n = server.hall.game(game).version // 2
    page.goto(f"{server.url}/games/{game}/viewer#{n}")
    at_step(page, n)
    state = state_at(server, game, n)
    for s in state["seats"]:
        box = page.locator(f"#table .seat[data-seat='{s['seat']}']")
        if s["alive"]:  # HP as pips: full ones for what is left
            assert box.locator(".hp").inner_text().count("●") == s["max_hp"]
            assert box.locator(".hp .lost").inner_text().count("●") == s["max_hp"] - s["hp"]
        else:
            assert "dead" in box.inner_text()
    shot(page, "identity")

    game = server.bot_game("killer", 8, "informed", seed=5)
    events = server.hall.events_view(game, REFEREE)[1]
    n = next(e["version"] for e in events if e["type"] == "VoteCast")
    page.goto(f"{server.url}/games/{game}/viewer#{n}")
    at_step(page, n)
    state = state_at(server, game, n)
    dead = [s for s, alive in enumerate(state["alive"]) if not alive]
    assert page.locator("#table .seat.dead").count() == len(dead) > 0
    assert "Day" in page.inner_text("#table .center")
    shot(page, "killer")


def test_a_spectator_never_sees_a_hand_of_a_live_game(server: Server, page: Any,
                                                     shot: Callable[..., Path]) -> None:
    # a Dou Dizhu hand of people, bid and partly played by the referee
    made = server.post("/games", {"kind": "doudizhu", "players": ["ann", "bob", "cat"]})
    game, rng = made["id"], random.Random(2)
    for _ in range(9):
        live = server.hall.game(game)
        seat = live.to_act()[0]
        server.hall.act(game, seat, rng.choice(live.legal_actions(seat)))
    live = server.hall.game(game)
    assert live.outcome is None
    kitty = set(live.view("spectator")["kitty"] or [])  # shown to all once taken
    hands = {c for cards in live.view(REFEREE)["hands"].values() for c in cards} - kitty
    total = live.version
    for n in (2, total // 2, total):  # from the deal on
        page.goto(f"{server.url}/games/{game}/viewer#{n}")
        at_step(page, n)
        shown = set(page.eval_on_selector_all("[data-card]",
                                              "els => els.map(e => e.dataset.card)"))
        assert not shown & hands, f"step {n} shows {shown & hands}"
        assert page.locator("#table .seat .card.back").count() == 3
        assert page.inner_text("#as") == "spectator"
    shot(page, "spectator")
    # with a seat's token, that seat's hand and no other
    page.goto(f"{server.url}/games/{game}/viewer#{total}&token={made['tokens']['seats'][1]}")
    at_step(page, total)
    page.wait_for_function("document.getElementById('as').textContent.startsWith('seat 1')")
    mine = set(live.view(1)["hands"]["1"])
    shown = set(page.eval_on_selector_all("#table [data-card]",
                                          "els => els.map(e => e.dataset.card)"))
    assert mine <= shown and not (shown & hands) - mine
    # the token stays in the fragment: it never reaches the server
    assert "token=" in page.evaluate("location.hash")


def test_the_sanguosha_table_of_the_skill_engine(server: Server, page: Any,
                                                 shot: Callable[..., Path]) -> None:
    """Views shaped like the new engine's (branch sgs): cards as objects, generals, the
    judgment area with the card a trick was used as."""
    views = json.loads((FIXTURES / "sgs_identity_views.json").read_text())
    page.goto(f"{server.url}/")
    page.wait_for_load_state("networkidle")
    for who, view in views.items():
        page.evaluate("v => { document.querySelector('main').innerHTML = "
                      "Paiju.drawTable(v, {}); }", view)
        for s in view["seats"]:
            box = page.locator(f".seat[data-seat='{s['seat']}']")
            text = box.inner_text()
            if s["general"]:
                assert s["general"]["name"] in text
            for c in s["equipment"]:
                assert c["label"] in text
            for c in s["judgment"]:
                assert c["label"] in text
            hand = box.locator(".cards", has=page.locator(".zone", has_text="hand"))
            if s["hand"] is None:
                assert hand.locator(".card:not(.back)").count() == 0
            else:
                assert hand.locator(".card:not(.back)").count() == len(s["hand"])
        shot(page, who)


def test_the_viewer_fits_a_phone(server: Server, browser: Any,
                                 shot: Callable[..., Path]) -> None:
    game = server.bot_game("identity", 8, "identity", seed=4)
    context = browser.new_context(viewport=PHONE)
    page = context.new_page()
    n = server.hall.game(game).version // 3
    page.goto(f"{server.url}/games/{game}/viewer#{n}")
    at_step(page, n)
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"], f"{width} px wide on a {PHONE['width']} px screen"
    page.click("#next")
    at_step(page, n + 1)
    shot(page, "phone")
    context.close()


def test_the_viewer_shows_each_generals_skills(server: Server, page: Any) -> None:
    # an identity game with generals: each seat's general with its skills, the words of
    # a skill on hover
    game = server.bot_game("identity", 5, "expert", seed=4, options={"generals": True})
    n = server.hall.game(game).version // 2
    page.goto(f"{server.url}/games/{game}/viewer#{n}")
    at_step(page, n)
    state = state_at(server, game, n)
    for s in state["seats"]:
        box = page.locator(f"#table .seat[data-seat='{s['seat']}']")
        general = s["general"]
        assert general["name"] in box.inner_text()
        skills = box.locator(".skill")
        assert skills.count() == len(general["skills"]) > 0
        first = general["skills"][0]
        assert first["name"] in skills.first.inner_text()
        assert skills.first.get_attribute("title") == first["text"]
