"""Forged skills in Kingdom Wars games: the referee names each by event and rule.

Tables of generals the referee judges (``hegemony_skilled``) are played to the end by
bots; one stored fact is then changed as a forger with write access would. The referee
judges the facts alone and must name the change at its event (the first violation names that event).
"""

from __future__ import annotations

import copy
from collections.abc import Callable

from domain.audit import Fact
from domain.referee.hegemony_generals import SKILLS
from tests.referee.forging import first_forged, named
from tests.referee.hegemony_skilled import lawful_judged_facts

SEEDS = range(60)


game_facts = lawful_judged_facts


def forged(pick: Callable[[list[Fact], int], bool],
           change: Callable[[Fact], None]) -> tuple[list[Fact], int]:
    """The first of this file's games with a fact ``pick`` accepts, that fact changed."""
    return first_forged((game_facts(seed) for seed in SEEDS), pick, change)


def used(skill: str) -> Callable[[list[Fact], int], bool]:
    return lambda fs, i: fs[i].type == "SkillUsed" and fs[i].data["skill"] == skill


def of(kind: str, **fields: object) -> Callable[[list[Fact], int], bool]:
    return lambda fs, i: fs[i].type == kind and all(
        fs[i].data.get(k) == v for k, v in fields.items())


def own_show(fs: list[Fact], i: int) -> bool:
    """A show for a skill of the general it shows (not one shown along for another's
    skill: a Zhang Fei shown as Zhao Yun's Longdan makes a Kill)."""
    d = fs[i].data
    return fs[i].type == "GeneralsShown" and d["reason"] == "skill" and any(
        (d.get("then") or {}).get("skill") in SKILLS.get(g, ()) for g in d["generals"])


# --- the showing frame -------------------------------------------------------------------
def test_a_skill_of_neither_general() -> None:
    # given a game: a seat's Kurou is recorded as Tuxi (or the reverse), a skill of
    # neither of its generals
    def other_seat(f: Fact) -> None:
        f.data["skill"] = "tuxi" if f.data["skill"] != "tuxi" else "kurou"

    facts, v = forged(lambda fs, i: used("kurou")(fs, i) and not any(
        f.type == "GeneralsChosen" and f.data["seat"] == fs[i].data["seat"]
        and "zhangliao" in (f.data["head"], f.data["deputy"]) for f in fs), other_seat)
    # then the referee names the skill the seat does not have
    assert "neither of its generals" in named(facts, v, "skill")


def test_a_hidden_generals_skill_used_without_showing_it() -> None:
    # given a show to use a skill, the forger drops it: the skill is used with its
    # general still hidden
    def pick(fs: list[Fact], i: int) -> bool:
        return (own_show(fs, i) and fs[i + 1].type == "SkillUsed")

    facts, v = forged(pick, lambda f: None)
    i = next(k for k, f in enumerate(facts) if f.version == v)
    del facts[i]  # the forger removes the show
    assert "hidden general" in named(facts, v + 1, "show")


def test_a_show_for_a_skill_the_general_lacks() -> None:
    def other_skill(f: Fact) -> None:
        f.data["then"] = dict(f.data["then"], skill="zhiheng_kw"
                              if f.data["then"]["skill"] != "zhiheng_kw" else "kurou")

    facts, v = forged(own_show, other_skill)
    assert "a skill of none of them" in named(facts, v, "show")


def renumbered(facts: list[Fact]) -> list[Fact]:
    return [Fact(k + 1, f.type, f.data) for k, f in enumerate(facts)]


def chosen(facts: list[Fact]) -> dict[int, set[str]]:
    return {f.data["seat"]: {f.data["head"], f.data["deputy"]} for f in facts
            if f.type == "GeneralsChosen"}


#: generals whose skills are all active ones: their seat is never asked about a skill
#: (Zhou Tai is asked about Buqu from rules 5)
UNASKED = {"sunquan", "huanggai", "dianwei", "taishici", "dingfeng", "luxun"}


def retrial_ask(facts: list[Fact], k: int) -> bool:
    """A decline asked on a judgment card in the open (a retrial: any seat's), or the
    seat on turn's own (its start-of-turn show is owed after it)."""
    on_turn = next((f.data["seat"] for f in reversed(facts[:k]) if f.type == "TurnStarted"),
                   None)
    if facts[k].data["seat"] == on_turn:
        return True
    while k > 0 and facts[k - 1].type in ("Declined", "SkillUsed", "GeneralsShown"):
        k -= 1
    return k > 0 and facts[k - 1].type == "Judged"


