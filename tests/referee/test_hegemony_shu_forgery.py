"""Forged Shu skills in Kingdom Wars games: the referee names each by event and rule.

Tables of generals the referee judges (``hegemony_skilled``) are played to the end by
bots; one stored fact is then changed as a forger with write access would, and the
referee must name it (the first violation is at that event).
"""

from __future__ import annotations

from collections.abc import Callable

from domain.audit import Fact
from domain.referee.hegemony import Referee
from tests.referee.forging import first_forged, named
from tests.referee.hegemony_skilled import lawful_judged_facts

SEEDS = range(80)
Pick = Callable[[list[Fact], int], bool]


game_facts = lawful_judged_facts


def forged(pick: Pick, change: Callable[[Fact], None]) -> tuple[list[Fact], int]:
    return first_forged((game_facts(seed) for seed in SEEDS), pick, change)


def used(skill: str) -> Pick:
    return lambda fs, i: fs[i].type == "SkillUsed" and fs[i].data["skill"] == skill


def generals(fs: list[Fact], seat: int) -> tuple[str, str]:
    chosen = next(f for f in fs if f.type == "GeneralsChosen" and f.data["seat"] == seat)
    return chosen.data["head"], chosen.data["deputy"]


def side(fs: list[Fact], i: int, seat: int) -> str | None:
    """The seat's side fixed before fact ``i``."""
    return next((f.data["side"] for f in fs[:i] if f.type == "KingdomDecided"
                 and f.data["seat"] == seat), None)


# --- Zhuge Liang ------------------------------------------------------------------------------
def test_guanxing_puts_back_a_card_it_did_not_look_at() -> None:
    # given a Guanxing's return of the cards looked at, the forger slips another card in
    def pick(fs: list[Fact], i: int) -> bool:
        return fs[i].type == "PileArranged" and bool(fs[i].data["top"])

    def swap(f: Fact) -> None:
        f.data["top"] = [(f.data["top"][0] + 1) % 108, *f.data["top"][1:]]

    facts, v = forged(pick, swap)
    assert "it looked at" in named(facts, v, "guanxing")


def test_guanxing_looks_at_other_cards_than_the_top() -> None:
    def pick(fs: list[Fact], i: int) -> bool:
        return fs[i].type == "CardsPeeked" and len(fs[i].data["cards"]) > 1 and \
            fs[i].data["reason"] == "guanxing"

    facts, v = forged(pick, lambda f: f.data["cards"].reverse())
    assert "looks at the top" in named(facts, v, "guanxing")


def test_kongcheng_a_cancelled_target_answers_the_kill() -> None:
    # given a Kill on a Zhuge Liang holding no hand card (he cancelled himself), the
    # forger records him refusing to dodge it
    def pick(fs: list[Fact], i: int) -> bool:
        f = fs[i]
        if f.type != "CardUsed" or f.data["name"] != "kill" or len(f.data["targets"]) != 1:
            return False
        t = f.data["targets"][0]
        return "zhugeliang" in generals(fs, t) and hand_empty(fs, i, t)

    facts, v = forged(pick, lambda f: None)
    i = next(k for k, f in enumerate(facts) if f.version == v)
    t = facts[i].data["targets"][0]
    facts[i + 1] = Fact(facts[i + 1].version, "Declined", {"seat": t, "ask": "dodge"})
    assert "target of no Kill" in named(facts, v + 1, "asked-seat")


def hands_before(fs: list[Fact], i: int) -> list[list[int]]:
    """The hands as the referee follows them before fact ``i``."""
    r = Referee()
    r.judge(fs[:i])
    return r.table.hands


def hand_empty(fs: list[Fact], i: int, seat: int) -> bool:
    return not hands_before(fs, i)[seat]


