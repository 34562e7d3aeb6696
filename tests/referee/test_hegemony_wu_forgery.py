"""Forged Wu skills in Kingdom Wars games: the referee names each by event and rule.

Tables of six Wu seats (each seat dealt a pair of Wu generals and two of other kingdoms,
so the pair is its choice; rules 5, the identity deck) are played to the end by bots;
games the referee finds lawful as played are kept. One stored fact is then changed as a
forger with write access would; the referee must name it at its event.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from functools import cache

from domain.audit import Fact
from domain.referee.hegemony import referee
from domain.sanguosha.cards import KIND, RED, SUIT
from domain.sanguosha.hegemony import HegemonyGame
from domain.simulate import play_out
from tests.referee.forging import first_forged, named
from tests.referee.hegemony_skilled import drivers, facts_of, kingdom_candidates

WU = ["luxun", "taishici", "zhoutai", "lusu", "erzhang", "dingfeng", "xiaoqiao", "sunquan",
      "ganning", "lvmeng", "huanggai", "zhouyu", "daqiao", "sunshangxiang", "sunjian"]
SEEDS = range(40)


@cache
def game_facts(seed: int) -> list[Fact] | None:
    """Six seats of Wu pairs; None when the game as played is not lawful to the
    referee (a skill it does not judge yet: Hongyan)."""
    rng = random.Random(seed)
    wu = [g for g in WU if g != "zhoutai"]
    rng.shuffle(wu)
    pairs = [(wu[i], wu[i + 1]) for i in range(0, 12, 2)]
    candidates = kingdom_candidates(pairs, "wu", rng)
    game = HegemonyGame.new([f"p{i}" for i in range(6)], {"deck": "identity"}, rng=rng,
                            candidates=candidates)
    play_out(game, drivers(rng, 6), rng)
    facts = facts_of(game)
    return None if referee(facts).violations else facts


def forged(pick: Callable[[list[Fact], int], bool],
           change: Callable[[Fact], None]) -> tuple[list[Fact], int]:
    games = (f for f in (game_facts(seed) for seed in SEEDS) if f is not None)
    return first_forged(games, pick, change)


def used(skill: str) -> Callable[[list[Fact], int], bool]:
    return lambda fs, i: fs[i].type == "SkillUsed" and fs[i].data["skill"] == skill


def seats_of(facts: list[Fact], general: str) -> set[int]:
    return {f.data["seat"] for f in facts if f.type == "GeneralsChosen"
            and general in (f.data["head"], f.data["deputy"])}


def test_the_wu_tables_are_lawful_as_played() -> None:
    assert sum(game_facts(seed) is not None for seed in SEEDS) >= 20


# --- Lu Xun ---------------------------------------------------------------------------------
def test_a_snatch_qianxun_cancelled_takes_a_card_all_the_same() -> None:
    # given a Snatch on Lu Xun (cancelled: nothing follows), the forger makes the next
    # fact the Snatch's taking of one of his cards
    def pick(fs: list[Fact], i: int) -> bool:
        f = fs[i]
        return (f.type == "CardUsed" and f.data["name"] == "snatch"
                and f.data["targets"][0] in seats_of(fs, "luxun")
                and fs[i + 1].type != "GameEnded")

    taken: dict[str, object] = {}

    def remember(f: Fact) -> None:
        taken.update(seat=f.data["seat"], source=f.data["targets"][0])

    facts, v = forged(pick, remember)
    i = next(k for k, f in enumerate(facts) if f.version == v)
    card = next(c for c in range(108) if c not in facts[i].data["cards"])
    facts[i + 1] = Fact(facts[i + 1].version, "CardTaken", {
        **taken, "card": card, "area": "hand", "reason": "snatch"})
    # then the referee names it: Qianxun cancelled the Snatch, it has no target
    assert "no Snatch of its own on it" in named(facts, v + 1, "card-effect")


def test_duoshi_on_a_black_card() -> None:
    def black(f: Fact) -> None:
        f.data["cards"] = [next(c for c in range(108) if not RED[c])]

    facts, v = forged(used("duoshi"), black)
    assert "is not red" in named(facts, v, "conversion")


# --- Taishi Ci -----------------------------------------------------------------------------------
def test_a_pindian_result_turned() -> None:
    def turned(f: Fact) -> None:
        f.data["won"] = not f.data["won"]

    facts, v = forged(lambda fs, i: fs[i].type == "PindianShown"
                      and fs[i].data["reason"] == "tianyi", turned)
    assert "make the initiator" in named(facts, v, "pindian")


def test_a_kill_after_a_lost_tianyi() -> None:
    # given a lost Tianyi, the forger makes the turn's next fact of that seat a Kill
    def pick(fs: list[Fact], i: int) -> bool:
        f = fs[i]
        if f.type != "PindianShown" or f.data["reason"] != "tianyi" or f.data["won"]:
            return False
        nxt = fs[i + 1]
        return nxt.type in ("CardUsed", "SkillUsed", "PhaseChanged") and \
            nxt.data["seat"] == f.data["seat"]

    facts, v = forged(pick, lambda f: None)
    i = next(k for k, f in enumerate(facts) if f.version == v)
    s, t = facts[i].data["seat"], facts[i].data["target"]
    hand = held(facts[:i + 1], s)
    if not hand:
        return  # (nothing left to use)
    facts[i + 1] = Fact(facts[i + 1].version, "CardUsed", {
        "seat": s, "name": "kill", "cards": [hand[0]], "targets": [t], "via": "play"})
    assert "forbade it any" in named(facts, v + 1, "one-kill")


def held(facts: list[Fact], seat: int) -> list[int]:
    """The seat's hand after these facts, as the referee follows it."""
    from domain.referee.hegemony import Referee

    r = Referee()
    r.judge(facts)
    return list(r.table.hands[seat])


