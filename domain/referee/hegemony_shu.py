"""Shu's Kingdom Wars skills as the referee judges them (``docs/rules/generals.md``
section 2.2): Zhuge Liang, Pang Tong, Wolong, Liu Shan, Meng Huo, Zhu Rong, Gan Furen.

Each skill registers with ``hegemony_skills.judged``; the referee imports this module
for that registration alone. What a skill waits on (Guanxing's look at the pile, the
Kill's user paying Xiangle) is checked before the next fact (``BEFORE``); what a skill
watches for (a heal for Shushen, a Barbarian Invasion for Juxiang) after each (``AFTER``).

A compulsory skill that cancels its owner as a target (Kongcheng, Huoshou, Juxiang) is
read from the seat's generals whether shown or not, as the record plays it (the engine
cancels for a hidden general too, unasked).
"""

from __future__ import annotations

from typing import Any

from domain.audit import Fact
from domain.referee.hegemony_skills import (
    AFTER,
    BEFORE,
    CONVERSIONS,
    EVENTS,
    HOOKS,
    INTERJECTS,
    START_SKILLS,
    conversion,
    judged,
)
from domain.referee.hegemony_table import HAND
from domain.sanguosha.cards import KIND, NAME, RED

KILL, DUEL, BARBARIANS, ARROWS = "kill", "duel", "barbarian_invasion", "arrow_barrage"
START_SKILLS.update({"guanxing", "shenzhi", "shushen"})


def at_start(r: Any, fact: Fact, s: int, sid: str) -> None:
    """A skill of the start phase: the owner's own turn, before its draw."""
    if s != r.current or r.stage != "start" or r.marks.get("drew"):
        r.broken(fact, sid, f"seat {s} uses {sid} outside the start of its own turn")


def waits(r: Any, fact: Fact, key: str, ok: bool, what: str) -> Any:
    """What a skill waits on (a mark ending with the version of the fact that set it):
    the next fact must be it (``ok``), else it is named; the mark, once that fact came
    (None while nothing is waited on)."""
    pending = r.marks.get(key)
    if pending is None or pending[-1] == fact.version or fact.type == "PileReshuffled":
        return None
    r.marks.pop(key)
    if not ok:
        r.broken(fact, key.split(":")[0], f"{what} was due, but the record goes on with "
                 f"{fact.type}")
        return None
    return pending


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


def cancels(r: Any, t: int, name: str) -> bool:
    """Kongcheng: a Kill or a Duel on an empty hand; Huoshou, Juxiang: a Barbarian
    Invasion. The seat is taken off the card's targets."""
    if name in (KILL, DUEL):
        return r.owns_skill(t, "kongcheng_kw") and not r.table.hands[t]
    return name == BARBARIANS and (r.owns_skill(t, "huoshou") or r.owns_skill(t, "juxiang"))


HOOKS["cancels"] = cancels
judged("kongcheng_kw")(lambda r, fact, s, d: r.broken(
    fact, "kongcheng_kw", "Kongcheng is never used: it cancels its owner as a target"))


# --- Wolong: Kanpo, Bazhen -----------------------------------------------------------------------
CONVERSIONS["kanpo"] = (("nullification", lambda c: not RED[c], (HAND,), False, True),)
conversion("kanpo")


def answers(r: Any, s: int, ask: str) -> bool:
    """Kanpo: a black hand card answers a Nullification window."""
    return ask == "nullify" and r.owns_skill(s, "kanpo") and any(
        not RED[c] for c in r.table.hands[s])


HOOKS["answers"] = answers


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
    if u.name == BARBARIANS:
        for o in range(r.n):
            if o != u.user and r.active(o, "huoshou"):
                return o if r.alive[o] else None
    return u.user  # type: ignore[no-any-return]


HOOKS["source"] = source
judged("huoshou")(lambda r, fact, s, d: r.broken(
    fact, "huoshou", "Huoshou is never used: it cancels its owner and makes it the source"))


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
    """Another's real Barbarian Invasion, resolved: the owner takes the card."""
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
    if fact.type == "Declined" and d.get("ask") == "skill":
        return bool(r.marks.get(("shushen", d.get("seat"))))
    if fact.type == "GeneralsShown" and d.get("reason") == "skill":  # a hidden Gan Furen
        return (d.get("then") or {}).get("skill") == "shushen"
    return (fact.type, d.get("skill"), d.get("reason")) in (
        ("SkillUsed", "shushen", None), ("CardsDrawn", None, "shushen"))


INTERJECTS.append(shushen_asks)


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
