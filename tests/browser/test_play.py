"""The play page and the games page in a real browser: a whole Dou Dizhu hand against
bots played by clicking, Sanguosha against bots, the games list and its filters."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tests.browser.conftest import PHONE, Server


def sit_down(page: Any, server: Server, kind: str, policy: str,
             players: int | None = None, options: tuple[str, ...] = ()) -> str:
    """Open the play page, choose the game, the bots and the on/off options to turn on,
    sit down; the game's id."""
    page.goto(f"{server.url}/play")
    page.select_option("#sit-kind", kind)
    if players is not None:
        page.select_option("#sit-players", str(players))
    page.select_option("#sit-policy", policy)
    for name in options:
        page.check(f"#sit-options input[data-option='{name}']")
    page.click("#sit button[type=submit]")
    page.wait_for_function("location.hash.includes('token=')")
    page.wait_for_selector("#play-page[data-version]")
    return str(page.evaluate("new URLSearchParams(location.hash.slice(1)).get('game')"))


def next_decision(page: Any, version: int) -> dict[str, str]:
    """Wait until the page shows a newer game than ``version`` that waits on us, or the
    end; the page's own account of where the game stands."""
    page.wait_for_function(
        f"(d => Number(d.version) > {version} && (d.turn === 'yours' || d.status !== 'live'))"
        "(document.getElementById('play-page').dataset)")
    page.wait_for_selector("#actions button, #play-page[data-status='finished']")
    return dict(page.evaluate("({...document.getElementById('play-page').dataset})"))


def answer(page: Any, rng: random.Random) -> None:
    """Answer the question on the page by clicking: a template's cards until its button
    takes them, else one of the buttons."""
    pool = page.locator("#actions .pool [data-pick]")
    if pool.count():
        fill = page.locator("#actions button[data-fill='cards']").first
        for k in range(pool.count()):
            if fill.is_enabled():
                break
            pool.nth(k).click()
        fill.click()
        return
    buttons = page.locator("#actions button:not([disabled])")
    buttons.nth(rng.randrange(buttons.count())).click()


def test_a_whole_doudizhu_hand_against_bots_by_clicking(server: Server, page: Any,
                                                       shot: Callable[..., Path]) -> None:
    game = sit_down(page, server, "doudizhu", "greedy")
    rng = random.Random(5)
    version, picked_by_hand, turns = 0, False, 0
    while True:
        state = next_decision(page, version)
        version = int(state["version"])
        if state["status"] != "live":
            break
        turns += 1
        assert turns < 60, "the hand did not end"
        if turns == 1:
            shot(page, "first-turn")
        bids = page.locator("#actions button", has_text="Bid")
        hints = page.locator("#actions .hints button")
        if bids.count():  # bidding: some bid, at random
            bids.nth(rng.randrange(bids.count())).click()
        elif hints.count():
            cards = json.loads(hints.first.get_attribute("data-select"))
            if not picked_by_hand:  # once card by card from the hand, then by the hints
                for card in cards:
                    page.click(f"#hand [data-pick='{json.dumps(card)}']")
                picked_by_hand = True
            else:
                hints.first.click()
            assert page.locator("#hand .card.sel").count() == len(cards)
            page.click("#play")
        else:  # nothing beats the last play: pass
            page.click("#actions button:has-text('Pass')")
    assert picked_by_hand and turns >= 2
    # the page says it is over, and the game is over for the API too
    assert page.inner_text("#prompt").startswith("The game is over")
    with server.app.test_client() as client:
        view = client.get(f"/games/{game}").json
    assert view["status"] == "finished"
    # the move list ends with who won, shown once the last moves have appeared
    page.wait_for_function("(m => m.length && !m[m.length - 1].hidden && "
                           "/ wins?\\b/.test(m[m.length - 1].textContent))"
                           "([...document.querySelectorAll('#moves li.move')])")
    # every hand is open now: the table shows the bots' cards too
    assert page.locator("#table .card.back").count() == 0
    shot(page, "over")


