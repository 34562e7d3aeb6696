"""Wu's Kingdom Wars skills as the referee judges them (``docs/rules/generals.md``
section 2.3): Lu Xun, Tianxiang of Xiao Qiao, Taishi Ci, Zhou Tai, Lu Su, Erzhang, Ding Feng.

Each skill registers with ``hegemony_skills.judged``; the referee imports this module
for that registration alone. What a skill changes in the shared rules is read through
the referee's hooks: a target cancelled (``CANCELS``), the turn's Kill grants and
distances (marks read by ``SkillRules``), a damage moved on (``redirect``), events only
these skills record (``handles``), what is watched after every fact (``AFTER``).
"""

from __future__ import annotations

from typing import Any

from domain.audit import Fact
from domain.referee.hegemony_skills import (
    AFTER,
    CANCELS,
    CONVERSIONS,
    INTERJECTS,
    PINDIAN,
    USED,
    conversion,
    handles,
    judged,
)
from domain.referee.hegemony_table import EQUIP, HAND
from domain.sanguosha.cards import EQUIPMENT, KIND, RED, SLOT, SUIT

SNATCH, INDULGENCE = "snatch", "indulgence"


def held_as(r: Any, s: int, card: int) -> str:
    """A card's suit as it counts for its holder: a spade is a heart while Xiao Qiao's
    Hongyan is shown (rules 5)."""
    suit = SUIT[card]
    return "H" if suit == "S" and r.rules >= 5 and r.active(s, "hongyan") else suit


def tianxiang_suit(r: Any, s: int, card: int) -> str:
    """A card's suit as Tianxiang reads it: a spade is a heart while Hongyan is shown,
    under rules 4 too (rules 4 read Hongyan in judgments and Tianxiang only)."""
    return "H" if SUIT[card] == "S" and r.active(s, "hongyan") else SUIT[card]


def red_for(r: Any, s: int, card: int) -> bool:
    return bool(RED[card]) or held_as(r, s, card) == "H"


def one_target(r: Any, d: dict[str, Any], s: int) -> int | None:
    """The record's one target: another living seat (None: anything else)."""
    ts = list(d.get("targets") or [])
    t = ts[0] if len(ts) == 1 else None
    return t if isinstance(t, int) and 0 <= t < r.n and t != s and r.alive[t] else None


# --- Lu Xun --------------------------------------------------------------------------------
@judged("qianxun_kw", triggered=True)
def qianxun(r: Any, fact: Fact, s: int, d: dict[str, Any]) -> None:
    """Compulsory: shown, it cancels unasked; used only as a hidden Lu Xun's owner shows
    him as a Snatch's target (rules 6, ``hegemony_shu.cancel_shown``)."""
    from domain.referee.hegemony_shu import cancel_shown

    if not cancel_shown(r, s, "qianxun_kw"):
        r.broken(fact, "qianxun_kw", f"seat {s} uses Qianxun: it is used only by showing a "
                 "hidden Lu Xun as a Snatch's target (rules 6); shown, it cancels its "
                 "owner as a target unasked")


def qianxun_cancels(r: Any, t: int, name: str) -> bool:
    """An Indulgence that targets Lu Xun: he cancels himself as its target. Rules 4 and 5
    played a hidden Lu Xun's Qianxun too, with no show; from rules 6 only a shown one
    cancels (a hidden general has no skill in effect, docs/rules/generals.md 0.3) and,
    a delayed trick having no moment to ask, the Indulgence is placed. A Snatch's
    cancel is ``hegemony_shu``'s (its owner is asked to show him)."""
    if name != INDULGENCE or not r.owns_skill(t, "qianxun_kw"):
        return False
    return r.rules < 6 or r.active(t, "qianxun_kw")


CANCELS.append(lambda r, t, user, name, cards: qianxun_cancels(r, t, name))
#: Duoshi's uses in one play phase
DUOSHI_LIMIT = 4
# (any card here: its colour as it counts for Lu Xun's seat is judged by ``duoshi``)
CONVERSIONS["duoshi"] = (("await_exhausted", lambda c: True, (HAND,), True, False),)
conversion("duoshi")
_duoshi_convert = USED["duoshi"]


