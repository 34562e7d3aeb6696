"""The skill engine itself: skills reach the table only with generals under rules 3, a
timing point asks its owner, conversions and modifiers show in the legal actions, and a
declined or used skill is an event like any other."""

from __future__ import annotations

from domain.sanguosha.cards import CARDS, EQUIPMENT, KILL, NAME, RED
from domain.sanguosha.skill import (
    EQUIPMENT_POINTS,
    EQUIPMENT_SKILLS,
    GENERAL_SKILLS,
    KW_SKILLS,
    SKILLS,
    Kind,
)
from tests.sanguosha.rig import act, card, kinds, refuse, table

# seat 0 is the lord (Cao Cao), 1 a rebel, 2 a loyalist, 3 the renegade
CAST = ["caocao", "guanyu", "zhangfei", "zhugeliang"]


def test_the_registry_holds_every_skill_of_the_25_generals() -> None:
    assert len(GENERAL_SKILLS) == 25
    assert sum(len(s) for s in GENERAL_SKILLS.values()) == 40
    # every other skill is a Kingdom Wars general's, equipment's, or a shared frame's
    identity = {sid for ss in GENERAL_SKILLS.values() for sid in ss}
    kingdom_wars = {sid for ss in KW_SKILLS.values() for sid in ss}
    equipment = {sk.id for sk in EQUIPMENT_SKILLS.values()}
    assert len(identity) == 40
    assert set(SKILLS) == identity | kingdom_wars | equipment | {"pindian"}
    lords = {g for g, ss in GENERAL_SKILLS.items() if any(SKILLS[s].lord for s in ss)}
    assert lords == {"caocao", "liubei", "sunquan"}


def test_generals_bring_their_skills_and_the_lord_alone_its_lord_skill() -> None:
    game = table(generals=["caocao", "liubei", "sunquan", "lvbu"])
    assert game.skills[0] == ("jianxiong", "hujia")
    assert game.skills[1] == ("rende",) and game.skills[2] == ("zhiheng",)
    assert game.skills[3] == ("wushuang",) and game.skilled


def test_a_game_stored_under_rules_2_keeps_its_generals_without_skills() -> None:
    game = table(generals=CAST, rules=2)
    assert game.generals == CAST and not game.skilled
    assert all(s == () for s in game.skills)


def test_a_conversion_is_offered_and_used_as_the_card_it_becomes() -> None:
    # given: Guan Yu (seat 1, a rebel) holds a red Dodge, and it is his play phase
    red_dodge = card(("dodge", "H", 2))
    game = table(hands={1: [red_dodge]}, generals=CAST)
    _to_play(game, 1)
    uses = [a for a in game.legal_actions(1) if a.get("card") == red_dodge]
    # then: the Dodge is offered as a Kill through Wusheng, on the seats in range
    assert uses and all(a["as"] == KILL and a["skill"] == "wusheng" for a in uses)
    events = act(game, 1, type="use", card=red_dodge, skill="wusheng", targets=[0])
    # the skill is named first, then the card is used as what it became
    assert kinds(events)[:2] == ["SkillUsed", "CardUsed"]
    assert events[0][1]["skill"] == "wusheng" and events[0][1]["choice"] == KILL
    assert events[1][1]["name"] == KILL and events[1][1]["cards"] == [red_dodge]
    assert RED[red_dodge] and NAME[red_dodge] == "dodge"


def test_a_conversion_cannot_be_named_as_another_card() -> None:
    from domain.sanguosha.actions import IllegalAction

    red_dodge = card(("dodge", "H", 2))
    game = table(hands={1: [red_dodge]}, generals=CAST)
    _to_play(game, 1)
    refuse(game, 1, IllegalAction, type="use", card=red_dodge, skill="wusheng", **{
        "as": "dodge"}, targets=[0])


