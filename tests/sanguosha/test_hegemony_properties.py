"""Kingdom Wars properties over random bot games, 4-10 players, with the generals' skills
(rules 4; hidden generals' skills offered, using one shows it): every game ends, the 108
cards are accounted for, replay equals live state, no view or redacted event shows a
hidden general, or a skill only a hidden general has, to anyone but its owner.
``-m slow`` runs many more games."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from eventsourcing.application import Application
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from domain.game import REFEREE, SPECTATOR
from domain.sanguosha.bots import HEGEMONY_POLICIES
from domain.sanguosha.cards import DECK_SIZE
from domain.sanguosha.hegemony import HegemonyGame, role_of
from domain.sanguosha.skill import KW_SKILLS, SKILLS
from domain.sanguosha.zones import locate

MAX_STEPS = 20_000


def step(game: HegemonyGame, policy: str, rng: random.Random) -> None:
    """One decision of the first seat waited on (several choose generals at once)."""
    seat = game.to_act()[0]
    assert game.legal_actions(seat), f"seat {seat} waited on with nothing to do ({game.ask})"
    game.act(seat, HEGEMONY_POLICIES[policy](game, seat, rng), rng)


def play(seed: int, n: int, policy: str = "random", check_every: int = 1,
         options: dict[str, Any] | None = None) -> HegemonyGame:
    rng = random.Random(seed)
    game = HegemonyGame.new([f"p{i}" for i in range(n)], options, rng=rng)
    steps = 0
    while game.outcome is None:
        step(game, policy, rng)
        steps += 1
        assert steps < MAX_STEPS, "the game did not end"
        if steps % check_every == 0:
            assert len(locate(game)) == DECK_SIZE
    assert len(locate(game)) == DECK_SIZE
    return game


def assert_ended_well(game: HegemonyGame) -> None:
    outcome = game.outcome
    assert outcome is not None and outcome["reason"] != "turn_cap"
    n = game.n
    # every general is shown at the end and every seat has a side
    assert all(all(s) for s in game.shown) and None not in game.side
    roles = [row["role"] for row in outcome["seats"]]
    assert roles == [role_of(s) for s in game.side]  # type: ignore[arg-type]
    side = outcome["side"]
    assert outcome["winners"] == [s for s in range(n) if game.side[s] == side]
    assert all(game.side[s] == side for s in range(n) if game.alive[s])
    assert [row["won"] for row in outcome["seats"]] == [s in outcome["winners"]
                                                       for s in range(n)]


def secrets(game: HegemonyGame, viewer: Any) -> set[str]:
    """Generals the viewer may not know: other seats' candidates, neither shown nor ever
    among the viewer's own (a redeal may pass a returned general to another seat), nor
    ever shown, nor looked at with Known Both."""
    known = {g for s in range(game.n) for i, g in enumerate(game.generals[s])
             if game.shown[s][i]}
    out: set[str] = set()
    for e in game.pending_events:
        if type(e).__name__ == "CandidatesDealt":
            for s, c in enumerate(e.candidates):
                (known if s == viewer else out).update(c)
        elif type(e).__name__ == "CandidatesRedealt":
            (known if e.seat == viewer else out).update(e.returned + e.candidates)
        elif type(e).__name__ == "GeneralsShown":
            known.update(e.generals)  # public once shown, even if hidden again (Qingcheng)
        elif (type(e).__name__ == "KnownBothSeen" and e.seat == viewer
              and e.choice != "hand"):
            known.update(e.seen)  # Known Both showed the viewer this general
    return out - known


def secret_skills(game: HegemonyGame, viewer: Any) -> set[str]:
    """Skills only the viewer's secret generals have (none of a general it may know)."""
    hidden = secrets(game, viewer)
    known = {sid for g in KW_SKILLS if g not in hidden for sid in KW_SKILLS[g]}
    return {sid for g in hidden for sid in KW_SKILLS.get(g, ())} - known


