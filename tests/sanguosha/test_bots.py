"""Bot policies: legal choices, always finishing, and identity play."""

from __future__ import annotations

import random

from domain.sanguosha.actions import match
from domain.sanguosha.bots import HEGEMONY_POLICIES, IDENTITY_POLICIES, relation
from domain.sanguosha.identity import IdentityGame
from domain.sanguosha.seen import Seen
from domain.simulate import play_out
from tests.sanguosha.rig import act, card, table


def test_policies_are_registered() -> None:
    assert set(IDENTITY_POLICIES) == {"random", "identity", "expert"}
    assert set(HEGEMONY_POLICIES) == {"random", "kingdom"}


def test_every_bot_action_is_legal() -> None:
    rng = random.Random(5)
    for policy in ("random", "identity"):
        game = IdentityGame.new([f"p{i}" for i in range(6)], rng=rng)
        for _ in range(400):
            if game.outcome is not None:
                break
            seat = game.to_act()[0]  # (with generals, the seats but the lord choose at once)
            action = IDENTITY_POLICIES[policy](game, seat, rng)
            assert match(action, game.legal_actions(seat)) is not None
            game.act(seat, action, rng)


def test_simulate_plays_mixed_tables_to_the_end() -> None:
    rng = random.Random(9)
    for n in range(4, 11):
        agents = ["identity" if s % 2 else "random" for s in range(n)]
        game = IdentityGame.new([f"p{i}" for i in range(n)], agents=agents, rng=rng)
        play_out(game, [IDENTITY_POLICIES[a] for a in agents], rng)
        assert game.outcome is not None


def test_rebels_attack_the_lord_and_loyalists_guard_it() -> None:
    # given: the lord attacked nobody; the rebel (seat 1) attacks the lord
    game = table({1: ["kill"]})
    act(game, 0, type="end_play")
    act(game, 0, type="discard", cards=game.hands[0][:2])
    rng = random.Random(0)
    # then: the rebel bot sees the lord as its enemy and kills it
    assert relation(Seen.of(game, 1), 0) == -1
    kill_targets = []
    while game.current == 1 and game.to_act() == [1] and game.ask == "play":
        action = IDENTITY_POLICIES["identity"](game, 1, rng)
        if action.get("card") == card("kill"):
            kill_targets = action["targets"]
        game.act(1, action, rng)
        if game.ask == "dodge":
            break
    assert kill_targets == [0]
    # then: the loyalist now counts the rebel as an enemy, the lord as a friend
    assert relation(Seen.of(game, 2), 1) == -1 and relation(Seen.of(game, 2), 0) == 1


def test_a_guose_diamond_in_a_friends_judgment_area_counts_as_a_delayed_trick() -> None:
    # given: Da Qiao (seat 1, a rebel) puts a diamond Dodge on the lord as Indulgence
    from domain.sanguosha.expert import _play_score
    from tests.sanguosha.skill_steps import play_phase, until

    diamond, hammer = card(("dodge", "D", 3)), card("dismantlement")
    game = table({1: [diamond], 2: [hammer]}, generals=["liubei", "daqiao", "sunquan", "lvbu"])
    until(game, play_phase(1))
    act(game, 1, type="use", card=diamond, skill="guose", targets=[0])
    assert game.judging[0] == [diamond]
    # when: the loyalist (seat 2) weighs its Dismantlement on the lord
    until(game, play_phase(2))
    seen = Seen.of(game, 2)
    score = _play_score(seen, {"type": "use", "card": hammer, "targets": [0]})
    # then: clearing the lord's Indulgence is worth it (a Dodge by its face, a trick by use)
    assert score == 7.0