def test_a_decline_by_a_seat_without_a_triggered_skill() -> None:
    # given a game with a seat of active skills only, and a skill's ask declined
    for seed in SEEDS:
        facts = copy.deepcopy(game_facts(seed))
        quiet = [s for s, g in chosen(facts).items() if g <= UNASKED]
        i = next((k for k, f in enumerate(facts) if f.type == "Declined"
                  and f.data["ask"] == "skill" and not retrial_ask(facts, k)), None)
        if quiet and i is not None:
            break
    else:
        raise AssertionError("no game has such a seat")
    # when the decline is recorded as that seat's
    facts[i].data["seat"] = quiet[0]
    # then the referee names it: nobody asks that seat about a skill
    assert "has a skill it is asked about" in named(facts, facts[i].version, "skill")


# --- Wei -----------------------------------------------------------------------------------
def test_tuxi_takes_from_a_seat_not_named() -> None:
    def pick(fs: list[Fact], i: int) -> bool:
        return of("CardTaken", reason="tuxi")(fs, i)

    def elsewhere(f: Fact) -> None:
        f.data["source"] = f.data["seat"]

    facts, v = forged(pick, elsewhere)
    named(facts, v, "card-effect")


def test_luoyi_draws_the_full_two() -> None:
    def pick(fs: list[Fact], i: int) -> bool:
        return (of("CardsDrawn", reason="draw_phase")(fs, i)
                and fs[i - 1].type == "SkillUsed" and fs[i - 1].data["skill"] == "luoyi")

    def two(f: Fact) -> None:
        f.data["cards"] = f.data["cards"] + [f.data["cards"][0]]

    facts, v = forged(pick, two)
    assert "not 1" in named(facts, v, "draw-count")


def test_a_kill_hitting_for_two_without_luoyi() -> None:
    facts, v = forged(of("Damaged", reason="kill", amount=1),
                      lambda f: f.data.update(amount=2))
    named(facts, v, "damage")


def test_qiangxi_twice_in_a_play_phase() -> None:
    def pick(fs: list[Fact], i: int) -> bool:
        return used("qiangxi")(fs, i)

    facts, v = forged(pick, lambda f: None)
    i = next(k for k, f in enumerate(facts) if f.version == v)
    # the forger records the same use again right after its effect
    j = next(k for k in range(i + 1, len(facts)) if facts[k].type == "Damaged")
    again = [Fact(facts[i].version, f.type, copy.deepcopy(f.data)) for f in facts[i:j + 1]]
    rest = facts[j + 1:]
    facts = renumbered(facts[:j + 1] + again + rest)
    named(facts, j + 2, "skill-limit")


def test_jianxiong_takes_a_card_that_did_not_hurt() -> None:
    def other_card(f: Fact) -> None:
        f.data["cards"] = [(f.data["cards"][0] + 1) % 108]

    facts, v = forged(of("CardsGained", reason="jianxiong"), other_card)
    named(facts, v, "jianxiong")


# --- Wu --------------------------------------------------------------------------------------
def test_zhiheng_draws_one_more_than_it_discarded() -> None:
    def more(f: Fact) -> None:
        f.data["cards"] = f.data["cards"] + [f.data["cards"][0]]

    facts, v = forged(of("CardsDrawn", reason="zhiheng_kw"), more)
    named(facts, v, "draw-count")


def test_kurou_costs_two_hp() -> None:
    facts, v = forged(of("HpLost", reason="kurou"), lambda f: f.data.update(amount=2))
    assert "no skill in use calls for" in named(facts, v, "hp-lost")


def test_keji_after_a_kill() -> None:
    # given a turn of Lü Meng's seat whose play phase used a Kill
    for seed in SEEDS:
        facts = copy.deepcopy(game_facts(seed))
        meng = [s for s, g in chosen(facts).items() if "lvmeng" in g]
        start = None
        for k, f in enumerate(facts):
            if f.type == "TurnStarted":
                start = f.data["seat"], False
            elif f.type == "CardUsed" and start and f.data["name"] == "kill" and \
                    f.data["seat"] == start[0] and start[0] in meng:
                start = start[0], True
            elif f.type == "PhaseChanged" and f.data["phase"] == "discard" and start and \
                    start[1] and not f.data.get("skipped"):
                i = k
                break
        else:
            continue
        break
    else:
        raise AssertionError("no game has such a turn")
    s = facts[i].data["seat"]
    # when Keji is recorded at its discard phase all the same
    facts.insert(i + 1, Fact(0, "SkillUsed", {"seat": s, "skill": "keji", "cards": [],
                                              "targets": [], "choice": None}))
    facts = renumbered(facts)
    # then the referee names it: a Kill was used this play phase
    assert "no Keji" in named(facts, i + 2, "keji")


