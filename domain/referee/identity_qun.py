"""Qun's skills as the identity referee judges them (generals.md section 1.4): Qingnang,
Jijiu, Lijian, Biyue. Wushuang bends rules the walk judges itself (``SkillWalk``)."""

from __future__ import annotations

from domain.audit import Fact
from domain.referee.identity_skills import CONVERSIONS, Conversion, Ctx, SkillWalk, active, skill
from domain.referee.sanguosha_table import is_red
from domain.referee.sanguosha_walk import Desync


@active("qingnang", limit=1)
def qingnang(w: SkillWalk, f: Fact, seat: int) -> None:
    """A hand card discarded: a wounded player (the owner too) heals 1."""
    cards, targets = w.skill_fact(f, seat, cards=1, targets=1)
    tg = targets[0]
    if not (0 <= tg < w.t.n) or not w.wounded(tg):
        w.broken(f.version, "qingnang", f"Qingnang heals a wounded player; seat {tg} is not")
        raise Desync
    w.discard_cost(f, seat, cards, "h", "Qingnang")
    if w.t.alive[tg]:
        w.heal(tg, "qingnang")


CONVERSIONS["jijiu"] = (Conversion("peach", is_red, "he", use=False, respond=True,
                                   own_turn=False),)


@active("lijian", limit=1)
def lijian(w: SkillWalk, f: Fact, seat: int) -> None:
    """A card discarded, two other male characters chosen: the second uses a Duel on
    the first, which cannot be nullified."""
    cards, targets = w.skill_fact(f, seat, cards=1, targets=2)
    a, b = targets
    men = [s for s in w.others(seat) if w.male(s)]
    if a not in men or b not in men or w.untargetable(a, "duel"):
        w.broken(f.version, "lijian", f"Lijian chooses two other male characters, the first "
                 f"a lawful Duel target; the record names seats {targets}")
        raise Desync
    w.discard_cost(f, seat, cards, "he", "Lijian")
    if w.t.alive[a] and w.t.alive[b]:
        w.duel(b, [], a, stoppable=False)


@skill("biyue", "end")
def biyue(w: SkillWalk, f: Fact, seat: int, ctx: Ctx) -> None:
    """The end phase begins: draw one."""
    w.skill_fact(f, seat)
    w.draw(seat, 1, "biyue")
