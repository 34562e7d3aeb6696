"""Forged Wei skills in Kingdom Wars games: the referee names each by event and rule.

Tables of judged Wei generals only (four to six seats, each dealt one judged Wei pair and
two generals of other kingdoms) are played to the end by bots; one stored fact is then
changed (or removed, or repeated) as a forger with write access would. The referee judges
the facts alone and must name the change at its event (and nothing before it).
"""

from __future__ import annotations

import copy
import random
from collections.abc import Callable
from functools import cache

from domain.audit import Fact
from domain.referee.hegemony import referee
from domain.sanguosha.cards import KIND, RED
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
)

SEEDS = range(40)


def wei_game(seed: int) -> HegemonyGame:
    """Four to six seats of judged Wei pairs (identity deck)."""
    rng = random.Random(seed)
    # (Zhang He and Xun Yu, judged later, left out: the tables these stories were written on)
    wei = [g for g in judged_generals() if KINGDOM[g] == "wei" and g not in ("zhanghe", "xunyu")]
    rng.shuffle(wei)
    n = rng.randint(4, min(6, len(wei) // 2))
    pairs = [(wei[2 * i], wei[2 * i + 1]) for i in range(n)]
    candidates = kingdom_candidates(pairs, "wei", rng)
    game = HegemonyGame.new([f"p{i}" for i in range(n)], {"deck": "identity", "bonus": "ask"},
                            rng=rng, candidates=candidates)
    return play_out(game, drivers(rng, n), rng)  # type: ignore[return-value]


@cache
def game_facts(seed: int) -> list[Fact]:
    facts = facts_of(wei_game(seed))
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


# --- Cao Ren ------------------------------------------------------------------------------
def test_jushou_leaves_the_seat_face_up() -> None:
    # given Jushou's turn-over, the forger records the seat as staying face up
    facts, v = forged(of("TurnedOver", reason="jushou"),
                      lambda f: f.data.update(face_down=not f.data["face_down"]))
    assert "turns over to face down" in named(facts, v, "turn-over")


def test_jushou_without_turning_over() -> None:
    # given Jushou's three cards, the forger drops the turn-over that follows
    facts, v = removed(of("TurnedOver", reason="jushou"))
    assert "turns over" in named(facts, v, "jushou")


def test_a_face_down_seat_plays_its_turn() -> None:
    # given a skipped turn of a seat turned over, the forger drops the skip: its turn
    # comes as if it were face up
    facts, v = removed(of("TurnSkipped"))
    named(facts, v, "turn-order")


# --- Cao Pi -------------------------------------------------------------------------------
def test_fangzhu_on_its_own_owner() -> None:
    facts, v = forged(used("fangzhu"), lambda f: f.data.update(targets=[f.data["seat"]]))
    named(facts, v, "fangzhu")


def test_fangzhu_draws_one_more_than_the_lost_hp() -> None:
    facts, v = forged(of("CardsDrawn", reason="fangzhu"),
                      lambda f: f.data.update(cards=f.data["cards"] + [f.data["cards"][0]]))
    named(facts, v, "draw-count")


def test_xingshang_leaves_a_card_of_the_dead() -> None:
    facts, v = forged(lambda fs, i: of("CardsGained", reason="xingshang")(fs, i)
                      and len(fs[i].data["cards"]) > 1,
                      lambda f: f.data.update(cards=f.data["cards"][1:]))
    named(facts, v, "xingshang")


def test_xingshang_with_nobody_dead() -> None:
    # given a Xingshang after a death, the forger moves it to the turn's end: no death
    def pick(fs: list[Fact], i: int) -> bool:
        return used("xingshang")(fs, i) and fs[i + 1].type == "CardsGained" and any(
            f.type == "TurnEnded" for f in fs[i + 2:])

    facts, v = forged(pick, lambda f: None)
    i = next(k for k, f in enumerate(facts) if f.version == v)
    j = next(k for k in range(i, len(facts)) if facts[k].type == "TurnEnded")
    pair = facts[i:i + 2]
    facts = renumbered(facts[:i] + facts[i + 2:j] + pair + facts[j:])
    assert "no other seat's death" in named(facts, j - 1, "xingshang")


# --- Yue Jin -------------------------------------------------------------------------------
def test_xiaoguo_declined_without_its_damage() -> None:
    # given Xiaoguo declined (the damage follows), the forger drops the damage
    facts, v = removed(lambda fs, i: of("Damaged", reason="xiaoguo")(fs, i)
                       and fs[i - 1].type == "Declined")
    assert "1 damage" in named(facts, v, "xiaoguo")


def test_xiaoguo_paid_with_a_card_not_equipment() -> None:
    # given Xiaoguo declined, the forger records a discard of a basic card instead
    def pick(fs: list[Fact], i: int) -> bool:
        return used("xiaoguo")(fs, i) and fs[i + 1].type == "Declined"

    facts, v = forged(pick, lambda f: None)
    i = next(k for k, f in enumerate(facts) if f.version == v)
    basic = next(c for c in range(108) if KIND[c] == "basic")
    facts[i + 1] = Fact(v + 1, "CardsDiscarded", {"seat": facts[i + 1].data["seat"],
                                                  "cards": [basic], "reason": "xiaoguo",
                                                  "by": facts[i].data["seat"]})
    assert "equipment card" in named(facts, v + 1, "xiaoguo")


# --- Xiahou Yuan ---------------------------------------------------------------------------
def test_shensu_kill_on_another_seat() -> None:
    def elsewhere(f: Fact) -> None:
        t = f.data["targets"][0]
        f.data["targets"] = [next(x for x in range(4) if x not in (t, f.data["seat"]))]

    facts, v = forged(of("CardUsed", via="shensu"), elsewhere)
    assert "shensu makes seat" in named(facts, v, "card-use")


def test_shensu_twice_at_the_judgment_phase() -> None:
    facts, v = repeated(lambda fs, i: used("shensu")(fs, i) and not fs[i].data["cards"]
                        and fs[i + 1].type == "CardUsed")
    named(facts, v, "shensu")


# --- Xiahou Dun ----------------------------------------------------------------------------
def test_ganglie_paid_with_one_card() -> None:
    facts, v = forged(of("CardsDiscarded", reason="ganglie_kw"),
                      lambda f: f.data.update(cards=f.data["cards"][:1]))
    named(facts, v, "ganglie_kw")


def test_ganglie_judgment_recorded_as_a_miss() -> None:
    # given a Ganglie judgment that hit, the forger records it as a miss
    facts, v = forged(lambda fs, i: of("Judged", reason="ganglie_kw", result=True)(fs, i)
                      and fs[i + 1].type in ("Declined", "CardsDiscarded"),
                      lambda f: f.data.update(result=False))
    named(facts, v, "judgment")


# --- Guo Jia -------------------------------------------------------------------------------
def test_tiandu_takes_a_judgment_card_twice() -> None:
    facts, v = repeated(used("tiandu"))
    named(facts, v, "tiandu")


def test_yiji_hands_out_a_card_not_looked_at() -> None:
    def other(f: Fact) -> None:
        f.data["cards"] = [(f.data["cards"][0] + 50) % 108]

    facts, v = forged(of("CardsGiven", reason="yiji"), other)
    named(facts, v, "yiji")


def test_yiji_looks_at_cards_not_on_top() -> None:
    facts, v = forged(of("CardsPeeked", reason="yiji"),
                      lambda f: f.data.update(cards=list(reversed(f.data["cards"]))))
    named(facts, v, "yiji")


# --- Zhen Ji -------------------------------------------------------------------------------
def test_luoshen_takes_a_red_card() -> None:
    def redder(f: Fact) -> None:
        f.data["cards"] = f.data["cards"] + [next(c for c in range(108) if RED[c])]

    facts, v = forged(of("CardsGained", reason="luoshen_kw"), redder)
    named(facts, v, "luoshen_kw")


def test_luoshen_goes_on_after_a_red_card() -> None:
    # given a run stopped by a red judgment, the forger records the seat judging again
    def pick(fs: list[Fact], i: int) -> bool:
        return of("Judged", reason="luoshen_kw", result=False)(fs, i) and \
            fs[i + 1].type == "CardsGained"

    facts, v = forged(pick, lambda f: None)
    i = next(k for k, f in enumerate(facts) if f.version == v)
    seat = facts[i].data["seat"]
    facts[i + 1] = Fact(facts[i + 1].version, "Accepted", {"seat": seat, "ask": "luoshen_kw"})
    named(facts, v + 1, "luoshen_kw")


def test_qingguo_makes_a_dodge_of_a_red_card() -> None:
    # given a Dodge Qingguo made, the forger records a red card made the Dodge
    facts, v = forged(lambda fs, i: used("qingguo")(fs, i) and fs[i + 1].type == "Responded",
                      lambda f: None)
    i = next(k for k, f in enumerate(facts) if f.version == v)
    red = next(c for c in range(108) if RED[c])
    facts[i].data["cards"] = facts[i + 1].data["cards"] = [red]
    named(facts, v + 1, "conversion")


# --- Sima Yi -------------------------------------------------------------------------------
def test_fankui_without_its_card() -> None:
    facts, v = removed(lambda fs, i: of("CardTaken", reason="fankui")(fs, i)
                       and fs[i - 1].type == "SkillUsed")
    assert "takes a card" in named(facts, v, "fankui")


def test_guicai_with_a_card_it_does_not_hold() -> None:
    def pick(fs: list[Fact], i: int) -> bool:
        return used("guicai")(fs, i)

    def elsewhere(f: Fact) -> None:
        f.data["cards"] = [(f.data["cards"][0] + 1) % 108]

    facts, v = forged(pick, elsewhere)
    named(facts, v, "card-owner")


def test_guicai_with_no_judgment_in_the_open() -> None:
    # given a Guicai, the forger records it again after the judgment took effect
    def pick(fs: list[Fact], i: int) -> bool:
        return used("guicai")(fs, i) and fs[i + 1].type not in (
            "SkillUsed", "Declined", "GeneralsShown")

    facts, v = forged(pick, lambda f: None)
    i = next(k for k, f in enumerate(facts) if f.version == v)
    facts = renumbered(facts[:i + 2] + [copy.deepcopy(facts[i])] + facts[i + 2:])
    assert "no judgment card in the open" in named(facts, v + 2, "guicai")
