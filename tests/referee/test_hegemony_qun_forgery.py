"""Forged Qun skills in Kingdom Wars games (Lü Bu, Yan Liang & Wen Chou, Jia Xu, Zhang
Jiao, Cai Wenji): the referee names each by event and rule.

Tables of generals the referee judges (``hegemony_skilled``) are played to the end by bots;
one stored fact is changed (or one inserted) as a forger with write access would, and the
referee, judging the facts alone, names that event first.
"""

from __future__ import annotations

from collections.abc import Callable

from domain.audit import Fact
from tests.referee.forging import dropped, named
from tests.referee.test_hegemony_skills_forgery import (
    chosen,
    forged,
    game_facts,
    renumbered,
    used,
)


def of(kind: str, **fields: object) -> Callable[[list[Fact], int], bool]:
    return lambda fs, i: fs[i].type == kind and all(
        fs[i].data.get(k) == v for k, v in fields.items())


def inserted(pick: Callable[[list[Fact], int], bool], make: Callable[[Fact], Fact]
             ) -> tuple[list[Fact], int]:
    """The first game with a fact ``pick`` accepts, a forged fact inserted after it."""
    for seed in range(60):
        facts = list(game_facts(seed))
        i = next((k for k in range(len(facts) - 1) if pick(facts, k)), None)
        if i is not None:
            facts.insert(i + 1, make(facts[i]))
            return renumbered(facts), i + 2
    raise AssertionError("no game has such a fact")


# --- Lü Bu: Wushuang ------------------------------------------------------------------------
def test_a_kill_without_wushuang_asks_for_a_second_dodge() -> None:
    # given a Dodge played against a Kill of a seat without Lü Bu: a second Dodge ask of
    # that target is inserted (declined), as only Wushuang asks
    def pick(fs: list[Fact], i: int) -> bool:
        if fs[i].type != "Responded" or fs[i].data["ask"] != "dodge":
            return False
        kill = next((f for f in reversed(fs[:i]) if f.type == "CardUsed"), None)
        return kill is not None and kill.data["name"] == "kill" and \
            "lvbu" not in chosen(fs)[kill.data["seat"]]

    facts, v = inserted(pick, lambda f: Fact(0, "Declined", {"seat": f.data["seat"],
                                                             "ask": "dodge"}))
    assert "Wushuang" in named(facts, v, "asked-seat")


def answer(f: Fact, ask: str) -> bool:
    return f.type in ("Responded", "Declined") and f.data["ask"] == ask


def second_answer(ask: str, then: Callable[[Fact, Fact], bool]
                  ) -> Callable[[list[Fact], int], bool]:
    """A seat's second played answer of ``ask`` in a row (Wushuang's), the fact after it
    accepted by ``then`` (given the second answer)."""
    return lambda fs, i: i + 1 < len(fs) and fs[i].type == fs[i - 1].type == "Responded" \
        and fs[i].data["ask"] == fs[i - 1].data["ask"] == ask \
        and fs[i].data["seat"] == fs[i - 1].data["seat"] and then(fs[i], fs[i + 1])


def test_one_kill_answers_a_duel_against_lu_bu() -> None:
    # given a Duel against a shown Lü Bu where his opponent played two Kills and Lü Bu
    # answered: the forger drops the second Kill, so Lü Bu answers after one
    pick = second_answer("kill", lambda f, g: answer(g, "kill")
                         and g.data["seat"] != f.data["seat"])
    facts, v = forged(pick, lambda f: None)
    facts = dropped(facts, v)
    assert "second Kill (Wushuang" in named(facts, v, "wushuang")


def test_a_duel_answered_out_of_turn() -> None:
    # given a Duel its target declined first: the forger makes its user decline first
    users: list[int] = []

    def pick(fs: list[Fact], i: int) -> bool:
        last = next((f for f in reversed(fs[:i]) if f.type == "CardUsed"), None)
        first = fs[i].type == "Declined" and fs[i].data["ask"] == "kill" and \
            answer(fs[i - 1], "nullify") and last is not None and \
            last.data["name"] == "duel" and fs[i].data["seat"] == last.data["targets"][0]
        users[:] = [last.data["seat"]] if first and last is not None else []
        return first

    facts, v = forged(pick, lambda f: f.data.update(seat=users[0]))
    assert "asks seat" in named(facts, v, "asked-seat")