# --- conversions, Shu ----------------------------------------------------------------------
def test_qixi_makes_a_kill() -> None:
    # given Qixi's black card used as Dismantlement: the record says it was a Kill
    def pick(fs: list[Fact], i: int) -> bool:
        return (fs[i].type == "CardUsed" and fs[i - 1].type == "SkillUsed"
                and fs[i - 1].data["skill"] == "qixi")

    facts, v = forged(pick, lambda f: f.data.update(name="kill"))
    assert "qixi" in named(facts, v, "conversion")


def test_wusheng_plays_a_black_card() -> None:
    # given a card Wusheng makes a Kill: the record names a black card of the same seat
    def pick(fs: list[Fact], i: int) -> bool:
        return used("wusheng")(fs, i) and fs[i + 1].type in ("CardUsed", "Responded")

    facts, v = forged(pick, lambda f: None)
    i = next(k for k, f in enumerate(facts) if f.version == v)
    from domain.sanguosha.cards import RED

    black = next(c for c in range(108) if not RED[c])
    facts[i].data["cards"] = [black]
    facts[i + 1].data["cards"] = [black]
    assert "wusheng" in named(facts, v + 1, "conversion")


def test_jizhi_after_a_basic_card() -> None:
    # given Huang Yueying's seat using a Kill: Jizhi is recorded after it
    for seed in SEEDS:
        facts = copy.deepcopy(game_facts(seed))
        hers = [s for s, g in chosen(facts).items() if "huangyueying" in g]
        i = next((k for k, f in enumerate(facts) if f.type == "CardUsed"
                  and f.data["name"] == "kill" and f.data["seat"] in hers), None)
        if i is not None:
            break
    else:
        raise AssertionError("no game has such a Kill")
    s = facts[i].data["seat"]
    facts.insert(i + 1, Fact(0, "SkillUsed", {"seat": s, "skill": "jizhi", "cards": [],
                                              "targets": [], "choice": None}))
    facts = renumbered(facts)
    named(facts, i + 2, "jizhi")


# --- Fanjian -----------------------------------------------------------------------------------
def test_fanjian_damage_when_the_suit_was_named_right() -> None:
    # given a Fanjian that dealt damage: the suit named is rewritten to the card's own
    from domain.sanguosha.cards import SUIT

    def pick(fs: list[Fact], i: int) -> bool:
        return (fs[i].type == "SuitNamed" and fs[i + 1].type == "CardTaken"
                and fs[i + 2].type == "Damaged" and fs[i + 2].data["reason"] == "fanjian")

    facts, v = forged(pick, lambda f: None)
    i = next(k for k, f in enumerate(facts) if f.version == v)
    facts[i].data["suit"] = SUIT[facts[i + 1].data["card"]]
    # then the damage is named: no rule deals it
    named(facts, v + 2, "damage")


# --- Ma Chao, Liu Bei, Hua Tuo, Diao Chan, Pang De ------------------------------------------
def test_tieqi_judgment_read_wrong() -> None:
    facts, v = forged(of("Judged", reason="tieqi"),
                      lambda f: f.data.update(result=not f.data["result"]))
    named(facts, v, "judgment")


def test_rende_heals_for_fewer_than_three_cards() -> None:
    def pick(fs: list[Fact], i: int) -> bool:
        return (used("rende_kw")(fs, i) and len(fs[i].data["cards"]) >= 3
                and fs[i + 1].type == "Healed")

    facts, v = forged(pick, lambda f: f.data.update(cards=f.data["cards"][:1]))
    named(facts, v + 1, "heal")


def test_qingnang_heals_another_seat() -> None:
    def pick(fs: list[Fact], i: int) -> bool:
        return of("Healed", reason="qingnang")(fs, i)

    facts, v = forged(pick, lambda f: f.data.update(seat=(f.data["seat"] + 1) % 4))
    named(facts, v, "heal")


def test_lijian_names_its_owner() -> None:
    def on_self(f: Fact) -> None:
        f.data["targets"] = [f.data["seat"], f.data["targets"][1]]

    facts, v = forged(used("lijian_kw"), on_self)
    assert "male" in named(facts, v, "lijian_kw")


def test_biyue_draws_two() -> None:
    def two(f: Fact) -> None:
        f.data["cards"] = f.data["cards"] * 2

    facts, v = forged(of("CardsDrawn", reason="biyue"), two)
    named(facts, v, "draw-count")


