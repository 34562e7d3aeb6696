"""Kanpo and Jizhi on one seat (Wolong with Huang Yueying): a Nullification Kanpo makes
of a black card that is no Nullification is converted, so Jizhi draws nothing for it
from rules 6 (``docs/rules/generals.md`` 2.2); games stored under rules 5 drew, and
replay so."""

from __future__ import annotations

import random

from domain.sanguosha.bots import HEGEMONY_POLICIES
from domain.sanguosha.cards import NULLIFICATIONS
from domain.sanguosha.hegemony import HegemonyGame
from domain.simulate import play_out

CANDIDATES = [["wolong", "huangyueying", "caocao", "sunquan"],
              ["xuchu", "zhangliao", "huatuo", "lvmeng"],
              ["ganning", "huanggai", "diaochan", "dianwei"],
              ["zhouyu", "daqiao", "pangde", "xunyu"]]


def kanpo_then(rules: int) -> list[str]:
    """For each Nullification seat 0 made by Kanpo of another card: what the record
    does next (``jizhi``: seat 0 is asked about Jizhi or draws by it)."""
    out: list[str] = []
    for seed in range(40):
        rng = random.Random(seed)
        game = HegemonyGame.new([f"p{i}" for i in range(4)], {"deck": "identity"}, rng=rng,
                                candidates=CANDIDATES, rules=rules)
        play_out(game, [HEGEMONY_POLICIES["random"]] * 4, rng)
        events = game.pending_events
        for i, e in enumerate(events[:-1]):
            if type(e).__name__ == "Responded" and e.seat == 0 and e.name == "nullification" \
                    and e.cards[0] not in NULLIFICATIONS:
                nxt = events[i + 1]
                kind = type(nxt).__name__
                asked = (kind == "SkillUsed" and nxt.skill == "jizhi") or (
                    kind == "GeneralsShown" and (nxt.then or {}).get("skill") == "jizhi") or (
                    kind == "Declined" and nxt.ask == "skill" and nxt.seat == 0)
                out.append("jizhi" if asked else kind)
    return out


def test_rules_6_kanpo_nullification_is_converted_no_jizhi() -> None:
    seen = kanpo_then(6)
    assert seen and "jizhi" not in seen


def test_rules_5_replays_the_jizhi_it_gave() -> None:
    assert "jizhi" in kanpo_then(5)