# --- Erzhang -----------------------------------------------------------------------------------
def test_zhijian_with_a_card_that_is_no_equipment() -> None:
    def basic(f: Fact) -> None:
        f.data["cards"] = [next(c for c in range(108) if KIND[c] == "basic")]

    facts, v = forged(used("zhijian"), basic)
    assert "empty slot" in named(facts, v, "zhijian")


def test_guzheng_gives_back_a_card_not_discarded() -> None:
    def other(f: Fact) -> None:
        f.data["cards"] = [(f.data["cards"][0] + 1) % 108]

    facts, v = forged(used("guzheng"), other)
    assert "gives back one card" in named(facts, v, "guzheng")


# --- Lu Su -------------------------------------------------------------------------------------
def test_haoshi_gives_one_card_too_few() -> None:
    def fewer(f: Fact) -> None:
        f.data["cards"] = f.data["cards"][1:]

    facts, v = forged(lambda fs, i: fs[i].type == "CardsGiven"
                      and fs[i].data["reason"] == "haoshi", fewer)
    assert "gives" in named(facts, v, "haoshi")


def test_dimeng_discards_too_few() -> None:
    def fewer(f: Fact) -> None:
        f.data["cards"] = f.data["cards"][1:]

    facts, v = forged(lambda fs, i: used("dimeng")(fs, i) and bool(fs[i].data["cards"]),
                      fewer)
    assert "as the hands of seats" in named(facts, v, "dimeng")


def test_hands_swapped_with_a_card_neither_held() -> None:
    def wrong(f: Fact) -> None:
        both = f.data["cards"] + f.data["other_cards"]
        f.data["other_cards"] = [*f.data["other_cards"],
                                 next(c for c in range(108) if c not in both)]

    facts, v = forged(lambda fs, i: fs[i].type == "HandsSwapped", wrong)
    assert "hands exchanged" in named(facts, v, "card-owner")


# --- Ding Feng -------------------------------------------------------------------------------
def test_fenxun_on_itself() -> None:
    def itself(f: Fact) -> None:
        f.data["targets"] = [f.data["seat"]]

    facts, v = forged(used("fenxun"), itself)
    assert "another living seat" in named(facts, v, "fenxun")