# --- Gan Furen --------------------------------------------------------------------------------
def test_shushen_gives_a_draw_to_another_side() -> None:
    # given a Shushen, the forger gives its draw to a seat of another side
    def pick(fs: list[Fact], i: int) -> bool:
        s = fs[i].data.get("seat")
        return used("shushen")(fs, i) and any(
            side(fs, i, x) not in (None, side(fs, i, s)) for x in range(4))

    def other(f: Fact) -> None:
        f.data["targets"] = [OTHER[0]]

    OTHER: list[int] = []

    def pick_noting(fs: list[Fact], i: int) -> bool:
        if not pick(fs, i):
            return False
        s = fs[i].data["seat"]
        OTHER[:] = [x for x in range(8) if side(fs, i, x) not in (None, side(fs, i, s))]
        return True

    facts, v = forged(pick_noting, other)
    assert "of its kingdom" in named(facts, v, "shushen")


def test_shushen_twice_for_one_point() -> None:
    # given a Shushen for a heal of 1, the forger records a second one after its draw
    def pick(fs: list[Fact], i: int) -> bool:
        return fs[i - 1].type == "Healed" and fs[i - 1].data["amount"] == 1 and \
            used("shushen")(fs, i) and fs[i + 1].data.get("reason") == "shushen"

    facts, v = forged(pick, lambda f: None)
    i = next(k for k, f in enumerate(facts) if f.version == v)
    facts[i + 2] = Fact(facts[i + 2].version, "SkillUsed", dict(facts[i].data))
    assert "not just healed" in named(facts, v + 2, "shushen")


def test_shenzhi_heal_of_another_seat() -> None:
    def pick(fs: list[Fact], i: int) -> bool:
        return fs[i].type == "Healed" and fs[i].data["reason"] == "shenzhi"

    facts, v = forged(pick, lambda f: f.data.update(seat=(f.data["seat"] + 1) % 4))
    assert "Shenzhi's heal" in named(facts, v, "shenzhi")


def test_shenzhi_with_an_empty_hand() -> None:
    # given a Shenzhi, the forger records a second one at once: the hand is empty
    def pick(fs: list[Fact], i: int) -> bool:
        return used("shenzhi")(fs, i) and fs[i + 1].type == "CardsDrawn"

    facts, v = forged(pick, lambda f: None)
    i = next(k for k, f in enumerate(facts) if f.version == v)
    facts[i + 1] = Fact(facts[i + 1].version, "SkillUsed", dict(facts[i].data))
    assert "no hand card" in named(facts, v + 1, "shenzhi")


def owner(fs: list[Fact], general: str) -> int | None:
    return next((f.data["seat"] for f in fs if f.type == "GeneralsChosen"
                 and general in (f.data["head"], f.data["deputy"])), None)


# --- Wolong ---------------------------------------------------------------------------------
def test_kanpo_plays_another_card_than_it_made() -> None:
    def pick(fs: list[Fact], i: int) -> bool:
        return fs[i].type == "Responded" and used("kanpo")(fs, i - 1)

    facts, v = forged(pick, lambda f: f.data.update(cards=[(f.data["cards"][0] + 1) % 108]))
    assert "kanpo" in named(facts, v, "conversion")


def test_huoji_makes_another_card() -> None:
    facts, v = forged(used("huoji"), lambda f: f.data.update(choice="duel"))
    assert "huoji" in named(facts, v + 1, "conversion")


def test_bazhen_with_no_kill_on_its_owner() -> None:
    # given a Wolong shown, the forger records a Bazhen in place of a play phase's end
    state: dict[str, int] = {}

    def pick(fs: list[Fact], i: int) -> bool:
        s = owner(fs, "wolong")
        shown = s is not None and any(
            f.type == "GeneralsShown" and f.data["seat"] == s and "wolong" in f.data["generals"]
            for f in fs[:i])
        if shown and fs[i].type == "PhaseChanged" and fs[i].data["seat"] != s:
            state["seat"] = s  # type: ignore[assignment]
            return True
        return False

    facts, v = forged(pick, lambda f: None)
    i = next(k for k, f in enumerate(facts) if f.version == v)
    facts[i] = Fact(v, "SkillUsed", {"seat": state["seat"], "skill": "bazhen", "cards": [],
                                     "targets": [], "choice": None})
    assert "no Kill or Arrow Barrage" in named(facts, v, "bazhen")


