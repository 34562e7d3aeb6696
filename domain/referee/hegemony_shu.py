"""Shu's Kingdom Wars skills as the referee judges them (``docs/rules/generals.md``
section 2.2): Zhuge Liang, Pang Tong, Wolong, Liu Shan, Meng Huo, Zhu Rong, Gan Furen.

Each skill registers with ``hegemony_skills.judged``; the referee imports this module
for that registration alone. What a skill waits on (Guanxing's look at the pile, the
Kill's user paying Xiangle) is checked before the next fact (``BEFORE``); what a skill
watches for (a heal for Shushen, a Barbarian Invasion for Juxiang) after each (``AFTER``).

A compulsory skill that cancels its owner as a target (Kongcheng, Huoshou, Juxiang) is
read from the seat's generals whether shown or not under rules 5 and before, as those
records play it (the engine cancelled for a hidden general too, unasked). From rules 6 a
hidden general has no skill in effect: only a shown one cancels unasked, and a hidden
one's owner is asked whether to show it: the cancel is legal only after that show
(``cancel_shown``). From rules 7 the same holds for Jia Xu's Weimu (a black trick) and for
a delayed trick (Qianxun's Indulgence, Weimu's black one): the card is placed at its use
as the record goes on, and taken out of the judgment area again by the show. From rules
8 a Lightning that misses passes as if used on the seat it reaches: past a shown Weimu
(``lightning_skips``), and a hidden one's owner asked as it lands (``lightning_lands``);
the show owes its pass on from there.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from domain.audit import Fact
from domain.referee.hegemony_generals import SKILLS
from domain.referee.hegemony_skills import (
    AFTER,
    BEFORE,
    BONUS_ASKS,
    CONVERSIONS,
    EVENTS,
    HOOKS,
    IN_WINDOW,
    INTERJECTS,
    PINDIAN,
    START_SKILLS,
    TAKES_ANY,
    USED,
    conversion,
    judged,
)
from domain.referee.hegemony_table import HAND
from domain.sanguosha.cards import KIND, NAME, RED, SUIT

KILL, DUEL, BARBARIANS, ARROWS = "kill", "duel", "barbarian_invasion", "arrow_barrage"
START_SKILLS.update({"guanxing", "shenzhi", "shushen"})


def skilled(r: Any) -> bool:
    """The generals have their skills (rules 4, unless the table turned them off)."""
    return r.rules >= 4 and r.options.get("skills", True) is not False


def at_start(r: Any, fact: Fact, s: int, sid: str) -> None:
    """A skill of the start phase: the owner's own turn, before its draw."""
    if s != r.current or r.stage != "start" or r.marks.get("drew"):
        r.broken(fact, sid, f"seat {s} uses {sid} outside the start of its own turn")


def waits(r: Any, fact: Fact, key: str, ok: bool, what: str) -> Any:
    """What a skill waits on (a mark ending with the version of the fact that set it):
    the next fact must be it (``ok``), else it is named; the mark, once that fact came
    (None while nothing is waited on)."""
    pending = r.marks.get(key)
    if pending is None or pending[-1] == fact.version or fact.type == "PileReshuffled" or \
            shushen_asks(r, fact):
        return None
    r.marks.pop(key)
    if not ok:
        r.broken(fact, key.split(":")[0], f"{what} was due, but the record goes on with "
                 f"{fact.type}")
        return None
    return pending


@dataclass
class Step:
    """A fact a skill's effect records next: its type and the fields it must have."""

    what: str
    kind: str
    fields: dict[str, Any] = field(default_factory=dict)
    optional: bool = False


def follow(r: Any, sid: str, fact: Fact, steps: list[Step]) -> None:
    """The facts the skill's effect records next, in this order (after ``fact``)."""
    if steps:
        r.marks[("steps", sid)] = (steps, fact.version)


def between(r: Any, fact: Fact, sid: str) -> bool:
    """A fact that may come between a skill's steps: a reshuffle, another skill asked in
    between (Shushen, Sijian: ``INTERJECTS``) and that skill's own effect."""
    d = fact.data
    return fact.type == "PileReshuffled" or any(check(r, fact) for check in INTERJECTS) or (
        fact.type in ("CardsDiscarded", "CardsDrawn", "Healed", "HpLost")
        and d.get("reason") in USED and d.get("reason") != sid)


def steps_next(r: Any, fact: Fact) -> None:
    """Each skill's next step must be this fact (a reshuffle and Shushen's asks may come
    between); an optional step may be left out."""
    for key in [k for k in r.marks if isinstance(k, tuple) and k[0] == "steps"]:
        steps, version = r.marks[key]
        if version == fact.version or between(r, fact, key[1]):
            continue
        while steps:
            st = steps[0]
            if fact.type == st.kind and all(fact.data.get(k) == v
                                            for k, v in st.fields.items()):
                steps.pop(0)
                break
            steps.pop(0)
            if not st.optional:
                r.broken(fact, key[1], f"{st.what} was due, but the record goes on with "
                         f"{fact.type}")
                steps.clear()
        if not steps:
            del r.marks[key]