@judged("duoshi")
def duoshi(r: Any, fact: Fact, s: int, d: dict[str, Any]) -> None:
    """At most four times a play phase: a red hand card used as Await Exhausted."""
    n = r.marks.get(("used", "duoshi"), 0)
    cards = list(d.get("cards") or [])
    if s != r.current or r.stage != "play" or n >= DUOSHI_LIMIT:
        r.broken(fact, "duoshi", f"seat {s} uses Duoshi outside its play phase or more "
                 f"than {DUOSHI_LIMIT} times in one ({n + 1})")
    elif len(cards) == 1 and not red_for(r, s, cards[0]):
        r.broken(fact, "conversion", f"Duoshi makes a red hand card an Await Exhausted; "
                 f"card {cards[0]} is not red")
    r.marks[("used", "duoshi")] = n + 1
    _duoshi_convert(r, fact, s, d)


# --- Ding Feng -------------------------------------------------------------------------------
@judged("duanbing")
def duanbing(r: Any, fact: Fact, s: int, d: dict[str, Any]) -> None:
    """Read where a Kill's targets are counted (``SkillRules.extra_kill_targets``): never
    recorded as a use."""
    r.broken(fact, "duanbing", f"seat {s} uses Duanbing: it is the Kill's extra target at "
             "distance 1, not a use of its own")


def duanbing_needed(r: Any, fact: Fact) -> None:
    """Rules 7: a hidden Ding Feng shown for a card use (``GeneralsShown`` reason
    ``skill``, ``then`` a use) is shown for Duanbing: the use that follows is his Kill
    with more targets than it may take without Duanbing, one of them at distance 1."""
    if fact.type not in ("CardUsed", "SkillUsed", "TurnEnded") or \
            "duanbing_show" not in r.marks:
        return
    s, d = r.marks.pop("duanbing_show"), fact.data
    if fact.type != "CardUsed" or d.get("seat") != s:
        return  # (``SkillRules.card_hook`` names a show the record does not follow)
    targets, cards = list(d.get("targets") or []), list(d.get("cards") or [])
    many = r.table.weapon(s) == "halberd" and not r.table.hands[s] and len(cards) == 1
    most = (3 if many else 1) + r.turn_grant(s, "extra_kill_targets")
    if d.get("name") != "kill" or len(targets) <= most or not any(
            isinstance(t, int) and 0 <= t < r.n and r.dist(s, t) == 1 for t in targets):
        r.broken(fact, "duanbing", f"seat {s} showed Ding Feng for a use, but its "
                 f"{d.get('name')} on {targets} does not need Duanbing (one more Kill "
                 "target at distance 1)")


AFTER.append(duanbing_needed)


@judged("fenxun")
def fenxun(r: Any, fact: Fact, s: int, d: dict[str, Any]) -> None:
    """Once a play phase: discard a card; this turn the owner's distance to another seat
    is 1."""
    r.in_play(fact, s, "fenxun")
    cards, t = list(d.get("cards") or []), one_target(r, d, s)
    if len(cards) != 1 or t is None:
        r.broken(fact, "fenxun", f"Fenxun discards one card and names another living seat; "
                 f"the record says cards {cards}, targets {d.get('targets')}")
        return
    r.owns(fact, s, cards, (HAND, EQUIP), "discards for Fenxun")
    r.marks["distance_one"] = sorted({*r.marks.get("distance_one", ()), t})


# --- Taishi Ci -------------------------------------------------------------------------------
@judged("tianyi")
def tianyi(r: Any, fact: Fact, s: int, d: dict[str, Any]) -> None:
    """Once a play phase: a pindian with another seat holding hand cards."""
    r.in_play(fact, s, "tianyi")
    ts = list(d.get("targets") or [])
    if len(ts) != 1 or not isinstance(ts[0], int):
        r.broken(fact, "tianyi", f"Tianyi pindians with one other seat; the record says {ts}")
        return
    t = ts[0]
    if not 0 <= t < r.n or t == s or not r.alive[t] or not r.table.hands[s] or \
            not r.table.hands[t]:
        r.broken(fact, "tianyi", f"Tianyi pindians with another living seat, both holding "
                 f"a hand card; the record says seat {s} with seat {t}")
        return
    r.start_pindian(s, t, "tianyi")


