"""Qun's Kingdom Wars skills as the referee judges them (``docs/rules/generals.md``
section 2.4): Lü Bu, Yan Liang & Wen Chou, Jia Xu, Zhang Jiao, Cai Wenji.

Each skill registers with ``hegemony_skills.judged`` (or, for a modifier read where a
rule is computed, with the hook lists of ``hegemony_skills``); the referee imports this
module for that registration alone. Written from the rules page, not from the engine:

* Wushuang: a Kill of a shown Lü Bu needs two Dodges (``SkillRules.dodges_needed``; the
  second is asked before the Kill goes on), a Duel with him two Kills each answer
  (``SkillRules.kills_needed``);
* Weimu: a black trick (its cards as its user holds them) cancels Jia Xu as a target;
* Wansha: in a shown Jia Xu's turn only he and the dying seat may give a Peach;
* Luanwu (limited): every other living seat in turn, from the next, uses a Kill on one
  of its nearest seats or loses 1 HP;
* Shuangxiong: at the draw, a judgment instead of the draw; the card comes to hand and
  this turn hand cards of the other colour are Duels (``shuangxiong_duel``);
* Leiji: after playing a Dodge, a seat judges; a spade, 2 thunder damage;
* Guidao: a black card of the owner replaces an open judgment's card, which it takes;
* Beige: after a Kill's damage to a living seat, a discard; that seat judges: heart
  heal 1, diamond draw 2, club the source discards 2, spade the source turns over;
* Duanchang: Cai Wenji killed by a living source: it loses one general's skills.
"""

from __future__ import annotations

from typing import Any

from domain.audit import Fact
from domain.referee.hegemony_generals import JUDGED
from domain.referee.hegemony_skills import (
    AFTER,
    BARS_PEACH,
    BEFORE,
    CANCELS,
    CONVERSIONS,
    DEAD,
    DEATH,
    DEATH_SKILLS,
    HP_LOST,
    JUDGES,
    RETRIALS,
    TURNS,
    USED,
    VIA,
    conversion,
    judged,
    owe_heal,
)
from domain.referee.hegemony_table import EQUIP, HAND
from domain.sanguosha.cards import EQUIPMENT, KIND, NAME, RED, SUIT

#: read where the rule they bend is computed (``SkillRules.dodges_needed``, the hooks)
JUDGED.update({"wushuang", "wansha", "weimu"})
#: the basic cards (every other card used on a target is a trick, for Weimu)
BASICS = frozenset({"kill", "dodge", "peach"})


def owed(rule: str, what: str, match: Any, then: Any = None) -> Any:
    from domain.referee.hegemony import Owed  # the referee's own: no cycle at import

    return Owed(rule, what, match, then)


def held_suit(r: Any, s: int, card: int) -> str:
    """A card's suit as it counts for the seat holding, using or judging it: a spade is
    a heart for a shown Xiao Qiao (Hongyan; rules 5 for cards, always for judgments)."""
    return "H" if SUIT[card] == "S" and r.active(s, "hongyan") else SUIT[card]


def held_red(r: Any, s: int, card: int, judging: bool = False) -> bool:
    if RED[card]:
        return True
    return SUIT[card] == "S" and r.active(s, "hongyan") and (judging or r.rules >= 5)


# --- Jia Xu -------------------------------------------------------------------------------
def second_dodge(r: Any, fact: Fact) -> None:
    """Wushuang: a target that played one Dodge against Lü Bu's Kill is asked for a
    second before the Kill goes on (its weapon when dodged, its next target, the next
    card, the next phase)."""
    u = r.use_of("kill")
    s = u.extra.get("dodge_due") if u is not None else None
    if s is None:
        return
    if not (r.alive[s] and r.alive[u.user]):
        del u.extra["dodge_due"]  # (a skill between the asks killed one: not followed)
        return
    d = fact.data
    on = (fact.type in ("Responded", "Declined", "Accepted") and (
        d.get("ask") in ("axe", "blade") or (d.get("ask") == "dodge" and d.get("seat") != s))
          ) or fact.type in ("PhaseChanged", "TurnEnded") or (
        fact.type == "CardUsed" and d.get("via") == "play")
    if on:
        del u.extra["dodge_due"]
        r.broken(fact, "wushuang", f"seat {s} played one Dodge against seat {u.user}'s Kill "
                 f"(Wushuang: two), yet the Kill goes on with {fact.type} before its "
                 "second Dodge ask")