BEFORE.append(steps_next)


# --- Zhuge Liang: Guanxing, Kongcheng ---------------------------------------------------------
@judged("guanxing", triggered=True)
def guanxing(r: Any, fact: Fact, s: int, d: dict[str, Any]) -> None:
    """At the start of its turn: look at the top X cards (X: the living seats, at most
    5) and put them back, any on top and the rest at the bottom."""
    at_start(r, fact, s, "guanxing")
    r.marks["guanxing"] = (s, min(5, sum(r.alive)), fact.version)


def guanxing_next(r: Any, fact: Fact) -> None:
    """Guanxing's look comes next (a reshuffle may come first), then the cards' return."""
    look = waits(r, fact, "guanxing", fact.type == "CardsPeeked",
                 "Guanxing's look at the pile")
    if look is not None:
        r.marks["peek"] = look
    back = waits(r, fact, "guanxing:back", fact.type == "PileArranged",
                 "Guanxing's return of the cards")
    if back is not None:
        r.marks["arranging"] = back


BEFORE.append(guanxing_next)


def peeked(r: Any, fact: Fact, d: dict[str, Any]) -> None:
    s, cards = r.seat(d["seat"]), list(d["cards"])
    want = r.marks.pop("peek", None)
    if want is None or want[0] != s or d.get("reason") != "guanxing":
        r.broken(fact, "guanxing", f"seat {s} looks at the pile's top with no Guanxing")
        return
    n = want[1] if r.rules >= 2 else min(want[1], len(r.table.pile))
    if cards != r.table.pile[:n]:
        r.broken(fact, "guanxing", f"Guanxing looks at the top {n} cards "
                 f"{r.table.pile[:n]}; the record says {cards}")
    if cards:
        r.marks["guanxing:back"] = (s, cards, fact.version)


def arranged(r: Any, fact: Fact, d: dict[str, Any]) -> None:
    """The cards looked at go back: ``top`` first on the pile, ``bottom`` under it."""
    s, top, bottom = r.seat(d["seat"]), list(d["top"]), list(d["bottom"])
    seen = r.marks.pop("arranging", None)
    if seen is None or seen[0] != s or sorted(top + bottom) != sorted(seen[1]):
        r.broken(fact, "guanxing", f"seat {s} puts back {top} on top and {bottom} under; "
                 f"it looked at {seen[1] if seen else 'nothing'}")
        return
    rest = [c for c in r.table.pile if c not in seen[1]]
    r.table.pile = top + rest + bottom


EVENTS["CardsPeeked"] = peeked
EVENTS["PileArranged"] = arranged


#: the skills whose hidden general is asked to show as its seat is a card's target (rules
#: 6); Lu Xun's Qianxun is asked here for a Snatch, and from rules 7 for an Indulgence
#: too, and Jia Xu's Weimu for a black trick (rules 6 placed a delayed trick unasked and
#: cancelled a hidden Jia Xu unasked: ``hegemony_wu``, ``hegemony_qun``)
CANCELLING = ("kongcheng_kw", "huoshou", "juxiang", "qianxun_kw", "weimu")
#: the delayed tricks: a cancel shown for one takes it out of the judgment area (rules 7)
DELAYED = frozenset({"indulgence", "supply_shortage", "lightning"})


def cancel_skills(r: Any, t: int, name: str, user: int | None = None,
                  cards: tuple[int, ...] | list[int] = ()) -> list[str]:
    """The seat's skills, shown or not, that would cancel it as a target of ``name``
    (Kongcheng: a Kill or a Duel on an empty hand; Huoshou, Juxiang: a Barbarian
    Invasion; Qianxun: a Snatch, and from rules 7 an Indulgence; from rules 7 Weimu: a
    trick whose ``cards`` are all black as their ``user`` holds them)."""
    out = []
    if r.rules >= 7 and user is not None and r.owns_skill(t, "weimu"):
        from domain.referee.hegemony_qun import black_trick

        if black_trick(r, user, name, list(cards)):
            out.append("weimu")
    if name == "snatch" or (name == "indulgence" and r.rules >= 7):
        return out + (["qianxun_kw"] if r.owns_skill(t, "qianxun_kw") else [])
    if name in (KILL, DUEL):
        return out + (["kongcheng_kw"] if r.owns_skill(t, "kongcheng_kw") and
                      not r.table.hands[t] else [])
    return out + [sid for sid in ("huoshou", "juxiang") if name == BARBARIANS
                  and r.owns_skill(t, sid)]


