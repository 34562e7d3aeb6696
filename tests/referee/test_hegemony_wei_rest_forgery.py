"""Forged Qiaobian, Quhu and Jieming in Kingdom Wars games: the referee names each by event
and rule.

Tables of judged Wei generals only (four to six seats, each dealt one judged Wei pair and
two generals of other kingdoms; one seat holds Zhang He and Xun Yu together, or two seats
one each) are played to the end by bots; one stored fact is then changed (or removed, or
repeated) as a forger with write access would. The referee judges the facts alone and
must name the change at its event (and nothing before it).
"""

from __future__ import annotations

import copy
import random
from collections.abc import Callable
from functools import cache

from domain.audit import Fact
from domain.referee.hegemony import referee
from domain.referee.hegemony_generals import unjudged
from domain.sanguosha.hegemony import HegemonyGame
from domain.simulate import play_out
from tests.referee.forging import (
    Pick,
    doubled,
    dropped,
    first_forged,
    named,
    of,
    renumbered,
    used,
)
from tests.referee.hegemony_skilled import (
    KINGDOM,
    drivers,
    facts_of,
    judged_generals,
    kingdom_candidates,
    padded_candidates,
)

SEEDS = range(30)
NEW = ("zhanghe", "xunyu")


def wei_rest_game(seed: int, deck: str = "identity") -> HegemonyGame:
    """Four to six seats of judged Wei pairs, Zhang He and Xun Yu among them: together
    on even seeds, on two seats on odd ones."""
    rng = random.Random(seed)
    wei = [g for g in judged_generals() if KINGDOM[g] == "wei" and g not in NEW]
    rng.shuffle(wei)
    first = [NEW] if seed % 2 == 0 else [("zhanghe", wei.pop()), (wei.pop(), "xunyu")]
    n = rng.randint(4, 6)
    pairs = first + [(wei[2 * i], wei[2 * i + 1]) for i in range(n - len(first))]
    rng.shuffle(pairs)
    candidates = kingdom_candidates(pairs, "wei", rng)
    game = HegemonyGame.new([f"p{i}" for i in range(n)], {"deck": deck, "bonus": "ask"},
                            rng=rng, candidates=candidates)
    return play_out(game, drivers(rng, n), rng)  # type: ignore[return-value]


@cache
def game_facts(seed: int) -> list[Fact]:
    facts = facts_of(wei_rest_game(seed))
    assert not unjudged(facts)  # judged whole: Qiaobian, Quhu and Jieming too
    assert not referee(facts).violations  # the game as played breaks no rule
    return facts



def forged(pick: Pick, change: Callable[[Fact], None]) -> tuple[list[Fact], int]:
    return first_forged((game_facts(seed) for seed in SEEDS), pick, change)


def removed(pick: Pick) -> tuple[list[Fact], int]:
    """The first game with a fact ``pick`` accepts, that fact removed; the number of the
    fact that now stands in its place."""
    facts, v = forged(pick, lambda f: None)
    return dropped(facts, v), v


def repeated(pick: Pick) -> tuple[list[Fact], int]:
    """The first game with a fact ``pick`` accepts, that fact recorded twice; the
    number of the copy."""
    facts, v = forged(pick, lambda f: None)
    return doubled(facts, v), v + 1


def test_the_tables_use_all_three_skills() -> None:
    # the lawful games judged clean have every skill and its effects in them
    kinds = {(f.type, f.data.get("skill") or f.data.get("reason"))
             for seed in SEEDS for f in game_facts(seed)}
    assert {("SkillUsed", "qiaobian"), ("SkillUsed", "quhu"), ("SkillUsed", "jieming"),
            ("CardTaken", "qiaobian"), ("CardMoved", "qiaobian"),
            ("TargetChosen", "quhu"), ("PindianShown", "quhu"),
            ("CardsDrawn", "jieming")} <= kinds


# --- Zhang He: Qiaobian --------------------------------------------------------------------
def test_qiaobian_discards_two_cards() -> None:
    def two(f: Fact) -> None:
        f.data["cards"] = f.data["cards"] * 2

    facts, v = forged(used("qiaobian"), two)
    assert "one hand card" in named(facts, v, "qiaobian")


def test_qiaobian_skips_the_discard_phase_twice() -> None:
    # given a Qiaobian that skipped the discard phase, the forger records it twice
    facts, v = repeated(lambda fs, i: used("qiaobian")(fs, i)
                        and fs[i - 1].type == "PhaseChanged")
    named(facts, v, "qiaobian")