def test_a_timing_point_asks_its_owner_and_a_declined_skill_is_recorded() -> None:
    # given: Cao Cao (lord, seat 0) is hit by a Kill from Guan Yu
    kill = card(("kill", "S", 7))
    game = table(hands={1: [kill]}, generals=CAST)
    _to_play(game, 1)
    act(game, 1, type="use", card=kill, targets=[0])
    act(game, 0, type="decline")  # takes the hit
    # then: Jianxiong asks Cao Cao whether to take the Kill
    assert game.ask == "skill" and game.to_act() == [0]
    assert game.view(0)["pending"]["skill"] == "jianxiong"
    events = act(game, 0, type="skill", skill="jianxiong")
    assert kinds(events)[:2] == ["SkillUsed", "CardsGained"]
    assert kill in game.hands[0]


def test_compulsory_modifiers_bend_the_rules_where_they_are_computed() -> None:
    # Zhang Fei (seat 2) may use a second Kill; Zhuge Liang (seat 3) with no hand cards
    # cannot be chosen for a Kill
    from domain.sanguosha.plays import legal_uses

    game = table(hands={2: ["kill", "kill"]}, generals=CAST)
    _to_play(game, 2)
    game.kills = 1  # a Kill already used this phase
    game.hands[3].clear()  # Zhuge Liang's hand is empty (state set by hand: no event)
    kills = [a for a in legal_uses(game, 2) if "card" in a and NAME[a["card"]] == KILL]
    assert kills and all(3 not in a["targets"] for a in kills)
    assert {t for a in kills for t in a["targets"]} == {1}


def test_every_skill_has_a_kind_and_words() -> None:
    for s in SKILLS.values():
        assert isinstance(s.kind, Kind) and s.text and s.zh


def _to_play(game, seat: int) -> None:  # type: ignore[no-untyped-def]
    from tests.sanguosha.rig import pass_to

    if game.current == seat and game.ask == "play":
        return
    while game.ask == "skill":
        act(game, game.to_act()[0], type="decline")
    if game.current == seat and game.ask == "play":
        return
    pass_to(game, seat)


def test_every_weapon_and_armor_brings_a_skill_and_horses_none() -> None:
    kinds = {c.name for c in CARDS if c.kind == EQUIPMENT}  # both decks
    horses = {n for n in kinds if n.endswith("horse")}
    assert set(EQUIPMENT_SKILLS) == kinds - horses
    assert all(s.equipment for s in EQUIPMENT_SKILLS.values())


def test_a_table_without_skills_plays_rules_3_exactly_as_rules_2() -> None:
    # the same seeds under both versions: the same events but the recorded version
    import random

    from domain import registry
    from domain.simulate import play_out

    spec = registry.spec("identity")

    def events(rules: int, seed: int) -> list[tuple[str, dict[str, object]]]:
        rng = random.Random(seed)
        game = spec.game.new([f"p{i}" for i in range(6)], {"generals": False},
                             agents=["identity"] * 6,
                             rng=rng, rules=rules)
        play_out(game, [spec.policies["identity"]] * 6, rng)
        out = []
        for e in game.pending_events:
            data = {k: v for k, v in vars(e).items()
                    if k not in ("originator_id", "timestamp", "salt", "prev", "rules")}
            out.append((type(e).__name__, data))
        return out

    for seed in range(3):
        assert events(2, seed) == events(3, seed)