def test_mengjin_discards_two() -> None:
    facts, v = forged(of("CardsDiscarded", reason="mengjin"),
                      lambda f: f.data.update(cards=f.data["cards"] * 2))
    named(facts, v, "card-effect")


# --- Xu Huang, Da Qiao, Wei Yan, Sun Shangxiang ------------------------------------------------
def test_guose_makes_indulgence_of_a_spade() -> None:
    from domain.sanguosha.cards import SUIT

    def pick(fs: list[Fact], i: int) -> bool:
        return used("guose")(fs, i) and fs[i + 1].type == "CardUsed"

    facts, v = forged(pick, lambda f: None)
    i = next(k for k, f in enumerate(facts) if f.version == v)
    spade = next(c for c in range(108) if SUIT[c] == "S")
    facts[i].data["cards"] = facts[i + 1].data["cards"] = [spade]
    assert "guose" in named(facts, v + 1, "conversion")


def test_liuli_moves_the_kill_to_its_user() -> None:
    def pick(fs: list[Fact], i: int) -> bool:
        return used("liuli_kw")(fs, i)

    facts, v = forged(pick, lambda f: None)
    i = next(k for k, f in enumerate(facts) if f.version == v)
    kill = next(f for f in reversed(facts[:i]) if f.type == "CardUsed"
                and f.data["name"] == "kill")
    facts[i].data["targets"] = [kill.data["seat"]]
    assert "not its user" in named(facts, v, "liuli_kw")


def inserted(skill: str, owner: str) -> tuple[list[Fact], int]:
    """A use of ``skill`` by its owner's seat inserted at the start of a turn of another
    seat (nothing calls for it there)."""
    for seed in SEEDS:
        facts = copy.deepcopy(game_facts(seed))
        seats = [s for s, g in chosen(facts).items() if owner in g]
        i = next((k for k, f in enumerate(facts) if seats and f.type == "TurnStarted"
                  and f.data["seat"] not in seats and f.version > 60), None)
        if i is not None:
            facts.insert(i + 1, Fact(0, "SkillUsed", {"seat": seats[0], "skill": skill,
                                                      "cards": [], "targets": [],
                                                      "choice": None}))
            return renumbered(facts), i + 2
    raise AssertionError(f"no game with {owner}")


def test_kuanggu_with_no_damage_dealt() -> None:
    facts, v = inserted("kuanggu", "weiyan")
    named(facts, v, "kuanggu")


def test_xiaoji_with_no_equipment_lost() -> None:
    facts, v = inserted("xiaoji_kw", "sunshangxiang")
    named(facts, v, "xiaoji_kw")


def test_jieyin_on_an_unwounded_seat() -> None:
    def pick(fs: list[Fact], i: int) -> bool:
        return used("jieyin")(fs, i)

    def healthy(f: Fact) -> None:
        f.data["targets"] = [f.data["seat"]]

    facts, v = forged(pick, healthy)
    named(facts, v, "jieyin")


# --- Huang Zhong, Sun Jian ------------------------------------------------------------------
def test_liegong_with_no_kill() -> None:
    facts, v = inserted("liegong", "huangzhong")
    assert "no Kill of its own" in named(facts, v, "liegong")


def test_yinghun_choice_at_one_lost_hp() -> None:
    facts, v = forged(lambda fs, i: used("yinghun")(fs, i) and fs[i].data["choice"] is None,
                      lambda f: f.data.update(choice="draw_x"))
    named(facts, v, "yinghun")


def test_yinghun_draws_one_more() -> None:
    def more(f: Fact) -> None:
        f.data["cards"] = f.data["cards"] * 2

    facts, v = forged(of("CardsDrawn", reason="yinghun"), more)
    named(facts, v, "draw-count")


# --- Yuan Shao --------------------------------------------------------------------------------
def test_luanji_of_two_suits() -> None:
    from domain.sanguosha.cards import SUIT

    def pick(fs: list[Fact], i: int) -> bool:
        return used("luanji")(fs, i) and fs[i + 1].type == "CardUsed"

    facts, v = forged(pick, lambda f: None)
    i = next(k for k, f in enumerate(facts) if f.version == v)
    a = facts[i].data["cards"][0]
    other = next(c for c in range(108) if SUIT[c] != SUIT[a])
    facts[i].data["cards"] = facts[i + 1].data["cards"] = [a, other]
    assert "one suit" in named(facts, v, "luanji")