def test_qiaobian_takes_from_its_own_owner() -> None:
    def itself(f: Fact) -> None:
        f.data["targets"] = [f.data["seat"]]

    facts, v = forged(lambda fs, i: used("qiaobian")(fs, i) and bool(fs[i].data["targets"]),
                      itself)
    assert "one or two" in named(facts, v, "qiaobian")


def test_qiaobian_takes_from_one_seat_of_two() -> None:
    # given a skipped draw phase taking from two seats, the forger drops the second take
    facts, v = removed(lambda fs, i: of("CardTaken", reason="qiaobian")(fs, i)
                       and of("CardTaken", reason="qiaobian")(fs, i - 1))
    assert "takes a hand card" in named(facts, v, "qiaobian")


def test_qiaobian_skipped_draw_phase_draws() -> None:
    # given a draw phase skipped by Qiaobian (cards taken), the forger adds its draw
    def pick(fs: list[Fact], i: int) -> bool:
        return of("CardTaken", reason="qiaobian")(fs, i) and \
            fs[i + 1].type != "CardTaken" and fs[i + 1].type != "CardsDrawn"

    facts, v = forged(pick, lambda f: None)
    i = next(k for k, f in enumerate(facts) if f.version == v)
    seat = facts[i].data["seat"]
    pile = pile_at(facts, i)
    draw = Fact(v + 1, "CardsDrawn", {"seat": seat, "cards": pile[:2], "reason": "draw_phase"})
    facts = renumbered(facts[:i + 1] + [draw] + facts[i + 1:])
    assert "draws none" in named(facts, v + 1, "qiaobian")


def pile_at(facts: list[Fact], i: int) -> list[int]:
    """The draw pile after fact ``i`` as the referee follows it."""
    from domain.referee.hegemony import Referee

    r = Referee()
    r.judge(facts[:i + 1])
    return list(r.table.pile)


def test_qiaobian_move_to_its_own_seat() -> None:
    def back(f: Fact) -> None:
        f.data["to"] = f.data["source"]

    facts, v = forged(of("CardMoved", reason="qiaobian"), back)
    assert "where it may go" in named(facts, v, "qiaobian")


def test_qiaobian_skipped_play_phase_without_its_move() -> None:
    # given a move after a skipped play phase, the forger drops it
    facts, v = removed(of("CardMoved", reason="qiaobian"))
    assert "moves a card on the table or declines" in named(facts, v, "qiaobian")


def test_qiaobian_skipped_play_phase_recorded_as_played() -> None:
    facts, v = forged(lambda fs, i: of("PhaseChanged", skipped="play")(fs, i) and any(
        used("qiaobian")(fs, k) for k in range(i - 3, i)),
        lambda f: f.data.update(skipped=None))
    named(facts, v, "indulgence")


# --- Xun Yu: Quhu --------------------------------------------------------------------------
def test_quhu_on_its_own_owner() -> None:
    def itself(f: Fact) -> None:
        f.data["targets"] = [f.data["seat"]]

    facts, v = forged(used("quhu"), itself)
    assert "other seat" in named(facts, v, "quhu")


def test_quhu_twice_in_a_play_phase() -> None:
    facts, v = repeated(lambda fs, i: used("quhu")(fs, i)
                        and fs[i + 1].type == "PindianCardChosen")
    named(facts, v, "skill-limit")


def test_quhu_lost_without_its_damage() -> None:
    # given a Quhu lost, the forger drops the damage its target deals the owner
    facts, v = removed(lambda fs, i: of("Damaged", reason="quhu")(fs, i)
                       and of("PindianShown", won=False)(fs, i - 1))
    assert "1 damage" in named(facts, v, "quhu")


def test_quhu_victim_is_its_target() -> None:
    # given a Quhu won, the forger records the target itself as the seat picked
    def pick(fs: list[Fact], i: int) -> bool:
        return of("TargetChosen", reason="quhu")(fs, i)

    def self_hurt(f: Fact) -> None:
        f.data["target"] = -1  # placeholder, set below

    facts, v = forged(pick, self_hurt)
    i = next(k for k, f in enumerate(facts) if f.version == v)
    shown = next(f for f in reversed(facts[:i]) if f.type == "PindianShown")
    facts[i].data["target"] = shown.data["target"]
    assert "within seat" in named(facts, v, "quhu")


