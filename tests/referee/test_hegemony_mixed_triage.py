"""Mixed Kingdom Wars tables the long differential flagged, judged lawful as played.

Each test searches the mixed tables (``mixed_game`` of the Buqu forgeries: every kingdom
at the table, rules 4 to 7 by seed) for the situation it is about, then asserts the
referee names nothing there: the engine played it lawfully under that game's rules.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from domain.audit import Fact
from domain.referee.hegemony import referee
from domain.sanguosha.cards import SUIT
from tests.referee.test_hegemony_buqu_forgery import mixed_game


def first_table(seeds: Iterable[int], pick: Callable[[list[Fact]], bool]) -> tuple[int, list[Fact]]:
    """The first mixed table among the seeds (rules ``4 + seed % 4``) that ``pick`` likes."""
    for seed in seeds:
        facts = mixed_game(seed, 4 + seed % 4)
        if pick(facts):
            return seed, facts
    raise AssertionError("no table shows the situation: widen the seeds")


def rule_broken(facts: list[Fact], rule: str) -> list[object]:
    return [v for v in referee(facts).violations if v.rule == rule]


def spade_tianxiang(facts: list[Fact]) -> bool:
    return any(f.type == "SkillUsed" and f.data.get("skill") == "tianxiang"
               and any(SUIT[c] == "S" for c in f.data.get("cards") or []) for f in facts)


def test_rules_4_tianxiang_discards_a_spade_as_a_heart_while_hongyan_is_shown() -> None:
    """Rules 4 read Hongyan in judgments and Tianxiang (engine.py, rules 5's note): a
    shown Xiao Qiao's spade is a heart for Tianxiang under rules 4 too."""
    seed, facts = first_table(range(2600, 2800, 4), spade_tianxiang)
    assert rule_broken(facts, "tianxiang") == [], seed


def dead_shows_for_duanchang(facts: list[Fact]) -> bool:
    dead: set[int] = set()
    for f in facts:
        if f.type == "Died":
            dead.add(f.data["seat"])
        elif f.type == "GeneralsShown" and f.data["seat"] in dead and \
                (f.data.get("then") or {}).get("skill") == "duanchang":
            return True
    return False


def empty_death_show(facts: list[Fact]) -> bool:
    return dead_shows_for_duanchang(facts) and any(
        f.type == "GeneralsShown" and f.data["reason"] == "death" and not f.data["which"]
        for f in facts)


def test_a_dead_seat_shows_its_hidden_cai_wenji_for_duanchang() -> None:
    """Duanchang is asked of a hidden Cai Wenji at her death: showing her is its use (the
    use follows the show), then the death's show of what is still hidden."""
    seed, facts = first_table(range(3440, 3500), dead_shows_for_duanchang)
    assert referee(facts).violations == [], seed


def test_the_death_show_recorded_empty_once_duanchang_showed_the_last_general() -> None:
    """The engine owes the death's show at the death and records it empty when Duanchang's
    show left nothing hidden: a no-op, not a show of nothing."""
    seed, facts = first_table(range(3720, 3800), empty_death_show)
    assert referee(facts).violations == [], seed


def tianxiang_declined_before_ganglie(facts: list[Fact]) -> bool:
    return any(a.type == "Declined" and a.data.get("ask") == "skill"
               and b.type == "Damaged" and b.data.get("reason") == "ganglie_kw"
               and b.data["seat"] == a.data["seat"] for a, b in zip(facts, facts[1:], strict=False))


def test_tianxiang_declined_before_the_damage_ganglie_deals() -> None:
    """Ganglie's damage to its source is a damage like any: the source's Xiao Qiao is
    asked Tianxiang before it, and may decline."""
    seed, facts = first_table(range(3500, 3560), tianxiang_declined_before_ganglie)
    assert referee(facts).violations == [], seed


def moved_damage_after_a_decline(facts: list[Fact]) -> bool:
    return any(a.type == "SkillUsed" and a.data["skill"] == "tianxiang"
               and b.type == "Declined" and b.data.get("ask") == "skill"
               and b.data["seat"] == a.data["targets"][0] and c.type == "Damaged"
               for a, b, c in zip(facts, facts[1:], facts[2:], strict=False))


def test_tianxiangs_new_victim_declines_its_own_skill_before_the_moved_damage() -> None:
    """The seat Tianxiang names is asked its own skill on the damage (a hidden Kong
    Rong's Mingshi) before it is dealt: a decline there still leaves the damage moved."""
    seed, facts = first_table(range(3180, 3220), moved_damage_after_a_decline)
    assert referee(facts).violations == [], seed


def kanpo_shown_with_a_bonus_on_a_delayed_trick(facts: list[Fact]) -> bool:
    for i, f in enumerate(facts[:-1]):
        if f.type == "GeneralsShown" and (f.data.get("then") or {}).get("skill") == "kanpo" \
                and facts[i + 1].type in ("HalfFishChosen", "PairBonusChosen"):
            later = facts[i + 1:i + 30]
            drawn = next((j for j, g in enumerate(later) if g.type == "CardsDrawn"
                          and g.data.get("reason") == "draw_phase"), len(later))
            if any(g.type == "Judged" and g.data["reason"] in ("indulgence", "supply_shortage",
                                                               "lightning")
                   for g in later[:drawn]):
                return True
    return False


def test_wolong_shown_for_kanpo_in_the_judgment_phase_takes_his_bonus_in_the_window() -> None:
    """A hidden Wolong shown for Kanpo against a Nullification of a delayed trick takes his
    pair's bonus there: the window stays open (the Kanpo still counts)."""
    seed, facts = first_table(range(3190, 3230), kanpo_shown_with_a_bonus_on_a_delayed_trick)
    assert referee(facts).violations == [], seed


def niepan_after_a_pair_heal(facts: list[Fact]) -> bool:
    return any(a.type == "GeneralsShown" and (a.data.get("then") or {}).get("skill") == "niepan"
               and b.type == "PairBonusChosen" and b.data["choice"] == "heal"
               for a, b in zip(facts, facts[1:], strict=False))


def test_niepan_resolves_after_the_perfect_pair_heal_its_show_brought() -> None:
    """Pang Tong shown for Niepan at 0 HP heals 1 with his perfect pair (Wolong) first;
    Niepan, chosen while dying, still resolves (to 3 HP, three cards)."""
    seed, facts = first_table(range(3300, 3320), niepan_after_a_pair_heal)
    assert rule_broken(facts, "niepan") == [], seed


def kill_after_luoyi_lost(facts: list[Fact]) -> bool:
    luoyi: int | None = None
    lost = False
    for f in facts:
        d = f.data
        if f.type == "TurnStarted":
            luoyi, lost = None, False
        elif f.type == "SkillUsed" and d["skill"] == "luoyi":
            luoyi = d["seat"]
        elif f.type == "SkillsLost" and d["seat"] == luoyi and d["reason"] == "duanchang":
            lost = True
        elif lost and f.type == "Damaged" and d.get("source") == luoyi and \
                d.get("reason") in ("kill", "duel"):
            return True
    return False


def test_luoyi_adds_nothing_once_duanchang_took_xu_chus_skills() -> None:
    """Luoyi's +1 is a modifier of Xu Chu's skills: a Kill after Duanchang took them in
    the same turn deals its plain damage."""
    seed, facts = first_table(range(3360, 3380), kill_after_luoyi_lost)
    assert rule_broken(facts, "damage") == [], seed


def suishi_after_duanchang(acted: bool) -> Callable[[list[Fact]], bool]:
    """A Tian Feng whose skills Duanchang took at a death, then Suishi's loss acting on
    that death (``acted``) or not."""
    def pick(facts: list[Fact]) -> bool:
        for i, f in enumerate(facts):
            if f.type == "SkillsLost" and f.data["reason"] == "duanchang" and any(
                    g.type == "GeneralsChosen" and g.data["seat"] == f.data["seat"]
                    and "tianfeng" in (g.data["head"], g.data["deputy"]) for g in facts[:40]):
                nxt = facts[i + 1]
                used = nxt.type == "SkillUsed" and nxt.data["skill"] == "suishi_loss"
                if used == acted and (acted or any(
                        g.type == "SkillUsed" and g.data["skill"] == "suishi"
                        and g.data["seat"] == f.data["seat"] for g in facts[i - 20:i])):
                    return True
        return False
    return pick


def test_rules_5_and_before_suishi_lost_while_waiting_still_acts_once() -> None:
    """Under rules 5 and before a skill lost while its trigger waits (Duanchang takes Tian
    Feng's skills at the death Suishi waits on) still acts once (engine.py, rules 6)."""
    seed, facts = first_table(range(3440, 3460, 4), suishi_after_duanchang(True))
    assert 4 + seed % 4 < 6
    assert referee(facts).violations == [], seed


def test_rules_6_on_suishi_lost_while_waiting_is_not_asked() -> None:
    """From rules 6 the skill Duanchang took is not asked: no Suishi use is owed."""
    seed, facts = first_table(range(3563, 3580, 4), suishi_after_duanchang(False))
    assert rule_broken(facts, "suishi") == [], seed


def blade_between_two_targets(facts: list[Fact]) -> bool:
    for i, f in enumerate(facts):
        if f.type == "CardUsed" and f.data["name"] == "kill" and len(f.data["targets"]) > 1:
            rest = f.data["targets"]
            blade = None
            for g in facts[i + 1:i + 40]:
                if g.type == "CardUsed" and g.data.get("via") == "blade":
                    blade = g.data["targets"]
                elif g.type == "CardUsed" or g.type == "PhaseChanged":
                    break
                elif blade is not None and g.type in ("Responded", "Declined") and \
                        g.data.get("ask") == "dodge" and g.data["seat"] in rest and \
                        g.data["seat"] not in blade:
                    return True
    return False


def test_a_blade_kill_resolves_before_the_next_target_of_a_kill_of_many() -> None:
    """A Kill of two targets: the first dodges, the Blade's Kill on it resolves, then the
    second target is asked for its Dodge against the first Kill."""
    seed, facts = first_table(range(3465, 3475), blade_between_two_targets)
    assert referee(facts).violations == [], seed
