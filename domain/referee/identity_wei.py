"""Wei's skills as the identity referee judges them (generals.md section 1.1): Jianxiong,
Hujia, Fankui, Guicai, Ganglie, Tuxi, Luoyi, Tiandu, Yiji, Luoshen, Qingguo."""

from __future__ import annotations

from domain.audit import Fact
from domain.referee.identity_skills import (
    CONVERSIONS,
    JUDGMENTS,
    Conversion,
    Ctx,
    SkillWalk,
    black,
    skill,
    suit,
)
from domain.referee.sanguosha_table import label, labels
from domain.referee.sanguosha_walk import Desync


def _damage_cards(w: SkillWalk, ctx: Ctx) -> list[int]:
    return [c for c in ctx["cs"] if c in w.t.flight]


@skill("jianxiong", "damaged", can=lambda w, s, ctx: bool(_damage_cards(w, ctx)))
def jianxiong(w: SkillWalk, f: Fact, seat: int, ctx: Ctx) -> None:
    """The card that hurt Cao Cao, still in the open, goes to his hand."""
    w.skill_fact(f, seat)
    w.gain(seat, _damage_cards(w, ctx), "flight", "jianxiong")


def _fankui_cards(w: SkillWalk, seat: int, src: int) -> list[int]:
    return (w.t.hands[src] if src != seat else []) + w.t.equipment(src)


@skill("fankui", "damaged", can=lambda w, s, ctx: ctx["src"] is not None
       and w.t.alive[ctx["src"]] and bool(_fankui_cards(w, s, ctx["src"])))
def fankui(w: SkillWalk, f: Fact, seat: int, ctx: Ctx) -> None:
    """One card of the damage's source (a hand card unseen, or an equipment card)."""
    w.skill_fact(f, seat)
    src = ctx["src"]
    a = w.decide(seat, "fankui")
    d = a.data
    card = d["card"]
    area = w.t.area_of(src, card)
    ok = (d["source"] == src and d["reason"] == "fankui" and card in _fankui_cards(w, seat, src)
          and d["area"] == area)
    if not ok:
        w.broken(a.version, "fankui", f"Fankui takes one of seat {src}'s cards (its hand "
                 f"unless it hurt itself, or its equipment); the record says {d}")
        raise Desync
    w.t.take_from(src, card)
    w.t.hands[seat].append(card)


@skill("guicai", "retrial", can=lambda w, s, ctx: bool(w.t.hands[s]))
def guicai(w: SkillWalk, f: Fact, seat: int, ctx: Ctx) -> None:
    """A hand card replaces the judgment card, which goes to the discard pile."""
    cards, _ = w.skill_fact(f, seat, cards=1)
    new = cards[0]
    w.hold(f, seat, [new], "played to replace a judgment card")
    old = ctx["card"]
    if old in w.t.flight:
        w.t.flight.remove(old)
        w.t.discard.append(old)
    w.t.flight.append(new)
    ctx["card"] = new


JUDGMENTS["ganglie"] = lambda card: suit(card) != "H"


@skill("ganglie", "damaged", can=lambda w, s, ctx: ctx["src"] is not None)
def ganglie(w: SkillWalk, f: Fact, seat: int, ctx: Ctx) -> None:
    """Judge: not a heart, the source discards two hand cards or takes 1 damage."""
    w.skill_fact(f, seat)
    src = ctx["src"]
    if not w.judgment(seat, "ganglie") or not w.t.alive[src]:
        return
    a = w.decide(src, "ganglie")
    if a.type == "Declined":
        w.damage(src, seat, 1, [], "ganglie")
        return
    cards = list(a.data["cards"])
    if len(cards) != 2 or a.data["reason"] != "ganglie" or a.data["seat"] != src or \
            a.data.get("by") != seat:
        w.broken(a.version, "ganglie", f"Ganglie: seat {src} discards two hand cards (or "
                 f"takes the damage); the record says {a.data}")
    w.discard_cost(a, src, cards, "h", "Ganglie")


def _tuxi_ok(w: SkillWalk, seat: int, targets: list[int]) -> bool:
    return 1 <= len(targets) <= 2 and all(
        s in w.others(seat) and w.t.hands[s] for s in targets)


@skill("tuxi", "draw", can=lambda w, s, ctx: any(w.t.hands[o] for o in w.others(s)))
def tuxi(w: SkillWalk, f: Fact, seat: int, ctx: Ctx) -> None:
    """No draw: a hand card, unseen, from each of one or two others, in turn order."""
    _, targets = w.skill_fact(f, seat, targets=None)
    if not _tuxi_ok(w, seat, targets):
        w.broken(f.version, "tuxi", f"Tuxi takes from one or two other players with hand "
                 f"cards; the record names seats {targets}")
        raise Desync
    w.marks["skip_draw"] = True
    for s in sorted(targets, key=lambda x: (x - seat) % w.t.n):
        if w.t.alive[s] and w.t.hands[s]:
            w.taken_blind(seat, s, "tuxi")


@skill("luoyi", "draw")
def luoyi(w: SkillWalk, f: Fact, seat: int, ctx: Ctx) -> None:
    """One card fewer; this turn the owner's Kills and Duels deal 1 more damage."""
    w.skill_fact(f, seat)
    w.marks["draw_delta"] = w.marks.get("draw_delta", 0) - 1
    w.marks["luoyi"] = True


@skill("tiandu", "judged", can=lambda w, s, ctx: ctx["card"] in w.t.flight)
def tiandu(w: SkillWalk, f: Fact, seat: int, ctx: Ctx) -> None:
    """The judgment card, once it took effect, goes to its owner's hand."""
    w.skill_fact(f, seat)
    w.t.flight.remove(ctx["card"])
    w.t.hands[seat].append(ctx["card"])


@skill("yiji", "damaged", per_point=True)
def yiji(w: SkillWalk, f: Fact, seat: int, ctx: Ctx) -> None:
    """The top two cards looked at, then handed out (the owner included) until none
    is left."""
    w.skill_fact(f, seat)
    looked = w.take(2, f"seat {seat} looking at two cards (Yiji)")
    p = w.next("CardsPeeked", f"seat {seat} looking at the top two cards (Yiji)")
    w.expect(p, "", (seat, looked, "yiji"), (p.data["seat"], list(p.data["cards"]),
             p.data["reason"]), "yiji", f"Yiji looks at the top two cards {labels(looked)}; "
             f"the record says {p.data}")
    left = list(looked)
    while left:
        a = w.decide(seat, "yiji")
        d = a.data
        given = list(d["cards"])
        to = d["to"]
        if not given or any(c not in left for c in given) or d["reason"] != "yiji" or \
                not (0 <= to < w.t.n and w.t.alive[to]):
            w.broken(a.version, "yiji", f"Yiji hands out {labels(left)} to living players; "
                     f"the record says {d}")
            raise Desync
        for c in given:
            left.remove(c)
            w.t.pile.remove(c)
        w.t.hands[to] += given


JUDGMENTS["luoshen"] = black


@skill("luoshen", "start")
def luoshen(w: SkillWalk, f: Fact, seat: int, ctx: Ctx) -> None:
    """Judge: black, the card goes to the owner's hand and it may judge again."""
    w.skill_fact(f, seat)
    while w.judgment(seat, "luoshen"):
        card = w.judge_card
        if card is None or card not in w.t.discard:
            return
        w.gain(seat, [card], "discard", "luoshen")
        if w.decide(seat, "luoshen").type == "Declined":
            return


CONVERSIONS["qingguo"] = (Conversion("dodge", lambda c: black(c), "h", use=False,
                                     respond=True),)
_ = label