def cancels(r: Any, t: int, name: str, user: int | None = None,
            cards: tuple[int, ...] | list[int] = ()) -> bool:
    """Whether the seat is taken off the card's targets as it is used. Rules 6: only by a
    shown general's skill; a hidden one's owner may show it next (noted ``cancel``, with
    the cards: a delayed trick is placed meanwhile, and taken out if it is shown)."""
    if not skilled(r):
        return False
    sids = cancel_skills(r, t, name, user, cards)
    if getattr(r, "rules", 1) < 6:
        return bool(sids)
    if any(r.active(t, sid) for sid in sids):
        return True
    if sids:
        # asked one by one in the order the seat holds them (a hidden Meng Huo and Zhu
        # Rong: Huoshou, then Juxiang, as head and deputy)
        held = [k for g in r.generals[t] for k in SKILLS.get(g, ())]
        r.marks[("cancel", t)] = (name, sorted(sids, key=held.index), list(cards))
    return False


def cancel_shown(r: Any, s: int, sid: str) -> bool:
    """Rules 6: the seat showed its hidden general for ``sid`` as the card it was noted a
    target of (``cancels``) is about to resolve: it is taken off that use's targets (a
    use left with none is over). Rules 7: a delayed trick noted leaves the seat's
    judgment area for the discard pile. False: no such ask was open."""
    noted = r.marks.pop(("cancel", s), None)
    if noted is None or sid not in noted[1]:
        return False
    name, cards = noted[0], noted[2]
    if r.marks.pop(("passing", s), None) is not None:  # (rules 8) it passes on next
        r.owe(owed_pass(r, s, cards[0]), first=True)
        return True
    if name in DELAYED:
        judging = r.table.judging[s]
        if len(cards) != 1 or cards[0] not in judging:
            return False
        judging.remove(cards[0])
        r.virtual.pop(cards[0], None)
        return True
    u = r.use_of(name)
    if u is None or s not in u.targets:
        return False
    u.targets.remove(s)
    if not u.targets or name == "collateral":  # (its holder: cancelled whole)
        r.uses.remove(u)
    return True


def cancel_lapses(r: Any, fact: Fact) -> None:
    """The owner's ask to show for a cancel is answered by its decline or its show; what
    may come before it are the user's Jizhi, other targets' answers and a show's
    consequences. Anything else means the owner was never asked (rules 6)."""
    d = fact.data
    for key in [k for k in r.marks if isinstance(k, tuple) and k[0] == "cancel"]:
        declined = (fact.type, d.get("ask"), d.get("seat")) == ("Declined", "skill", key[1])
        other_decline = (fact.type, d.get("ask")) == ("Declined", "skill")
        if declined:  # the first skill still asked is declined; the next is asked then
            name, sids, cards = r.marks.pop(key)
            if sids[1:]:
                r.marks[key] = (name, sids[1:], cards)
            else:
                r.marks.pop(("passing", key[1]), None)  # (rules 8) it stays there
        elif fact.type not in CANCEL_BETWEEN and not other_decline:
            name, sids = r.marks.pop(key)[:2]
            r.marks.pop(("passing", key[1]), None)
            since = 7 if name in DELAYED or sids[0] == "weimu" else 6
            r.broken(fact, sids[0], f"seat {key[1]} is a target of the {name} that its "
                     f"hidden general's {sids[0]} would cancel it from, but its owner was "
                     f"not asked whether to show it (rules {since}: a hidden general has "
                     "no skill in effect)")


#: what may come between a card's use and a target's show for its cancel
CANCEL_BETWEEN = frozenset({"GeneralsShown", "KingdomDecided", "PairBonusChosen",
                            "HalfFishChosen", "SkillUsed", "CardsDrawn", "Healed",
                            "ActionLapsed"})


def cancel_asks(r: Any, fact: Fact) -> bool:
    """A cancel's ask (declined, or the general shown for it) comes before the use's
    first window: not a missing fact."""
    d = fact.data
    if ("cancel", d.get("seat")) not in r.marks:
        return False
    return (fact.type, d.get("ask")) == ("Declined", "skill") or (
        fact.type == "GeneralsShown" and (d.get("then") or {}).get("skill") in CANCELLING) or (
        fact.type == "SkillUsed" and d.get("skill") in CANCELLING)


def lightning_skips(r: Any, x: int, card: int) -> bool:
    """Rules 8: a passing Lightning goes past a seat whose shown skill cancels it as the
    target (Weimu: a black one, its colour as that seat would hold it)."""
    return skilled(r) and any(r.active(x, sid) for sid in
                              cancel_skills(r, x, "lightning", x, [card]))