def test_every_timing_point_asks_the_owners_of_a_skill_on_it(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    # given: a test skill on each point, held by every seat (registered for this test
    # only); bots that always say yes; then a game to its end
    import random

    from domain.sanguosha import skill as registry
    from domain.sanguosha.bots import random_policy
    from domain.sanguosha.skill import Point, Skill

    seen: dict[str, set[int]] = {p.value: set() for p in Point}

    def noted(point: Point) -> Skill:
        def can(game, seat, f):  # type: ignore[no-untyped-def]
            seen[point.value].add(seat)
            return False  # noted, never used: the game plays on as without it
        return Skill(f"probe_{point.value}", "Probe", "探", Kind.TRIGGERED, point=point,
                     text="test", can=can)

    probes = [noted(p) for p in Point if p not in EQUIPMENT_POINTS]
    for p in probes:
        monkeypatch.setitem(registry.SKILLS, p.id, p)
    for seed in (3, 4, 5, 6):  # games until every point came (a heal may not in one)
        game = table(n=5, generals=["caocao", "guanyu", "zhangfei", "zhugeliang", "lvbu"])
        game.set_skills([tuple(p.id for p in probes)] * 5)
        rng = random.Random(seed)
        while game.outcome is None:
            seat = game.to_act()[0]
            game.act(seat, random_policy(game, seat, rng), rng)
        if all(seats for p, seats in seen.items()
               if p not in EQUIPMENT_POINTS | {"responded", "cancel"}):
            break
    # then: each point reached some owner (the equipment's points are the weapons' own)
    # (the rig deals the cards that answer windows last, so these games play no Dodge:
    # ``responded`` is told by Leiji's stories, test_kw_skills_qun.py; ``cancel``, a
    # hidden Kingdom Wars general's show for a target cancel, by
    # test_kw_hidden_cancel_show.py)
    missing = [p for p, seats in seen.items() if not seats
               and p not in EQUIPMENT_POINTS | {"responded", "cancel"}]
    assert not missing, missing


def test_the_role_bots_lord_keeps_a_general_with_a_lord_skill() -> None:
    import random

    from domain import registry
    from domain.simulate import play_out

    spec = registry.spec("identity")
    for policy in ("identity", "expert"):
        for seed in range(3):
            rng = random.Random(seed)
            game = spec.create([f"p{i}" for i in range(5)], {"generals": True},
                               agents=[policy] * 5, rng=rng)
            play_out(game, [spec.policies[policy]] * 5, rng)
            assert game.generals[game.lord] in ("caocao", "liubei", "sunquan")
            assert any(SKILLS[s].lord for s in game.skills[game.lord])


def test_a_conversion_refused_says_why() -> None:
    import pytest

    from domain.sanguosha.actions import CannotUseNow, NotAChoice

    black, red = card(("kill", "S", 7)), card(("dodge", "H", 2))
    game = table(hands={1: [black, red]}, generals=CAST)
    _to_play(game, 1)
    with pytest.raises(CannotUseNow, match="wusheng cannot make card"):
        game.act(1, {"type": "use", "card": black, "skill": "wusheng", "targets": [0]})
    with pytest.raises(NotAChoice, match="no skill 'longdan'"):
        game.act(1, {"type": "use", "card": red, "skill": "longdan", "targets": [0]})
    refuse(game, 1, NotAChoice, type="use", card=red, skill="longdan", targets=[0])


def test_a_skill_before_damage_can_change_it(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    # given: a test skill on "about to take damage" that softens it by one (registered for
    # this test only), held by Cao Cao (seat 0); Guan Yu's Kill hits him
    from domain.sanguosha import skill as registry
    from domain.sanguosha.frames import Damage
    from domain.sanguosha.skill import Point, Skill

    def soften(game, seat, skill, cards, targets, choice):  # type: ignore[no-untyped-def]
        game._frame(Damage).amount -= 1

    probe = Skill("probe_soften", "Soften", "减", Kind.TRIGGERED,
                  point=Point.DAMAGE_INFLICTED, text="test", used=soften)
    monkeypatch.setitem(registry.SKILLS, probe.id, probe)
    kill = card(("kill", "S", 7))
    game = table(hands={1: [kill]}, generals=CAST)
    game.set_skills([("probe_soften",), (), (), ()])
    _to_play(game, 1)
    act(game, 1, type="use", card=kill, targets=[0])
    act(game, 0, type="decline")  # no Dodge
    # then: before the damage, its victim is asked; saying yes leaves no damage at all
    assert game.ask == "skill" and game.view(0)["pending"]["skill"] == "probe_soften"
    assert game.view(0)["pending"]["context"] == {"victim": 0, "source": 1, "amount": 1,
                                                  "reason": "kill"}
    hp = game.hp[0]
    events = act(game, 0, type="skill", skill="probe_soften")
    assert "Damaged" not in kinds(events) and game.hp[0] == hp
    assert game.current == 1 and game.ask == "play"