def tianyi_result(r: Any, fact: Fact, s: int, t: int, won: bool) -> None:
    """Won: one Kill more, Kills at any distance with one more target, for the turn.
    Otherwise no more Kills this turn."""
    if won:
        r.marks["extra_kills"] = r.marks.get("extra_kills", 0) + 1
        r.marks["kill_any_distance"] = True
        r.marks["extra_kill_targets"] = r.marks.get("extra_kill_targets", 0) + 1
    else:
        r.marks["no_kills"] = True


PINDIAN["tianyi"] = tianyi_result


# --- Erzhang -----------------------------------------------------------------------------------
@judged("zhijian")
def zhijian(r: Any, fact: Fact, s: int, d: dict[str, Any]) -> None:
    """In the play phase, no limit: an equipment card from hand into another seat's
    empty slot of its kind, then draw one."""
    r.in_play(fact, s, "zhijian")
    cards, t = list(d.get("cards") or []), one_target(r, d, s)
    card = cards[0] if len(cards) == 1 else None
    if card is None or t is None or KIND[card] != EQUIPMENT or \
            r.table.equip[t][SLOT[card]] is not None:
        r.broken(fact, "zhijian", f"Zhijian puts an equipment card from hand into another "
                 f"living seat's empty slot; the record says cards {cards}, targets "
                 f"{d.get('targets')}")
        return
    r.owns(fact, s, [card], (HAND,), "puts by Zhijian")
    r.table.wear(t, card)
    r.marks[("draw", s, "zhijian")] = 1


def phase_discards(r: Any, fact: Fact) -> None:
    """The discard phase's cards, for Guzheng (the seat, the cards)."""
    d = fact.data
    if fact.type == "CardsDiscarded" and d.get("reason") == "discard_phase":
        r.marks["guzheng_cards"] = (d.get("seat"), list(d.get("cards") or []))
    elif fact.type in ("TurnEnded", "TurnStarted"):
        r.marks.pop("guzheng_cards", None)


AFTER.append(phase_discards)


@judged("guzheng", triggered=True)
def guzheng(r: Any, fact: Fact, s: int, d: dict[str, Any]) -> None:
    """At the end of another seat's discard phase: one of the cards it discarded there,
    still in the discard pile, back to its hand; then the owner may take the others
    still there."""
    seat, discarded = r.marks.pop("guzheng_cards", (None, []))
    free = r.table.out_of_play()
    left = [c for c in discarded if c in free]
    cards = list(d.get("cards") or [])
    if seat is None or seat == s or seat != r.current or r.stage != "end" or \
            len(cards) != 1 or cards[0] not in left:
        r.broken(fact, "guzheng", f"Guzheng gives back one card another seat discarded in "
                 f"the discard phase just ended, still in the discard pile ({left}); the "
                 f"record says {cards}")
        return
    r.table.hands[seat].append(cards[0])
    r.marks["end_drew"] = seat  # its hand may now hold more than its HP at the turn's end
    r.marks[("gain", s, "guzheng")] = [c for c in left if c != cards[0]]
    r.marks[("gain_zone", s, "guzheng")] = "discard"


# --- Lu Su -----------------------------------------------------------------------------------
@judged("haoshi", triggered=True)
def haoshi(r: Any, fact: Fact, s: int, d: dict[str, Any]) -> None:
    """Two cards more in the draw phase; then more than five hand cards: half of them
    (rounded down) to another seat with the fewest."""
    r.at_draw(fact, s, "haoshi")
    if r.skip_draw or r.marks.get("skip_draw"):  # (Supply Shortage, Tuxi: no draw phase)
        if r.rules >= 6:
            r.broken(fact, "haoshi", f"seat {s} uses Haoshi in a draw phase that is skipped")
        else:  # rules 4 and 5 played it: the draw phase's draw came all the same
            r.skip_draw, r.stage = False, "start"
            r.marks["drew"] = r.marks["skip_draw"] = False
    r.marks["draw_delta"] = r.marks.get("draw_delta", 0) + 2
    r.marks["haoshi"] = s