def lightning_lands(r: Any, to: int, card: int) -> None:
    """Rules 8: a passing Lightning landed on a seat whose hidden general's skill would
    cancel it there: the owner is asked whether to show it (noted ``cancel``, and
    ``passing``: shown, it passes on from that seat instead of leaving for the discard
    pile; declined, it stays)."""
    if not skilled(r):
        return
    sids = [sid for sid in cancel_skills(r, to, "lightning", to, [card])
            if not r.active(to, sid)]
    if sids:
        held = [k for g in r.generals[to] for k in SKILLS.get(g, ())]
        r.marks[("cancel", to)] = ("lightning", sorted(sids, key=held.index), [card])
        r.marks[("passing", to)] = card


def owed_pass(r: Any, s: int, card: int) -> Any:
    """The pass a show for the landed Lightning's cancel calls for, from that seat."""
    from domain.referee.hegemony import Owed  # the referee's own: no cycle at import

    return Owed("lightning", f"the Lightning passing on from seat {s}, whose Weimu was "
                "shown for it (rules 8)", r.is_("LightningPassed", seat=s, card=card),
                r.claim)


HOOKS["cancels"] = cancels
HOOKS["lightning_skips"] = lightning_skips
HOOKS["lightning_lands"] = lightning_lands
BEFORE.append(cancel_lapses)
INTERJECTS.append(cancel_asks)


@judged("kongcheng_kw", triggered=True)
def kongcheng_kw(r: Any, fact: Fact, s: int, d: dict[str, Any]) -> None:
    """Used only as a hidden Zhuge Liang's owner shows him, empty-handed, as a Kill's
    or a Duel's target (rules 6); shown, Kongcheng cancels unasked."""
    if not cancel_shown(r, s, "kongcheng_kw"):
        r.broken(fact, "kongcheng_kw", "Kongcheng is used only by showing a hidden Zhuge "
                 "Liang as an empty-handed target of a Kill or a Duel (rules 6): it "
                 "cancels its owner as a target")


# --- Wolong: Kanpo, Bazhen -----------------------------------------------------------------------
CONVERSIONS["kanpo"] = (("nullification", lambda c: not RED[c], (HAND,), False, True),)
conversion("kanpo")


def answers(r: Any, s: int, ask: str) -> bool:
    """Kanpo: a black hand card answers a Nullification window."""
    return skilled(r) and ask == "nullify" and r.owns_skill(s, "kanpo") and any(
        not RED[c] for c in r.table.hands[s])


HOOKS["answers"] = answers


def kanpo_in_window(r: Any, fact: Fact) -> bool:
    """Kanpo (and the show for it, with what the show brings: the side, the pair's
    bonuses) is part of the Nullification it makes."""
    d = fact.data
    return (fact.type == "SkillUsed" and d.get("skill") == "kanpo") or (
        fact.type == "GeneralsShown" and (d.get("then") or {}).get("skill") == "kanpo") or (
        fact.type in ("KingdomDecided", "PairBonusChosen", "HalfFishChosen")) or (
        fact.type in ("CardsDrawn", "Healed")
        and d.get("reason") in ("perfect_pair", "half_fish"))


IN_WINDOW.append(kanpo_in_window)


@judged("bazhen", triggered=True)  # compulsory: a hidden Wolong is asked to show
def bazhen(r: Any, fact: Fact, s: int, d: dict[str, Any]) -> None:
    """Asked for a Dodge with its armor slot empty: it judges as with Eight Trigrams
    (not against a Qinggang Sword's Kill)."""
    u = r.use_of(KILL, ARROWS)
    if u is None or s not in u.targets:
        r.broken(fact, "bazhen", f"seat {s} uses Bazhen, but no Kill or Arrow Barrage asks "
                 "it for a Dodge")
    elif r.table.equip[s][1] is not None:
        r.broken(fact, "bazhen", f"seat {s} uses Bazhen wearing an armor")
    elif u.name == KILL and r.table.weapon(u.user) == "qinggang_sword":
        r.broken(fact, "bazhen", f"seat {s} uses Bazhen against a Qinggang Sword's Kill")
    r.marks[("trigrams", s)] = True


# --- Liu Shan: Xiangle ---------------------------------------------------------------------------
@judged("xiangle", triggered=True)
def xiangle(r: Any, fact: Fact, s: int, d: dict[str, Any]) -> None:
    """Targeted by another's Kill: its user discards a basic card, or the Kill has no
    effect on the owner."""
    u = r.use_of(KILL)
    if u is None or s not in u.targets or u.user == s:
        r.broken(fact, "xiangle", f"seat {s} uses Xiangle, but no other seat's Kill "
                 "targets it")
        return
    r.marks["xiangle"] = (u.user, s, fact.version)


def basics(r: Any, s: int) -> list[int]:
    return [c for c in r.table.hands[s] if KIND[c] == "basic"]