def test_sanguosha_against_bots_answers_for_you_only_windows_asked_of_all(
        server: Server, page: Any, shot: Callable[..., Path]) -> None:
    game = sit_down(page, server, "identity", "identity", players=4)
    rng, version, decisions = random.Random(8), 0, 0
    while decisions < 40:
        state = next_decision(page, version)
        version = int(state["version"])
        if state["status"] != "live":
            break
        # a person is asked: the page lists its answers in words, cards by name
        assert page.locator("#actions button").count() >= 1
        assert "{" not in page.inner_text("#actions")
        answer(page, rng)
        decisions += 1
        if decisions >= 8 and page.evaluate("window.paijuAnsweredForYou.length"):
            break
    shot(page, "table")
    answered = page.evaluate("window.paijuAnsweredForYou")
    assert answered, "no window was answered for the person"
    # each was a decline of a Nullification or Peach window that asks every seat, and it
    # is recorded as the next event, the seat hidden from the others while live
    events = {e["version"]: e for e in server.hall.events_view(game, "referee")[1]}
    for a in answered:
        e = events[a["version"] + 1]
        assert a["action"] == {"type": "decline"}
        assert e["type"] == "Declined" and e["data"]["seat"] == 0, e
        assert e["data"]["ask"] in ("nullify", "peach"), e
    spectator = server.hall.events_view(game, "spectator")[1]
    assert all(spectator[a["version"]]["data"]["seat"] is None for a in answered)


def test_identity_with_generals_chosen_from_named_offers_and_played_by_clicking(
        server: Server, page: Any) -> None:
    game = sit_down(page, server, "identity", "expert", players=5, options=("generals",))
    assert server.hall.game(game).options["generals"] is True
    rng, version, decisions = random.Random(4), 0, 0
    while decisions < 60:
        state = next_decision(page, version)
        version = int(state["version"])
        if state["status"] != "live":
            break
        text = page.inner_text("#actions")
        if "Choose General" in text:
            # the offer in words: each general with kingdom, HP and its skills
            assert " HP: " in text and "{" not in text
        answer(page, rng)
        decisions += 1
    events = server.hall.events_view(game, "referee")[1]
    kinds = {e["type"] for e in events}
    assert "GeneralChosen" in kinds and "GeneralsShown" in kinds
    assert decisions >= 10


def test_the_games_page_lists_and_filters(server: Server, page: Any,
                                          shot: Callable[..., Path]) -> None:
    killer = server.bot_game("killer", 8, "informed", seed=21)
    server.bot_game("doudizhu", 3, "random", seed=21)
    page.goto(f"{server.url}/")
    page.wait_for_selector("#games tbody tr")
    shot(page, "all")
    # the newest first, with a result once finished
    page.select_option("#kind", "killer")
    page.wait_for_function("[...document.querySelectorAll('#games tbody tr')].every("
                           "r => r.children[1].textContent.startsWith('Killer'))")
    row = page.locator(f"#games tr[data-game='{killer}']")
    assert "won" in row.inner_text() or "Tie" in row.inner_text()
    assert "kind=killer" in page.url  # a filtered list can be shared
    page.select_option("#status", "live")
    page.wait_for_function(f"!document.querySelector(\"tr[data-game='{killer}']\")")
    page.select_option("#status", "finished")
    page.wait_for_selector(f"tr[data-game='{killer}']")
    row.locator("a").click()
    page.wait_for_selector("#table[data-step='1']")
    assert page.url.endswith(f"/games/{killer}/viewer#1")


@pytest.mark.parametrize("path", ["/", "/play"])
def test_the_pages_fit_a_phone(path: str, server: Server, browser: Any,
                               shot: Callable[..., Path]) -> None:
    server.bot_game("doudizhu", 3, "greedy", seed=2)
    context = browser.new_context(viewport=PHONE)
    page = context.new_page()
    page.goto(server.url + path)
    page.wait_for_load_state("networkidle")
    if path == "/play":
        page.click("#sit button[type=submit]")
        page.wait_for_selector("#play-page[data-version]")
        page.wait_for_load_state("networkidle")
    shot(page, "phone")
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"], f"{path} is {width} px wide on a phone"
    context.close()


@pytest.mark.slow
def test_a_whole_sanguosha_game_against_bots_by_clicking(server: Server, page: Any,
                                                        shot: Callable[..., Path]) -> None:
    """Minutes long: every question a person meets, answered by a click (some at random),
    until the game ends."""
    game = sit_down(page, server, "identity", "identity", players=4)
    rng, version = random.Random(3), 0
    for _ in range(3000):
        state = next_decision(page, version)
        version = int(state["version"])
        if state["status"] != "live":
            break
        answer(page, rng)
    assert page.get_attribute("#play-page", "data-status") == "finished"
    shot(page, "over")
    with server.app.test_client() as client:
        assert client.get(f"/games/{game}/audit").status_code == 200