BEFORE.append(second_dodge)


def black_trick(r: Any, user: int, name: str, cards: list[int]) -> bool:
    """A trick (by the name it is used as) whose cards are all black as its user holds
    them. Not an equipment card worn (no target to cancel), nor from rules 7 a Wine (a
    basic card; rules 6 and before cancelled a black one, as the engine did)."""
    if name in BASICS or (name == "wine" and r.rules >= 7) or not cards:
        return False
    if len(cards) == 1 and KIND[cards[0]] == EQUIPMENT and NAME[cards[0]] == name:
        return False
    return not any(held_red(r, user, c) for c in cards)


def weimu(r: Any, t: int, user: int, name: str, cards: list[int]) -> bool:
    """Weimu: a black trick (all its cards black) does not reach Jia Xu. Rules 6 and
    before: hidden or shown, unasked; rules 7: a shown Jia Xu only (a hidden one's owner
    is asked whether to show him: ``hegemony_shu.cancels``)."""
    return (r.owns_skill(t, "weimu") and (r.rules < 7 or r.active(t, "weimu"))
            and black_trick(r, user, name, cards))


CANCELS.append(weimu)


@judged("weimu", triggered=True)
def weimu_used(r: Any, fact: Fact, s: int, d: dict[str, Any]) -> None:
    """Compulsory: shown, it cancels unasked; used only as a hidden Jia Xu's owner shows
    him as a black trick's target (rules 7, ``hegemony_shu.cancel_shown``)."""
    from domain.referee.hegemony_shu import cancel_shown

    if r.rules < 7 or not cancel_shown(r, s, "weimu"):
        r.broken(fact, "weimu", f"seat {s} uses Weimu: it is used only by showing a hidden "
                 "Jia Xu as a black trick's target (rules 7); shown (and before rules 7, "
                 "hidden too) it cancels its owner as a target unasked")


def wansha(r: Any, helper: int, victim: int) -> bool:
    """Wansha: in its shown owner's turn nobody else but the dying seat gives a Peach."""
    o = r.current
    return 0 <= o < r.n and r.alive[o] and r.active(o, "wansha") and helper not in (o, victim)


BARS_PEACH.append(wansha)


@judged("luanwu")
def luanwu(r: Any, fact: Fact, s: int, d: dict[str, Any]) -> None:
    """Limited: every other living seat in turn uses a Kill on a nearest seat or loses
    1 HP."""
    r.in_play(fact, s, "luanwu")
    spent = r.__dict__.setdefault("_limited", set())
    if (s, "luanwu") in spent:
        r.broken(fact, "luanwu", f"seat {s} uses Luanwu again: it is limited, once a game")
    spent.add((s, "luanwu"))
    r.marks["luanwu"] = [x for x in ((s + i) % r.n for i in range(1, r.n)) if r.alive[x]]


def luanwu_turn(r: Any, fact: Fact, x: int, doing: str) -> bool:
    """The seat whose Luanwu turn it is must be ``x``."""
    queue = r.marks.get("luanwu")
    while queue and not r.alive[queue[0]]:
        queue.pop(0)
    if not queue or queue[0] != x:
        want = f"seat {queue[0]}'s turn" if queue else "no Luanwu asking"
        r.broken(fact, "luanwu", f"seat {x} {doing} for Luanwu, but it is {want}")
        return False
    queue.pop(0)
    return True