def test_a_kill_with_one_target_too_many() -> None:
    # given a Kill of Ding Feng's with two targets (Duanbing), the forger adds a third
    def pick(fs: list[Fact], i: int) -> bool:
        f = fs[i]
        if f.type != "CardUsed" or f.data["name"] != "kill" or len(f.data["targets"]) != 2 \
                or f.data["seat"] not in seats_of(fs, "dingfeng"):
            return False
        turn = max(k for k in range(i) if fs[k].type == "TurnStarted")
        return not any(used("tianyi")(fs, k) for k in range(turn, i)) and \
            len(fs[0].data["players"]) > 3

    def third(f: Fact) -> None:
        s, ts = f.data["seat"], f.data["targets"]
        f.data["targets"] = [*ts, next(x for x in range(6) if x != s and x not in ts)]

    facts, v = forged(pick, third)
    assert "more as a skill grants" in named(facts, v, "card-target")


# --- Xiao Qiao ---------------------------------------------------------------------------------
def test_tianxiang_with_a_card_that_is_no_heart() -> None:
    def club(f: Fact) -> None:
        f.data["cards"] = [next(c for c in range(108) if SUIT[c] == "C")]

    facts, v = forged(used("tianxiang"), club)
    assert "heart hand card" in named(facts, v, "tianxiang")


def test_tianxiang_moves_a_damage_to_another_seat_than_it_named() -> None:
    # given a damage Tianxiang moved, the forger records it on a third seat (neither
    # Xiao Qiao, nor the seat she named, nor the source)
    def pick(fs: list[Fact], i: int) -> bool:
        return fs[i].type == "Damaged" and used("tianxiang")(fs, i - 1)

    facts, v = forged(pick, lambda f: None)
    i = next(k for k, f in enumerate(facts) if f.version == v)
    d = facts[i].data
    d["seat"] = next(x for x in range(6) if x not in (d["seat"], d["source"],
                                                      facts[i - 1].data["seat"]))
    assert f"seat {d['seat']} takes" in named(facts, v, "damage")


# --- Ding Feng hidden: Duanbing shows him (rules 7) ----------------------------------------
def duanbing_show(fs: list[Fact], i: int) -> bool:
    """A hidden Ding Feng shown for a card use (Duanbing's extra Kill target)."""
    f = fs[i]
    return (f.type == "GeneralsShown" and f.data["reason"] == "skill"
            and f.data["generals"] == ["dingfeng"]
            and (f.data.get("then") or {}).get("type") == "use"
            and "skill" not in f.data["then"])


def after_show(fs: list[Fact], i: int) -> int:
    """The index of the ``CardUsed`` the show at ``i`` was for."""
    return next(k for k in range(i + 1, len(fs)) if fs[k].type == "CardUsed")


def test_ding_feng_shown_for_a_kill_that_does_not_need_duanbing() -> None:
    # given: a hidden Ding Feng shown for his Kill's extra target; the forger leaves the
    # Kill its first target only
    def pick(fs: list[Fact], i: int) -> bool:
        k = next((k for k in range(i - 3, i) if k >= 0 and duanbing_show(fs, k)), None)
        return k is not None and after_show(fs, k) == i

    def one(f: Fact) -> None:
        f.data["targets"] = f.data["targets"][:1]

    facts, v = forged(pick, one)
    assert "does not need Duanbing" in named(facts, v, "duanbing")