def assert_no_leak(game: HegemonyGame) -> None:
    events = list(game.pending_events)
    for viewer in [*range(game.n), SPECTATOR]:
        hidden = secrets(game, viewer)
        text = json.dumps(game.view(viewer), ensure_ascii=False)
        text += json.dumps([game.event_view(e, viewer)["data"] for e in events],
                           ensure_ascii=False)
        leaked = [g for g in hidden | secret_skills(game, viewer) if f'"{g}"' in text]
        assert not leaked, f"{viewer} sees hidden {leaked}"
        for row in game.view(viewer)["seats"]:
            s = row["seat"]
            if s != viewer and game.side[s] is None:
                assert row["kingdom"] is None and row["gender"] is None
                assert "candidates" not in row


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), n=st.integers(4, 10))
def test_random_games_end_with_cards_accounted_and_a_right_winner(seed: int, n: int) -> None:
    assert_ended_well(play(seed, n, check_every=7))


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), n=st.integers(4, 10),
       policy=st.sampled_from(["random", "kingdom"]))
def test_replay_equals_live(seed: int, n: int, policy: str) -> None:
    game = play(seed, n, policy, check_every=50)
    app = Application(env={"PERSISTENCE_MODULE": "eventsourcing.popo"})
    app.save(game)
    assert app.repository.get(game.id).view(REFEREE) == game.view(REFEREE)


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), n=st.integers(4, 10), steps=st.integers(0, 250))
def test_no_view_or_event_shows_a_hidden_general(seed: int, n: int, steps: int) -> None:
    rng = random.Random(seed)
    assert KW_SKILLS, "the generals have skills to keep secret"
    game = HegemonyGame.new([f"p{i}" for i in range(n)], rng=rng)
    for _ in range(steps):
        if game.outcome is not None:
            break
        step(game, "random", rng)
    if game.outcome is None:
        assert_no_leak(game)


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), n=st.integers(4, 10))
def test_kingdom_bots_finish(seed: int, n: int) -> None:
    assert_ended_well(play(seed, n, "kingdom", check_every=25))


def test_games_without_skills_still_end_well() -> None:
    game = play(11, 6, options={"skills": False}, check_every=50)
    assert_ended_well(game)
    # (a Kingdom Wars deck table takes the skill engine's paths, with no general's skill)
    assert not any(game.skills) and not any(
        type(e).__name__ == "SkillUsed" and not SKILLS[e.skill].equipment
        for e in game.pending_events)


def test_random_games_use_hidden_generals_skills() -> None:
    """Seats do show generals by using their skills (reason ``skill``)."""
    reasons = {e.reason for seed in range(6) for e in play(seed, 6, check_every=100)
               .pending_events if type(e).__name__ == "GeneralsShown"}
    assert "skill" in reasons


@pytest.mark.parametrize("k", [5, 7])
def test_more_candidates_options(k: int) -> None:
    game = play(k, 6 if k == 5 else 8, options={"candidates": k}, check_every=50)
    dealt = next(e for e in game.pending_events if type(e).__name__ == "CandidatesDealt")
    assert all(len(c) == k for c in dealt.candidates)
    assert_ended_well(game)


def test_events_are_plain_json() -> None:
    game = play(3, 8, check_every=100)
    for e in game.pending_events:
        data = {k: v for k, v in vars(e).items()
                if k not in ("originator_id", "timestamp", "originator_version")}
        assert json.loads(json.dumps(data)) == data, type(e).__name__


@pytest.mark.slow
@pytest.mark.parametrize("n", range(4, 11))
def test_hundreds_of_games_per_table_size(n: int) -> None:
    app = Application(env={"PERSISTENCE_MODULE": "eventsourcing.popo"})
    for seed in range(300):
        game = play(seed * 13 + n, n, "kingdom" if seed % 2 else "random", check_every=13)
        assert_ended_well(game)
        if seed % 10 == 0:
            app.save(game)
            assert app.repository.get(game.id).view(REFEREE) == game.view(REFEREE)