def xiangle_next(r: Any, fact: Fact) -> None:
    """The Kill's user pays a basic hand card, declines, or (dead, or holding none) is
    not asked: then the Kill has no effect on the owner."""
    pending = r.marks.get("xiangle")
    if pending is None or pending[-1] == fact.version:
        return
    r.marks.pop("xiangle")
    user, s, _ = pending
    d = fact.data
    if fact.type == "CardsDiscarded" and d.get("reason") == "xiangle":
        cards = list(d.get("cards") or [])
        if d.get("seat") != user or len(cards) != 1 or cards[0] not in basics(r, user):
            r.broken(fact, "xiangle", f"Xiangle asks seat {user} for one basic hand card; "
                     f"the record says seat {d.get('seat')} discards {cards}")
        r.marks[("discard", d.get("seat"), d.get("by"), "xiangle")] = len(cards)
        return
    asked = fact.type == "Declined" and d.get("ask") == "xiangle" and d.get("seat") == user
    if not asked and r.alive[user] and basics(r, user):
        r.broken(fact, "xiangle", f"seat {user} holds a basic card: Xiangle asks it to pay "
                 f"one, but the record goes on with {fact.type}")
    u = r.use_of(KILL)
    if u is not None and s in u.targets:
        u.targets.remove(s)  # the Kill has no effect on the owner


BEFORE.append(xiangle_next)


# --- Meng Huo: Huoshou; Zhu Rong: Juxiang ---------------------------------------------------
def source(r: Any, u: Any) -> int | None:
    """Huoshou (shown): the damage of another's Barbarian Invasion is its owner's."""
    if u.name == BARBARIANS and skilled(r):
        for o in range(r.n):
            if o != u.user and r.active(o, "huoshou"):
                return o if r.alive[o] else None
    return u.user  # type: ignore[no-any-return]


HOOKS["source"] = source
@judged("huoshou", triggered=True)
def huoshou(r: Any, fact: Fact, s: int, d: dict[str, Any]) -> None:
    """Used only as a hidden Meng Huo's owner shows him as a Barbarian Invasion's target
    (rules 6); shown, Huoshou cancels and makes him the source unasked."""
    if not cancel_shown(r, s, "huoshou"):
        r.broken(fact, "huoshou", "Huoshou is used only by showing a hidden Meng Huo as a "
                 "Barbarian Invasion's target (rules 6): it cancels its owner and makes it "
                 "the source")


def invasion_seen(r: Any, fact: Fact) -> None:
    """A Barbarian Invasion used: Juxiang may take it once it resolved."""
    d = fact.data
    if fact.type == "CardUsed" and d.get("name") == BARBARIANS:
        cards = list(d.get("cards") or [])
        real = len(cards) == 1 and NAME[cards[0]] == BARBARIANS
        r.marks["invasion"] = (d.get("seat"), cards if real else None)
    elif fact.type in ("TurnEnded", "PhaseChanged"):
        r.marks.pop("invasion", None)


AFTER.append(invasion_seen)


@judged("juxiang", triggered=True)  # compulsory: a hidden Zhu Rong is asked to show
def juxiang(r: Any, fact: Fact, s: int, d: dict[str, Any]) -> None:
    """Another's real Barbarian Invasion, resolved: the owner takes the card. (Rules 6:
    also a hidden Zhu Rong's owner showing her as its target: she is cancelled.)"""
    if cancel_shown(r, s, "juxiang"):
        return
    user, cards = r.marks.pop("invasion", (None, None))
    free = r.table.out_of_play()
    if user is None or user == s or not cards or any(c not in free for c in cards):
        r.broken(fact, "juxiang", f"seat {s} uses Juxiang with no other seat's real "
                 "Barbarian Invasion resolved")
        return
    r.marks[("gain", s, "juxiang")] = cards
    r.marks[("gain_zone", s, "juxiang")] = HAND


# --- Gan Furen: Shushen, Shenzhi ---------------------------------------------------------------
def heals_seen(r: Any, fact: Fact) -> None:
    """A heal of a seat with Shushen: one use a point; gone with the next other fact."""
    d = fact.data
    healed = d.get("seat") if fact.type == "Healed" else r.dying[0] if (
        fact.type, d.get("ask"), r.dying is not None) == ("Responded", "peach", True) else None
    if healed is not None and r.owns_skill(healed, "shushen"):
        s = healed
        r.marks[("shushen", s)] = r.marks.get(("shushen", s), 0) + int(d.get("amount", 1))
    elif fact.type not in ("SkillUsed", "CardsDrawn", "Declined", "GeneralsShown",
                           "KingdomDecided", "PileReshuffled", "PairBonusChosen",
                           "HalfFishChosen"):  # (a show's bonus choices between)
        for k in [k for k in r.marks if isinstance(k, tuple) and k[0] == "shushen"]:
            del r.marks[k]


AFTER.append(heals_seen)