# --- Liu Shan -------------------------------------------------------------------------------
def test_xiangle_paid_with_a_card_that_is_not_basic() -> None:
    from domain.sanguosha.cards import KIND

    other = next(c for c in range(108) if KIND[c] != "basic")
    facts, v = forged(lambda fs, i: fs[i].type == "CardsDiscarded"
                      and fs[i].data["reason"] == "xiangle",
                      lambda f: f.data.update(cards=[other]))
    assert "basic hand card" in named(facts, v, "xiangle")


def test_fangquan_grants_the_extra_turn_to_another_seat() -> None:
    def other(f: Fact) -> None:
        f.data["seat"] = (f.data["seat"] + 1) % 4 if (f.data["seat"] + 1) % 4 != \
            f.data["by"] else (f.data["seat"] + 2) % 4

    facts, v = forged(lambda fs, i: fs[i].type == "ExtraTurnGranted", other)
    assert "extra turn" in named(facts, v, "fangquan")


# --- Meng Huo ------------------------------------------------------------------------------
def test_huoshou_barbarian_damage_from_its_user() -> None:
    # given a Barbarian Invasion's damage dealt by a shown Meng Huo, the forger names the
    # card's user as its source
    def pick(fs: list[Fact], i: int) -> bool:
        f = fs[i]
        if f.type != "Damaged" or f.data["reason"] != "barbarian_invasion":
            return False
        use = next(g for g in reversed(fs[:i]) if g.type == "CardUsed"
                   and g.data["name"] == "barbarian_invasion")
        return f.data["source"] not in (None, use.data["seat"]) and use.data["seat"] != \
            f.data["seat"]

    def user(f: Fact) -> None:
        f.data["source"] = USER[0]

    USER: list[int] = []

    def noting(fs: list[Fact], i: int) -> bool:
        if not pick(fs, i):
            return False
        USER[:] = [next(g for g in reversed(fs[:i]) if g.type == "CardUsed"
                        and g.data["name"] == "barbarian_invasion").data["seat"]]
        return True

    facts, v = forged(noting, user)
    assert "which no card in play deals" in named(facts, v, "damage")


def test_zaiqi_heals_more_than_its_hearts() -> None:
    facts, v = forged(lambda fs, i: fs[i].type == "Healed" and fs[i].data["reason"] == "zaiqi",
                      lambda f: f.data.update(amount=f.data["amount"] + 1))
    assert "Zaiqi's heal" in named(facts, v, "zaiqi")


# --- Zhu Rong --------------------------------------------------------------------------------
def test_juxiang_takes_another_card() -> None:
    facts, v = forged(lambda fs, i: fs[i].type == "CardsGained"
                      and fs[i].data["reason"] == "juxiang",
                      lambda f: f.data.update(cards=[(f.data["cards"][0] + 1) % 108]))
    assert "the rules give" in named(facts, v, "juxiang")


def test_lieren_takes_from_another_seat() -> None:
    def other(f: Fact) -> None:
        f.data["source"] = next(x for x in range(10) if x not in (f.data["seat"],
                                                                 f.data["source"]))

    facts, v = forged(lambda fs, i: fs[i].type == "CardTaken"
                      and fs[i].data["reason"] == "lieren", other)
    assert "taking a card" in named(facts, v, "lieren")


# --- Pang Tong -------------------------------------------------------------------------------
def test_lianhuan_recasts_a_card_that_is_not_a_club() -> None:
    from domain.sanguosha.cards import SUIT

    heart = next(c for c in range(108) if SUIT[c] == "H")
    facts, v = forged(lambda fs, i: used("lianhuan")(fs, i) and fs[i].data["choice"] is None,
                      lambda f: f.data.update(cards=[heart]))
    assert "one club hand card" in named(facts, v, "lianhuan")


def test_niepan_heals_more_than_to_three() -> None:
    facts, v = forged(lambda fs, i: fs[i].type == "Healed" and fs[i].data["reason"] == "niepan",
                      lambda f: f.data.update(amount=f.data["amount"] + 1))
    assert "Niepan's heal" in named(facts, v, "niepan")
