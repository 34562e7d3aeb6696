"""Forged area tricks (Barbarian Invasion, Arrow Barrage, Peach Garden, Amazing Grace):
the referee follows their targets in turn and names a target left out.

Tables of judged generals (``hegemony_skilled``) are played to the end by bots; a forger
with write access removes one target's part of an area trick (its effect, and the window
of the next target that followed it, nobody nullifying). The referee judges the facts
alone and must name the first fact that shows the target was left out.
"""

from __future__ import annotations

from domain.audit import Fact
from tests.referee.forging import named, renumbered
from tests.referee.hegemony_skilled import lawful_judged_facts

SEEDS = range(60)
#: the area tricks that take their targets in turn, and what each asks of a target
AREA = {"barbarian_invasion": "kill", "arrow_barrage": "dodge", "peach_garden": None,
        "amazing_grace": None}


def effect_on(fs: list[Fact], i: int) -> Fact | None:
    """The area trick whose effect on one target fact ``i`` is (its answer to the
    trick's ask, its heal, its card), or None."""
    f = fs[i]
    use = next((g for g in reversed(fs[:i]) if g.type == "CardUsed"), None)
    if use is None or use.data["name"] not in AREA or f.data.get("seat") not in \
            use.data["targets"]:
        return None
    ask = AREA[use.data["name"]]
    ok = f.type in ("Responded", "Declined") and f.data["ask"] == ask if ask else \
        (f.type, f.data.get("reason")) in (("Healed", "peach_garden"), ("CardPicked", None))
    return use if ok else None


def left_out(then: str) -> tuple[list[Fact], int]:
    """The first game with a target's played answer (a Kill, a Dodge), heal or card that
    is followed (past the next target's window, nobody nullifying) by the next target's
    effect (``then`` "next") or by the turn going on (``then`` "over"); that target's
    part removed; the number of the fact that now stands in its place."""
    for seed in SEEDS:
        fs = lawful_judged_facts(seed)
        for i in range(len(fs) - 1):
            use = effect_on(fs, i)
            if use is None or fs[i].type == "Declined":
                continue
            j = i + 1
            while then == "next" and j < len(fs) and fs[j].type == "Declined" and \
                    fs[j].data["ask"] == "nullify":
                j += 1
            g = fs[j] if j < len(fs) else None
            nxt = g is not None and effect_on(fs, j) is use and \
                g.data["seat"] != fs[i].data["seat"]
            over = g is not None and (g.type == "PhaseChanged" or (
                g.type == "CardUsed" and g.data["via"] == "play"))
            if (nxt if then == "next" else over):
                return renumbered(fs[:i] + fs[j:]), fs[i].version
    raise AssertionError("no game has such a target")


def test_an_area_trick_leaves_out_a_target() -> None:
    facts, at = left_out("next")
    assert "leaving out" in named(facts, at, "card-effect")


def test_an_area_trick_is_over_before_its_last_target() -> None:
    facts, at = left_out("over")
    assert "never reached" in named(facts, at, "card-effect")


def test_a_target_nullified_takes_an_amazing_grace_card() -> None:
    # given an Amazing Grace whose window on one target closed nullified, the next
    # target's pick: the forger records that pick as the nullified target's
    from domain.referee.hegemony import Referee

    for seed in SEEDS:
        fs = lawful_judged_facts(seed)
        for i in range(1, len(fs)):
            if fs[i].type != "CardPicked" or fs[i - 1].type not in ("Declined", "Responded"):
                continue
            r = Referee()
            r.judge(fs[:i + 1])  # (the pick closes the window before it)
            u = r.use_of("amazing_grace")
            nulled = u.extra.get("nulled", set()) if u is not None else set()
            x = next((t for t in nulled if r.alive[t]), None)
            if x is not None and x != fs[i].data["seat"]:
                facts = [Fact(f.version, f.type, dict(f.data)) for f in fs]
                facts[i].data["seat"] = x
                assert "was nullified" in named(facts, fs[i].version, "nullification")
                return
    raise AssertionError("no game has such a pick")