def shushen_asks(r: Any, fact: Fact) -> bool:
    """Shushen is asked as the heal is done, before what the heal leaves owed (a rescue,
    a draw of the bonuses)."""
    d = fact.data
    if fact.type == "Declined" and d.get("ask") == "skill" or (
            fact.type == "GeneralsShown" and (d.get("then") or {}).get("skill") == "shushen"):
        return bool(r.marks.get(("shushen", d.get("seat"))))
    if fact.type == "GeneralsShown" and d.get("reason") == "skill":  # a hidden Gan Furen
        return (d.get("then") or {}).get("skill") == "shushen"
    return (fact.type, d.get("skill"), d.get("reason")) in (
        ("SkillUsed", "shushen", None), ("CardsDrawn", None, "shushen"))


INTERJECTS.append(shushen_asks)


def shushen_for_bonus(r: Any, fact: Fact) -> bool:
    """A heal the show's perfect pair brings asks the seat's Shushen before the skill use
    the show was made for (the reference: the bonus heals at ``GeneralShown``)."""
    d = fact.data
    return (fact.type, d.get("skill")) == ("SkillUsed", "shushen") and bool(
        r.marks.get(("shushen", d.get("seat"))))


BONUS_ASKS.append(shushen_for_bonus)


@judged("shushen", triggered=True)
def shushen(r: Any, fact: Fact, s: int, d: dict[str, Any]) -> None:
    """For each HP healed: another seat of its kingdom draws one."""
    left = r.marks.get(("shushen", s), 0)
    ts = list(d.get("targets") or [])
    t = ts[0] if len(ts) == 1 else None
    if not left:
        r.broken(fact, "shushen", f"seat {s} uses Shushen, but it was not just healed")
    elif t is None or t == s or not 0 <= t < r.n or not r.alive[t] or not r.same_side(s, t):
        r.broken(fact, "shushen", f"Shushen gives a draw to another living seat of its "
                 f"kingdom; the record says {ts}")
    else:
        r.marks[("shushen", s)] = left - 1
        r.marks[("draw", t, "shushen")] = 1


@judged("shenzhi", triggered=True)
def shenzhi(r: Any, fact: Fact, s: int, d: dict[str, Any]) -> None:
    """At the start of its turn: discard the whole hand; at least its HP of cards (and
    wounded), heal 1."""
    at_start(r, fact, s, "shenzhi")
    n = len(r.table.hands[s])
    if not n:
        r.broken(fact, "shenzhi", f"seat {s} uses Shenzhi with no hand card")
    r.table.hands[s] = []
    if n and n >= r.hp[s] and r.hp[s] < r.max_hp[s]:
        r.marks[("heal", s, "shenzhi")] = 1
        r.marks["shenzhi"] = (s, fact.version)


def shenzhi_next(r: Any, fact: Fact) -> None:
    pending = r.marks.get("shenzhi")
    waits(r, fact, "shenzhi", (fact.type, fact.data.get("seat"), fact.data.get("reason")) == (
        "Healed", pending and pending[0], "shenzhi"), f"Shenzhi's heal of seat "
          f"{pending and pending[0]}")


BEFORE.append(shenzhi_next)


# --- Meng Huo: Zaiqi ---------------------------------------------------------------------------
@judged("zaiqi", triggered=True)
def zaiqi(r: Any, fact: Fact, s: int, d: dict[str, Any]) -> None:
    """At the start of its draw phase, wounded (X lost HP), instead of drawing: turn up
    the top X cards, heal 1 a heart; the hearts are discarded, the rest taken."""
    r.at_draw(fact, s, "zaiqi")
    x = r.max_hp[s] - r.hp[s]
    if x < 1:
        r.broken(fact, "zaiqi", f"seat {s} uses Zaiqi unwounded")
    r.marks["drew"] = r.marks["skip_draw"] = True
    r.stage = "play"  # no draw: the play phase comes next
    r.marks["zaiqi"] = (s, x)
    follow(r, "zaiqi", fact, [Step("Zaiqi's cards turned up", "CardsRevealed",
                                   {"reason": "zaiqi"})])


def zaiqi_revealed(r: Any, fact: Fact, cards: list[int]) -> None:
    s, x = r.marks.pop("zaiqi", (None, 0))
    if s is None:
        r.broken(fact, "zaiqi", "cards turned up for a Zaiqi nobody used")
        return
    r.drawn(fact, cards, x, f"seat {s}'s Zaiqi")
    hearts = [c for c in cards if SUIT[c] == "H"]
    rest = [c for c in cards if c not in hearts]
    steps = []
    if hearts:
        r.marks[("heal", s, "zaiqi")] = 1
        r.marks[("heal_size", s, "zaiqi")] = len(hearts)
        steps.append(Step(f"Zaiqi's heal of {len(hearts)} (hearts)", "Healed",
                          {"seat": s, "reason": "zaiqi", "amount": len(hearts)}))
    if rest:
        r.marks[("gain", s, "zaiqi")] = rest
        r.marks[("gain_zone", s, "zaiqi")] = HAND
        steps.append(Step(f"seat {s} taking {rest} (Zaiqi)", "CardsGained",
                          {"seat": s, "reason": "zaiqi"}))
    follow(r, "zaiqi", fact, steps)


