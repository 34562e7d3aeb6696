"""Wu's skills as the identity referee judges them (generals.md section 1.3): Zhiheng,
Qixi, Keji, Kurou, Yingzi, Fanjian, Guose, Liuli, Lianying, Jieyin, Xiaoji. Jiuyuan and
Qianxun bend rules the walk judges itself (``SkillWalk``'s modifiers)."""

from __future__ import annotations

from domain.audit import Fact
from domain.referee.identity_skills import (
    CONVERSIONS,
    Conversion,
    Ctx,
    SkillWalk,
    active,
    black,
    skill,
    suit,
)
from domain.referee.sanguosha_table import WEAPON_RANGE, label, name
from domain.referee.sanguosha_walk import Desync


@active("zhiheng", limit=1)
def zhiheng(w: SkillWalk, f: Fact, seat: int) -> None:
    """Discard any number of cards (hand or equipment), draw as many."""
    cards, _ = w.skill_fact(f, seat, cards=None)
    w.discard_cost(f, seat, cards, "he", "Zhiheng")
    w.draw(seat, len(cards), "zhiheng")


CONVERSIONS["qixi"] = (Conversion("dismantlement", black, "he", use=True, respond=False),)


@skill("keji", "discard", can=lambda w, s, ctx: not w.marks.get("killed"))
def keji(w: SkillWalk, f: Fact, seat: int, ctx: Ctx) -> None:
    """No Kill used or played in the play phase: the discard phase may be skipped."""
    w.skill_fact(f, seat)
    w.marks["skip_discard"] = True


@active("kurou")
def kurou(w: SkillWalk, f: Fact, seat: int) -> None:
    """Lose 1 HP (not damage), then, if still alive, draw two."""
    w.skill_fact(f, seat)
    h = w.next("HpLost", f"seat {seat} losing 1 HP (Kurou)")
    w.expect(h, "", (seat, 1, "kurou"), (h.data["seat"], h.data["amount"], h.data["reason"]),
             "kurou", f"Kurou: seat {seat} loses 1 HP; the record says {h.data}")
    w.t.hp[seat] -= 1
    if w.t.hp[seat] <= 0:
        w.dying(seat, None)
    if w.t.alive[seat]:
        w.draw(seat, 2, "kurou")


@skill("yingzi", "draw")
def yingzi(w: SkillWalk, f: Fact, seat: int, ctx: Ctx) -> None:
    """One card more in the draw phase."""
    w.skill_fact(f, seat)
    w.marks["draw_delta"] = w.marks.get("draw_delta", 0) + 1


@active("fanjian", limit=1)
def fanjian(w: SkillWalk, f: Fact, seat: int) -> None:
    """Another player names a suit and takes a hand card of the owner unseen: another
    suit, the owner deals it 1 damage."""
    _, targets = w.skill_fact(f, seat, targets=1)
    tg = targets[0]
    if not w.t.hands[seat] or tg not in w.others(seat):
        w.broken(f.version, "fanjian", f"Fanjian needs a hand card and another living "
                 f"player; seat {seat} has {len(w.t.hands[seat])} cards, the target is {tg}")
        raise Desync
    a = w.decide(tg, "fanjian")
    named = a.data["suit"]
    if named not in ("S", "H", "C", "D"):
        w.broken(a.version, "fanjian", f"a suit is one of S, H, C, D, not {named!r}")
    if not (w.t.hands[seat] and w.t.alive[tg]):
        return
    w.taken_blind(tg, seat, "fanjian")
    assert w.taken is not None
    if suit(w.taken) != named:
        w.damage(tg, seat, 1, [], "fanjian")


CONVERSIONS["guose"] = (Conversion("indulgence", lambda c: suit(c) == "D", "he", use=True,
                                   respond=False),)


def _reach_without(w: SkillWalk, seat: int, card: int) -> tuple[int, int]:
    """The owner's attack range and −1 horse with ``card`` already gone (QSanguosha)."""
    eq = w.t.equip[seat]
    weapon = eq.get("weapon")
    reach = 1 if weapon is None or weapon == card else WEAPON_RANGE[name(weapon)]
    minus = eq.get("minus_horse") is not None and eq.get("minus_horse") != card
    return reach, int(minus)


def liuli_ok(w: SkillWalk, seat: int, card: int, to: int, ctx: Ctx) -> bool:
    t = w.t
    if to == seat or to == ctx["u"] or to in ctx["targets"] or not t.alive[to] or \
            w.untargetable(to, "kill"):
        return False
    reach, minus = _reach_without(w, seat, card)
    ring = [s for s in range(t.n) if t.alive[s]]
    steps = abs(ring.index(seat) - ring.index(to))
    d = max(min(steps, len(ring) - steps) + ("plus_horse" in t.equip[to]) - minus, 1)
    if w.has(seat, "mashu"):
        d = max(1, d - 1)
    return d <= reach


def _liuli_can(w: SkillWalk, seat: int, ctx: Ctx) -> bool:
    return any(liuli_ok(w, seat, c, to, ctx) for c in w.t.hands[seat] + w.t.equipment(seat)
               for to in range(w.t.n))


@skill("liuli", "targeted", can=_liuli_can)
def liuli(w: SkillWalk, f: Fact, seat: int, ctx: Ctx) -> None:
    """A card discarded: the Kill passes to another player in the owner's attack range
    (not its user, not one of its targets)."""
    cards, targets = w.skill_fact(f, seat, cards=1, targets=1)
    if not liuli_ok(w, seat, cards[0], targets[0], ctx):
        w.broken(f.version, "liuli", f"Liuli passes the Kill to another player within "
                 f"seat {seat}'s attack range (with {label(cards[0])} gone) who is not its "
                 f"user nor its target; seat {targets[0]} is not one")
    w.discard_cost(f, seat, cards, "he", "Liuli")
    ctx["targets"][ctx["i"]] = targets[0]


@skill("lianying", "hand_emptied", can=lambda w, s, ctx: not w.t.hands[s])
def lianying(w: SkillWalk, f: Fact, seat: int, ctx: Ctx) -> None:
    """The last hand card lost: draw one."""
    w.skill_fact(f, seat)
    w.draw(seat, 1, "lianying")


@active("jieyin", limit=1)
def jieyin(w: SkillWalk, f: Fact, seat: int) -> None:
    """Two hand cards discarded: a wounded male character heals 1, then the owner."""
    cards, targets = w.skill_fact(f, seat, cards=2, targets=1)
    tg = targets[0]
    if tg not in w.others(seat) or not w.male(tg) or not w.wounded(tg):
        w.broken(f.version, "jieyin", f"Jieyin chooses another wounded male character, "
                 f"not seat {tg}")
        raise Desync
    w.discard_cost(f, seat, cards, "h", "Jieyin")
    w.heal(tg, "jieyin")
    if w.wounded(seat):
        w.heal(seat, "jieyin")


@skill("xiaoji", "equip_lost", per_point=True)
def xiaoji(w: SkillWalk, f: Fact, seat: int, ctx: Ctx) -> None:
    """A card left the equipment area: draw two."""
    w.skill_fact(f, seat)
    w.draw(seat, 2, "xiaoji")