def test_quhu_won_without_a_victim_picked() -> None:
    facts, v = removed(of("TargetChosen", reason="quhu"))
    assert "picks a seat" in named(facts, v, "quhu")


# --- Xun Yu: Jieming -----------------------------------------------------------------------
def test_jieming_draws_one_card_too_many() -> None:
    facts, v = forged(of("CardsDrawn", reason="jieming"),
                      lambda f: f.data.update(cards=f.data["cards"] + [f.data["cards"][0]]))
    named(facts, v, "draw-count")


def test_jieming_once_more_than_the_damage() -> None:
    # given a Jieming on a damage of 1 drawing nothing more, the forger uses it twice
    def pick(fs: list[Fact], i: int) -> bool:
        if not used("jieming")(fs, i) or fs[i + 1].type in ("CardsDrawn", "PileReshuffled"):
            return False
        hurt = next(f for f in reversed(fs[:i]) if f.type in ("Damaged", "NatureDamaged"))
        return bool(hurt.data.get("amount") == 1)

    facts, v = repeated(pick)
    assert "once a point" in named(facts, v, "jieming")


def test_jieming_without_damage() -> None:
    # given a Jieming, the forger records it once more at the start of the next turn
    def pick(fs: list[Fact], i: int) -> bool:
        return used("jieming")(fs, i) and any(f.type == "TurnStarted" for f in fs[i + 1:])

    facts, v = forged(pick, lambda f: None)
    i = next(k for k, f in enumerate(facts) if f.version == v)
    j = next(k for k in range(i + 1, len(facts)) if facts[k].type == "TurnStarted") + 1
    facts = renumbered(facts[:j] + [copy.deepcopy(facts[i])] + facts[j:])
    assert "took no damage" in named(facts, j + 1, "jieming")


def test_jieming_named_on_a_dead_seat() -> None:
    def pick(fs: list[Fact], i: int) -> bool:
        return used("jieming")(fs, i) and any(f.type == "Died" for f in fs[:i])

    facts, v = forged(pick, lambda f: None)
    i = next(k for k, f in enumerate(facts) if f.version == v)
    dead = next(f.data["seat"] for f in facts[:i] if f.type == "Died")
    facts[i].data["targets"] = [dead]
    assert "living" in named(facts, v, "jieming")


# --- a trick moved onto a seat that cancels it (rules 7: never offered) ---------------------
def cancelling_table(seed: int, rules: int | None = None) -> HegemonyGame:
    """Zhang He with Xun Yu, Lu Xun (Qianxun), Jia Xu (Weimu) and Da Qiao (Guose) at four
    seats: delayed tricks to move, and seats whose shown skill would cancel them."""
    rng = random.Random(seed)
    pairs = [NEW, ("luxun", "sunquan"), ("jiaxu", "huatuo"), ("daqiao", "ganning")]
    rng.shuffle(pairs)
    candidates = padded_candidates(pairs, rng, shuffle_seats=False)
    game = HegemonyGame.new([f"p{i}" for i in range(4)], {"deck": "identity", "bonus": "ask"},
                            rng=rng, candidates=candidates, rules=rules)
    return play_out(game, drivers(rng, 4), rng)  # type: ignore[return-value]


def cancelled_moves(facts: list[Fact]) -> list[int]:
    """The Qiaobian moves the referee names as onto a seat that cancels the trick."""
    return [v.version for v in referee(facts).violations
            if v.rule == "qiaobian" and "where it may go" in v.message]


def test_the_engine_moves_no_trick_onto_a_seat_that_cancels_it() -> None:
    # given the table under rules 6: the engine moved an Indulgence onto a shown Lu Xun, or
    # a black trick onto a shown Jia Xu, and the trick stayed; the referee judges that
    # record as played, and names those moves once the record claims rules 7
    old_moves = 0
    for seed in range(17):
        facts = facts_of(cancelling_table(seed, rules=6))
        judged = referee(facts)
        assert not judged.violations, (seed, judged.violations[0].text())
        start = next(f for f in facts if "rules" in f.data)
        start.data["rules"] = 7
        old_moves += bool(cancelled_moves(facts))
    assert old_moves  # the rules-6 engine did make such moves
    # when the same tables are played under rules 7: no such move is offered
    for seed in range(17):
        game = cancelling_table(seed, rules=7)
        facts = facts_of(game)
        assert not cancelled_moves(facts), seed
        assert not referee(facts).violations, seed