HOOKS["revealed:zaiqi"] = zaiqi_revealed


# --- Liu Shan: Fangquan --------------------------------------------------------------------------
@judged("fangquan", triggered=True)
def fangquan(r: Any, fact: Fact, s: int, d: dict[str, Any]) -> None:
    """As its play phase begins: skip it; then, at the end of the turn, it may discard
    a hand card and give another seat an extra turn right after this one."""
    cards, ts = list(d.get("cards") or []), list(d.get("targets") or [])
    if not cards and not ts:
        if s != r.current or r.stage != "play" or r.skip_play or r.marks.get("played"):
            r.broken(fact, "fangquan", f"seat {s} skips a play phase by Fangquan outside "
                     "the start of its own play phase")
        r.skip_play = True
        r.marks["fangquan"] = s
        return
    t = ts[0] if len(ts) == 1 else None
    if r.marks.get("fangquan") != s or s != r.current or r.stage not in ("discard", "end"):
        r.broken(fact, "fangquan", f"seat {s} gives an extra turn by Fangquan with no play "
                 "phase of its own skipped by it this turn")
    if len(cards) != 1 or t is None or t == s or not 0 <= t < r.n or not r.alive[t]:
        r.broken(fact, "fangquan", f"Fangquan discards a hand card and names another "
                 f"living seat; the record says cards {cards}, targets {ts}")
        return
    r.owns(fact, s, cards, (HAND,), "discards for Fangquan")
    r.marks.pop("fangquan", None)
    r.marks["granting"] = (t, s)
    follow(r, "fangquan", fact, [Step(f"seat {t}'s extra turn", "ExtraTurnGranted",
                                      {"seat": t, "by": s, "reason": "fangquan"})])


def played(r: Any, fact: Fact) -> None:
    """A card used or a skill in the play phase: it has begun (Fangquan comes before)."""
    if fact.type in ("CardUsed", "CardRecast") and r.stage == "play" and \
            fact.data.get("seat") == r.current:
        r.marks["played"] = True


AFTER.append(played)


def extra_turn(r: Any, fact: Fact, d: dict[str, Any]) -> None:
    t, by = r.seat(d["seat"]), d["by"]
    if r.marks.pop("granting", None) != (t, by) or d.get("reason") != "fangquan":
        r.broken(fact, "fangquan", f"seat {t} is granted an extra turn no Fangquan gives")
        return
    r.extras["seats"].append(t)


EVENTS["ExtraTurnGranted"] = extra_turn


# --- Wolong: Huoji; Pang Tong: Lianhuan, Niepan ------------------------------------------------
CONVERSIONS["huoji"] = (("fire_attack", lambda c: RED[c], (HAND,), True, False),)
conversion("huoji")
CONVERSIONS["lianhuan"] = (("iron_chain", lambda c: SUIT[c] == "C", (HAND,), True, False),)


@judged("lianhuan")
def lianhuan(r: Any, fact: Fact, s: int, d: dict[str, Any]) -> None:
    """A club hand card used as an Iron Chain (choice ``iron_chain``), or recast."""
    cards = list(d.get("cards") or [])
    c = cards[0] if len(cards) == 1 else None
    if c is None or SUIT[c] != "C" or c not in r.table.hands[s]:
        r.broken(fact, "lianhuan", f"Lianhuan takes one club hand card; the record says "
                 f"{cards}")
        return
    if d.get("choice") is None:
        r.marks["recast"] = (s, c)
        follow(r, "lianhuan", fact, [Step(f"seat {s}'s recast of card {c}", "CardRecast",
                                          {"seat": s, "card": c})])
    else:
        r.marks["converting"] = (s, c, d.get("choice"), "lianhuan")