def test_a_hidden_ding_feng_kill_takes_the_extra_target_without_showing_him() -> None:
    # given: a one-target Kill of a seat whose Ding Feng is still hidden; the forger adds
    # a neighbour as its second target (no show before it)
    def pick(fs: list[Fact], i: int) -> bool:
        f = fs[i]
        if f.type != "CardUsed" or f.data["name"] != "kill" or len(f.data["targets"]) != 1:
            return False
        s = f.data["seat"]
        if s not in seats_of(fs, "dingfeng") or f.data["via"] != "play":
            return False
        shown = any(g.type == "GeneralsShown" and g.data["seat"] == s
                    and "dingfeng" in g.data["generals"] for g in fs[:i])
        return not shown and not any(used("tianyi")(fs, k) for k in range(i))

    def neighbour(f: Fact) -> None:
        s, (t,) = f.data["seat"], f.data["targets"]
        f.data["targets"] = [t, next(x for x in ((s + 1) % 6, (s - 1) % 6) if x != t)]

    facts, v = forged(pick, neighbour)
    assert "more as a skill grants" in named(facts, v, "card-target")


def test_a_rules_6_record_shows_a_hidden_ding_feng_for_duanbing() -> None:
    # given: a game with a hidden Ding Feng shown for a Kill's extra target; the forger
    # stores it as a rules-6 game, when a hidden Ding Feng's Duanbing was not offered
    for seed in SEEDS:
        played = game_facts(seed)
        i = next((k for k in range(len(played or [])) if duanbing_show(played, k)), None)
        if played is None or i is None:
            continue
        facts = [Fact(f.version, f.type, dict(f.data)) for f in played]
        facts[0].data["rules"] = 6
        judged = referee(facts).violations
        if judged and judged[0].version == facts[i].version:  # (nothing else of rule 7)
            assert "skill that shows when a use needs it" in named(
                facts, facts[i].version, "show")
            return
    raise AssertionError("no game shows a hidden Ding Feng for Duanbing")


# --- Xiao Qiao: Tianxiang moves fire (rules 7 keeps its nature; rules 6 dealt it plain) -----
def moved_facts(mode: str, rules: int | None = None) -> tuple[list[Fact], int]:
    """A rigged game (``test_kw_tianxiang_nature``): Xiao Qiao moves a Fire Kill's damage
    (``direct``) or the chain's (``chain``) to seat 2; its facts, lawful, and the index
    of the moved damage."""
    from tests.referee.test_hegemony_differential import facts_of as played_facts
    from tests.sanguosha.test_kw_tianxiang_nature import moved_fire

    game, _ = moved_fire(mode, rules)
    facts = played_facts(game)
    assert not referee(facts).violations
    i = next(k for k in range(1, len(facts)) if used("tianxiang")(facts, k - 1))
    return facts, i


def test_a_moved_fire_damage_recorded_plain_under_rules_7() -> None:
    facts, i = moved_facts("direct")
    d = facts[i].data
    facts[i] = Fact(facts[i].version, "Damaged", {k: d[k] for k in (
        "seat", "source", "amount", "cards", "reason")})
    assert "which no card in play deals" in named(facts, facts[i].version, "damage")


def test_a_moved_fire_damage_recorded_with_its_nature_under_rules_6() -> None:
    facts, i = moved_facts("direct", rules=6)
    d = facts[i].data
    facts[i] = Fact(facts[i].version, "NatureDamaged", {**d, "nature": "fire",
                                                        "chain": False})
    assert "dealt plain" in named(facts, facts[i].version, "damage")


def test_a_moved_chain_damage_not_the_chains_amount() -> None:
    facts, i = moved_facts("chain")
    facts[i].data["amount"] = 2
    assert "the chain brings seat 2" in named(facts, facts[i].version, "chain")


def test_a_moved_chain_damage_not_the_chains_amount_under_rules_6() -> None:
    facts, i = moved_facts("chain", rules=6)
    facts[i].data["amount"] = 2
    assert "seat 1's 1 damage" in named(facts, facts[i].version, "chain")


def test_a_moved_chain_damage_on_a_seat_the_chain_is_done_with() -> None:
    # given: the chain's fire reaches Xiao Qiao; the forger has the moved damage fall on
    # the seat the Kill hit first (the chain is done with it)
    facts, i = moved_facts("chain")
    facts[i].data["seat"] = 3
    assert "the chain reaches seat 1 next" in named(facts, facts[i].version, "chain")