def haoshi_gives(r: Any, fact: Fact) -> None:
    """After Haoshi's draw: holding more than five, the gift is owed."""
    d = fact.data
    if fact.type != "CardsDrawn" or d.get("reason") != "draw_phase" or \
            r.marks.get("haoshi") != d.get("seat"):
        return
    s = r.marks.pop("haoshi")
    n = len(r.table.hands[s]) // 2
    others = [t for t in range(r.n) if t != s and r.alive[t]]
    least = min((len(r.table.hands[t]) for t in others), default=0)
    if len(r.table.hands[s]) <= 5 or not others:
        return
    from domain.referee.hegemony import Owed

    r.marks[("give", s, "haoshi")] = (n, [t for t in others
                                          if len(r.table.hands[t]) == least])
    r.owe(Owed("haoshi", f"Haoshi: seat {s} holds {len(r.table.hands[s])} cards: it gives "
               f"{n} to a seat with the fewest", r.is_("CardsGiven", seat=s, reason="haoshi")),
          first=True)


AFTER.append(haoshi_gives)


@handles("CardsGiven")
def cards_given(r: Any, fact: Fact, d: dict[str, Any]) -> None:
    """Hand cards given by a skill (Haoshi): as many as it owes, to a seat it allows."""
    s, to, cards, reason = r.seat(d["seat"]), r.seat(d["to"]), list(d["cards"]), d["reason"]
    owed = r.marks.pop(("give", s, reason), None)
    if owed is None:
        r.broken(fact, reason if reason in USED else "skill", f"seat {s} gives cards by "
                 f"{reason!r}, which no skill in use calls for")
    else:
        n, allowed = owed
        if len(cards) != n or len(set(cards)) != n or to not in allowed:
            r.broken(fact, reason, f"{reason}: seat {s} gives {n} hand cards to one of seats "
                     f"{allowed}; the record gives {len(cards)} to seat {to}")
    r.owns(fact, s, cards, (HAND,), f"gives by {reason}")
    r.table.hands[to] += cards


@judged("dimeng")
def dimeng(r: Any, fact: Fact, s: int, d: dict[str, Any]) -> None:
    """Once a play phase: two other seats; discard as many cards as their hands differ;
    they exchange their hands."""
    r.in_play(fact, s, "dimeng")
    cards, ts = list(d.get("cards") or []), list(d.get("targets") or [])
    if len(ts) != 2 or len(set(ts)) != 2 or any(
            not isinstance(t, int) or not 0 <= t < r.n or t == s or not r.alive[t]
            for t in ts):
        r.broken(fact, "dimeng", f"Dimeng names two other living seats; the record says {ts}")
        return
    a, b = ts
    x = abs(len(r.table.hands[a]) - len(r.table.hands[b]))
    if len(cards) != x or len(set(cards)) != x:
        r.broken(fact, "dimeng", f"Dimeng discards as many cards as the hands of seats {a} "
                 f"and {b} differ ({x}); the record says {cards}")
    r.owns(fact, s, cards, (HAND, EQUIP), "discards for Dimeng")
    from domain.referee.hegemony import Owed

    r.marks["dimeng"] = (a, b)
    r.owe(Owed("dimeng", f"Dimeng: seats {a} and {b} exchange their hands",
               r.is_("HandsSwapped", seat=a, other=b, reason="dimeng")), first=True)


@handles("HandsSwapped")
def hands_swapped(r: Any, fact: Fact, d: dict[str, Any]) -> None:
    a, b = r.seat(d["seat"]), r.seat(d["other"])
    if r.marks.pop("dimeng", None) != (a, b) or d.get("reason") != "dimeng":
        r.broken(fact, "dimeng", f"seats {a} and {b} exchange hands with no Dimeng on them")
    mine, theirs = r.table.hands[a], r.table.hands[b]
    if sorted(d["cards"]) != sorted(mine) or sorted(d["other_cards"]) != sorted(theirs):
        r.broken(fact, "card-owner", f"the hands exchanged are {sorted(mine)} and "
                 f"{sorted(theirs)}; the record says {sorted(d['cards'])} and "
                 f"{sorted(d['other_cards'])}")
    r.table.hands[a], r.table.hands[b] = list(theirs), list(mine)