def nearest(r: Any, x: int) -> list[int]:
    others = [t for t in range(r.n) if t != x and r.alive[t]]
    if not others:
        return []
    near = min(r.dist(x, t) for t in others)
    return [t for t in others if r.dist(x, t) == near]


def luanwu_kill(r: Any, fact: Fact, x: int, name: str, targets: list[int]) -> None:
    if not luanwu_turn(r, fact, x, f"uses {name}"):
        return
    near = nearest(r, x)
    if name != "kill" or len(targets) != 1 or targets[0] not in near:
        r.broken(fact, "luanwu", f"Luanwu asks seat {x} for a Kill on one of its nearest "
                 f"seats {near}; the record uses {name} on {targets}")


def luanwu_lost(r: Any, fact: Fact, x: int, n: int) -> bool:
    return luanwu_turn(r, fact, x, "loses HP") and n == 1


VIA["luanwu"] = luanwu_kill
HP_LOST["luanwu"] = luanwu_lost


def luanwu_over(r: Any, fact: Fact) -> None:
    """Luanwu goes round every seat before its owner plays on."""
    queue = r.marks.get("luanwu")
    if not queue or fact.type not in ("PhaseChanged", "TurnEnded") and not (
            fact.type == "CardUsed" and fact.data.get("via") == "play"):
        return
    left = [x for x in queue if r.alive[x]]
    r.marks["luanwu"] = []
    if left:
        r.broken(fact, "luanwu", f"Luanwu goes on to {fact.type} with seats {left} not "
                 "yet asked for their Kill")


# --- Cai Wenji ----------------------------------------------------------------------------
@judged("beige", triggered=True)
def beige(r: Any, fact: Fact, s: int, d: dict[str, Any]) -> None:
    """After a Kill's damage to a seat still alive: discard a card; that seat judges."""
    cards = list(d.get("cards") or [])
    hurt = r.marks.get("hurt")
    if hurt is None or hurt[2] != "kill" or not r.alive[hurt[0]]:
        r.broken(fact, "beige", f"seat {s} uses Beige, but no living seat just took a "
                 "Kill's damage")
        return
    if len(cards) != 1:
        r.broken(fact, "beige", f"Beige discards one card; the record says {cards}")
    r.owns(fact, s, cards, (HAND, EQUIP), "discards for Beige")
    v, src = hurt[0], hurt[1]
    r.marks["judging"] = (v, "beige")
    r.marks["beige"] = (s, v, src)


def beige_judged(r: Any, fact: Fact, v: int, card: int | None) -> bool:
    """Heart: heal 1 (wounded); diamond: draw two; club: the source (alive, with cards)
    discards two; spade: the source (alive) turns over."""
    owner, _, src = r.marks.get("beige", (None, None, None))
    if card is None:
        return False
    suit = held_suit(r, v, card)
    live_src = src is not None and r.alive[src]
    if suit == "H" and r.alive[v] and r.hp[v] < r.max_hp[v]:
        owe_heal(r, v, "beige", f"Beige: a heart: seat {v} heals 1")
    elif suit == "D" and r.alive[v]:
        r.marks[("draw", v, "beige")] = 2
        r.owe(owed("beige", f"Beige: a diamond: seat {v} draws two",
                   r.is_("CardsDrawn", seat=v, reason="beige")), first=True)
    elif suit == "C" and live_src and r.table.everything(src, "he"):
        r.marks[("discard", src, owner, "beige")] = min(2, len(r.table.everything(src, "he")))
        r.owe(owed("beige", f"Beige: a club: seat {src} discards two cards",
                   r.is_("CardsDiscarded", seat=src, reason="beige")), first=True)
    elif suit == "S" and live_src:
        r.owe(owed("beige", f"Beige: a spade: seat {src} turns over",
                   r.is_("TurnedOver", seat=src, reason="beige"), r.claim), first=True)
    return held_red(r, v, card, judging=True)


JUDGES["beige"] = beige_judged
TURNS.add("beige")


