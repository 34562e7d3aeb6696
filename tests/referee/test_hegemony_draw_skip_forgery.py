"""Draw-phase skills after the draw is skipped or replaced, as the referee judges them
(rules 8; docs/rules/kingdom-wars.md).

Tables of four seats hold every draw-phase skill a seat can pair: one Wei seat of two of
Zhang He (Qiaobian), Zhang Liao (Tuxi) and Xu Chu (Luoyi), in either order; Meng Huo
(Zaiqi), Lu Su with Zhou Yu (Haoshi, Yingzi) and Yan Liang & Wen Chou (Shuangxiong);
the Kingdom Wars deck brings Supply Shortage. Bots play them to the end. Under rules 7
the engine still offered a draw skill once the draw was skipped or replaced, and Tuxi or
Qiaobian after Luoyi: the referee judges those records as played, and names each such
use once the same record claims rules 8 (a forger's one change: the version). Played
under rules 8 the tables hold no such use and are lawful.
"""

from __future__ import annotations

import copy
import random
from functools import cache

import pytest

from domain.audit import Fact, Violation
from domain.referee.hegemony import referee
from domain.sanguosha.engine import RULES_VERSION
from domain.sanguosha.hegemony import HegemonyGame
from domain.simulate import play_out
from tests.referee.forging import named
from tests.referee.hegemony_skilled import drivers, facts_of, padded_candidates
from tests.referee.test_hegemony_buqu_forgery import mixed_game

SEEDS = range(24)
#: the Wei seat: two of Qiaobian, Tuxi and Luoyi, each pair in both orders (the head's
#: skill is asked first)
WEI = [("zhanghe", "zhangliao"), ("zhangliao", "zhanghe"), ("zhanghe", "xuchu"),
       ("xuchu", "zhanghe"), ("zhangliao", "xuchu"), ("xuchu", "zhangliao")]
OTHERS = [("menghuo", "zhurong"), ("lusu", "zhouyu"), ("yanliangwenchou", "lvbu")]


def draw_table(seed: int, rules: int | None = None) -> HegemonyGame:
    """Four seats with the draw-phase skills, the Kingdom Wars deck, played by bots."""
    rng = random.Random(seed)
    pairs = [WEI[seed % len(WEI)], *OTHERS]
    rng.shuffle(pairs)
    candidates = padded_candidates(pairs, rng, shuffle_seats=False)
    game = HegemonyGame.new([f"p{i}" for i in range(4)],
                            {"deck": "kingdom_wars", "bonus": "ask"}, rng=rng,
                            candidates=candidates, rules=rules)
    return play_out(game, drivers(rng, 4), rng)  # type: ignore[return-value]


@cache
def old_facts(seed: int) -> list[Fact]:
    """A table played under rules 7: lawful as played."""
    facts = facts_of(draw_table(seed, rules=7))
    judged = referee(facts)
    assert not judged.violations, (seed, judged.violations[0].text())
    return facts


def claiming(facts: list[Fact], rules: int) -> list[Fact]:
    """The record with its first event claiming another rules version."""
    forged = copy.deepcopy(facts)
    next(f for f in forged if "rules" in f.data).data["rules"] = rules
    return forged


def first_named(facts: list[Fact]) -> tuple[int, str] | None:
    """The first violation the referee names: its event and message."""
    judged = referee(facts).violations
    return (judged[0].version, judged[0].message) if judged else None


@cache
def relabelled() -> list[tuple[list[Fact], list[Violation]]]:
    """Each rules-7 table whose record, claiming rules 8, is named: the forged facts and
    the violations named."""
    out = []
    for seed in SEEDS:
        forged = claiming(old_facts(seed), 8)
        judged = referee(forged).violations
        if judged:
            out.append((forged, judged))
    return out


@pytest.mark.parametrize("case, skill", [
    ("uses tuxi in a draw phase already skipped", "tuxi"),
    ("uses luoyi in a draw phase already skipped", "luoyi"),
    ("uses yingzi in a draw phase already skipped", "yingzi"),
    ("uses zaiqi in a draw phase already skipped", "zaiqi"),
    ("uses shuangxiong in a draw phase already skipped", "shuangxiong"),
    ("replaces its draw by tuxi after Luoyi", "tuxi"),
    ("skips its draw phase by Qiaobian after Luoyi", "qiaobian"),
])
def test_a_rules_7_draw_skill_after_a_skip_is_named_once_the_record_claims_rules_8(
        case: str, skill: str) -> None:
    # given a rules-7 table where the engine offered that use, and the seat took it
    facts, judged = next((f, j) for f, j in relabelled() if any(case in v.message for v in j))
    hit = next(v for v in judged if case in v.message)
    # then: claiming rules 8 the use is named at its event (the skill's use), and the
    # first thing named in that record is such a use too (the version is the one change)
    assert (hit.rule, "rules 8" in hit.message) == ("draw-skipped", True)
    fact = next(f for f in facts if f.version == hit.version)
    assert (fact.type, fact.data["skill"]) == ("SkillUsed", skill)
    assert judged[0].rule == "draw-skipped"


def test_every_relabelled_record_is_first_named_for_a_draw_skill_after_a_skip() -> None:
    # the one change (the version) is first named only at a draw-phase skill; most of the
    # rules-7 tables had one
    hits = relabelled()
    assert len(hits) >= len(SEEDS) // 2
    for facts, judged in hits:
        named(facts, judged[0].version, "draw-skipped")


@pytest.mark.parametrize("seed", list(SEEDS))
def test_the_same_tables_played_under_rules_8_are_lawful(seed: int) -> None:
    game = draw_table(seed)
    assert game.rules == RULES_VERSION == 8
    facts = facts_of(game)
    judged = referee(facts)
    assert not judged.violations, judged.violations[0].text()
    # and claiming rules 7 changes nothing: what rules 8 offers, rules 7 offered too
    assert first_named(claiming(facts, 7)) is None


def test_tuxi_after_two_qiaobian_uses_is_lawful_under_rules_6_and_named_under_8() -> None:
    # given the mixed table the differential flagged (seed 2798, rules 6): Zhang He with
    # Zhang Liao skips his judgment and draw phases by Qiaobian (two uses held open: the
    # record does not say which phase each skipped), then takes a card by Tuxi
    facts = mixed_game(2798, 6)
    tuxi = next(f for k, f in enumerate(facts) if f.type == "SkillUsed"
                and f.data["skill"] == "tuxi" and facts[k - 1].data.get("skill") == "qiaobian"
                and facts[k - 2].data.get("skill") == "qiaobian")
    # then: the referee judges it as played (the engine offered Tuxi then)
    judged = referee(facts)
    assert not judged.violations, judged.violations[0].text()
    # and, the record claiming rules 8, names a Tuxi after a skipped draw (the first of the
    # game's, at or before this one)
    forged = claiming(facts, 8)
    hit = first_named(forged)
    assert hit is not None and hit[0] <= tuxi.version
    assert "tuxi in a draw phase already skipped" in named(forged, hit[0], "draw-skipped")