# --- Xiao Qiao: Tianxiang ----------------------------------------------------------------------
#: the damage the rules owe next (a Lightning's, a Fanjian's, a Triblade's): Tianxiang
#: may move it on
OWED_DAMAGE = ("lightning", "fanjian", "triblade")

def about_to_be_hurt(r: Any, s: int) -> bool:
    """A damage is on its way to the seat: a card it let through, a skill's damage due
    to it, or a damage the rules owe next (a Lightning's, a Fanjian's: the moved damage
    must then match it, as meant for this seat)."""
    if any(s in u.extra.get("hit", set()) for u in r.uses):
        return True
    if any(u.name == "fire_attack" and u.extra.get("paid") is True and s in u.targets
           for u in r.uses):
        return True  # a Fire Attack paid for: its fire damage comes next
    if any(isinstance(k, tuple) and len(k) == 4 and k[:2] == ("damage", s) for k in r.marks):
        return True
    if getattr(r, "chain", None) is not None and r.chain_victim() == s:
        return True  # the chain's fire or thunder damage reaches it next
    return bool(r.owed) and r.owed[0].rule in OWED_DAMAGE


@judged("tianxiang", triggered=True)
def tianxiang(r: Any, fact: Fact, s: int, d: dict[str, Any]) -> None:
    """About to take damage: discard a heart hand card; the damage goes to another seat
    (same source and amount), who then draws as many cards as the HP it is missing."""
    cards, t = list(d.get("cards") or []), one_target(r, d, s)
    if len(cards) != 1 or t is None or tianxiang_suit(r, s, cards[0]) != "H":
        r.broken(fact, "tianxiang", f"Tianxiang discards a heart hand card and names another "
                 f"living seat; the record says cards {cards}, targets {d.get('targets')}")
        return
    if not about_to_be_hurt(r, s):
        r.broken(fact, "tianxiang", f"seat {s} uses Tianxiang, but no damage is on its way "
                 "to it")
    r.owns(fact, s, cards, (HAND,), "discards for Tianxiang")
    r.marks["redirect"] = (s, t)


def tianxiang_dealt(r: Any, fact: Fact) -> None:
    """The moved damage is dealt (or a skill of its new victim took all of it off:
    Mingshi): once it is over, its new victim (alive) draws its lost HP."""
    moved = r.marks.get("redirect")
    if moved is None:
        return
    d, t = fact.data, moved[1]
    if (fact.type, d.get("skill"), d.get("seat")) == ("SkillUsed", "tianxiang", moved[0]) \
            or (fact.type == "SkillUsed" and d.get("seat") == t) \
            or (fact.type == "Declined" and d.get("ask") == "skill" and d.get("seat") == t):
        return  # (the new victim's own skill on the damage, or its decline, before it)
    r.marks.pop("redirect")
    r.marks[("draw", t, "tianxiang")] = lambda: r.max_hp[t] - r.hp[t]


AFTER.append(tianxiang_dealt)


def tianxiang_first(r: Any, fact: Fact) -> bool:
    """Tianxiang (used, shown for, or declined) comes before the damage the rules owe
    (a Lightning's, a Fanjian's): the damage is still owed, to its new victim."""
    d = fact.data
    if (fact.type, d.get("skill")) == ("SkillUsed", "tianxiang"):
        return True  # (the show for it too: ``SkillRules.interjects``)
    if fact.type != "Declined" or d.get("ask") != "skill" or not r.owed or \
            not r.owns_skill(d["seat"], "tianxiang"):
        return False
    # (a skill's damage owed to the seat next, Ganglie's: asked before it too)
    return r.owed[0].rule in OWED_DAMAGE or any(
        isinstance(k, tuple) and len(k) == 4 and k[:2] == ("damage", d["seat"])
        for k in r.marks)


INTERJECTS.append(tianxiang_first)