def duanchang_at_death(r: Any, v: int, killer: Any) -> list[Any]:
    """Killed by a living source: Cai Wenji's Duanchang (compulsory; asked while hidden)."""
    if not r.owns_skill(v, "duanchang") or killer is None or killer == v or \
            not r.alive[killer]:
        return []
    shown = r.active(v, "duanchang")

    def match(f: Fact) -> bool:
        return f.data.get("seat") == v and (
            (f.type == "SkillUsed" and f.data.get("skill") == "duanchang")
            or (not shown and f.type == "Declined" and f.data.get("ask") == "skill")
            or (not shown and f.type == "GeneralsShown" and f.data.get("reason") == "skill"
                and (f.data.get("then") or {}).get("skill") == "duanchang"))

    def then(f: Fact | None) -> None:
        r.claim(f)
        r.marks["duanchang"] = killer
        if f is not None and f.type == "GeneralsShown":
            # the dead seat showed Cai Wenji for it: the use follows the show's side
            r.owe(owed("duanchang", f"seat {v} showed Cai Wenji for Duanchang: its use",
                       r.is_("SkillUsed", seat=v, skill="duanchang"), r.claim), first=True)

    return [owed("duanchang", f"seat {v}'s Duanchang on its killer, seat {killer}"
                 + ("" if shown else " (or its decline)"), match, then)]


DEATH.append(duanchang_at_death)
DEAD.add("duanchang")


@judged("duanchang", triggered=True)  # compulsory: a hidden Cai Wenji is asked to show
def duanchang(r: Any, fact: Fact, s: int, d: dict[str, Any]) -> None:
    killer = r.marks.pop("duanchang", None)
    if killer is None or r.alive[s]:
        r.broken(fact, "duanchang", f"seat {s} uses Duanchang, but it was not just killed "
                 "by a living source")
        return
    r.owe(owed("duanchang", f"Duanchang: seat {killer} loses one general's skills",
               r.is_("SkillsLost", seat=killer, reason="duanchang"), r.claim), first=True)


def once_spent(r: Any, fact: Fact) -> None:
    """Rules 5 and before: a skill Duanchang took while its trigger waited acts once
    (``acts_once``): its ask is the one declined by a seat left with no death skill of
    its own, and it is asked before the turn goes on (the next card, phase or turn)."""
    d = fact.data
    s = d.get("seat")
    if fact.type == "Declined" and d.get("ask") == "skill" and isinstance(s, int) and \
            any(r.acts_once(s, k) for k in DEATH_SKILLS) and \
            not any(r.owns_skill(s, k) for k in DEATH_SKILLS):
        r.marks.pop(("acts_once", s), None)
    elif fact.type in ("PhaseChanged", "TurnEnded") or (
            fact.type == "CardUsed" and d.get("via") == "play"):
        for key in [k for k in r.marks if isinstance(k, tuple) and k[0] == "acts_once"]:
            del r.marks[key]


AFTER.append(once_spent)


# --- Yan Liang & Wen Chou -------------------------------------------------------------------
@judged("shuangxiong", triggered=True)
def shuangxiong(r: Any, fact: Fact, s: int, d: dict[str, Any]) -> None:
    """At the start of its draw phase, instead of drawing: a judgment."""
    r.at_draw(fact, s, "shuangxiong")
    r.marks["drew"] = r.marks["skip_draw"] = True
    r.stage = "play"  # no draw: the play phase comes next
    r.marks["judging"] = (s, "shuangxiong")


def shuangxiong_judged(r: Any, fact: Fact, s: int, card: int | None) -> bool:
    """The card (once it took effect) comes to hand; this turn hand cards of the other
    colour are Duels."""
    if card is None:
        return False
    red = held_red(r, s, card, judging=True)
    r.marks["shuangxiong"] = (s, "red" if red else "black")
    r.marks[("gain", s, "shuangxiong")] = [card]
    r.marks[("gain_zone", s, "shuangxiong")] = "discard"
    r.owe(owed("shuangxiong", f"Shuangxiong: seat {s} takes its judgment card {card}",
               r.is_("CardsGained", seat=s, reason="shuangxiong")), first=True)
    return red