@judged("niepan", triggered=True)
def niepan(r: Any, fact: Fact, s: int, d: dict[str, Any]) -> None:
    """Limited. Dying: discard every card, heal to 3 (its max HP at most), draw three,
    be unchained and (rules 5) face up; no longer dying (its rescue follows, after what
    other seats' skills do on the dying)."""
    spent = r.extras.setdefault("spent", set())
    if (s, "niepan") in spent:
        r.broken(fact, "niepan", f"seat {s} uses Niepan a second time: it is limited")
    spent.add((s, "niepan"))
    chosen_dying = r.marks.pop(("niepan_shown", s), False)  # (a pair's heal since)
    if r.dying is None or r.dying[0] != s or (r.hp[s] > 0 and not chosen_dying):
        r.broken(fact, "niepan", f"seat {s} uses Niepan, but it is not dying")
    armor = r.table.equip[s][1]
    r.table.clear(s)
    steps = []
    lion = getattr(r, "kw", False) and armor is not None and NAME[armor] == "silver_lion"
    if lion:  # the Silver Lion discarded heals first (done by the deck's rules)
        steps.append(Step(f"seat {s}'s Silver Lion heal", "Healed",
                          {"seat": s, "reason": "silver_lion"}))
    n = min(3, r.max_hp[s]) - min(r.hp[s] + int(lion), r.max_hp[s])
    if n > 0:
        r.marks[("heal", s, "niepan")] = 1
        r.marks[("heal_size", s, "niepan")] = n
        steps.append(Step(f"Niepan's heal of {n}", "Healed",
                          {"seat": s, "reason": "niepan", "amount": n}))
    r.marks[("draw", s, "niepan")] = 3
    steps.append(Step("Niepan's draw of three", "CardsDrawn", {"seat": s, "reason": "niepan"}))
    if getattr(r, "chained", None) and r.chained[s]:
        r.marks["unchain"] = s
        steps.append(Step(f"seat {s} unchained (Niepan)", "ChainToggled",
                          {"seat": s, "chained": False}))
    if r.rules >= 5:  # face up (read from the record: no skill judged here turns it over)
        r.marks["face_up"] = s
        steps.append(Step(f"seat {s} face up (Niepan)", "TurnedOver",
                          {"seat": s, "reason": "niepan"}, optional=True))
    follow(r, "niepan", fact, steps)


def niepan_shown(r: Any, fact: Fact) -> None:
    """A hidden Pang Tong shown for Niepan while dying: his perfect pair's bonus comes with
    the show, before the use; a heal from it does not undo Niepan, chosen at 0 HP."""
    d = fact.data
    s = d.get("seat")
    if fact.type == "GeneralsShown" and (d.get("then") or {}).get("skill") == "niepan" \
            and r.dying is not None and r.dying[0] == s and r.hp[s] <= 0:
        r.marks[("niepan_shown", s)] = True


BEFORE.append(niepan_shown)


def turned_over(r: Any, fact: Fact, d: dict[str, Any]) -> None:
    s = r.seat(d["seat"])
    if r.marks.pop("face_up", None) != s or d.get("reason") != "niepan" or d.get("face_down"):
        r.broken(fact, "turn-over", f"seat {s} is turned over by {d.get('reason')!r}, which "
                 "no judged rule does")


EVENTS.setdefault("TurnedOver", turned_over)


# --- Zhu Rong: Lieren ----------------------------------------------------------------------------
def kill_hurt(r: Any, fact: Fact) -> None:
    """Damage a Kill dealt to its own target (not down a chain): Lieren may follow."""
    d = fact.data
    if fact.type in ("Damaged", "NatureDamaged") and d.get("reason") == KILL and \
            not d.get("chain"):
        u = r.use_of(KILL)
        if u is not None and d.get("source") == u.user and d.get("seat") in u.targets:
            r.marks["lieren"] = (u.user, d["seat"])
    elif fact.type in ("CardUsed", "PhaseChanged", "TurnEnded"):
        r.marks.pop("lieren", None)


AFTER.append(kill_hurt)
TAKES_ANY.add("lieren")


@judged("lieren", triggered=True)
def lieren(r: Any, fact: Fact, s: int, d: dict[str, Any]) -> None:
    """After its Kill hurt its target, both holding hand cards: a point contest; won,
    it takes one of the target's cards."""
    src, v = r.marks.pop("lieren", (None, None))
    if src != s or v is None or not r.alive[v] or not r.table.hands[s] or \
            not r.table.hands[v]:
        r.broken(fact, "lieren", f"seat {s} uses Lieren with no Kill of its that just hurt "
                 "a target, both holding hand cards")
        return
    r.start_pindian(s, v, "lieren")
    follow(r, "lieren", fact, [Step("the point contest's first card", "PindianCardChosen",
                                    {"seat": s}),
                               Step("the point contest's second card", "PindianCardChosen",
                                    {"seat": v}),
                               Step("the point contest shown", "PindianShown",
                                    {"seat": s, "target": v, "reason": "lieren"})])


def lieren_result(r: Any, fact: Fact, s: int, v: int, won: bool) -> None:
    """Won (both alive, the target holding a card): take one of its cards."""
    if won and r.alive[s] and r.alive[v] and r.table.everything(v, "he"):
        r.marks[("take", s, "lieren")] = [v]
        follow(r, "lieren", fact, [Step(f"seat {s} taking a card of seat {v} (Lieren)",
                                        "CardTaken", {"seat": s, "source": v,
                                                      "reason": "lieren"})])


PINDIAN["lieren"] = lieren_result
