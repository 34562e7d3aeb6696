"""Shu's skills as the identity referee judges them (generals.md section 1.2): Rende,
Jijiang, Wusheng, Guanxing, Longdan, Tieqi, Jizhi. Paoxiao, Kongcheng, Mashu and Qicai
bend rules the walk judges itself (``SkillWalk``'s modifiers)."""

from __future__ import annotations

from domain.audit import Fact
from domain.referee.identity_skills import (
    CONVERSIONS,
    JUDGMENTS,
    Conversion,
    Ctx,
    SkillWalk,
    active,
    skill,
)
from domain.referee.sanguosha_table import is_red, labels, name
from domain.referee.sanguosha_walk import Desync


@active("rende")
def rende(w: SkillWalk, f: Fact, seat: int) -> None:
    """Hand cards given to another; the first time two or more were given this phase,
    heal 1."""
    cards, targets = w.skill_fact(f, seat, cards=None, targets=1)
    to = targets[0]
    if to not in w.others(seat):
        w.broken(f.version, "rende", f"Rende gives to another living player, not seat {to}")
        raise Desync
    w.hold(f, seat, cards, "given (Rende)")
    w.t.hands[to] += cards
    before = w.marks.get("rende", 0)
    w.marks["rende"] = before + len(cards)
    if before < 2 <= before + len(cards) and w.wounded(seat):
        w.heal(seat, "rende")


@active("jijiang")
def jijiang(w: SkillWalk, f: Fact, seat: int) -> None:
    """In the play phase: the lord names a Kill's target as if using one; the first Shu
    character to play a Kill makes it the lord's Kill. Nobody: not again this phase."""
    _, targets = w.skill_fact(f, seat, targets=1)
    tg = targets[0]
    if w.marks.get("jijiang_failed"):
        w.broken(f.version, "jijiang", "Jijiang found no Kill earlier in this play phase: "
                 "it cannot be tried again")
    if w.kills >= 1 and not w.kill_unlimited(seat):
        w.broken(f.version, "kill-limit", f"seat {seat} called for a second Kill in one "
                 "play phase")
    if tg not in w.kill_reach(seat):
        w.broken(f.version, "kill-range", f"Jijiang's Kill must be able to target seat {tg}")
    got = w.calling(f, seat, "jijiang")
    if got is None:
        w.marks["jijiang_failed"] = True
        return
    u = w.next("CardUsed", f"the lord (seat {seat}) using the Kill Jijiang brought")
    d = u.data
    w.expect(u, "", (seat, "kill", got, [tg], "supplied"),
             (d["seat"], d["name"], list(d["cards"]), list(d["targets"]), d["via"]),
             "jijiang", f"the lord uses the supplied Kill {labels(got)} on seat {tg}; the "
             f"record says {d}")
    for c in got:
        if c in w.t.discard:
            w.t.discard.remove(c)
    w.kills += 1
    w.killed_in_play(seat)
    w.t.flight += got
    w.card_used(seat, "kill", False)
    w.kill_all(seat, got, [tg])
    w.finish(got)


CONVERSIONS["wusheng"] = (Conversion("kill", is_red, "he", use=True, respond=True),)
CONVERSIONS["longdan"] = (
    Conversion("dodge", lambda c: name(c) == "kill", "h", use=False, respond=True),
    Conversion("kill", lambda c: name(c) == "dodge", "h", use=True, respond=True))


@skill("guanxing", "start")
def guanxing(w: SkillWalk, f: Fact, seat: int, ctx: Ctx) -> None:
    """The top X cards (X: living players, at most 5) looked at and put back, some on
    top in an order, the rest at the bottom."""
    w.skill_fact(f, seat)
    n = min(5, sum(w.t.alive))
    looked = w.take(n, f"seat {seat} looking at {n} cards (Guanxing)")
    p = w.next("CardsPeeked", f"seat {seat} looking at the top {n} cards (Guanxing)")
    w.expect(p, "", (seat, looked, "guanxing"), (p.data["seat"], list(p.data["cards"]),
             p.data["reason"]), "guanxing", f"Guanxing looks at the top {n} cards "
             f"{labels(looked)}; the record says {p.data}")
    a = w.decide(seat, "guanxing")
    top, bottom = list(a.data["top"]), list(a.data["bottom"])
    if sorted(top + bottom) != sorted(looked):
        w.broken(a.version, "guanxing", f"Guanxing puts back exactly the cards looked at "
                 f"({labels(looked)}); the record says top {top}, bottom {bottom}")
        raise Desync
    rest = w.t.pile[len(looked):]
    w.t.pile = top + rest + bottom


JUDGMENTS["tieqi"] = is_red


@skill("tieqi", "kill_target")
def tieqi(w: SkillWalk, f: Fact, seat: int, ctx: Ctx) -> bool:
    """Judge: red, the target cannot use a Dodge against this Kill."""
    w.skill_fact(f, seat)
    return w.judgment(seat, "tieqi")


@skill("jizhi", "card_used", can=lambda w, s, ctx: ctx["real"] and ctx["name"] in TRICKS)
def jizhi(w: SkillWalk, f: Fact, seat: int, ctx: Ctx) -> None:
    """A non-delayed trick used (a real card): draw one."""
    w.skill_fact(f, seat)
    w.draw(seat, 1, "jizhi")


#: the non-delayed tricks (Nullification included: it is used in answer)
TRICKS: frozenset[str] = frozenset({"dismantlement", "snatch", "duel", "collateral", "ex_nihilo",
                    "nullification", "barbarian_invasion", "arrow_barrage", "peach_garden",
                    "amazing_grace"})