JUDGES["shuangxiong"] = shuangxiong_judged
CONVERSIONS["shuangxiong_duel"] = (("duel", lambda c: True, (HAND,), True, False),)
conversion("shuangxiong_duel")
_convert_duel = USED["shuangxiong_duel"]


@judged("shuangxiong_duel")
def shuangxiong_duel(r: Any, fact: Fact, s: int, d: dict[str, Any]) -> None:
    """This turn, after Shuangxiong: a hand card of the other colour used as a Duel."""
    cards = list(d.get("cards") or [])
    mark = r.marks.get("shuangxiong")
    if mark is None or mark[0] != s or s != r.current or len(cards) != 1 or \
            ("red" if held_red(r, s, cards[0]) else "black") == mark[1]:
        r.broken(fact, "shuangxiong_duel", f"seat {s} makes {cards} a Duel by Shuangxiong; "
                 f"its judgment this turn was {mark[1] if mark else 'none'}: a hand card of "
                 "the other colour")
    _convert_duel(r, fact, s, d)


# --- Zhang Jiao ---------------------------------------------------------------------------
@judged("leiji", triggered=True)
def leiji(r: Any, fact: Fact, s: int, d: dict[str, Any]) -> None:
    """After playing a Dodge: any living seat judges; a spade, 2 thunder damage."""
    ts = list(d.get("targets") or [])
    t = ts[0] if len(ts) == 1 else None
    if r.marks.pop("leiji_dodge", None) != s:
        r.broken(fact, "leiji", f"seat {s} uses Leiji, but it did not just play a Dodge")
    if t is None or not 0 <= t < r.n or not r.alive[t]:
        r.broken(fact, "leiji", f"Leiji names one living seat; the record says {ts}")
        return
    r.marks["judging"] = (t, "leiji")
    r.marks["leiji"] = s


def leiji_judged(r: Any, fact: Fact, t: int, card: int | None) -> bool:
    src = r.marks.get("leiji")
    spade = card is not None and held_suit(r, t, card) == "S"
    if spade and r.alive[t] and src is not None:
        r.marks[("damage", t, src, "leiji")] = r.armored(t, 2, "thunder")
        r.owe(owed("leiji", f"Leiji: a spade: seat {t} takes 2 thunder damage from seat "
                   f"{src}", r.is_("NatureDamaged", seat=t, source=src, reason="leiji")),
              first=True)
    return spade


JUDGES["leiji"] = leiji_judged
RETRIALS.add("guidao")


@judged("guidao", triggered=True)
def guidao(r: Any, fact: Fact, s: int, d: dict[str, Any]) -> None:
    """Before a judgment takes effect: a black card (hand or equipment) replaces its
    card, which the owner takes."""
    cards = list(d.get("cards") or [])
    if len(cards) != 1 or held_red(r, s, cards[0]):
        r.broken(fact, "guidao", f"Guidao plays one black card; the record says {cards}")
        return
    r.owns(fact, s, cards, (HAND, EQUIP), "plays for Guidao")
    old = r.retried(fact, cards[0])
    if old is None:
        r.broken(fact, "guidao", f"seat {s} uses Guidao with no judgment card to replace")
        return
    r.table.hands[s].append(old)


def after_fact(r: Any, fact: Fact) -> None:
    """What these skills watch for after every fact (``SkillRules.after_fact``)."""
    luanwu_over(r, fact)
    d = fact.data
    if fact.type == "Responded" and d.get("name") == "dodge":
        r.marks["leiji_dodge"] = d.get("seat")
    elif fact.type in ("CardUsed", "Damaged", "Judged", "TurnEnded", "PhaseChanged"):
        r.marks.pop("leiji_dodge", None)


AFTER.append(after_fact)