def test_one_dodge_answers_lu_bus_kill() -> None:
    # given a Kill of a shown Lü Bu dodged twice, the turn going on at once: the forger
    # drops the second Dodge, so one Dodge ends his Kill
    pick = second_answer("dodge", lambda f, g: g.type in ("PhaseChanged", "CardUsed"))
    facts, v = forged(pick, lambda f: None)
    facts = dropped(facts, v)
    assert "Wushuang: two" in named(facts, v, "wushuang")


# --- Jia Xu: Weimu, Wansha, Luanwu ----------------------------------------------------------------
def test_luanwu_skips_a_seat() -> None:
    # given a Luanwu's HP loss: the forger names another seat as losing it
    def other(f: Fact) -> None:
        f.data["seat"] = (f.data["seat"] + 1) % 4

    facts, v = forged(of("HpLost", reason="luanwu"), other)
    assert "Luanwu" in named(facts, v, "luanwu")


def test_a_second_luanwu() -> None:
    # given a Luanwu used: a second use is inserted right after it (limited: once a game)
    facts, v = inserted(used("luanwu"), lambda f: Fact(0, "SkillUsed", dict(f.data)))
    assert "limited" in named(facts, v, "luanwu")


def test_weimu_cancels_a_black_trick_yet_jia_xu_answers_it() -> None:
    # given a black Barbarian Invasion or Arrow Barrage that Weimu took Jia Xu off (shown
    # before it: from rules 7 a hidden one is asked whether to show him first): his answer
    # to it is inserted right after the use
    from domain.sanguosha.cards import RED

    def pick(fs: list[Fact], i: int) -> bool:
        f = fs[i]
        if f.type != "CardUsed" or f.data["name"] not in ("barbarian_invasion",
                                                           "arrow_barrage"):
            return False
        jx = [s for s, g in chosen(fs).items() if "jiaxu" in g]
        seats[:] = jx
        shown = bool(jx) and any(
            g.type == "GeneralsShown" and g.data["seat"] == jx[0]
            and "jiaxu" in g.data["generals"] for g in fs[:i])
        return shown and jx[0] in f.data["targets"] and not any(
            RED[c] for c in f.data["cards"])

    seats: list[int] = []

    def answer(f: Fact) -> Fact:
        jx = seats[-1]
        ask = "kill" if f.data["name"] == "barbarian_invasion" else "dodge"
        return Fact(0, "Declined", {"seat": jx, "ask": ask})

    facts, v = inserted(pick, answer)
    named(facts, v, "asked-seat")


# --- Cai Wenji: Beige, Duanchang --------------------------------------------------------------
def test_beige_discards_no_card() -> None:
    facts, v = forged(used("beige"), lambda f: f.data.update(cards=[]))
    assert "one card" in named(facts, v, "beige")


def test_duanchang_takes_the_skills_of_another_seat() -> None:
    # given Duanchang on the killer: the skills lost are recorded on another seat
    def other(f: Fact) -> None:
        f.data["seat"] = (f.data["seat"] + 1) % 4

    facts, v = forged(of("SkillsLost", reason="duanchang"), other)
    named(facts, v, "duanchang")


# --- Yan Liang & Wen Chou: Shuangxiong ------------------------------------------------------------
def test_shuangxiong_takes_another_card() -> None:
    # given Shuangxiong's judgment card taken to hand: the forger takes another card
    def other(f: Fact) -> None:
        f.data["cards"] = [(f.data["cards"][0] + 1) % 108]

    facts, v = forged(of("CardsGained", reason="shuangxiong"), other)
    named(facts, v, "shuangxiong")


# --- Zhang Jiao: Leiji, Guidao -------------------------------------------------------------------
def test_leiji_without_a_dodge() -> None:
    # given a Leiji after a Dodge: it is recorded again after the judgment, with no Dodge
    def pick(fs: list[Fact], i: int) -> bool:
        return used("leiji")(fs, i)

    facts, v = forged(pick, lambda f: None)
    i = next(k for k, f in enumerate(facts) if f.version == v)
    del facts[i - 1]  # the Dodge it answered is removed
    facts = renumbered(facts)
    named(facts, v - 1, "leiji")


def test_guidao_plays_no_card() -> None:
    facts, v = forged(used("guidao"), lambda f: f.data.update(cards=[]))
    assert "black card" in named(facts, v, "guidao")
